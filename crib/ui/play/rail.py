"""The game page's parts around the table: which game this is, the scores (the rail's
rows and the chart by hand), the coach panel and the review under the table.  Each
part owns its widgets (``PlayApp`` lays them out) and redraws them with ``update``
(see :mod:`crib.ui.play.table` for the table's own parts).
"""

from __future__ import annotations

import html

import ipywidgets as w

from crib.i18n import N_, tr
from crib.session.controller import GameController, GameView
from crib.session.model import replay_link
from crib.ui.kit.cardview import local_html
from crib.ui.kit.style import var
from crib.ui.play.board import score_chart_svg
from crib.ui.play.html import (
    commit_html,
    grade_chip,
    grade_html,
    how_notes,
    kind_name,
    review_html,
    score_rows_html,
)
from crib.ui.play.retry import MistakeKeeper  # the game's end keeps its mistakes (#39, 6)
from crib.ui.play.stepper import GameStepper

# the words this module translates inside f-strings, marked for Babel (on Python 3.11 its
# extractor does not read a call inside an f-string)
_IN_FSTRINGS = (
    N_("replay this deal"),
    N_("Scores by hand"),
    N_("Coach"),
    N_("Coaching is off: grades wait for the review."),
    N_("{what}: {card}"),
    N_("Hand {n}:"),
)

__all__ = ["YOUR", "GameId", "Scores", "CoachPanel", "Review", "MistakeKeeper"]

#: the coach panel's name for a graded decision
YOUR = {"discard": N_("Your throw"), "play": N_("Your play"), "count": N_("Your count")}


class GameId:
    """Which game this is: its number and replay link (``html``, in the settings row)
    and the deck's commitment (``commit_html``, at the foot of the rail)."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.html = w.HTML(_dom_classes=("crib-game-id",))
        self.commit_html = w.HTML(_dom_classes=("crib-commit",))

    def update(self, v: GameView, c: GameController) -> None:
        """``c``'s game, its commitment as ``v`` shows it."""
        lang, _ = self.lang, tr(self.lang)
        link = replay_link(c.seed, tier=c.tier.key, **({"lang": lang} if lang != "en" else {}))
        self.html.value = (
            _("Game #{seed}").format(seed=c.seed)
            + f' · <a class="crib-replay-link" href="{html.escape(link)}">'
            f"{_('replay this deal')}</a>"
        )
        self.commit_html.value = commit_html(
            v,
            _("(SHA-256 of the secret every deck comes from; seed {seed})").format(seed=c.seed),
            lang,
        )


class Scores:
    """The rail's score rows with the hand and the mistakes so far (``html``), and the
    scores by hand once there are two hands (``chart_html``)."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.html = w.HTML(_dom_classes=("crib-live",)).add_class("crib-scores")
        self.chart_html = w.HTML(_dom_classes=("crib-chart",))

    def update(self, v: GameView) -> None:
        """The scores of ``v``."""
        _ = tr(self.lang)
        hand = (
            _("Hand {n}").format(n=v.hand_number) if v.hand_number else _("Before the first deal")
        )
        mistakes = (
            _("Decisions to review so far: {n}").format(n=v.mistakes)
            if v.coaching
            else _("Coaching is off")
        )
        self.html.value = (
            f'{score_rows_html(v, self.lang)}<div class="crib-muted">{hand} · {mistakes}</div>'
        )
        self.chart_html.value = (
            f'<div class="crib-label">{_("Scores by hand")}</div>'
            + score_chart_svg(v.history, v.names, 300, 150, self.lang)
            if len(v.history) > 1
            else ""
        )


class CoachPanel:
    """The coach panel: the last grade and the hint, in plain words or the expert
    detail; the exact numbers and the model under "How this was computed"."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.html = w.HTML(_dom_classes=("crib-live",)).add_class("crib-coach")

    def update(self, v: GameView, *, plain: bool) -> None:
        """The grade and the hint of ``v``, in ``plain`` words (the page's switch) or not."""
        lang, _ = self.lang, tr(self.lang)
        parts = [f'<div class="crib-label">{_("Coach")}</div>']
        if not v.coaching:
            parts.append(f"<div>{_('Coaching is off: grades wait for the review.')}</div>")
        elif v.grade is not None:
            g = v.grade
            trap = (
                f' <span class="crib-chip crib-trap" style="background:{var("red")}">'
                f"{_('trap missed')}</span>"
                if g.trap
                else ""
            )
            what = _(YOUR[g.kind]) if g.kind in YOUR and plain else kind_name(g.kind, lang)
            parts.append(
                '<div class="crib-last-grade">'
                f"{html.escape(_('{what}: {card}').format(what=what, card=g.chosen_text))} "
                f"{grade_chip(g.verdict, g.lost, g.unit, plain=plain, lang=lang)}{trap}</div>"
                + grade_html(g, plain=plain, lang=lang)
            )
        hint = v.hint_plain if plain and v.hint_plain else v.hint
        if hint:
            how = how_notes(*v.hint_how, lang=lang) if plain and v.hint_plain else ""
            parts.append(
                '<div class="crib-hint-text" style="font-size:13px;'
                f"border-left:3px solid {var('amber')};"
                f'padding-left:6px">{html.escape(hint)}{how}</div>'
            )
        self.html.value = local_html("".join(parts), lang)  # R, D, V in French


class Review:
    """Under the table: the hand's review when it is over, the game's at the end."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.html = w.HTML(_dom_classes=("crib-review",))
        self.stepper = GameStepper(lang)  # the finished game, decision by decision
        self._shown_for: object = None
        self.on_over: list = []  # fn(events, grades) once per finished game (MistakeKeeper)

    def update(self, v: GameView, c: GameController, *, plain: bool) -> None:
        """The review ``v``'s phase calls for, from ``c``'s grades, in ``plain`` words or not."""
        lang, _ = self.lang, tr(self.lang)
        if v.phase != "over" and self._shown_for is not None:
            self.stepper.hide()
            self._shown_for = None
        if v.phase == "over":
            if self._shown_for is not c:
                self._shown_for = c
                c.prepare_review()  # the rest of what the game computed as it went
                co = c.coach
                self.stepper.show(
                    c.game.events, c.grades, other=co.other.grades, cache=co.chances, names=c.names
                )
                for fn in self.on_over:
                    fn(c.game.events, c.grades)
            self.html.value = local_html(
                review_html(
                    c.grades,
                    title=_("Game review: your costliest decisions first"),
                    plain=plain,
                    lang=lang,
                ),
                lang,
            )
        elif v.phase == "hand_over":
            h = c.hand_index
            self.html.value = local_html(
                f'<div class="crib-hand-strip"><b>{_("Hand {n}:").format(n=h + 1)}</b> '
                f"{html.escape(c.hand_summary(plain=plain))}</div>"
                + review_html(
                    [g for g in c.grades if g.hand == h],
                    title=_("Hand {n} review").format(n=h + 1),
                    plain=plain,
                    lang=lang,
                ),
                lang,
            )
        else:
            self.html.value = ""
