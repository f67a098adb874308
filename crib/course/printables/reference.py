"""The glossary and the scoring cheat sheet (fixed content; every point value on the
cheat sheet is computed by crib's scorer from the example cards beside it)."""

from __future__ import annotations

from collections.abc import Sequence

from crib.course.printables import pieces as P
from crib.course.printables.layout import Block, BlockBuilder, Paper
from crib.course.printables.pieces import WORDS
from crib.course.printables.texts import GLOSSARY, S, kind_label
from crib.course.rules_bank import statement
from crib.rules.cards import DECK, Card, parse_card
from crib.rules.scoring import PegScore, Score, score_hand, score_pegging

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


def _cheat_row(
    label: str,
    points: str,
    example: Sequence[Card],
    rule: str,
    lang: str,
    width: float,
    starter: Card | None = None,
) -> Block:
    b = BlockBuilder(f"row {label}", width)
    b.para(0, 0.8, label, 37, 9.5, bold=True)
    b.para(39, 0.8, points, 18.5, 9, bold=True)
    x = 58.0
    for c in example:
        b.card(x, 0, c, P.label(c, lang), w=6.0)
        x += 6.7
    if starter is not None:
        b.card(x + 2, 0, starter, P.label(starter, lang), w=6.0)
    at = 96.0 if example or starter is not None else 58.0  # no cards: the rule takes their room
    y = b.para(at, 0.6, rule, width - at, 8.5)
    y = max(y, b.bottom) + 0.5
    b.rule(0, y, width, color="#dddddd", lw=0.4)
    return b.done(y + 0.1)


