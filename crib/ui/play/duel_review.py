"""A classmate game's review, the graph and the stepper of a game against the computer
(:class:`crib.ui.play.stepper.GameStepper`) for one seat's
:class:`~crib.session.duel_review.SeatReview`: the classmate page shows its own seat's,
the teacher page both (:mod:`crib.ui.teacher.games`).  What it is given is all it
shows: the seat's decisions and curve, and the other seat's six of each hand only when
:func:`crib.session.duel_review.review_access` opened them (the step then says what the
opponent held in that hand)."""

from __future__ import annotations

import html

from crib.i18n import tr
from crib.rules.cards import Card
from crib.session.duel_review import SeatReview
from crib.ui.kit.cardview import cards_html
from crib.ui.play.stepper import GameStepper

__all__ = ["DuelStepper", "sixes_html"]

Hand = tuple[Card, ...]


class DuelStepper(GameStepper):
    """:class:`GameStepper` for a seat's review of a classmate game; each step also shows
    the opponent's six of that hand once the rule opened it."""

    def __init__(self, lang: str = "en") -> None:
        self.review: SeatReview | None = None
        super().__init__(lang)
        self.add_class("crib-duel-stepper")

    def show_review(self, rev: SeatReview) -> None:
        """``rev``'s curve, at its first decision."""
        self.review = rev
        self.show([], rev.grades, rev.seat, curve=rev.curve)

    def hide(self) -> None:
        self.review = None
        super().hide()

    def draw(self) -> None:
        super().draw()
        rev = self.review
        if not self.curve or rev is None:
            return
        p = self.curve[min(max(self.chart.selected, 0), len(self.curve) - 1)]
        six = rev.their_sixes.get(p.hand)
        if not six or not self.detail.value.endswith("</div>"):
            return
        _ = tr(self.lang)
        colon = "\u00a0:" if self.lang == "fr" else ":"
        said = html.escape(
            _("{name}'s six").format(name=rev.names[1] or _("your classmate")), quote=False
        )
        line = f'<div class="crib-their-six">{said}{colon} {cards_html(six, "mini")}</div>'
        self.detail.value = self.detail.value[: -len("</div>")] + line + "</div>"


def sixes_html(sixes: dict[int, tuple[Hand, ...]], names: tuple[str, str], lang: str = "en") -> str:
    """Both seats' sixes, hand by hand (the teacher's view of a finished game)."""
    _ = tr(lang)
    e = html.escape
    head = "".join(f'<th scope="col">{e(n)}</th>' for n in names)
    rows = "".join(
        f'<tr><th scope="row">{e(_("Hand {n}").format(n=h + 1))}</th>'
        + "".join(f"<td>{cards_html(s, 'mini') if s else '–'}</td>" for s in six)
        + "</tr>"
        for h, six in sorted(sixes.items())
    )
    caption = e(_("The hands as dealt"))
    return (
        f'<table class="crib-duel-sixes"><caption>{caption}</caption>'
        f"<thead><tr><td></td>{head}</tr></thead><tbody>{rows}</tbody></table>"
    )
