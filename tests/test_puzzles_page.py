"""Issue 40, points 3, 5 and 6: the puzzles page's widgets (headless).

The page shows a puzzle with no answer in any widget's state, takes the move by its card
buttons, shows the verdict, the answer's words, the rating change and the figures, and
keeps the rating in the record across a new page object (a reload).
"""

from __future__ import annotations

import html
import json
from pathlib import Path

import ipywidgets as w
import pytest

from crib.analysis.puzzles.model import DATA_FILE, load_puzzles
from crib.session.learner import PROFILE_KEY, LearnerKey
from crib.store.puzzles import PuzzleStore
from crib.ui.kit.nav import nav_html
from crib.ui.puzzles.app import PuzzlesApp
from crib.ui.puzzles.page import puzzles_page

ME = LearnerKey.for_device("device-token-0123456789")


@pytest.fixture(scope="module")
def puzzles():  # type: ignore[no-untyped-def]
    # this checkout's file (an editable install of another checkout would read that one's)
    return load_puzzles(Path(__file__).resolve().parents[1] / "data" / DATA_FILE)[:400]


def _states(widget: w.Widget, older: frozenset = frozenset()) -> str:
    """Every synced state under ``widget`` (what its comm sends the browser), and that of
    every other widget alive in the kernel but the ``older`` ones, as JSON."""
    alive = [x for k, x in list(w.widgets.widget._instances.items()) if k not in older]
    out, stack = [], [widget, *alive]
    while stack:
        x = stack.pop()
        out.append(json.dumps(x.get_state(), default=str, ensure_ascii=False))
        stack.extend(c for c in getattr(x, "children", ()) if isinstance(c, w.Widget))
    return "\n".join(out)


def _move(app: PuzzlesApp, right: bool) -> dict:
    """Make the right move (or a wrong one) by the card buttons, as a learner does."""
    p = app.flow.current
    assert p is not None
    moves = [m for m in p.legal_moves() if (m in p.accepted) == right]
    move = moves[0].split()
    if p.kind == "discard":
        for c in move:
            app.pick(c)
        assert not app.throw_button.disabled
        app.throw_button.click()
    else:
        [b] = [b for b in app.card_row.children if f"crib-cardbtn-{move[0]}" in b._dom_classes]
        b.click()
    return {"id": p.id, "answer": p.answer, "words": p.words, "plain": p.plain}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_widget_holds_the_answer_before_the_move(tmp_path, puzzles, lang) -> None:
    older = frozenset(w.widgets.widget._instances)  # other tests' pages
    app = PuzzlesApp(lang, db=tmp_path / "c.sqlite3", puzzles=puzzles, seed=2)
    app.use_learner(ME)
    for mode in ("rated", "streak", "daily", "theme"):
        app.mode.value = mode
        p = app.flow.current
        assert p is not None and app.shown is not None
        state = _states(app, older)
        for text in [*p.words.values(), *p.plain.values()]:
            assert text not in state
            assert text[:40] not in state
        assert f"{p.margin:.2f}" not in state and "crib-puzzle-words" not in state
        assert "How this was computed" not in state and "Comment c’est calculé" not in state
        assert p.runner not in state or p.kind == "play"  # a play's cards are its buttons
    _move(app, right=False)  # the check sees the words once they are sent: after the move
    assert html.escape(p.words[lang])[:40] in _states(app, older)


