"""The two fixed quizzes: quiz 1 after lesson 2 (card values, fifteens, pairs, runs,
flush, nobs, counting a hand), quiz 2 after lesson 4 (the play: 15, 31, go, last card,
pairs and runs in the play, the counting order, muggins, skunks, the game to 121).

The questions are fixed; every answer is computed by crib: the scorer
(:func:`crib.rules.scoring.score_hand`, :func:`~crib.rules.scoring.score_pegging`,
:func:`~crib.rules.scoring.his_heels`), the play's rules
(:class:`crib.rules.pegging.PegState`) and :func:`crib.rules.events.skunk_of`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from crib.course.rules_bank import statement
from crib.errors import CribError
from crib.rules.cards import Card, parse_card, parse_cards
from crib.rules.constants import WIN
from crib.rules.events import skunk_of
from crib.rules.pegging import PegState, legal_cards
from crib.rules.scoring import PegScore, Score, his_heels, score_hand, score_pegging

__all__ = ["Question", "QUIZZES", "quiz_questions"]


@dataclass(frozen=True)
class Question:
    """One quiz question.  ``form`` is "tf" (true or false), "choice", "number",
    "peg" (a pile: the count and the points) or "count" (a hand to count);
    ``answer`` is computed by crib (a bool, a choice's index, a number, a
    :class:`~crib.rules.scoring.PegScore` or a :class:`~crib.rules.scoring.Score`)."""

    prompt: dict[str, str]
    form: str
    answer: object
    explain: dict[str, str] = field(default_factory=dict)
    cards: tuple[Card, ...] = ()
    starter: Card | None = None
    choices: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def answer_text(self, lang: str) -> str:
        """The answer as the key prints it."""
        from crib.course.printables.texts import S

        a = self.answer
        if self.form == "tf":
            return S[lang]["true" if a else "false"]
        if self.form == "choice":
            assert isinstance(a, int)
            return self.choices[lang][a]
        if self.form == "peg":
            assert isinstance(a, PegScore)
            return f"{S[lang]['count']} {a.count} · {S[lang]['points']} {a.total}"
        if self.form == "count":
            assert isinstance(a, Score)
            return f"{S[lang]['total']} {a.total}"
        return str(a)


def _q(
    en: str, fr: str, form: str, answer: object, en_x: str = "", fr_x: str = "", **kw: object
) -> Question:
    return Question({"en": en, "fr": fr}, form, answer, {"en": en_x, "fr": fr_x}, **kw)  # type: ignore[arg-type]


def _count(hand: str, starter: str, *, crib: bool = False) -> Question:
    """Count this hand (or crib): the cards and the starter, and crib's count of them."""
    en, fr = (
        ("Count this crib.", "Comptez ce crib.")
        if crib
        else ("Count this hand.", "Comptez cette main.")
    )
    return _q(
        en,
        fr,
        "count",
        score_hand(hand, starter, is_crib=crib),
        cards=parse_cards(hand),
        starter=parse_card(starter),
    )


def _has(s: Score | PegScore, kind: str) -> bool:
    return any(c.kind == kind for c in s.components)


def _points(s: Score | PegScore, kind: str) -> int:
    return sum(c.points for c in s.components if c.kind == kind)


