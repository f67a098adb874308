"""The bugs a learner meets in the first minutes (issue 27), each with a headless test.

Card names (no "null" on a card), new games are new (fresh seeds, a replay link), the
game says go for you, one Continue through the show, a sorted hand, at most 8 keys a
deal, the trainer's clock and Enter, and the teacher page's chart, answers and
projector mode.
"""

from __future__ import annotations

import re
from types import SimpleNamespace

import ipywidgets as w
import pytest

from crib.analysis.models import TIERS
from crib.classroom.results import answer_text, choice_figure, correct_answer, question_stats
from crib.course.questions import discard_question, question_from_dict, question_score
from crib.rules.cards import DECK, parse_cards
from crib.rules.events import Go, Played
from crib.session.controller import COMPUTER, HUMAN, GameController
from crib.store.classroom import Store
from crib.ui.kit.cardview import card_name
from crib.ui.kit.style import section
from crib.ui.play.app import PlayApp, apply_query
from crib.ui.teacher.app import TeacherApp
from crib.ui.trainer.app import TrainerApp


def _widgets(root: w.Widget) -> list[w.Widget]:
    """Every widget under ``root`` (children of boxes), root included."""
    out, todo = [], [root]
    while todo:
        x = todo.pop()
        out.append(x)
        todo.extend(getattr(x, "children", ()) or ())
    return out


def _card_buttons(root: w.Widget) -> list[w.Widget]:
    return [x for x in _widgets(root) if "crib-cardbtn" in getattr(x, "_dom_classes", ())]


def _face(b: w.Widget) -> str:
    faces = [c for c in b._dom_classes if c.startswith("crib-face-")]
    assert len(faces) == 1, b._dom_classes
    return faces[0].removeprefix("crib-face-")


# -- 1. a card's name: never "null" ------------------------------------------------------


def test_card_names_are_spoken_names() -> None:
    names = {card_name(c) for c in DECK}
    assert len(names) == 52
    assert card_name(parse_cards("QS")[0]) == "queen of spades"


def test_the_card_corner_never_prints_a_tooltip() -> None:
    card_css = section("card")
    assert "attr(title)" not in card_css
    for c in DECK:  # the corner comes from the card's own class, left out of its spoken name
        assert f'.crib-face-{c}::before {{ content: "' in card_css


def _check_buttons(root: w.Widget, where: str) -> int:
    n = 0
    for b in _card_buttons(root):
        if b.layout.display == "none":
            continue
        card = parse_cards(_face(b))[0]
        assert b.tooltip and b.tooltip.startswith(card_name(card)), (where, b.tooltip)
        n += 1
    for x in _widgets(root):  # a ToggleButton with no tooltip has the title "null"
        if isinstance(x, w.ToggleButton):
            assert x.tooltip, (where, x.description)
    return n


def test_every_trainer_card_button_has_its_name() -> None:
    app = TrainerApp(seed=3)
    app.teach_toggle.value = True  # "Count line by line": the five cards as toggles
    assert _check_buttons(app, "count, line by line") == 5
    app.kind.value = "discard"
    assert _check_buttons(app, "discard quiz") == 6
    app.kind.value = "peg"
    assert _check_buttons(app, "pegging quiz") >= 1


def test_every_play_card_button_has_its_name() -> None:
    app = PlayApp(seed=5, tier=TIERS["easy"])
    app.act("n")
    app.act("n")
    assert app.controller.phase == "discard"
    assert _check_buttons(app, "play page") == 6


# -- 2. new games are new ------------------------------------------------------------------


def test_each_game_and_page_gets_a_fresh_seed() -> None:
    assert len({GameController(tier=TIERS["easy"]).seed for _ in range(4)}) > 1
    assert len({TrainerApp().seed.value for _ in range(3)}) > 1
    assert len({TeacherApp(store=None).seed.value for _ in range(3)}) > 1  # (no store opened)


def test_new_game_is_new_unless_a_seed_is_chosen() -> None:
    app = PlayApp(tier=TIERS["easy"])
    seeds = {app.controller.seed}
    for _ in range(3):
        app.new_button.click()
        seeds.add(app.controller.seed)
    assert len(seeds) > 1
    assert app.seed.value == app.controller.seed  # the box shows the game's seed
    m = re.search(
        r"Game #(\d+) · <a [^>]*href=\"\?seed=(\d+)&amp;tier=easy\"[^>]*>replay this deal",
        app.game_html.value,
    )
    assert m and int(m.group(1)) == int(m.group(2)) == app.controller.seed
    app.seed.value = 4242  # an explicit choice: the next New game deals it
    app.new_button.click()
    assert app.controller.seed == 4242
    app.new_button.click()
    assert app.controller.seed != 4242 or app.seed.value != 4242
    apply_query(app, "seed=77")  # a link's seed is fixed
    assert app.controller.seed == 77


# -- 4. and 8. the game says go for you, one Continue, a sorted hand, 8 keys a deal -------