def test_a_move_gives_the_verdict_and_the_rating_is_kept_across_a_reload(tmp_path, puzzles) -> None:
    db = tmp_path / "c.sqlite3"
    app = PuzzlesApp("en", db=db, puzzles=puzzles, seed=3)
    assert app.flow is None and "profile" in app.head.value  # the device not heard yet
    app.key_listener._on_msg(app.key_listener, {"tab": "t1", "device": {}}, None)
    assert app.learner is not None and app.key_listener.device[PROFILE_KEY]  # a new profile
    solved = _move(app, right=True)
    html_ = app.result.value
    assert "Solved: this is the best move." in html_ and solved["words"]["en"][:30] in html_
    # the plain words are the answer's explanation, the coach's figures go under "How this
    # was computed"
    plain = html.escape(solved["plain"]["en"])
    assert f'<p class="crib-puzzle-words">{plain}</p>' in html_
    assert html_.index(html.escape(solved["words"]["en"])) > html_.index("How this was computed")
    assert "How this was computed" in html_ and "Your rating: " in html_
    assert app.next_button.layout.display is None and all(b.disabled for b in app.card_row.children)
    up = PuzzleStore(db).learner_rating(app.learner_id).r
    assert up > 1500
    app.next_button.click()
    assert app.result.value.count("crib-puzzle-words") == 0
    _move(app, right=False)
    assert "Not the best move." in app.result.value
    down = PuzzleStore(db).learner_rating(app.learner_id).r
    assert down < up
    assert "crib-puzzle-graph" in app.rating_box.value and "not solved" in app.rating_box.value
    # a reload: a new page, the same browser's profile
    token = app.key_listener.device[PROFILE_KEY]
    again = PuzzlesApp("en", db=db, puzzles=puzzles, seed=4)
    again.key_listener._on_msg(
        again.key_listener, {"tab": "t2", "device": {PROFILE_KEY: token}}, None
    )
    assert again.learner_id == app.learner_id
    assert f"Your puzzle rating: {round(down)}" in again.rating_box.value
    assert len(PuzzleStore(db).history(again.learner_id)) == 2


def test_streak_daily_theme_and_french(tmp_path, puzzles) -> None:
    app = PuzzlesApp("fr", db=tmp_path / "c.sqlite3", puzzles=puzzles, seed=5)
    app.use_learner(ME)
    app.mode.value = "streak"
    _move(app, right=True)
    app.next_button.click()
    assert "Série\u00a0: 1 résolus" in app.head.value
    _move(app, right=False)
    assert "Fin de la série\u00a0: 1 résolus" in app.result.value
    app.next_button.click()  # a new streak
    assert app.flow.streak == 0 and app.shown is not None
    app.mode.value = "daily"
    first = app.shown["id"]
    _move(app, right=True)
    assert app.next_button.layout.display == "none" and "Revenez demain" in app.result.value
    app.mode.value = "rated"
    app.mode.value = "daily"
    assert app.shown["id"] == first  # the same puzzle all day, tried once
    assert "déjà essayé" in app.result.value and all(b.disabled for b in app.card_row.children)
    app.mode.value = "theme"
    assert app.theme.layout.display is None
    app.theme.value = "feed"
    assert "feed" in app.flow.current.themes and "Nourrir votre crib" in app.head.value
    assert "feed" not in app.shown["themes"]  # a theme from the answer: shown after the move
    assert "Problèmes" in puzzles_page("fr").intro.value


def test_puzzles_are_in_the_practice_menu_and_on_the_home_page() -> None:
    from crib.ui.kit.home import home_html

    bar = nav_html("practice", "puzzles.ipynb", "fr")
    assert 'href="puzzles.ipynb?lang=fr" aria-current="page">Problèmes</a>' in bar
    assert 'href="puzzles.ipynb"' in home_html("links")


@pytest.mark.parametrize(("lang", "day"), [("en", "5 Dec 2026"), ("fr", "5 déc. 2026")])
def test_the_history_dates_read_as_the_pages_language_writes_them(lang, day) -> None:
    import datetime as dt

    from crib.store.puzzles import Attempt
    from crib.ui.puzzles.render import date_text, rating_html

    noon = dt.datetime(2026, 12, 5, 12, 0).timestamp()
    a = Attempt(1, 1, "d-00000000", "5H 5D", True, "rated", 1500, 1512, 300, 1200, 1190, noon)
    shown = rating_html(1512, 300, [a], lang)
    assert f"<li>{day} · " in shown and "2026-12-05" not in shown
    assert date_text(dt.date(2026, 12, 5), lang) == day
