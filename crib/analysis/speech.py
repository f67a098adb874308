"""The analyses' notes in the page's language: what a discard or a play analysis
averages over, and the sentence about one throw.

The analyses keep their English notes (``DiscardAnalysis.model_note``,
``PlayAnalysis.model_note``, ``DiscardAnalysis.explain``): those are these
functions with ``lang="en"``, byte for byte.  With ``lang="fr"`` every piece goes
through the catalog (:mod:`crib.i18n`) and the numbers take a decimal comma, a true
minus sign and a narrow space between thousands, as the analyzers print them.

>>> num(-1.5, "+.2f", "fr"), num(-1.5, "+.2f"), grouped(45540, "fr"), grouped(45540)
('−1,50', '-1.50', '45\\u202f540', '45,540')
>>> pct(0.634, ".1%", "fr")
'63,4\\xa0%'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from crib.analysis.models import MASTER_ENDGAME, MASTER_NOTE, PEG_NOTE, WIN_NOTE
from crib.i18n import N_, tr
from crib.rules.cards import cards_pretty

if TYPE_CHECKING:
    from crib.analysis.discard import DiscardAnalysis
    from crib.analysis.play.board import BoardAnalysis
    from crib.analysis.play.result import PlayAnalysis

__all__ = [
    "num",
    "pct",
    "grouped",
    "discard_note",
    "explain_throw",
    "play_note",
    "weights_note",
    "board_note",
]


def num(x: float, fmt: str, lang: str = "en") -> str:
    """``x`` formatted (``"+.2f"``); in French a decimal comma and a true minus sign."""
    s = format(x, fmt)
    return s.replace(".", ",").replace("-", "−") if lang == "fr" else s


def pct(x: float, fmt: str = ".0%", lang: str = "en") -> str:
    """A share as a percentage (``".1%"``: 0.634 -> "63.4%"; French « 63,4\u00a0% », a
    no-break space before the sign)."""
    s = format(x, fmt)
    return s.replace(".", ",").replace("%", "\u00a0%") if lang == "fr" else s


def grouped(n: int, lang: str = "en") -> str:
    """A whole number with its thousands grouped ("45,540"; French a narrow space)."""
    s = f"{n:,}"
    return s.replace(",", "\u202f") if lang == "fr" else s


# --- discards ---------------------------------------------------------------------


def _semi(lang: str) -> str:
    """The separator of a note's parts: "; ", in French " ; " (a space before the semicolon)."""
    return " ; " if lang == "fr" else "; "


def discard_note(a: DiscardAnalysis, lang: str = "en") -> str:
    """The discard model's name and assumptions, to show beside every number."""
    _, semi = tr(lang), _semi(lang)
    # the model said in words (its assumption), not by its code name ("selfplay")
    note = _("crib model: {assumption}").format(assumption=_(a.model.assumption))
    if a.master:
        note = f"{_(MASTER_NOTE).format(endgame=MASTER_ENDGAME)}{semi}{note}"
    if a.pegging:
        note += f"{semi}{_(PEG_NOTE)}"
    if a.scores is not None:
        note += f"{semi}{_(WIN_NOTE)}"
    return note


def explain_throw(a: DiscardAnalysis, i: int = 0, lang: str = "en") -> str:
    """One plain sentence about throw ``i`` (0 = the best) of ``a``."""
    _ = tr(lang)
    t = a.throws[i]
    keep = _("Keep {keep} ({ev} on average over 46 starters)").format(
        keep=cards_pretty(t.keep), ev=num(t.hand_ev, ".2f", lang)
    )
    if a.dealer:
        text = _("{keep} and give your crib {throw} (about {crib}): {ev} in all.")
    else:
        text = _("{keep} and give your opponent's crib {throw} (about {crib} for them): {ev} net.")
    text = text.format(
        keep=keep,
        throw=cards_pretty(t.throw),
        crib=num(t.crib_ev, ".2f", lang),
        ev=num(t.ev, ".2f", lang),
    )
    if t.peg_ev is not None:
        text += " " + _(
            "In the play these four peg {peg} against an Expert (your pegging minus theirs, from "
            "self-play): {total} with pegging."
        ).format(peg=num(t.peg_ev, "+.2f", lang), total=num(t.total, ".2f", lang))
    if t.p_win is not None and a.scores is not None:
        me, opp = a.scores
        text += " " + (
            _("At {me}-{opp} with you dealing, you win the game {p} of the time after this throw.")
            if a.dealer
            else _(
                "At {me}-{opp} with you the pone, you win the game {p} of the time after this "
                "throw."
            )
        ).format(me=me, opp=opp, p=pct(t.p_win, ".1%", lang))
    return text


# --- plays ------------------------------------------------------------------------

