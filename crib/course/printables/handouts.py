"""The handouts: a cribbage board to print (A4 or Letter), the tactics and etiquette
sheet, and the five lessons' exit tickets as strips to cut, with their key.

The board is two players' tracks of 120 holes (four rows of 30, in fives: twice around
a 60-hole board) with two start holes each and the game hole, 121; the skunk line (90,
the loser's last hole of a skunk), the double skunk line (60) and "once around" (61 on a
60-hole board) are marked.  The rules beside it are the rules bank's sentences
(:func:`crib.course.rules_bank.statement`), quoted, not rewritten.  The exit tickets are
the lessons' own (:func:`crib.course.lessons.lesson`), so the answers are crib's.
"""

from __future__ import annotations

from crib.course import questions as quiz
from crib.course.lessons import LESSONS, lesson
from crib.course.lessons.items import LETTERS, french_spaces, local_cards, shown_answer
from crib.course.printables import pieces as P
from crib.course.printables.layout import Block, BlockBuilder, PageBreak, Paper
from crib.course.printables.pieces import GREY, INK, LIGHT
from crib.course.rules_bank import statement
from crib.i18n import tr
from crib.rules.cards import Card

__all__ = ["board", "tactics", "exit_tickets", "HANDOUT_WORDS"]

HANDOUT_WORDS = {
    "en": {
        "board": "Cribbage board",
        "board_sub": "121 holes for each player · cut out, or play on the page with coins",
        "player": "Player {n}",
        "start": "start",
        "game": "game 121",
        "skunk": "skunk line",
        "double": "double skunk line",
        "once": "once around: 61",
        "tactics": "Tactics and etiquette",
        "tactics_sub": "for the table: read it together before your first whole game",
        "sec_tactics": "Tactics",
        "sec_etiquette": "Etiquette",
        "exit": "Exit tickets",
        "exit_sub": "one strip per pupil: cut along the lines",
        "lesson": "Lesson {n}",
    },
    "fr": {
        "board": "Planche de cribbage",
        "board_sub": "121 trous par joueur · à découper, ou jouez sur la feuille avec des jetons",
        "player": "Joueur {n}",
        "start": "départ",
        "game": "partie 121",
        "skunk": "ligne du capot",
        "double": "ligne du double capot",
        "once": "un tour : 61",
        "tactics": "Tactique et savoir-vivre",
        "tactics_sub": "pour la table : à lire ensemble avant la première partie entière",
        "sec_tactics": "Tactique",
        "sec_etiquette": "Savoir-vivre",
        "exit": "Billets de sortie",
        "exit_sub": "une bande par élève : découpez le long des lignes",
        "lesson": "Leçon {n}",
    },
}

TACTICS = {
    "en": (
        "Your deal, your crib: throw cards that score together (fives, pairs, two cards "
        "making 15 or close in rank).",
        "Their deal: throw cards far apart (a king and a 2), never a five or a pair.",
        "Lead a 4 or lower: no single card makes the count 15.",
        "Do not leave the count on 5 or 21: any ten-card then makes 15 or 31.",
        "Pairing the card just played pegs 2, but your opponent may answer with a third for 6.",
        "Near the end, the pone counts first: know how many points you need.",
    ),
    "fr": (
        "Vous donnez, le crib est à vous : écartez des cartes qui marquent ensemble (des "
        "cinq, une paire, deux cartes qui font 15 ou de rangs voisins).",
        "L’adversaire donne : écartez des cartes éloignées (un roi et un 2), jamais un cinq ni "
        "une paire.",
        "Ouvrez le jeu par un 4 ou moins : aucune carte seule n’amène le compte à 15.",
        "Ne laissez pas le compte à 5 ou 21 : n’importe quelle carte de 10 fait alors 15 ou 31.",
        "Faire la paire avec la carte qui vient d’être jouée marque 2, mais l’adversaire peut "
        "répondre par une troisième pour 6.",
        "En fin de partie, le non-donneur compte en premier : sachez combien de points il vous "
        "faut.",
    ),
}

