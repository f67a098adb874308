"""A hand's or a game's grades summed up in one strip, and your grade words counted (the
review's head); split out of :mod:`crib.session.review`, which re-exports both."""

from __future__ import annotations

from collections.abc import Sequence

from crib.analysis.grades import WIN_UNIT, WORDS, cost_text
from crib.i18n import N_, tr
from crib.session.model import Grade

__all__ = ["summary_strip", "band_counts", "word_counts"]

_LABELS = (("discard", N_("Discard")), ("play", N_("Pegging")), ("count", N_("Counting")))


def _lost_text(gs: Sequence[Grade], plain_words: bool = False, lang: str = "en") -> str:
    """The total lost, points and P(win) apart (their units differ).  Points add up; the
    chances to win lost at several decisions do not (each is measured where it was made,
    and two of 60% would say 120%), so several are given by the worst of them."""
    from crib.session import plain

    pts = sum(g.lost for g in gs if g.unit != WIN_UNIT)
    wins = [g.lost for g in gs if g.unit == WIN_UNIT]
    win = max(wins, default=0.0)

    def num(x: float, f: str) -> str:
        return f"{x:{f}}".replace(".", ",") if lang == "fr" else f"{x:{f}}"

    parts = (
        ([plain.loss_words(pts, lang=lang)] if plain_words else [f"−{num(pts, '.2f')}"])
        if pts or not win
        else []
    )
    if win:
        said = N_("−{p}% to win") if len(wins) == 1 else N_("the worst −{p}% to win")
        parts.append(tr(lang)(said).format(p=num(win, ".1f")))
    return ", ".join(parts)


def summary_strip(grades: Sequence[Grade], *, plain: bool = False, lang: str = "en") -> str:
    """E.g. 'Discard best · Pegging 1 mistake (−1.40)': the words worse than ok counted,
    each by its word (:func:`word_counts`);
    ``plain``: the losses in words ('Pegging 1 mistake (about 1 point lost)')."""
    from crib.session.plain import chip_text

    _ = tr(lang)
    parts = []
    for kind, label in _LABELS:
        gs = [g for g in grades if g.kind == kind]
        if not gs:
            continue
        if kind == "discard" and len(gs) == 1:  # one hand's strip
            say = chip_text if plain else cost_text
            parts.append(f"{_(label)} {say(gs[0].verdict, gs[0].lost, gs[0].unit, lang)}")
        else:
            parts.append(f"{_(label)} {word_counts(gs, lang)} ({_lost_text(gs, plain, lang)})")
    return " · ".join(parts)


#: a grade word counted (the words worse than ok), one form for 1 and one for more
_COUNTED = {
    "mistake": (N_("1 mistake"), N_("{n} mistakes")),
    "costly": (N_("1 costly"), N_("{n} costly")),
    "blunder": (N_("1 blunder"), N_("{n} blunders")),
}


def word_counts(grades: Sequence[Grade], lang: str = "en") -> str:
    """The grade words worse than ok counted, each by its own word (the one table's):
    '1 mistake, 2 blunders'; none: 'no mistakes'.

    >>> from crib.rules.cards import parse_cards
    >>> four, six = parse_cards("4H"), parse_cards("6D")
    >>> g = [Grade(1, 0, "play", four, six, 2.4, "costly"),
    ...      Grade(2, 0, "play", four, six, 4, "blunder"),
    ...      Grade(3, 0, "play", four, six, 3.1, "blunder")]
    >>> word_counts(g), word_counts(g[:1], "fr"), word_counts([])
    ('1 costly, 2 blunders', '1 choix coûteux', 'no mistakes')
    >>> word_counts([], "fr")
    'aucune erreur'
    """
    _ = tr(lang)
    parts = []
    for word, (one, more) in _COUNTED.items():
        n = sum(g.verdict == word for g in grades)
        if n:
            parts.append((_(one) if n == 1 else _(more)).format(n=n))
    return ", ".join(parts) or _("no mistakes")


def band_counts(grades: Sequence[Grade]) -> dict[str, dict[str, int]]:
    """Your own distribution over the grade words, discards and plays apart (the review).

    >>> from crib.rules.cards import parse_cards
    >>> five_fives, four, six = parse_cards("5H 5D"), parse_cards("4H"), parse_cards("6D")
    >>> g = [Grade(1, 0, "discard", five_fives, five_fives, 0.0, "best"),
    ...      Grade(2, 0, "play", four, six, 2.4, "blunder")]
    >>> band_counts(g)["discard"]["best"], band_counts(g)["play"]["blunder"]
    (1, 1)
    """
    return {
        kind: {w: sum(g.kind == kind and g.verdict == w for g in grades) for w in WORDS}
        for kind in ("discard", "play")
    }
