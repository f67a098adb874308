"""The exercises of enrichment parts 1 to 3: counting in code, the numbers, the discard.

Every answer is computed by crib when asked for: the counts by
:func:`crib.rules.scoring.score_hand`, the 12,994,800-hand distribution by
:func:`crib.analysis.tables.score_distribution`, the discards by
:func:`crib.analysis.discard.analyze_discard` under the model each question names.
Part 1's exercises speak English and French (notebook 07 is part 1 in French).
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from functools import partial

from crib.analysis.discard import DiscardAnalysis, analyze_discard
from crib.analysis.models import MASTER, UNIFORM
from crib.course.enrichment.check import Exercise, Worked
from crib.rules.cards import DECK, Card, cards_pretty, parse_cards
from crib.rules.scoring import Score, his_heels, score_hand
from crib.rules.words import ENGLISH, FRENCH

__all__ = ["COUNTING", "NUMBERS", "DISCARD", "MASTER_DEALS", "master_differs"]

ALL_HANDS = 12_994_800  # C(52,4) x 48: four cards and a starter

_RULES_ALONE = {
    "en": "the rules alone (a count does not depend on the opponent)",
    "fr": "les règles seules (un décompte ne dépend pas de l'adversaire)",
}
_KINDS = {
    "en": {"fifteen": "fifteens", "pair": "pairs", "run": "runs", "flush": "flush", "nobs": "nobs"},
    "fr": {
        "fifteen": "quinze",
        "pair": "paires",
        "run": "suites",
        "flush": "couleur",
        "nobs": "valet de même couleur",
    },
}


def _said(s: Score, lang: str, cap: bool = True) -> str:
    text = s.say(ENGLISH if lang == "en" else FRENCH)
    return (text[:1].upper() + text[1:] if cap else text) + "."


def _breakdown(s: Score, lang: str) -> str:
    parts = [f"{_KINDS[lang][k]} {v}" for k, v in s.points_by_kind().items()]
    return " + ".join(parts) + f" = {s.total}"


# --- part 1: counting in code (English and French) ----------------------------------


def _hand_worked(hand: str, starter: str, lang: str, note: dict[str, str]) -> Worked:
    """A hand's count as a worked answer: said aloud, broken down, and ``note[lang]``."""
    s = score_hand(hand, starter)
    steps = (_said(s, lang), _breakdown(s, lang), note[lang])
    return Worked(s.total, f"{s.total} points", steps, _RULES_ALONE[lang])


def _flush_hand_crib(lang: str) -> Worked:
    h = score_hand("3C 6C 9C QC", "5D")
    c = score_hand("3C 6C 9C QC", "5D", is_crib=True)
    if lang == "en":
        steps = (
            f"As a hand: {_said(h, lang, cap=False)}",
            f"{_breakdown(h, lang)}: the four-card flush counts.",
            f"As a crib: {_said(c, lang, cap=False)}",
            f"{_breakdown(c, lang)}: a crib scores a flush "
            "only when the starter is of the same suit too.",
        )
        shown = f"hand {h.total}, crib {c.total}"
    else:
        steps = (
            f"En main : {_said(h, lang, cap=False)}",
            f"{_breakdown(h, lang)} : la couleur de quatre compte.",
            f"En crib : {_said(c, lang, cap=False)}",
            f"{_breakdown(c, lang)} : le crib ne marque la "
            "couleur que si la carte de départ est de la même enseigne.",
        )
        shown = f"main {h.total}, crib {c.total}"
    return Worked((h.total, c.total), shown, steps, _RULES_ALONE[lang])


def _heels_and_crib(lang: str) -> Worked:
    heels = his_heels("JS")
    c = score_hand("5H 5D TC KS", "JS", is_crib=True)
    total = heels + c.total
    if lang == "en":
        steps = (
            f"The jack starter: his heels, {heels} to the dealer at the cut, before the play.",
            f"The crib: {_said(c, lang, cap=False)}",
            f"{_breakdown(c, lang)}.",
            "No nobs: the jack is the starter itself, not one of the four cards counted.",
            f"{heels} + {c.total} = {total}.",
        )
    else:
        steps = (
            f"Le valet retourné : {heels} points au donneur à la coupe, avant le jeu.",
            f"Le crib : {_said(c, lang, cap=False)}",
            f"{_breakdown(c, lang)}.",
            "Pas de valet de même couleur : le valet est la carte de départ elle-même, "
            "pas l'une des quatre cartes comptées.",
            f"{heels} + {c.total} = {total}.",
        )
    return Worked(total, f"{total} points", steps, _RULES_ALONE[lang])


def _hand_exercise(hand: str, starter: str, note: dict[str, str]) -> Exercise:
    """An exercise to count ``hand`` with ``starter``, worked with ``note`` in each language."""
    return Exercise("int", partial(_hand_worked, hand, starter, note=note))