def _quiz1() -> list[Question]:
    values = parse_cards("KS 7H AD JC")
    fif = score_hand("5H TC KD 2S", "3C")
    flush_hand = score_hand("2H 6H 9H QH", "4C")
    flush_crib = score_hand("2H 6H 9H QH", "4C", is_crib=True)
    nobs_crib = score_hand("JD 3C 8S 2H", "6D", is_crib=True)
    royal = score_pegging("7C 7D 7H")
    return [
        _q(
            "What does each card count when you add up to 15? Write the four numbers.",
            "Combien vaut chaque carte pour faire quinze ? Écrivez les quatre nombres.",
            "number",
            ", ".join(str(c.value) for c in values),
            "Ace 1, two to ten their number, jack, queen and king 10.",
            "As 1, du deux au dix leur chiffre, valet, dame et roi 10.",
            cards=values,
        ),
        _q(
            "How many points do the fifteens make here (the four cards and the starter)?",
            "Combien de points font les quinze ici (les quatre cartes et la carte de départ) ?",
            "number",
            _points(fif, "fifteen"),
            f"{len(fif.fifteens)} different sets of cards make 15, 2 points each.",
            f"{len(fif.fifteens)} groupes de cartes différents font 15, 2 points chacun.",
            cards=fif.hand,
            starter=fif.starter,
        ),
        _q(
            "A king and a queen make a pair.",
            "Un roi et une dame font une paire.",
            "tf",
            _has(score_pegging("KS QH"), "pair"),
            "Pairs go by rank only. Both count 10 for fifteens, but they are not a pair.",
            "Les paires se font au rang. Les deux valent 10 pour les quinze, mais ne font pas "
            "une paire.",
        ),
        _q(
            "Three cards of the same rank (a pair royal) score:",
            "Trois cartes de même rang (un brelan) marquent :",
            "choice",
            ("2", "3", "6", "9").index(str(royal.total)),
            "Three cards make three different pairs: 3 × 2 = 6.",
            "Trois cartes forment trois paires différentes : 3 × 2 = 6.",
            choices={"en": ("2", "3", "6", "9"), "fr": ("2", "3", "6", "9")},
        ),
        _q(
            "Queen, king, ace is a run of three.",
            "Dame, roi, as est une suite de trois.",
            "tf",
            _has(score_hand("QS KD AC 7H", "3C"), "run"),
            "The ace is low: A-2-3 is a run, Q-K-A is not.",
            "L’as est bas : A-2-3 est une suite, D-R-A n’en est pas une.",
        ),
        _q(
            "9, 7, 8 is a run of three, even in that order.",
            "9, 7, 8 est une suite de trois, même dans cet ordre.",
            "tf",
            _has(score_pegging("9C 7D 8H"), "run"),
            "A run is three or more consecutive ranks in any order.",
            "Une suite, c’est trois rangs consécutifs ou plus, dans n’importe quel ordre.",
        ),
        # the same four hearts as a hand, then as the crib (a crib's flush needs all five)
        *(
            _q(en, fr, "number", _points(s, "flush"), en_x, fr_x, cards=s.hand, starter=s.starter)
            for s, en, fr, en_x, fr_x in (
                (
                    flush_hand,
                    "This is a hand. How many points does the flush make?",
                    "C’est une main. Combien de points fait la couleur ?",
                    "Four hand cards of one suit make a flush of 4 in a hand.",
                    "Quatre cartes de la même couleur font une couleur de 4 dans une main.",
                ),
                (
                    flush_crib,
                    "The same cards are now the crib. How many points does the flush make?",
                    "Les mêmes cartes sont maintenant le crib. Combien de points fait la couleur ?",
                    "In the crib a flush needs all five cards, the starter too.",
                    "Dans le crib, la couleur doit compter les "
                    "cinq cartes, la carte de départ aussi.",
                ),
            )
        ),
        _q(
            "The jack of the starter's suit (nobs) scores 1 in the crib too.",
            "Le valet de la couleur de la carte de départ marque 1 point dans le crib aussi.",
            "tf",
            _has(nobs_crib, "nobs"),
            "Nobs counts in both hands and in the crib.",
            "Le valet compte dans les deux mains et dans le crib.",
        ),
        _count("4H 5D 5C 6S", "KD"),
        _count("7H 7D 8C 9S", "8D"),
        _count("5H 5D 5C JS", "5S"),
        _count("3S 6S 9S JS", "2S", crib=True),
    ]


LAST_CARD_PILE = "TS 8S 5H"  # no fifteen, pair or run: the 5 can score only the last card


def _last_card_points() -> int:
    """The pone plays 10, the dealer 8, the pone 5: the count is 23 and that was the
    play's last card."""
    s = PegState.start(hands=(parse_cards("TS 5H"), parse_cards("8S")), pone=0)
    rec = None
    for card in LAST_CARD_PILE.split():
        s, rec = s.play(parse_card(card))
    assert rec is not None and s.done
    return rec.points


