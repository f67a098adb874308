"""A puzzle's answer in plain words, in English and French, for a learner.

One to three short sentences, by rules from the position's facts
(:mod:`crib.analysis.puzzles.plain_facts`, exact) and the coach's analysis: why the
answer is best in cribbage terms, and what is wrong with the tempting next best (the
puzzle's ``runner``).

* A discard: what the kept four already score before the cut and on average with it,
  the named formation they hold (:mod:`crib.analysis.formations`), what the throw gives
  your own crib or your opponent's (a 5, a pair, cards that make 15, touching cards),
  and where the next best loses (hand, crib or play); near 121, the chance to win.
* A play: what the card pegs now (fifteen, 31, a pair, three of a kind, a run, the last
  card; reaching 121), the count it leaves and what your opponent's cards could score on
  it, a low lead, your next card when they cannot play; and what the next best pegs and
  risks, and how much it gives up (points, or near 121 chances in 100 to win).

Only templates are in the catalog; cards are written as each language writes them
(:func:`crib.rules.words.local_cards`).  The coach's detailed sentence stays in the
puzzle's ``words``, for "How this was computed".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crib.analysis.discard import DiscardAnalysis, Throw, analyze_discard
from crib.analysis.formations import find_formations
from crib.analysis.models import MASTER
from crib.analysis.puzzles.model import Puzzle
from crib.analysis.puzzles.plain_facts import (
    PlayFacts,
    keep_parts,
    keep_points,
    play_facts,
    throw_feats,
)
from crib.i18n import N_, tr
from crib.rules.cards import Card, parse_card, parse_cards
from crib.rules.constants import WIN
from crib.rules.words import local_cards

__all__ = ["LANGS", "plain_words", "discard_plain", "play_plain", "about_points"]

LANGS = ("en", "fr")


def about_points(x: float, lang: str = "en") -> str:
    """Points as a learner reads them (the same words as the play page's plain words).

    >>> about_points(10.9), about_points(1.4), about_points(0.3)
    ('about 11 points', 'about 1½ points', 'less than half a point')
    """
    _ = tr(lang)
    if x < 0.5:
        return _("less than half a point")
    if x < 3:
        whole, half = divmod(max(1, int(2 * x + 0.5)), 2)
        if not whole:
            return _("about half a point")
        if half:  # French: under 2, the noun stays singular ("environ 1,5 point")
            return _("about 1½ points") if whole == 1 else _("about {n}½ points").format(n=whole)
        return _("about 1 point") if whole == 1 else _("about {n} points").format(n=whole)
    return _("about {n} points").format(n=int(x + 0.5))


def _join(items: Sequence[str], lang: str) -> str:
    _ = tr(lang)
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + _(" and ") + items[-1]


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty for c in sorted(cards, key=lambda c: (c.rank, c.suit)))


def _pct(x: float, lang: str) -> str:
    return f"{round(100 * x)}\u00a0%" if lang == "fr" else f"{round(100 * x)}%"


# --- a discard ------------------------------------------------------------------------

KEEP_SCORE = N_(
    "Keep {keep}: they already score {n} points before the cut ({parts}), and {avg} on "
    "average with it."
)
KEEP_SCORE_F = N_(
    "Keep {keep}, a {name} for the play: they already score {n} points before the cut "
    "({parts}), and {avg} on average with it."
)
KEEP_NONE = N_("Keep {keep}: they score nothing before the cut, but {avg} on average with it.")
KEEP_NONE_F = N_(
    "Keep {keep}, a {name} for the play: they score nothing before the cut, but {avg} on "
    "average with it."
)
CRIB_OWN = N_(
    "Throw {throw} into your own crib: it gets {feats}, points for you too ({avg} on average)."
)
CRIB_OWN_NONE = N_("Throw {throw} into your own crib ({avg} on average there).")
CRIB_OPP = N_(
    "Throw {throw} into your opponent's crib: it gives them {feats} ({avg} on average), a "
    "price worth paying for the four you keep."
)
CRIB_OPP_NONE = N_(
    "Throw {throw} into your opponent's crib: no 5, no pair, no 15 and no touching cards to "
    "help them ({avg} on average for them)."
)
RUNNER_ADV = N_("Throwing {throw} instead {adv}, but {dis}: {m} worse in all.")
RUNNER = N_("Throwing {throw} instead is {m} worse in all: {dis}.")
WIN_DISCARD = N_(
    "Near 121, winning the game is what counts: after this throw you win {p} of the time, "
    "against {q} after throwing {throw}."
)
ADV = {
    "hand": N_("keeps a better hand"),
    "own": N_("puts more in your crib"),
    "opp": N_("gives their crib less"),
    "peg": N_("keeps cards that peg better"),
}
DIS = {
    "hand": N_("the four it keeps score {n} less in your hand"),
    "own": N_("your crib gets {n} less"),
    "opp": N_("their crib gets {n} more"),
    "peg": N_("its four peg {n} worse in the play"),
}
DIS_OPP_FEATS = N_("their crib gets {n} more ({feats})")
FEATS = {
    "five": N_("a 5"),
    "pair": N_("a pair"),
    "fifteen": N_("two cards that make 15"),
    "touching": N_("touching cards for a run"),
}
FIVES = N_("a pair of 5s")
PARTS_ONE = {"fifteen": N_("a fifteen"), "pair": N_("a pair"), "flush": N_("a flush")}
PARTS_MANY = {"fifteen": N_("{n} fifteens"), "pair": N_("{n} pairs")}
RUN_ONE, RUN_TWO = N_("a run of {k}"), N_("a double run of {k}")
PAIR_ROYAL, FOUR_KIND = N_("three of a kind"), N_("four of a kind")


def _parts_words(parts: dict, lang: str) -> str:
    _ = tr(lang)
    out = []
    n15 = parts.get("fifteen", 0)
    if n15:
        out.append(_(PARTS_ONE["fifteen"]) if n15 == 1 else _(PARTS_MANY["fifteen"]).format(n=n15))
    pairs = parts.get("pair", 0)
    if pairs:
        words = {1: _(PARTS_ONE["pair"]), 3: _(PAIR_ROYAL), 6: _(FOUR_KIND)}
        out.append(words.get(pairs) or _(PARTS_MANY["pair"]).format(n=pairs))
    runs = parts.get("run", [])
    if runs:
        out.append((_(RUN_ONE) if len(runs) == 1 else _(RUN_TWO)).format(k=runs[0]))
    if parts.get("flush"):
        out.append(_(PARTS_ONE["flush"]))
    return _join(out, lang)


def _feats_words(feats: Sequence[str], lang: str) -> str:
    _ = tr(lang)
    if "five" in feats and "pair" in feats:
        feats = ["pair5", *(f for f in feats if f not in ("five", "pair"))]
    return _join([_(FIVES) if f == "pair5" else _(FEATS[f]) for f in feats], lang)


def _split(t: Throw) -> dict[str, float]:
    """A throw's value in three parts: the hand, the crib (signed for you), the play."""
    return {
        "hand": t.hand_ev,
        "crib": t.ev - t.hand_ev,
        "peg": t.total - t.ev,
    }


def discard_plain(a: DiscardAnalysis, runner: str, lang: str = "en") -> str:
    """A discard's answer (the analysis' best throw) against ``runner``, in ``lang``."""
    _ = tr(lang)
    best = a.best
    r = a.throws[a.find(parse_cards(runner))]
    parts = keep_parts(best.keep)
    forms = find_formations(best.keep)
    avg = about_points(best.hand_ev, lang)
    fmt = {"keep": _cards(best.keep), "avg": avg}
    if forms:
        fmt["name"] = _(forms[0].name)
    if parts:
        tpl = KEEP_SCORE_F if forms else KEEP_SCORE
        fmt.update(n=str(keep_points(parts)), parts=_parts_words(parts, lang))
    else:
        tpl = KEEP_NONE_F if forms else KEEP_NONE
    out = [_(tpl).format(**fmt)]
    feats = throw_feats(best.throw)
    crib = about_points(abs(best.crib_ev), lang)
    if a.dealer:
        tpl = CRIB_OWN if feats else CRIB_OWN_NONE
    else:
        tpl = CRIB_OPP if feats else CRIB_OPP_NONE
    out.append(_(tpl).format(throw=_cards(best.throw), feats=_feats_words(feats, lang), avg=crib))
    if a.objective == "win":
        out.append(
            _(WIN_DISCARD).format(
                p=_pct(best.p_win or 0.0, lang),
                q=_pct(r.p_win or 0.0, lang),
                throw=_cards(r.throw),
            )
        )
    else:
        out.append(_runner_discard(a, best, r, lang))
    return local_cards(" ".join(out), lang)


def _runner_discard(a: DiscardAnalysis, best: Throw, r: Throw, lang: str) -> str:
    _ = tr(lang)
    b, rr = _split(best), _split(r)
    diff = {k: b[k] - rr[k] for k in b}  # > 0: the answer is better there
    crib_key = "own" if a.dealer else "opp"
    key = {"hand": "hand", "crib": crib_key, "peg": "peg"}
    worst = max(diff, key=lambda k: diff[k])
    n = about_points(diff[worst], lang)
    extra = [f for f in throw_feats(r.throw) if f not in throw_feats(best.throw)]
    if worst == "crib" and not a.dealer and extra:
        dis = _(DIS_OPP_FEATS).format(n=n, feats=_feats_words(extra, lang))
    else:
        dis = _(DIS[key[worst]]).format(n=n)
    margin = best.total - r.total
    m = about_points(margin, lang)
    tempt = min(diff, key=lambda k: diff[k])
    if diff[tempt] <= -0.25:
        return _(RUNNER_ADV).format(throw=_cards(r.throw), adv=_(ADV[key[tempt]]), dis=dis, m=m)
    return _(RUNNER).format(throw=_cards(r.throw), m=m, dis=dis)


# --- a play ---------------------------------------------------------------------------

NOW = N_("Play {card}: it pegs {n} now for {what}.")
NOW_OUT = N_("Play {card}: it pegs {n} for {what} and takes you to 121: you win the game.")
NOW_ZERO = N_("Play {card}: it scores nothing now.")
LEAD_LOW = N_("Lead {card}: under 5, no single card makes 15 with it.")
THEN = N_("Then the count is {count}, where {threats} for your opponent.")
THEN_SAFE = N_("Then the count is {count}, where no card your opponent may hold scores.")
AGAIN = N_(
    "Your opponent cannot play on this count, so you play again: {card} pegs {n} for {what}."
)
AGAIN_ZERO = N_("Your opponent cannot play on this count, so you play again.")
GO_KEEP = N_(
    "Nothing more fits after it: you take 1 for the go and keep {cards} for the next count."
)
R_NOW_THR = N_(
    "{card} instead pegs {n} now for {what}, but leaves the count at {count}, where "
    "{threats} for your opponent: {tail}."
)
R_NOW = N_("{card} instead pegs {n} now for {what}, but {tail}.")
R_ZERO_THR = N_(
    "{card} instead scores nothing now and leaves the count at {count}, where {threats} for "
    "your opponent: {tail}."
)
R_ZERO = N_("{card} instead scores nothing now: {tail}.")
TAIL_POINTS = N_("it is {m} worse over the rest of the play")
TAIL_WIN = N_("it gives you {p} fewer chances in 100 of winning the game")
REACH = N_("That is enough for them to reach 121.")
KIND = {
    "fifteen": N_("a fifteen"),  # « pour un quinze » (« pour quinze » reads as a number)
    "thirty-one": N_("thirty-one"),
    "pair": N_("a pair"),
    "pair royal": N_("three of a kind"),
    "double pair royal": N_("four of a kind"),
    "last": N_("the last card"),
}
THREAT = {
    "fifteen": N_("{card} makes {target}"),
    "pair": N_("another {card} makes a pair"),
    "pair royal": N_("another {card} makes three of a kind"),
    "double pair royal": N_("another {card} makes four of a kind"),
    "run": N_("{card} makes a run of {k}"),
}


def _value_words(v: int, lang: str) -> str:
    """A card needed, by value: "an ace", "a 10 or a face card", "an 8", "a 4"."""
    _ = tr(lang)
    if v in (1, 10):
        return _("an ace") if v == 1 else _("a 10 or a face card")
    return (_("an {v}") if v == 8 else _("a {v}")).format(v=v)


def _rank_letter(rank: int, lang: str) -> str:
    """A rank as a card's face shows it: "A", "7", "10", "J" (French "V")."""
    letter = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))
    return {"J": "V", "Q": "D", "K": "R"}.get(letter, letter) if lang == "fr" else letter