COUNTING = (
    _hand_exercise(
        "7H 7D 8C 9S",
        "8D",
        {
            "en": "Two sevens and two eights: each 7 with each 8 is a fifteen, and 7-8-9 "
            "is a run four times over (a double-double run).",
            "fr": "Deux 7 et deux 8 : chaque 7 avec chaque 8 fait quinze, et 7-8-9 est une "
            "suite quatre fois (une double-double suite).",
        },
    ),
    Exercise("ints", _flush_hand_crib),
    Exercise("int", _heels_and_crib),
    _hand_exercise(
        "KH QD AC 2S",
        "3D",
        {
            "en": "Q-K-A is no run: the ace is low. A-2-3 is a run of three, and K+2+3, Q+2+3 "
            "are the two fifteens.",
            "fr": "Dame-roi-as n'est pas une suite : l'as est bas. As-2-3 est une suite de trois, "
            "et R+2+3, D+2+3 sont les deux quinze.",
        },
    ),
)

# --- part 2: the numbers ------------------------------------------------------------------

_ALL_MODEL = (
    "every four cards and starter equally likely: all 12,994,800 of them, counted live; no opponent"
)
_KEEP = "2C 3D 4H 5S"
_KEEP_MODEL = (
    "the starter is any of the 48 cards you cannot see, all equally likely (you "
    "know only your four); no opponent"
)


def _distribution() -> list[int]:
    from crib.analysis.tables import score_distribution

    return [int(x) for x in score_distribution()]


def _zero_hands(lang: str) -> Worked:
    dist = _distribution()
    p = Fraction(dist[0], ALL_HANDS)
    return Worked(
        p,
        f"{dist[0]:,} of {ALL_HANDS:,} = {float(p):.1%}",
        (
            f"Scored live, {dist[0]:,} of the {ALL_HANDS:,} hands score 0.",
            f"That is about one hand in {round(ALL_HANDS / dist[0])}: a 'nineteen', as "
            "players call a hand of nothing.",
        ),
        _ALL_MODEL,
    )


def _twenty_nines(lang: str) -> Worked:
    dist = _distribution()
    steps = [f"Scored live: {dist[29]} hands score 29. They are:"]
    for suit in "CDHS":
        fives = [f"5{s}" for s in "CDHS" if s != suit]
        s = score_hand(" ".join([f"J{suit}", *fives]), f"5{suit}")
        jack = parse_cards(f"J{suit}")[0].pretty
        steps.append(
            f"{jack} {cards_pretty(parse_cards(' '.join(fives)))} with the "
            f"{parse_cards('5' + suit)[0].pretty} cut: {s.total}"
        )
    steps.append(
        "One for each suit of the jack: the cut must be the fourth five, of the jack's suit."
    )
    return Worked(dist[29], f"{dist[29]} hands", tuple(steps), _ALL_MODEL)


def _mode(lang: str) -> Worked:
    dist = _distribution()
    top = sorted(range(30), key=lambda k: -dist[k])[:3]
    steps = tuple(f"{k} points: {dist[k]:,} hands ({dist[k] / ALL_HANDS:.1%})" for k in top)
    mean = Fraction(sum(k * n for k, n in enumerate(dist)), ALL_HANDS)
    return Worked(
        top[0],
        f"{top[0]} points",
        (
            *steps,
            f"{top[0]} just beats {top[1]}; the mean, {float(mean):.2f}, is not a "
            "score any hand makes.",
        ),
        _ALL_MODEL,
    )


def _keep_counts() -> Counter[int]:
    keep = parse_cards(_KEEP)
    return Counter(score_hand(keep, c).total for c in DECK if c not in keep)


def _keep_ten_plus(lang: str) -> Worked:
    counts = _keep_counts()
    hits = sum(n for k, n in counts.items() if k >= 10)
    p = Fraction(hits, 48)
    steps = tuple(f"{k} points: {n} starters" for k, n in sorted(counts.items()))
    return Worked(
        p,
        f"{hits} of 48 = {p} = {float(p):.1%}",
        (*steps, f"10 or more: {hits} of 48 starters."),
        _KEEP_MODEL,
    )


def _keep_mean(lang: str) -> Worked:
    counts = _keep_counts()
    total = sum(k * n for k, n in counts.items())
    mean = Fraction(total, 48)
    sums = " + ".join(f"{k}×{n}" for k, n in sorted(counts.items()))
    return Worked(
        mean,
        f"{total}/48 = {mean} ≈ {float(mean):.2f} points",
        (
            f"({sums}) / 48 = {total}/48 ≈ {float(mean):.2f}.",
            "Four cards dealt at random average 4.77: these four are a strong keep.",
        ),
        _KEEP_MODEL,
    )


NUMBERS = (
    Exercise("probability", _zero_hands, tol=0.005),
    Exercise("int", _twenty_nines),
    Exercise("int", _mode),
    Exercise("probability", _keep_ten_plus, tol=0.005),
    Exercise("number", _keep_mean, tol=0.01),
)

# --- part 3: the discard ----------------------------------------------------------------