def _may_say_go_with_a_card() -> bool:
    s = PegState.start(hands=(parse_cards("4S 9H"), parse_cards("KC")), pone=1)
    s, _ = s.play(parse_card("KC"))
    return s.can_play(None)


def _quiz2() -> list[Question]:
    lead = score_pegging("7S 8D")
    to31 = score_pegging("KS 5D 9C 7H")
    mixed = score_pegging("4C 6D 5H")
    royal = score_pegging("8S 8D 8H")
    apart = score_pegging("7C 8D 7H")
    after_go = score_pegging("6C")  # the count started again: the 6 is alone
    hold = parse_cards("4S 9H")
    (must,) = legal_cards(hold, 26)
    go_after = not legal_cards([c for c in hold if c != must], 26 + must.value)
    show_order = ("the pone's hand", "the dealer's hand", "the crib")
    show_order_fr = ("la main du non-donneur", "la main du donneur", "le crib")
    skunks = ("a win, no more", "a skunk", "a double skunk")
    skunks_fr = ("une victoire, sans plus", "un capot", "un double capot")
    return [
        _q(
            "The pone leads 7♠ and the dealer plays 8♦. Write the count and what the dealer pegs.",
            "Le non-donneur joue 7♠ et le donneur 8♦. "
            "Écrivez le compte et ce que marque le donneur.",
            "peg",
            lead,
            "Fifteen for 2.",
            "Quinze : 2 points.",
            cards=lead.pile,
        ),
        _q(
            "The card on the right was just played and the play goes on. Write the count and "
            "the points.",
            "La carte de droite vient d’être jouée et le jeu continue. Écrivez le compte et "
            "les points.",
            "peg",
            to31,
            "Thirty-one for 2; the count starts again at 0.",
            "Trente et un : 2 points ; le compte repart de 0.",
            cards=to31.pile,
        ),
        _q(
            "The card on the right was just played and the play goes on. Write the count and "
            "the points.",
            "La carte de droite vient d’être jouée et le jeu continue. Écrivez le compte et "
            "les points.",
            "peg",
            mixed,
            "Fifteen for 2 and a run of three for 3: the order does not matter.",
            "Quinze (2) et une suite de trois (3) : l’ordre ne compte pas.",
            cards=mixed.pile,
        ),
        _q(
            "The card on the right was just played and the play goes on. Write the count and "
            "the points.",
            "La carte de droite vient d’être jouée et le jeu continue. Écrivez le compte et "
            "les points.",
            "peg",
            royal,
            "A pair royal for 6.",
            "Un brelan : 6 points.",
            cards=royal.pile,
        ),
        _q(
            "The card on the right was just played and the play goes on. Write the count and "
            "the points.",
            "La carte de droite vient d’être jouée et le jeu continue. Écrivez le compte et "
            "les points.",
            "peg",
            apart,
            "No pair: in the play a pair must be of cards played one after the other.",
            "Pas de paire : pendant le jeu, une paire se fait avec deux cartes jouées l’une après "
            "l’autre.",
            cards=apart.pile,
        ),
        _q(
            "4 and 5 were played, then a go; the count started again and the next card is a 6. "
            "The 6 makes a run of three.",
            "On a joué 4 puis 5, puis un go ; le compte est reparti de 0 et la carte suivante "
            "est un 6. Le 6 fait une suite de trois.",
            "tf",
            _has(after_go, "run"),
            "A go (or a 31) ends the sequence: the 6 starts a new count and pegs nothing.",
            "Un go (ou un 31) arrête tout : le 6 commence un nouveau compte et ne marque rien.",
        ),
        _q(
            "The count is 26 and your opponent has said go. You hold 4♠ and 9♥. What do you do?",
            "Le compte est à 26 et votre adversaire a dit go. Vous avez 4♠ et 9♥. Que "
            "faites-vous ?",
            "choice",
            1 if go_after else 0,
            "You must play a card that fits (the 4: 30); the 9 would pass 31, so you peg 1 for "
            "the go.",
            "Il faut jouer la carte jouable (le 4 : 30) ; le 9 dépasserait 31, vous marquez "
            "donc 1 point pour le go.",
            choices={
                "en": (
                    "say go at once",
                    "play the 4, then peg 1 for the go",
                    "play the 4 and the 9",
                ),
                "fr": (
                    "dire go tout de suite",
                    "jouer le 4, puis marquer 1 pour le go",
                    "jouer le 4 et le 9",
                ),
            },
        ),
        _q(
            "The 5♥ was the last card of the play. These are the cards played since the count "
            "last started at 0; the count is 23. How many points does the 5♥ peg?",
            "Le 5♥ est la dernière carte du jeu. Voici les cartes jouées depuis que le compte "
            "est reparti à 0 ; le compte est à 23. Combien de points marque le 5♥ ?",
            "number",
            _last_card_points(),
            "No fifteen, pair or run. " + statement("last card"),
            "Ni quinze, ni paire, ni suite. " + statement("last card", "fr"),
            cards=parse_cards(LAST_CARD_PILE),
        ),
        _q(
            "A player who can play without passing 31 may say go instead.",
            "Un joueur qui peut jouer sans dépasser 31 peut dire go quand même.",
            "tf",
            _may_say_go_with_a_card(),
            "A player who can play must play.",
            "Qui peut jouer doit jouer.",
        ),
        _q(
            "In the show, which is counted first?",
            "Au décompte, que compte-t-on en premier ?",
            "choice",
            0,
            "The pone's hand, then the dealer's hand, then the crib: near the end of a game the "
            "pone may win first.",
            "La main du non-donneur, puis celle du donneur, puis le crib : en fin de partie, le "
            "non-donneur peut gagner avant.",
            choices={"en": show_order, "fr": show_order_fr},
        ),
        _q(
            f"A player on {WIN - 2} pegs a fifteen during the play. They win at once, before "
            "the show.",
            f"Un joueur à {WIN - 2} marque un quinze pendant le jeu. Il gagne aussitôt, avant le "
            "décompte.",
            "tf",
            WIN - 2 + 2 >= WIN,
            f"The game ends the moment a player reaches {WIN}.",
            f"La partie s’arrête dès qu’un joueur atteint {WIN}.",
        ),
        _q(
            f"The game ends {WIN} to 85. This is:",
            f"La partie finit à {WIN} contre 85. C’est :",
            "choice",
            ("", "skunk", "double skunk").index(skunk_of(85)),
            statement("skunk") + " " + statement("skunk scoring"),
            statement("skunk", "fr") + " " + statement("skunk scoring", "fr"),
            choices={"en": skunks, "fr": skunks_fr},
        ),
        _q(
            "Playing muggins, your opponent counts 6 for a hand worth 8. You may take the 2 "
            "missed points.",
            "Avec la règle du muggins, votre adversaire compte 6 pour une main qui vaut "
            "8. Vous pouvez prendre les 2 points oubliés.",
            "tf",
            True,
            "That is the muggins rule (agree on it before the game).",
            "C’est la règle du muggins (à convenir avant la partie).",
        ),
        _q(
            "The starter turned up is J♥. How many points, and to whom?",
            "La carte de départ retournée est V♥. Combien de points, et pour qui ?",
            "choice",
            {2: 1}.get(his_heels("JH"), 0),
            "His heels: 2 to the dealer, pegged before the play.",
            "Valet retourné : 2 points au donneur, marqués avant le jeu.",
            choices={
                "en": ("1 to the pone", "2 to the dealer", "1 to whoever holds the jack"),
                "fr": ("1 au non-donneur", "2 au donneur", "1 à qui a le valet"),
            },
        ),
    ]


QUIZZES: dict[int, Callable[[], list[Question]]] = {1: _quiz1, 2: _quiz2}


def quiz_questions(n: int) -> list[Question]:
    """Quiz ``n``'s fixed questions (1: after lesson 2; 2: after lesson 4) with
    answers computed by crib."""
    if n not in QUIZZES:
        raise CribError(f"there are quizzes 1 and 2, not {n}")
    return QUIZZES[n]()
