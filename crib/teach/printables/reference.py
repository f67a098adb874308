"""The glossary and the scoring cheat sheet (fixed content; every point value on the
cheat sheet is computed by crib's scorer from the example cards beside it)."""

from __future__ import annotations

from collections.abc import Sequence

from crib.rules.cards import DECK, Card, parse_card
from crib.rules.scoring import score_hand, score_pegging
from crib.teach.printables import pieces as P
from crib.teach.printables.layout import Block, BlockBuilder, Paper
from crib.teach.printables.pieces import WORDS
from crib.teach.printables.texts import GLOSSARY, S, kind_label

__all__ = ["glossary", "cheatsheet"]


def glossary(lang: str, paper: Paper) -> tuple[list, dict]:
    width = paper.content_width
    s = S[lang]
    flow: list = [P.title(s["glossary"], s["glossary_intro"], width, with_name=False)]
    term_w = 44.0
    for e in GLOSSARY:
        b = BlockBuilder(f"term {e.key}", width)
        y1 = b.para(0, 0, e.term[lang], term_w - 2, 10.5, bold=True)
        y2 = b.para(term_w, 0, e.definition[lang], width - term_w, 10)
        y = max(y1, y2) + 1.2
        b.rule(0, y, width, color="#dddddd", lw=0.4)
        flow.append(b.done(y + 0.3))
    return flow, {"title": s["glossary"], "terms": [e.term[lang] for e in GLOSSARY]}


def _cheat_row(label: str, points: str, example: Sequence[Card], rule: str, lang: str,
               width: float, starter: Card | None = None) -> Block:
    b = BlockBuilder(f"row {label}", width)
    b.para(0, 0.8, label, 33, 9.5, bold=True)
    b.para(35, 0.8, points, 21, 9, bold=True)
    x = 58.0
    for c in example:
        b.card(x, 0, c, P.label(c, lang), w=6.2)
        x += 6.9
    if starter is not None:
        b.card(x + 2, 0, starter, P.label(starter, lang), w=6.2)
    y = b.para(96, 0.8, rule, width - 96, 8.5)
    y = max(y, b.bottom) + 0.8
    b.rule(0, y, width, color="#dddddd", lw=0.4)
    return b.done(y + 0.2)


