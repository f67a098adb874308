"""The discard analyzer's sentences in the page's language: a throw explained, how its
hand and crib spread, and the line that names the best throw.

A throw is said with the analysis' own sentence
(:meth:`crib.analysis.discard.DiscardAnalysis.explain`), in the page's language.

>>> from crib.analysis.discard import analyze_discard
>>> from crib.analysis.models import UNIFORM
>>> a = analyze_discard("5H 5D 6C 7S 8H 9D", dealer=True, model=UNIFORM)
>>> for part in explain(a, 0, "fr").split(" et "):
...     print(part)
Gardez 6♣ 7♠ 8♥ 9♦ (10,57 en moyenne sur 46 cartes de départ)
donnez à votre crib 5♥ 5♦ (environ 9,28)\u00a0: 19,85 en tout.
"""

from __future__ import annotations

from crib.analysis.discard import DiscardAnalysis
from crib.analysis.speech import explain_throw
from crib.i18n import tr
from crib.ui.analyze.speak import pct, seat_word
from crib.ui.kit.cardview import cards_text

__all__ = ["explain", "spread_lines", "best_line"]


def explain(a: DiscardAnalysis, i: int, lang: str = "en") -> str:
    """One plain sentence about throw ``i`` (0 = the best), in ``lang``: the analysis'
    own sentence (:func:`crib.analysis.speech.explain_throw`)."""
    return explain_throw(a, i, lang)


def spread_lines(a: DiscardAnalysis, i: int, lang: str = "en") -> list[str]:
    """How throw ``i``'s hand spreads over the 46 starters, and its crib (when the model
    gives the crib's spread)."""
    _ = tr(lang)
    t = a.throws[i]
    lines = [
        _(
            "Over the 46 starters this hand scores from {lo} to {hi}: 8 or more {p8} of the time, "
            "12 or more {p12}."
        ).format(
            lo=t.hand_min,
            hi=t.hand_max,
            p8=pct(float(t.p_hand_at_least(8)), 0, lang),
            p12=pct(float(t.p_hand_at_least(12)), 0, lang),
        )
    ]
    counts = a.crib_counts(i)
    if counts is not None:
        total = int(counts.sum())
        ways = f"{total:,}".replace(",", "\u202f") if lang == "fr" else f"{total:,}"
        lines.append(
            _(
                "The crib scores nothing {p0} of the time and 8 or more {p8}, over all {n} ways it "
                "can be completed."
            ).format(
                p0=pct(counts[0] / total, 0, lang),
                p8=pct(counts[8:].sum() / total, 0, lang),
                n=ways,
            )
        )
    return lines


def best_line(a: DiscardAnalysis, near: bool, lang: str = "en") -> str:
    """The status line: the best throw and what to keep (and, ranked by the chance of
    winning, that chance)."""
    _ = tr(lang)
    said = _("Best as {seat}: throw {throw}, keep {keep}.").format(
        seat=seat_word(a.dealer, lang), throw=cards_text(a.best.throw), keep=cards_text(a.best.keep)
    )
    if a.objective == "win" and a.best.p_win is not None:
        said += " " + (
            _(
                "Ranked by the chance of winning the game (you win "
                "{p} of the time): within reach of 121 every grade is."
            )
            if near
            else _("Ranked by the chance of winning the game (you win {p} of the time).")
        ).format(p=pct(a.best.p_win, 0, lang))
    return said
