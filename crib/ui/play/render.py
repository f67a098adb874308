"""Drawing the game page: a :class:`Renderer` redraws every widget of its
:class:`~crib.ui.play.app.PlayApp` from the controller's
:class:`~crib.session.controller.GameView`.  The app holds one (``PlayApp.renderer``)
and calls :meth:`Renderer.render` (everything) or :meth:`Renderer.render_coach`; the
widgets themselves are built in ``PlayApp.__init__``.
"""

from __future__ import annotations

import html
import time
from typing import TYPE_CHECKING

from crib.i18n import N_, tr
from crib.session.controller import HUMAN, GameView
from crib.session.model import replay_link
from crib.ui.kit.cardview import PLAYER_COLOURS, card_back_svg, card_svg, cards_html
from crib.ui.kit.common import info_html
from crib.ui.kit.glossary import mark_terms
from crib.ui.kit.style import var
from crib.ui.play.board import board_svg, score_chart_svg
from crib.ui.play.html import (
    _table_html,
    commit_html,
    grade_chip,
    grade_html,
    how_notes,
    kind_name,
    review_html,
    score_rows_html,
    show_html,
)

# the words this module translates inside f-strings, marked for Babel (on Python 3.11 its
# extractor does not read a call inside an f-string)
_IN_FSTRINGS = (N_("replay this deal"), N_("{n} points"), N_("Cut for deal (low card deals)"), N_("Scores by hand"), N_("Coach"), N_("Coaching is off: grades wait for the review."), N_("{what}: {card}"), N_("Hand {n}:"))


if TYPE_CHECKING:
    from crib.ui.play.app import PlayApp


# the cribbage words linked to their definitions in the captions (the table's labels
# link the crib and the starter, the prompt the crib)
CAPTION_TERMS = ("pone", "go", "heels", "nobs", "muggins", "skunk")
#: the coach panel's name for a graded decision
YOUR = {"discard": N_("Your throw"), "play": N_("Your play"), "count": N_("Your count")}