def cheatsheet(lang: str, paper: Paper) -> tuple[list, dict]:
    width = paper.content_width
    s = S[lang]
    k = lambda kind: P.cap(kind_label(kind, lang))  # noqa: E731
    en = lang == "en"
    flow: list = [P.title(s["cheatsheet"], "", width, with_name=False)]

    # card values, computed from the cards themselves
    b = BlockBuilder("values", width)
    b.text(0, 0, s["cards_values"], 11, bold=True)
    x = 0.0
    spades = [c for c in DECK if c.suit == "S"]
    step = (width - 9.5) / 12
    for c in spades:
        b.card(x, 5.5, c, P.label(c, lang), w=9.5)
        b.text(x + 4.75, 5.5 + 13.8, str(c.value), 9, bold=True, align="center")
        x += step
    flow.append(b.done(b.bottom + 1))

    checks: dict[str, int] = {}

    def peg(kind: str, pile: str) -> tuple[str, tuple[Card, ...]]:
        p = score_pegging(pile)
        pts = sum(c.points for c in p.components if c.kind == kind)
        checks[kind] = pts
        return str(pts), p.pile

    flow.append(P.heading(s["sec_show"], width))
    fif = score_pegging("7S 8D")
    checks["fifteen"] = fif.total
    flow.append(_cheat_row(k("fifteen"), str(fif.total), fif.pile,
                           "each different set of cards adding to 15" if en else
                           "chaque groupe de cartes différent qui fait 15", lang, width))
    for kind, pile, en_r, fr_r in (
        ("pair", "9C 9H", "same rank only: K and Q are no pair", "même rang seulement : R et D ne font pas une paire"),
        ("pair royal", "7C 7D 7H", "three cards of a rank: three pairs", "trois cartes d'un rang : trois paires"),
        ("double pair royal", "4C 4D 4H 4S", "four of a rank: six pairs", "quatre cartes d'un rang : six paires"),
    ):
        pts, cards = peg(kind, pile)
        flow.append(_cheat_row(k(kind), pts, cards, en_r if en else fr_r, lang, width))
    run = score_pegging("5H 3D 4C")
    flow.append(_cheat_row(k("run"), s["per_card"], run.pile,
                           "3 or more consecutive ranks, any order; the ace is low: Q-K-A is "
                           "no run" if en else
                           "3 rangs consécutifs ou plus, dans n'importe quel ordre ; l'as est "
                           "bas : D-R-As n'est pas une suite", lang, width))
    double = score_hand("4H 5D 5C 6S", "KD")
    d_pts = sum(c.points for c in double.components if c.kind in ("run", "pair"))
    checks["double run"] = d_pts
    flow.append(_cheat_row(
        "double run" if en else "suite double", str(d_pts), double.hand,
        "two runs of three and the pair (fifteens extra)" if en else
        "deux suites de trois et la paire (les quinze en plus)", lang, width))
    fl = score_hand("2H 6H 9H QH", "4C")
    fl_crib = score_hand("2H 6H 9H QH", "4C", is_crib=True)
    checks["flush"] = sum(c.points for c in fl.components if c.kind == "flush")
    checks["flush crib"] = sum(c.points for c in fl_crib.components if c.kind == "flush")
    flow.append(_cheat_row(
        k("flush"), f"{checks['flush']} / 5", fl.hand,
        "hand: 4 of a suit, 5 with the starter; crib: only 5 count" if en else
        "main : 4 de même couleur, 5 avec la carte de départ ; crib : 5 seulement",
        lang, width))
    nb = score_hand("JD 3C 8S 2H", "6D", is_crib=True)
    checks["nobs"] = sum(c.points for c in nb.components if c.kind == "nobs")
    flow.append(_cheat_row(
        k("nobs"), str(checks["nobs"]), (parse_card("JD"),),
        "jack of the starter's suit, in a hand or the crib" if en else
        "valet de la couleur de la carte de départ, en main ou dans le crib",
        lang, width, starter=parse_card("6D")))

    flow.append(P.heading(s["sec_play"], width))
    for kind, pile, en_r, fr_r in (
        ("fifteen", "7S 8D", "the count reaches 15", "le compte arrive à 15"),
        ("thirty-one", "KS 5D 9C 7H", "the count reaches 31; it starts again at 0",
         "le compte arrive à 31 ; il repart de 0"),
        ("pair royal", "8S 8D 8H", "pairs: 2, 6, 12, cards played one after another",
         "paires : 2, 6, 12, cartes jouées à la suite"),
        ("run", "4C 6D 5H", "the last cards, any order; a go or 31 ends it",
         "les dernières cartes, tout ordre ; une passe ou un 31 l'arrête"),
    ):
        pts, cards = peg(kind, pile)
        label = k(kind) if kind != "pair royal" else (
            "pairs" if en else "paires")
        if kind == "run":
            pts = s["per_card"]
        flow.append(_cheat_row(label, pts, cards, en_r if en else fr_r, lang, width))
    flow.append(_cheat_row(
        k("go"), "1", (), "the last to play when neither can; 31 pays 2 instead" if en else
        "le dernier à jouer quand personne ne peut ; un 31 paie 2 à la place", lang, width))
    flow.append(_cheat_row(
        k("last card"), "1", (), "the play's last card (not with 31)" if en else
        "la dernière carte du jeu (sauf si elle fait 31)", lang, width))

    flow.append(P.heading(s["sec_game"], width))
    flow.append(_cheat_row(
        k("heels"), "2", (), "a jack turned up as the starter: the dealer pegs 2 before the play"
        if en else "carte de départ valet : le donneur marque 2 avant le jeu",
        lang, width, starter=parse_card("JC")))
    flow.append(_cheat_row(
        "counting order" if en else "ordre du décompte", "", (),
        "pone's hand, dealer's hand, crib" if en else
        "main du non-donneur, main du donneur, crib", lang, width))
    flow.append(_cheat_row(
        "game" if en else "partie", "121", (),
        "the first to 121 wins at once; loser under 91: skunk (2 games), under 61: double" if en
        else "le premier à 121 gagne aussitôt ; perdant sous 91 : capot (2 parties), sous 61 : "
        "double capot", lang, width))

    # counting aloud: a hand and its count, from Score.say
    say = score_hand("5H 5D 6C JS", "4S")
    b = BlockBuilder("say", width)
    y = b.text(0, 1.5, s["say_example"], 11, bold=True)
    x = P.hand_cards(b, 0, y + 1, say.hand, say.starter, lang, 7.0, labels=False)
    said = P.cap(say.say(WORDS[lang])) + "."
    y = b.para(x + 3, y + 1, f"«\u00a0{said}\u00a0»" if lang == "fr" else f"“{said}”", width - x - 3, 9.5,
               italic=True)
    flow.append(b.done(max(y, b.bottom) + 1))
    return flow, {"title": s["cheatsheet"], "checks": checks, "say": say}