def _rank_words(rank: int, lang: str) -> str:
    """A card needed, by rank: "an ace", "a 7", "a J"."""
    if rank < 10:
        return _value_words(rank, lang)
    return tr(lang)("a {v}").format(v=_rank_letter(rank, lang))


def _what(parts: Sequence[tuple[str, int, int]], lang: str) -> str:
    _ = tr(lang)
    return _join([_(RUN_ONE).format(k=n) if k == "run" else _(KIND[k]) for k, n, _p in parts], lang)


def _threats_words(f: PlayFacts, lang: str) -> str:
    _ = tr(lang)
    out = []
    for kind, need, pts in f.threats[:2]:
        if kind in ("fifteen", "thirty-one"):
            card = _value_words(need, lang)
            out.append(_(THREAT["fifteen"]).format(card=card, target=f.count + need))
        elif kind == "run":
            out.append(_(THREAT["run"]).format(card=_rank_words(need, lang), k=pts))
        else:
            out.append(_(THREAT[kind]).format(card=_rank_letter(need, lang)))
    return _(" or ").join(out)


def play_plain(p: Puzzle, lang: str = "en") -> str:
    """A play's answer against its ``runner``, in ``lang``."""
    _ = tr(lang)
    pos = p.pegging()
    b = play_facts(pos, parse_card(p.answer))
    r = play_facts(pos, parse_card(p.runner))
    card = b.card.pretty
    out = []
    if b.points:
        tpl = NOW_OUT if b.pegs_out else NOW
        out.append(_(tpl).format(card=card, n=b.points, what=_what(b.parts, lang)))
    elif not pos.pile and b.card.value < 5:
        out.append(_(LEAD_LOW).format(card=card))
    else:
        out.append(_(NOW_ZERO).format(card=card))
    if b.opp_next:
        tpl = THEN if b.threats else THEN_SAFE
        out.append(_(tpl).format(count=b.count, threats=_threats_words(b, lang)))
    elif b.follow is not None and not b.pegs_out:
        nxt, parts = b.follow
        pts = sum(x for _k, _n, x in parts)
        if pts:
            out.append(_(AGAIN).format(card=nxt.pretty, n=pts, what=_what(parts, lang)))
        else:
            out.append(_(AGAIN_ZERO))
    elif b.go_keep:
        out.append(_(GO_KEEP).format(cards=_cards(b.go_keep)))
    if p.unit == "win":
        tail = _(TAIL_WIN).format(p=max(1, round(p.margin)))
    else:
        tail = _(TAIL_POINTS).format(m=about_points(p.margin, lang))
    fmt = {
        "card": r.card.pretty,
        "n": r.points,
        "what": _what(r.parts, lang),
        "count": r.count,
        "threats": _threats_words(r, lang),
        "tail": tail,
    }
    templates = {(1, 1): R_NOW_THR, (1, 0): R_NOW, (0, 1): R_ZERO_THR, (0, 0): R_ZERO}
    tpl = templates[bool(r.points), bool(r.threats)]
    out.append(_(tpl).format(**fmt))
    opp = (pos.scores or (0, 0))[1]
    if pos.scores and r.threats and opp + r.threat_points() >= WIN > opp + b.threat_points():
        out.append(_(REACH))
    text = local_cards(" ".join(out), lang)
    if lang == "fr":  # a queen (dame, D) is feminine: « une autre D », « une D »
        text = re.sub(r"\bun (autre )?D\b(?![♠♥♦♣])", lambda m: f"une {m.group(1) or ''}D", text)
    return text


def plain_words(p: Puzzle, analysis: DiscardAnalysis | None = None) -> dict[str, str]:
    """The puzzle's answer in plain words in each of :data:`LANGS` (a discard is analysed
    by the coach's model, as the judge did, unless ``analysis`` is given)."""
    if p.kind == "discard":
        a = analysis or analyze_discard(p.six(), dealer=p.dealer, model=MASTER, scores=p.scores)
        return {lang: discard_plain(a, p.runner, lang) for lang in LANGS}
    return {lang: play_plain(p, lang) for lang in LANGS}