ETIQUETTE = {
    "en": (
        "Shuffle, let your opponent cut, deal one card at a time, face down.",
        "Say the count aloud with every card you lay; say “go” clearly.",
        "Count your hand aloud in order (fifteens, pairs, runs, flush, nobs); peg only after "
        "your opponent has checked.",
        "Move only your own pegs, the back peg ahead of the front one. A wrong peg? Say so "
        "and put it back together.",
        "Muggins only if both agreed before the game.",
        "Win or lose: “good game”, and write the score down together.",
    ),
    "fr": (
        "Battez, faites couper l’adversaire, donnez une carte à la fois, face cachée.",
        "Annoncez le compte à chaque carte posée ; dites « go » clairement.",
        "Comptez votre main à voix haute, dans l’ordre (quinze, paires, suites, couleur, "
        "valet de même couleur) ; marquez seulement après la vérification de l’adversaire.",
        "Ne touchez que vos chevilles : celle de derrière passe devant l’autre. Une erreur ? "
        "Dites-le et corrigez ensemble.",
        "Les points oubliés ne se prennent (muggins) que si les deux l’ont accepté avant la "
        "partie.",
        "Gagné ou perdu : « bonne partie », et notez le score ensemble.",
    ),
}

_HOLE = 2.6  # a hole's diameter, mm
_ROW = 8.5  # a row of 30 holes, mm