_SIX = "5H 5D JC QS 2C 9D"
_PONE_SIX = "2C 3D 4H 5S JC QD"
_DISAGREE = "4C 5S 5H TD 8S 9C"
MASTER_DEALS = 40  # seeded sixes for the how-often question
_UNIFORM_VS_MASTER = (
    "uniform (the opponent's two crib cards any two you cannot see, all equally likely; no "
    "pegging) beside the Master (the crib as self-play cribs score in your seat, the Expert "
    "throwing the other two, plus the kept four's pegging measured in Expert self-play); "
    "both as the dealer at the start of a game, so the Master does not rank by P(win)"
)
_HAND_MODEL = (
    "the kept hand alone, exact over the 46 starters you cannot see; no crib and no opponent"
)


def _hand_ev(lang: str) -> Worked:
    a = analyze_discard(_SIX, dealer=True, model=UNIFORM)
    t = a.throws[a.find("2C 9D")]
    counts = ", ".join(f"{k} points × {n}" for k, n in enumerate(t.hand_counts) if n)
    total = sum(k * n for k, n in enumerate(t.hand_counts))
    return Worked(
        t.hand_ev_exact,
        f"{t.hand_ev:.2f} points (exactly {total}/46)",
        (
            f"Keep {cards_pretty(t.keep)}; over the 46 starters: {counts}.",
            f"{total}/46 ≈ {t.hand_ev:.2f}.",
        ),
        _HAND_MODEL,
    )


def _ranking(a: DiscardAnalysis, k: int = 3) -> tuple[str, ...]:
    return tuple(
        f"{i + 1}. throw {cards_pretty(t.throw)}: EV {t.ev:.2f}" for i, t in enumerate(a.throws[:k])
    )


def _dealer_best(lang: str) -> Worked:
    a = analyze_discard(_SIX, dealer=True, model=UNIFORM)
    gap = a.throws[0].ev - a.throws[1].ev
    return Worked(
        a.best.throw,
        cards_pretty(a.best.throw),
        (a.explain(0), *_ranking(a), f"The best throw is {gap:.2f} points ahead of the next."),
        f"uniform: {a.model_note}",
    )


def _pone_cost(lang: str) -> Worked:
    a = analyze_discard(_PONE_SIX, dealer=False, model=UNIFORM)
    i = a.find("5S JC")
    other = a.throws[i]
    cost = a.best.ev_exact - other.ev_exact
    return Worked(
        cost,
        f"{float(cost):.2f} points a deal",
        (
            a.explain(0),
            f"Throwing 5♠ J♣ instead (rank {i + 1} of 15): EV {other.ev:.2f}.",
            f"{a.best.ev:.2f} − {other.ev:.2f} = {float(cost):.2f}.",
        ),
        f"uniform: {a.model_note}",
    )


def _master_line(a: DiscardAnalysis, i: int) -> str:
    t = a.throws[i]
    crib = t.ev - t.hand_ev
    return (
        f"throw {cards_pretty(t.throw)} (rank {i + 1}): hand {t.hand_ev:.2f} + crib {crib:+.2f} "
        f"+ pegging {t.peg_ev or 0.0:+.2f} = {t.total:.2f}"
    )


def _master_choice(lang: str) -> Worked:
    u = analyze_discard(_DISAGREE, dealer=True, model=UNIFORM)
    m = analyze_discard(_DISAGREE, dealer=True, model=MASTER)
    return Worked(
        m.best.throw,
        cards_pretty(m.best.throw),
        (
            f"Uniform: {u.explain(0)}",
            f"The Master: {_master_line(m, 0)}.",
            f"The uniform throw, valued by the Master: {_master_line(m, m.find(u.best.throw))}.",
            "The Master's crib is what self-play cribs are really worth in this seat, and "
            "it adds how the kept four peg.",
        ),
        _UNIFORM_VS_MASTER,
    )


def master_differs(
    n: int = MASTER_DEALS, seed: int = 1, dealer: bool = True
) -> list[tuple[tuple[Card, ...], tuple[Card, Card], tuple[Card, Card]]]:
    """The sixes of ``n`` seeded deals where the Master throws differently from the uniform model.

    Each six is ``random.Random(seed).sample`` of the deck; each entry is (six, the uniform
    throw, the Master's throw), the Master at the start of a game (no endgame).
    """
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        six = tuple(rng.sample(DECK, 6))
        u = analyze_discard(six, dealer=dealer, model=UNIFORM).best.throw
        m = analyze_discard(six, dealer=dealer, model=MASTER).best.throw
        if set(u) != set(m):
            out.append((six, u, m))
    return out


def _how_often(lang: str) -> Worked:
    diff = master_differs()
    steps = [f"{len(diff)} of {MASTER_DEALS} deals (seed 1): {len(diff) / MASTER_DEALS:.0%}."]
    steps += [
        f"{cards_pretty(six)}: uniform throws {cards_pretty(u)}, the Master {cards_pretty(m)}"
        for six, u, m in diff[:3]
    ]
    return Worked(len(diff), f"{len(diff)} of {MASTER_DEALS}", tuple(steps), _UNIFORM_VS_MASTER)


DISCARD = (
    Exercise("number", _hand_ev, tol=0.01),
    Exercise("cards", _dealer_best),
    Exercise("number", _pone_cost, tol=0.01),
    Exercise("cards", _master_choice),
    Exercise("int", _how_often, tol=4),
)
