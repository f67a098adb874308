"""The learn page's worked examples, each computed by the rules engine (:mod:`crib.rules`).

Nothing here is typed in by hand but the cards: every score is what
:func:`crib.rules.scoring.score_hand`, :func:`~crib.rules.scoring.score_pegging`,
:func:`~crib.rules.scoring.his_heels` and :class:`crib.rules.pegging.PegState` say, so
the page cannot state a wrong total.

>>> show_example().total, crib_flush_example()[1].total, best_hand().total
(9, 4, 29)
>>> whole_play()[1]
(5, 3)
"""

from __future__ import annotations

import html

from crib.course.lessons import KIND_WORDS
from crib.i18n import tr
from crib.rules.cards import Card, parse_cards
from crib.rules.pegging import PegState
from crib.rules.scoring import PegScore, Score, his_heels, score_hand, score_pegging
from crib.rules.words import ENGLISH, FRENCH
from crib.ui.kit.cardview import card_svg, card_text, cards_html, local_html

__all__ = [
    "SIX",
    "KEEP",
    "THROW",
    "STARTER",
    "HEELS_STARTER",
    "PLAY_HANDS",
    "PLAY_ORDER",
    "show_example",
    "crib_flush_example",
    "best_hand",
    "heels_points",
    "peg_examples",
    "whole_play",
    "local_html",
    "cards_row",
    "one_card",
    "count_lines",
    "play_lines",
]

SIX = "5H 6C 7D JS KC 2H"  # your six cards
KEEP, THROW = "5H 6C 7D JS", "KC 2H"
STARTER = "8S"
HEELS_STARTER = "JD"
FLUSH_HAND, FLUSH_STARTER = "2H 6H 9H QH", "5C"
PLAY_HANDS = ("4S 7C 9D KH", "4D 6H 5C JS")  # the pone's four, the dealer's four
PLAY_ORDER = "4S 4D 7C 6H 9D 5C KH JS"  # each player's cards in the order they lay them
PEG_PILES = ("TH 5S", "5S 3D 4C", "7C 7D 7H", "TS 6C 5D 5H 5C")


def show_example() -> Score:
    """The kept four with the starter, counted as a hand."""
    return score_hand(KEEP, STARTER)


def crib_flush_example() -> tuple[Score, Score]:
    """Four hearts and a club starter: as a hand (the flush counts), as a crib (it does not)."""
    return score_hand(FLUSH_HAND, FLUSH_STARTER), score_hand(
        FLUSH_HAND, FLUSH_STARTER, is_crib=True
    )


def best_hand() -> Score:
    """The best hand there is: three fives and the jack, the fourth five cut in its suit."""
    return score_hand("5H 5D 5C JS", "5S")


def heels_points() -> int:
    """What a jack turned up as the starter gives the dealer."""
    return his_heels(HEELS_STARTER)


def peg_examples() -> list[PegScore]:
    """Short piles: what the last card of each pegs."""
    return [score_pegging(p) for p in PEG_PILES]


def whole_play() -> tuple[list[tuple[int, Card | None, object]], tuple[int, int]]:
    """The play of :data:`PLAY_HANDS` (the pone is player 0 and leads): every action
    ``(player, card or None for go, its record)`` and the points each pegged."""
    state = PegState.start(tuple(parse_cards(h) for h in PLAY_HANDS), pone=0)
    queue = list(parse_cards(PLAY_ORDER))
    out: list[tuple[int, Card | None, object]] = []
    while not state.done:
        legal = state.legal()
        card = next((c for c in queue if c in legal), None)
        if card is not None:
            queue.remove(card)
        player = state.turn
        state, rec = state.play(card)
        out.append((player, card, rec))
    return out, state.pegged


# --- as HTML, in the page's language ---------------------------------------------------


def cards_row(cards: str, lang: str, size: str = "hand") -> str:
    return local_html(cards_html(parse_cards(cards), size), lang)


def one_card(card: str, lang: str, size: str = "hand") -> str:
    return local_html(card_svg(parse_cards(card)[0], size), lang)


def count_lines(score: Score, lang: str) -> str:
    """The count said aloud, one line per step with its cards, then the total."""
    _ = tr(lang)
    words = FRENCH if lang == "fr" else ENGLISH
    said = [p.strip() for p in score.say(words).split(", ")]
    steps = score.steps()
    rows = []
    for step, text in zip(steps, said, strict=False):
        rows.append(f"<li>{cards_html(step.cards, 'mini')} <span>{html.escape(text)}</span></li>")
    if not steps:
        rows.append(f"<li>{html.escape(said[0])}</li>")
    total = html.escape(_("Total: {n}").format(n=score.total))
    return local_html(
        f'<ol class="crib-learn-count">{"".join(rows)}</ol>'
        f'<p class="crib-learn-total"><b>{total}</b></p>',
        lang,
    )


def _peg_line(card: Card, rec: object, lang: str) -> str:
    _ = tr(lang)
    comps = rec.components  # type: ignore[attr-defined]
    count = rec.count  # type: ignore[attr-defined]
    if comps:
        what = ", ".join(
            _("{kind} for {n}").format(kind=_(KIND_WORDS[c.kind]), n=c.points) for c in comps
        )
        return _("{card}: {count}, {what}").format(card=card_text(card), count=count, what=what)
    return _("{card}: {count}").format(card=card_text(card), count=count)


def play_lines(lang: str) -> str:
    """The whole play of :func:`whole_play`, a line per action, and the points pegged."""
    _ = tr(lang)
    who = (_("Pone"), _("Dealer"))
    actions, pegged = whole_play()
    rows = []
    for player, card, rec in actions:
        if card is None:
            line = _("{who}: go").format(who=who[player])
            if rec.points:  # type: ignore[attr-defined]
                line += " · " + _("{who} pegs 1 for the go; the count starts again at 0").format(
                    who=who[rec.pegger]
                )  # type: ignore[attr-defined]
            rows.append(f"<li>{html.escape(line)}</li>")
            continue
        line = _("{who}: {what}").format(who=who[player], what=_peg_line(card, rec, lang))
        pic = card_svg(card, "mini")
        rows.append(f'<li class="crib-learn-p{player}">{pic} {html.escape(line)}</li>')
    total = _("Pone pegged {a}, dealer pegged {b}.").format(a=pegged[0], b=pegged[1])
    return local_html(
        f'<ol class="crib-learn-play">{"".join(rows)}</ol>'
        f'<p class="crib-learn-total"><b>{html.escape(total)}</b></p>',
        lang,
    )