def _track(n: int, lang: str, width: float) -> Block:
    """One player's track: two start holes, 120 holes in four rows of 30, the game hole."""
    w = HANDOUT_WORDS[lang]
    b = BlockBuilder(f"track {n}", width)
    y = b.text(0, 0, w["player"].format(n=n), 11, bold=True)
    left = 16.0
    step = (width - left - 4) / 31.5  # 30 holes and the gaps between the fives
    for r in range(4):
        top = y + 1 + r * _ROW
        b.text(0, top + 0.4, f"{30 * r + 1}–{30 * r + 30}", 7.5, color=GREY)
        for k in range(30):
            hole = 30 * r + k + 1
            x = left + (k + (k // 5) * 0.3) * step
            b.rect(x, top + 1, _HOLE, _HOLE, edge=INK, lw=0.5, round=_HOLE / 2)
            if hole % 5 == 0:
                b.text(x + _HOLE / 2, top + 3.8, str(hole), 7, color=LIGHT, align="center")
            if hole in (60, 90):  # the line after this hole
                line = x + _HOLE + step * 0.15
                b.rect(line, top - 0.5, 0.0, _ROW - 1, edge=INK, lw=1.2)
    bottom = y + 1 + 4 * _ROW
    # the start holes and the game hole
    for k in range(2):
        b.rect(left + k * 5, bottom + 1, _HOLE, _HOLE, edge=GREY, lw=0.5, round=_HOLE / 2)
    b.text(left + 11, bottom + 0.6, w["start"], 7.5, color=GREY)
    gx = width - 30
    b.rect(gx, bottom + 0.6, _HOLE + 1, _HOLE + 1, edge=INK, lw=1.0, round=(_HOLE + 1) / 2)
    b.text(gx + 6, bottom + 0.6, w["game"], 7.5, bold=True)
    marks = P.colon("| 60", lang) + f" {w['double']} · " + P.colon("| 90", lang)
    marks += f" {w['skunk']} · {w['once']}"
    b.text(left + 30, bottom + 0.6, french_spaces(marks, lang) if lang == "fr" else marks, 7)
    return b.done(bottom + 6)


def board(lang: str, paper: Paper) -> tuple[list, dict]:
    width = paper.content_width
    w = HANDOUT_WORDS[lang]
    rules = " ".join(statement(k, lang) for k in ("board", "pegs", "once around"))
    flow: list = [
        P.title(w["board"], w["board_sub"], width, with_name=False),
        P.intro(french_spaces(rules, lang), width),
        _track(1, lang, width),
        _track(2, lang, width),
        P.intro(french_spaces(statement("skunk", lang), lang), width, "skunk"),
    ]
    return flow, {"title": w["board"], "rules": rules}


def _numbered(label: str, lines: tuple[str, ...], lang: str, width: float) -> list[Block]:
    out = []
    for i, line in enumerate(lines, 1):
        b = BlockBuilder(f"{label} {i}", width)
        b.text(0, 0, f"{i}.", 10.5, bold=True)
        out.append(b.done(b.para(7, 0, french_spaces(line, lang), width - 7, 10.5) + 1.5))
    return out


def tactics(lang: str, paper: Paper) -> tuple[list, dict]:
    width = paper.content_width
    w = HANDOUT_WORDS[lang]
    flow: list = [P.title(w["tactics"], w["tactics_sub"], width, with_name=False)]
    flow.append(P.heading(w["sec_tactics"], width))
    flow += _numbered("tactic", TACTICS[lang], lang, width)
    flow.append(P.heading(w["sec_etiquette"], width))
    flow += _numbered("etiquette", ETIQUETTE[lang], lang, width)
    rules = " ".join(statement(k, lang) for k in ("lead after a go", "skunk scoring"))
    flow.append(P.intro(french_spaces(rules, lang), width, "rules"))
    return flow, {"title": w["tactics"], "tactics": TACTICS[lang], "etiquette": ETIQUETTE[lang]}


def _prompt(q: quiz.Question, lang: str) -> tuple[str, tuple[Card, ...]]:
    """What an exit-ticket question asks, and the cards it shows."""
    _ = tr(lang)
    if isinstance(q, quiz.CountQuestion):
        what = _("Count the crib") if q.crib else _("Count the hand")
        return what, (*q.hand, q.starter)
    if isinstance(q, quiz.PegPointsQuestion):
        text = _("The count is {c}. The next card is {card}. What does it peg?")
        return text.format(c=q.count_before, card=q.card.pretty), (*q.pile, q.card)
    if isinstance(q, quiz.RulesQuestion):
        # a letter and its choice never part at a line's end (a no-break space between)
        choices = "  ".join(f"{LETTERS[i]}.\u00a0{c}" for i, c in enumerate(q.choices))
        return q.text + "  " + choices, ()
    assert isinstance(q, quiz.DiscardQuestion)
    seat = _("You deal.") if q.dealer else _("Your opponent deals.")
    return seat + " " + _("Which two cards do you throw?"), q.six


def _ticket(n: int, lang: str, width: float, key: bool) -> Block:
    w = HANDOUT_WORDS[lang]
    b = BlockBuilder(f"ticket {n}", width)
    les = lesson(n, lang)
    b.text(0, 1, w["lesson"].format(n=n), 10.5, bold=True)
    if not key:
        b.text(width * 0.45, 1, P.colon(P.S[lang]["name"], lang), 9.5)
        b.rule(width * 0.45 + 14, 5.2, width * 0.55 - 14, color=INK)
    y = b.para(0, 6.5, les.objective, width, 8.5, color=GREY)
    box = 0.0 if key else 20.0
    for i, it in enumerate(les.exit_ticket, 1):
        text, cards = _prompt(it.question, lang)
        text = french_spaces(local_cards(text, lang), lang)
        top = y + 1.2
        y = b.para(0, top, f"{i}. {text}", width - box, 9) + 0.3
        x = 5.0
        for k, c in enumerate(cards):
            if k == 4 and isinstance(it.question, quiz.CountQuestion):
                x += 3.0  # the starter, apart
            b.card(x, y, c, P.label(c, lang), w=7.0)
            x += 7.9
        if cards:
            y += 7.0 * 1.42 + 0.5
        if key:
            ans = tr(lang)("Answer: {a}").format(a=shown_answer(it, lang)) + " · " + it.explain
            y = b.para(
                5, y, french_spaces(local_cards(ans, lang), lang), width - 5, 8.5, color=GREY
            )
        else:
            P.answer_box(b, width - 17, top - 3.4, "", 16)
            y = max(y, top + 10.5)
    b.rule(0, y + 2.5, width, color=LIGHT)
    return b.done(y + 3.5)


def exit_tickets(lang: str, paper: Paper) -> tuple[list, dict]:
    width = paper.content_width
    w = HANDOUT_WORDS[lang]
    s = P.S[lang]
    flow: list = [P.title(w["exit"], w["exit_sub"], width, with_name=False)]
    flow += [_ticket(n, lang, width, key=False) for n in LESSONS]
    flow.append(PageBreak("key"))
    flow.append(P.title(f"{w['exit']} · {s['key']}", "", width, with_name=False))
    flow += [_ticket(n, lang, width, key=True) for n in LESSONS]
    tickets = {n: lesson(n, lang).exit_ticket for n in LESSONS}
    return flow, {"title": w["exit"], "tickets": tickets}