def _deal_keys(c: GameController) -> list[int]:
    """Keys pressed in each deal (the throw, the play, the show), playing the first legal
    card with no hints, to the end of the game."""
    per_deal: list[int] = []
    n = 0
    for _ in range(3000):
        if c.phase == "over":
            break
        v = c.view()
        if c.phase == "discard":
            if n:
                per_deal.append(n)
            n = 0
            assert list(v.my_cards) == sorted(v.my_cards, key=lambda x: (x.rank, x.suit))
            keys = ["1", "2", "enter"]
        elif c.phase == "play":
            assert not v.can_go and v.legal  # never a pointless "press g"
            keys = [str(v.legal[0] + 1)]
        else:
            assert c.phase in ("hand_over", "cut", "cut_done"), c.phase  # never a half show
            keys = ["n"]
        if c.phase in ("discard", "play", "hand_over"):
            n += len(keys)
        for k in keys:
            c.press(k)
    per_deal.append(n)
    return per_deal


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_a_deal_takes_at_most_8_keys(seed: int) -> None:
    c = GameController(seed=seed, tier=TIERS["easy"], coaching=False)
    per_deal = _deal_keys(c)
    assert len(per_deal) >= 3
    assert max(per_deal) <= 8, per_deal


def test_your_go_is_said_for_you_with_the_reason() -> None:
    captions: list[str] = []
    for s in range(1, 40):
        g = GameController(seed=s, tier=TIERS["easy"], coaching=False)
        g.table.caption = captions.append  # type: ignore[method-assign]
        _deal_keys(g)
        if any(t.startswith("Go for you") and "+1 for the last card" in t for t in captions):
            break
    go_lines = [t for t in captions if t.startswith("Go for you")]
    assert go_lines
    for t in go_lines:
        assert re.match(r"Go for you \((no cards left|no card fits under 31 at \d+)\)", t), t
    assert not any("for the go" in t for t in captions)
    assert any("+1 for the last card" in t for t in go_lines)  # the go point: the last card


def test_the_go_point_goes_to_whoever_played_last() -> None:
    c = GameController(seed=11, tier=TIERS["easy"], coaching=False)
    _deal_keys(c)
    evs = c.revealed_events()
    for i, e in enumerate(evs):
        if isinstance(e, Go) and e.scorer is not None and e.points:
            last = next(x for x in reversed(evs[:i]) if isinstance(x, Played))
            assert e.scorer == last.player
    assert c.winner in (HUMAN, COMPUTER) and max(c.scores) == 121


# -- 5. and 6. the trainer's clock and Enter -----------------------------------------------


def test_the_trainer_times_a_question_from_when_a_person_sees_it() -> None:
    app = TrainerApp(seed=5)
    app._shown_at -= 500  # as if the kernel was preheated 500 s before anyone came
    app.key_listener._on_msg(app.key_listener, {"shown": True}, None)  # the page is drawn
    app.count_box.value = str(question_score(app.current).total)
    app.key_listener.simulate("submit")  # Enter in the count box
    assert app.result is not None and app.result.correct
    assert app.answers[-1].seconds < 60


def test_enter_in_the_count_box_checks_the_count_and_the_box_gets_focus() -> None:
    app = TrainerApp(seed=6)
    assert "crib-submit-on-enter" in app.count_box._dom_classes
    focused: list[bool] = []
    app.count_box.focus = lambda: focused.append(True)  # type: ignore[method-assign]
    app.next_question()  # a new question: the cursor goes to the box
    assert focused
    app.count_box.value = str(question_score(app.current).total + 1)
    app.key_listener.simulate("submit")
    assert app.result is not None and not app.result.correct


# -- 7. the teacher page -------------------------------------------------------------------


def test_answers_read_as_cards_and_the_chart_axis_is_in_order() -> None:
    q = question_from_dict(
        {"kind": "count", "hand": "5H 5D 5C JS", "starter": "5S", "crib": False, "total": 29}
    )
    answers = [
        SimpleNamespace(answer=a, question=0, correct=a == "29", lost=0.0)
        for a in ("7", "7", "7", "4", "6", "29")
    ]
    fig = choice_figure(q, answers)
    labels = [t.get_text() for t in fig.axes[0].get_xticklabels()]
    assert labels == sorted(labels, key=int) and set(labels) == {"4", "6", "7", "29"}
    dq = discard_question(1, 0)
    best = set(parse_cards(correct_answer(dq)))
    throw = " ".join(str(c) for c in [c for c in dq.six if c not in best][:2])
    wrong = [SimpleNamespace(answer=throw, question=0, correct=False, lost=1.0)]
    top = question_stats([dq], wrong)["top_wrong"].iloc[0]
    assert top == f"{answer_text(dq, throw)} (1)" and re.fullmatch(
        r"\S+[♣♦♥♠] \S+[♣♦♥♠] \(1\)", top
    )


def test_the_teacher_chart_is_hidden_until_drawn_and_projector_mode_hides_the_page(
    tmp_path,
) -> None:  # type: ignore[no-untyped-def]
    app = TeacherApp(store=Store(tmp_path / "class.sqlite3"))
    assert app.chart.layout.display == "none" and not app.chart.value  # no broken image
    app.n_count.value, app.n_discard.value, app.n_peg.value = 2, 0, 0
    app.create()
    assert app.chart.value and app.chart.layout.display != "none"
    app.projector.value = True
    assert "crib-projecting" in app._dom_classes  # the stylesheet hides the nav bar for it
    assert app.setup.layout.display == "none"
    assert all(x.layout.display == "none" for x in (app.summary, app.refresh_button, app.csv))
    app.projector.value = False
    assert "crib-projecting" not in app._dom_classes and app.setup.layout.display == ""