def _said(lang: str, *keys: str) -> str:
    """The rules bank's statements ``keys``, in ``lang`` (their one home)."""
    return " ".join(statement(k, lang) for k in keys)


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
    step = (width - 7.0) / 12
    for c in spades:
        b.card(x, 5.5, c, P.label(c, lang), w=7.0)
        b.text(x + 3.5, 5.5 + 10.4, str(c.value), 9, bold=True, align="center")
        x += step
    flow.append(b.done(b.bottom + 1))

    checks: dict[str, int] = {}

    def pts(kind: str, s: Score | PegScore) -> int:
        checks[kind] = sum(c.points for c in s.components if c.kind == kind)
        return checks[kind]

    def row(
        label: str,
        points: str,
        cards: Sequence[Card],
        en_rule: str,
        fr_rule: str,
        starter: Card | None = None,
    ) -> None:
        flow.append(
            _cheat_row(label, points, cards, en_rule if en else fr_rule, lang, width, starter)
        )

    fif, royal = score_pegging("7S 8D"), score_pegging("7C 7D 7H")
    pairs = (
        f"{pts('pair', score_pegging('9C 9H'))} · {pts('pair royal', royal)} · "
        f"{pts('double pair royal', score_pegging('4C 4D 4H 4S'))}"
    )
    run = score_pegging("5H 3D 4C")
    pts("run", run)
    flow.append(P.heading(s["sec_show"], width))
    row(
        k("fifteen"),
        str(pts("fifteen", fif)),
        fif.pile,
        "each different set of cards adding up to 15",
        "chaque groupe de cartes différent qui fait 15",
    )
    row(
        "Pairs" if en else "Paires",
        pairs,
        royal.pile,
        "pair 2, pair royal (three of a rank) 6, double pair royal (four) 12; by rank only: "
        "K and Q are no pair",
        "paire 2, brelan (trois d’un rang) 6, carré (quatre) 12 ; au rang seulement : R et D "
        "ne font pas une paire",
    )
    row(
        k("run"),
        s["per_card"],
        run.pile,
        "3 or more consecutive ranks, any order; the ace is low: Q-K-A is no run",
        "3 rangs consécutifs ou plus, dans n’importe quel ordre ; l’as est bas : D-R-A n’est "
        "pas une suite",
    )
    double = score_hand("4H 5D 5C 6S", "KD")
    checks["double run"] = sum(c.points for c in double.components if c.kind in ("run", "pair"))
    row(
        "Double run" if en else "Double suite",
        str(checks["double run"]),
        double.hand,
        "two runs of three and the pair (the fifteens on top)",
        "deux suites de trois et la paire (les quinze en plus)",
    )
    fl = score_hand("2H 6H 9H QH", "4C")
    pts("flush crib", score_hand("2H 6H 9H QH", "4C", is_crib=True))
    row(
        k("flush"),
        f"{pts('flush', fl)} / 5",
        fl.hand,
        "hand: 4 of a suit, 5 with the starter; crib: only 5 count",
        "main : 4 de même couleur, 5 avec la carte de départ ; crib : 5 seulement",
    )
    row(
        k("nobs"),
        str(pts("nobs", score_hand("JD 3C 8S 2H", "6D", is_crib=True))),
        (parse_card("JD"),),
        "the jack of the starter's suit, in a hand or in the crib",
        "le valet de la couleur de la carte de départ, en main ou dans le crib",
        starter=parse_card("6D"),
    )

    flow.append(P.heading(s["sec_play"], width))
    to31 = score_pegging("KS 5D 9C 7H")
    row(
        f"{k('fifteen')} · 31",
        f"{fif.total} · {pts('thirty-one', to31)}",
        to31.pile,
        "the count reaches 15, or 31 (then it starts again at 0)",
        "le compte arrive à 15, ou à 31 (il repart alors de 0)",
    )
    row(
        "Pairs" if en else "Paires",
        pairs,
        score_pegging("8S 8D 8H").pile,
        "the same values, for cards played one after another",
        "les mêmes points, pour des cartes jouées l’une après l’autre",
    )
    row(
        k("run"),
        s["per_card"],
        score_pegging("4C 6D 5H").pile,
        "the last cards played, in any order; a go or a 31 ends it",
        "les dernières cartes jouées, dans n’importe quel ordre ; un go ou un 31 l’arrête",
    )
    row(
        k("go"),
        "1",
        (),
        "to the last to play when neither can; a 31 pays 2 instead. "
        + _said("en", "lead after a go"),
        "au dernier à jouer quand personne ne peut ; un 31 paie 2 à la place. "
        + _said("fr", "lead after a go"),
    )
    row(
        k("last card"),
        "1",
        (),
        "the play's last card (not when it makes 31)",
        "la dernière carte du jeu (sauf si elle fait 31)",
    )

    flow.append(P.heading(s["sec_game"], width))
    row(
        k("heels"),
        "2",
        (),
        "a jack turned up as the starter: the dealer pegs 2 before the play",
        "carte de départ valet : le donneur marque 2 avant le jeu",
        starter=parse_card("JC"),
    )
    row(
        "Counting order" if en else "Ordre du décompte",
        "",
        (),
        "the pone's hand, the dealer's hand, the crib",
        "la main du non-donneur, la main du donneur, le crib",
    )
    row(
        "Game" if en else "Partie",
        "121",
        (),
        "the first to 121 wins at once. " + _said("en", "skunk", "skunk scoring"),
        "le premier à 121 gagne aussitôt. " + _said("fr", "skunk", "skunk scoring"),
    )
    row(
        "Board" if en else "Planche",
        "121",
        (),
        _said("en", "board", "once around"),
        _said("fr", "board", "once around"),
    )

    # counting aloud: a hand and its count, from Score.say
    say = score_hand("5H 5D 6C JS", "4S")
    b = BlockBuilder("say", width)
    y = b.text(0, 1.0, s["say_example"], 11, bold=True)
    x = P.hand_cards(b, 0, y + 1, say.hand, say.starter, lang, 6.0, labels=False)
    said = P.cap(say.say(WORDS[lang])) + "."
    y = b.para(
        x + 3,
        y + 1,
        f"«\u00a0{said}\u00a0»" if lang == "fr" else f"“{said}”",
        width - x - 3,
        9.5,
        italic=True,
    )
    flow.append(b.done(max(y, b.bottom) + 0.3))
    return flow, {"title": s["cheatsheet"], "checks": checks, "say": say}