class Renderer:
    """Draws one PlayApp's widgets (they and the controller live on the app)."""

    def __init__(self, app: PlayApp) -> None:
        self.app = app
        self._step = 0  # renders so far (the page's tests wait for a new step)

    def render(self) -> None:
        """Redraw everything from the controller's view."""
        t0 = time.perf_counter()
        v = self.app.controller.view()
        c = self.app.controller
        names, lang, _ = v.names, self.lang, tr(self.lang)
        link = replay_link(c.seed, tier=c.tier, **({"lang": lang} if lang != "en" else {}))
        self.app.game_html.value = (
            _("Game #{seed}").format(seed=c.seed) + f' · <a class="crib-replay-link" href="{html.escape(link)}">'
            f"{_('replay this deal')}</a>"
        )
        self.app.commit_html.value = commit_html(v, _("(SHA-256 of the secret every deck comes from; seed {seed})").format(
            seed=c.seed), lang)
        # the opponent: face down until the show
        if v.opp_shown:
            opp_cards = cards_html(v.opp_shown, "pile")
        else:
            opp_cards = "".join(
                f'<span style="margin-right:-12px">{card_back_svg("pile")}</span>' for _ in range(v.opp_held)
            )
        self.app.opp_html.value = (
            f'<div style="display:flex;gap:12px;align-items:center">'
            f'<b style="color:{PLAYER_COLOURS[1]}">{html.escape(names[1])}</b>'
            f'<span style="padding-right:12px">{opp_cards}</span><span>{_("{n} points").format(n=v.scores[1])}</span></div>'
        )
        self.app.board_html.value = board_svg(v.scores, v.back, names, v.dealer, v.last_score, lang=lang)
        self.app.table_html.value = _table_html(v, lang)
        # the show takes the middle of the table: its cards, the starter and the crib are in it
        self.app.table_html.layout.display = "none" if v.phase in ("show", "hand_over", "over") and v.shows else None
        if c.message and not self.app.status.value:
            self.app.status.value = info_html(c.message)
        self._render_hand(v)
        self._render_buttons(v)
        if v.phase in ("show", "hand_over", "over", "count") and v.shows:
            self.app.show_html.value = "".join(show_html(s, names, lang) for s in v.shows)
        elif v.phase == "cut_done" and v.cut_cards:
            a, b = v.cut_cards
            self.app.show_html.value = (
                f'<div class="crib-label">{_("Cut for deal (low card deals)")}</div>'
                f"{html.escape(names[0])} {card_svg(a, 'pile')} &nbsp; {html.escape(names[1])} {card_svg(b, 'pile')}"
            )
        else:
            self.app.show_html.value = ""
        self.app.captions_html.value = '<div aria-live="polite">' + "".join(
            f'<div class="crib-caption">{mark_terms(t, lang, keys=CAPTION_TERMS)}</div>' for t in v.captions[-4:]
        ) + "</div>"
        self._render_rail(v)
        self.render_coach(v)
        self._render_review(v)
        # last, so that a page that sees the new step sees everything drawn before it
        self._step += 1
        self.app.prompt_html.value = (
            f'<span class="crib-phase" data-phase="{v.phase}" data-step="{self._step}" '
            f'data-seed="{c.seed}" data-tier="{c.tier}" '
            f'data-render-ms="{(time.perf_counter() - t0) * 1000:.1f}">'
            f"{mark_terms(v.prompt, lang, keys=('crib',))}</span>"
        )

    def _render_hand(self, v: GameView) -> None:
        # during the show your cards are in the show component
        self.app.hand_box.layout.display = "none" if v.phase in ("show", "hand_over", "over") else None
        for i, b in enumerate(self.app.card_buttons):
            card = v.my_cards[i] if i < len(v.my_cards) else None
            b.set_card(
                card,
                selected=i in v.selected,
                legal=v.phase == "play" and i in v.legal,
                illegal=v.phase == "play" and i not in v.legal,
                hint=i in v.hinted,
            )

    def _render_buttons(self, v: GameView) -> None:
        p, _ = v.phase, tr(self.lang)
        if p == "discard":
            label = _("Throw 2 to your crib (Enter)") if v.dealer == HUMAN else _("Throw 2 to their crib (Enter)")
        elif p == "play":
            label = _("Play (Enter)")
        elif p == "count":
            label = _("Count it (Enter)")
        elif p == "cut":
            label = _("Cut for deal (Enter)")
        elif p == "over":
            label = _("Game over")
        else:
            label = _("Continue (Enter)")
        self.app.confirm_button.description = label
        self.app.confirm_button.disabled = p == "over"
        # counting has its own box and button (Enter in the box counts too)
        self.app.confirm_button.layout.display = "none" if p == "count" else None
        self.app.go_button.layout.display = None if v.can_go else "none"
        self.app.hint_button.layout.display = None if p in ("discard", "play") else "none"
        self.app.next_button.layout.display = "none"  # the confirm button says Continue then
        self.app.count_box.layout.display = None if p == "count" else "none"
        if p == "count" and v.count_entry != self.app.count_text.value and v.count_entry:
            self.app.count_text.value = v.count_entry
        elif p != "count" and self.app.count_text.value:
            self.app.count_text.value = ""

    def _render_rail(self, v: GameView) -> None:
        _ = tr(self.lang)
        hand = _("Hand {n}").format(n=v.hand_number) if v.hand_number else _("Before the first deal")
        mistakes = _("Mistakes so far: {n}").format(n=v.mistakes) if v.coaching else _("Coaching is off")
        self.app.rail_html.value = f'{score_rows_html(v, self.lang)}<div class="crib-muted">{hand} · {mistakes}</div>'
        self.app.chart_html.value = (
            f'<div class="crib-label">{_("Scores by hand")}</div>' + score_chart_svg(v.history, v.names, 300, 150, self.lang)
            if len(v.history) > 1
            else ""
        )

    @property
    def plain(self) -> bool:
        """Plain words (the default) or the expert detail: the page's switch."""
        return bool(self.app.plain_box.value)

    @property
    def lang(self) -> str:
        """The page's language (the app's)."""
        return str(getattr(self.app, "lang", "en"))

    def render_coach(self, v: GameView) -> None:
        """The coach panel: the last grade and the hint, in plain words unless the switch
        is off; the exact numbers and the model under "How this was computed"."""
        plain, lang, _ = self.plain, self.lang, tr(self.lang)
        parts = [f'<div class="crib-label">{_("Coach")}</div>']
        if not v.coaching:
            parts.append(f"<div>{_('Coaching is off: grades wait for the review.')}</div>")
        elif v.grade is not None:
            g = v.grade
            trap = (
                f' <span class="crib-chip crib-trap" style="background:{var("red")}">{_("trap missed")}</span>'
                if g.trap
                else ""
            )
            what = _(YOUR[g.kind]) if g.kind in YOUR and plain else kind_name(g.kind, lang)
            parts.append(
                f'<div class="crib-last-grade">{html.escape(_("{what}: {card}").format(what=what, card=g.chosen))} '
                f"{grade_chip(g.verdict, g.lost, g.unit, plain=plain, lang=lang)}{trap}</div>"
                + grade_html(g, plain=plain, lang=lang)
            )
        hint = v.hint_plain if plain and v.hint_plain else v.hint
        if hint:
            how = how_notes(*v.hint_how, lang=lang) if plain and v.hint_plain else ""
            parts.append(
                f'<div class="crib-hint-text" style="font-size:13px;border-left:3px solid {var("amber")};'
                f'padding-left:6px">{html.escape(hint)}{how}</div>'
            )
        self.app.coach_html.value = "".join(parts)

    def _render_review(self, v: GameView) -> None:
        c = self.app.controller
        plain, lang, _ = self.plain, self.lang, tr(self.lang)
        if v.phase == "over":
            self.app.review_html.value = review_html(
                c.grades, title=_("Game review: your costliest decisions first"), plain=plain, lang=lang
            )
        elif v.phase == "hand_over":
            h = c.hand_index
            self.app.review_html.value = (
                f'<div class="crib-hand-strip"><b>{_("Hand {n}:").format(n=h + 1)}</b> '
                f'{html.escape(c.hand_summary(plain=plain))}</div>'
                + review_html([g for g in c.grades if g.hand == h], title=_("Hand {n} review").format(n=h + 1),
                              plain=plain, lang=lang)
            )
        else:
            self.app.review_html.value = ""