_SEATS = {None: N_("in either seat"), "dealer": N_("as the dealer"), "pone": N_("as the pone")}
_WEIGHTS = re.compile(
    r"each holding weighted by how often the Expert keeps (those ranks with the cards they have "
    r"played|those four ranks) (in either seat|as the dealer|as the pone)"
    r"( and by how likely each was to play as they did)?"
    r"(?:, read (?:(\d+)% as the Expert's play and the rest as the Master's|as the Expert's play))?"
    r" \(measured in self-play\)"
)


def weights_note(
    seat: str | None, played: bool, lang: str = "en", plays: bool = False, expert: float = 0.0
) -> str:
    """How the opponent's holdings are weighted
    (:attr:`crib.analysis.play.weights.KeepWeights.note`): ``plays``, also by how
    likely each holding was to play as the opponent did; ``expert``, those plays read as
    the Expert's at this chance and the rest as the Master's (issue #42)."""
    _ = tr(lang)
    where = _(_SEATS[seat])
    if plays:
        where += " " + _("and by how likely each was to play as they did")
    if expert >= 1:
        where += ", " + _("read as the Expert's play")
    elif expert:
        where += ", " + _("read {p} as the Expert's play and the rest as the Master's").format(
            p=pct(expert, ".0%", lang)
        )
    text = (
        _(
            "each holding weighted by how often the Expert keeps those ranks with the cards "
            "they have played {seat} (measured in self-play)"
        )
        if played
        else _(
            "each holding weighted by how often the Expert keeps those four ranks {seat} "
            "(measured in self-play)"
        )
    )
    return text.format(seat=where)


def _weights_in(text: str, lang: str) -> str:
    """A weights note read back from its English (an analysis keeps the English)."""
    m = _WEIGHTS.fullmatch(text)
    if lang == "en" or m is None:
        return tr(lang)(text)
    seat = {v: k for k, v in _SEATS.items()}[m.group(2)]
    expert = 0.0 if ", read " not in text else 1.0 if m.group(4) is None else int(m.group(4)) / 100
    return weights_note(seat, m.group(1) != "those four ranks", lang, bool(m.group(3)), expert)


def play_note(a: PlayAnalysis, lang: str = "en") -> str:
    """What a pegging analysis averages over and how the opponent plays."""
    _, semi = tr(lang), _semi(lang)
    n = a.position.opp_count
    unseen = len(a.position.unseen())
    if n == 0:
        base = _("the opponent holds no cards, so nothing is hidden")
    elif a.holdings_model == "weighted":
        weights = _weights_in(a.extra.get("weights", "weighted by keep frequency"), lang)
        base = _(
            "averaged over all {combos} {n}-card holdings of the {unseen} cards you cannot see "
            "({patterns} rank patterns), {weights}"
        ).format(
            combos=grouped(a.combos, lang),
            n=n,
            unseen=unseen,
            patterns=grouped(a.holdings, lang),
            weights=weights,
        )
    else:
        base = _(
            "averaged over all {combos} equally likely {n}-card holdings of the {unseen} cards "
            "you cannot see ({patterns} rank patterns)"
        ).format(
            combos=grouped(a.combos, lang), n=n, unseen=unseen, patterns=grouped(a.holdings, lang)
        )
    if a.sampled:
        base += semi + _("SAMPLED: {k} distinct holdings drawn by weight (not exact)").format(
            k=grouped(a.sampled, lang)
        )
    if a.position.opp_go:
        base += ", " + _("keeping only holdings with no card that fits (the opponent said go)")
    if a.model == "minimax":
        return base + semi + _("then both sides play perfectly with full information (minimax)")
    if a.model == "policy:master":
        return (
            base
            + semi
            + _(
                "the Master's model: once the holding is fixed, both sides play perfectly "
                "with full information (minimax)"
            )
        )
    tier = a.model.split(":", 1)[1]
    return (
        base
        + semi
        + _(
            "the opponent plays the computer's {tier} pegging policy (its softmax, exactly), "
            "you play your best reply"
        ).format(tier=_(tier))
    )


_OTHER_NOTES = (
    N_("every holding equally likely"),
    N_("weighted by keep frequency"),
    N_("two cards the opponent threw drawn uniformly from the cards you cannot see"),
    N_("the crib's distribution in Expert self-play (your discards not given)"),
)


def board_note(b: BoardAnalysis, lang: str = "en") -> str:
    """How P(win) near 121 was computed (:attr:`~crib.analysis.play.board.BoardAnalysis.note`)."""
    if lang == "en":
        return b.note
    _ = tr(lang)
    m = re.search(r"holdings \((.*?)\), both sides", b.note)
    weights = m.group(1) if m else ""
    return _(
        "P(you win the game): over {n} holdings ({weights}), both sides play the rest of the "
        "play for the game, knowing the holding; first to 121 wins; then the show in counting "
        "order (the crib: {crib}) and the win table for later deals"
    ).format(
        n=b.holdings,
        weights=_weights_in(weights, lang) if weights else "",
        crib=_(b.show.crib_note),
    )
