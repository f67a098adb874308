"""The printables' words in English and French, and the glossary they share.

French terms.  One term for each thing, everywhere in the French printables, and the
same as the spoken count (:data:`crib.rules.words.FRENCH`: *paire*, *brelan*, *carré*,
*suite*, *couleur*, *le valet*).  Checked against published French rules:

* Board Game Arena, « Gamehelpcribbage » (https://fr.doc.boardgamearena.com/Gamehelpcribbage):
  *donneur*, *le crib ou chien*, *le partant* (the starter), « Passe » (go), *paire*,
  *brelan*, *carré*, *séquence*, *quinze*;
* QC Salon, « Cribbage, règles du jeu » (http://qcsalon.net/fr/cribbage): *donneur*,
  *carte de départ*, 121 points and the game ending the moment it is reached;
* « Cribbage : comment jouer » (https://www.astucescasinoenligne.com/articles/cribbage-comment-jouer):
  *non-donneur* for the pone;
* Règles du jeu « Cribbage 10PI00110 » (a Canadian rules leaflet,
  https://docplayer.fr/amp/16248887-Ce-reve-est-devenu-realite.html): *le « crib »*;
* Règles2jeux, « La règle du cribbage » (https://regles2jeux.fr/la-regle-du-cribbage):
  *planchette*, *chevilles* (crib/locale/fr/glossary.json chose *planche*, *go* and
  *muggins*: the French pages' one word for each, the printables' too).

*Suite* is the run (« une suite de trois »,
as the spoken count says it), *couleur* is glossed as the suit (♣ ♦ ♥ ♠), *le valet* is
nobs and *le valet retourné* his heels.  No published French name was found for
muggins or the skunk: the printables say *muggins* and *capot* (the card
players' word for a crushing win) and define them.  *Crib* is the word the
French sources use, so it is the one English term both languages share.
"""

from __future__ import annotations

from dataclasses import dataclass

from crib.course.rules_bank import statement

__all__ = ["LANGS", "S", "GlossaryEntry", "GLOSSARY", "SHARED_TERMS", "RANK_LABELS", "kind_label"]

LANGS = ("en", "fr")

# French ranks: As, V (valet), D (dame), R (roi)
RANK_LABELS = {
    "en": {1: "A", 11: "J", 12: "Q", 13: "K"},
    "fr": {1: "A", 11: "V", 12: "D", 13: "R"},
}

S: dict[str, dict[str, str]] = {
    "en": {
        "brand": "crib · cribbage coach",
        "page": "page {n} of {total}",
        "seed": "seed {seed}",
        "key": "Answer key",
        "name": "Name",
        "date": "Date",
        "score": "Score",
        "hand": "hand",
        "crib": "crib",
        "starter": "starter",
        "total": "Total",
        "count": "Count",
        "points": "Points",
        "answer": "Answer",
        "true": "True",
        "false": "False",
        "nothing": "no points",
        "running": "running",
        "glossary": "Glossary",
        "glossary_intro": "The words of cribbage, in the order you meet them in a deal.",
        "cheatsheet": "Scoring cheat sheet",
        "worksheet": "Counting worksheet {n}",
        "worksheet_intro_1": (
            "Count each hand with its starter (the card on the right). Write the total. "
            "Count aloud: fifteens first, then pairs, runs, flush and nobs."
        ),
        "worksheet_intro_2": (
            "Some of these are cribs: in a crib only a five-card flush counts. "
            "Nobs counts in a hand and in a crib."
        ),
        "key_intro": (
            "Every scoring line, with the running total, then the count as players say it."
        ),
        "pegging": "Pegging worksheet",
        "pegging_intro": (
            "Each row shows the cards played since the count last started at 0, in the order "
            "played. The framed card has just been played: write the new count and what it "
            "pegs (fifteen or 31: 2; pair 2, pair royal 6, double pair royal 12, "
            "adjacent cards only; run: 1 a card, in any order)."
        ),
        "peg_key_intro": "The count and every scoring line for the card just played.",
        "quiz": "Quiz {n}",
        "quiz_1_sub": "after lesson 2: card values, fifteens, pairs, runs, flush, nobs, counting",
        "quiz_2_sub": "after lesson 4: the play, go, 31, last card, counting order, the game",
        "cards_values": "Card values",
        "sec_show": "The show: hands and crib (each with the starter)",
        "sec_play": "The play (pegging)",
        "sec_game": "The deal and the game",
        "col_what": "what",
        "col_points": "points",
        "col_example": "example",
        "col_rule": "rule",
        "say_example": "Counting aloud",
        "per_card": "1 a card",
    },
    "fr": {
        "brand": "crib · coach de cribbage",
        "page": "page {n} sur {total}",
        "seed": "graine {seed}",
        "key": "Corrigé",
        "name": "Nom",
        "date": "Date",
        "score": "Note",
        "hand": "main",
        "crib": "crib",
        "starter": "départ",
        "total": "Total",
        "count": "Compte",
        "points": "Points",
        "answer": "Réponse",
        "true": "Vrai",
        "false": "Faux",
        "nothing": "aucun point",
        "running": "cumul",
        "glossary": "Lexique",
        "glossary_intro": (
            "Les mots du cribbage, dans l’ordre où on les rencontre pendant une donne."
        ),
        "cheatsheet": "Aide-mémoire du décompte",
        "worksheet": "Fiche de décompte {n}",
        "worksheet_intro_1": (
            "Comptez chaque main avec sa carte de départ (la carte de droite). Écrivez le total. "
            "Comptez à voix haute : les quinze d’abord, puis les paires, les suites, la couleur "
            "et le valet de même couleur."
        ),
        "worksheet_intro_2": (
            "Certaines sont des cribs : dans un crib, seule une couleur de cinq cartes compte. "
            "Le valet de même couleur compte dans une main comme dans un crib."
        ),
        "key_intro": ("Chaque combinaison avec le cumul, puis le décompte tel qu’on l’annonce."),
        "pegging": "Fiche sur le jeu",
        "pegging_intro": (
            "Chaque ligne montre les cartes jouées depuis que le compte est reparti de 0, dans "
            "l’ordre. La carte encadrée vient d’être jouée : écrivez le nouveau compte et ce "
            "qu’elle marque (quinze ou 31 : 2 ; paire 2, brelan 6, carré 12, cartes voisines "
            "seulement ; suite : 1 par carte, dans n’importe quel ordre)."
        ),
        "peg_key_intro": "Le compte et chaque combinaison de la carte qui vient d’être jouée.",
        "quiz": "Quiz {n}",
        "quiz_1_sub": (
            "après la leçon 2 : valeurs, quinze, paires, suites, couleur, valet de même couleur, "
            "décompte"
        ),
        "quiz_2_sub": (
            "après la leçon 4 : le jeu, go, 31, dernière carte, ordre du décompte, la partie"
        ),
        "cards_values": "Valeur des cartes",
        "sec_show": "Le décompte : mains et crib (chacun avec la carte de départ)",
        "sec_play": "Le jeu",
        "sec_game": "La donne et la partie",
        "col_what": "quoi",
        "col_points": "points",
        "col_example": "exemple",
        "col_rule": "règle",
        "say_example": "Compter à voix haute",
        "per_card": "1 par carte",
    },
}

_KIND = {
    "en": {
        "fifteen": "fifteen",
        "pair": "pair",
        "pair royal": "pair royal",
        "double pair royal": "double pair royal",
        "run": "run",
        "flush": "flush",
        "nobs": "nobs",
        "thirty-one": "thirty-one",
        "go": "go",
        "last card": "last card",
        "heels": "his heels",
    },
    "fr": {
        "fifteen": "quinze",
        "pair": "paire",
        "pair royal": "brelan",
        "double pair royal": "carré",
        "run": "suite",
        "flush": "couleur",
        "nobs": "valet de même couleur",
        "thirty-one": "trente et un",
        "go": "go",
        "last card": "dernière carte",
        "heels": "valet retourné",
    },
}


def kind_label(kind: str, lang: str) -> str:
    """A scoring component's name (:attr:`crib.rules.scoring.Component.kind`) in ``lang``."""
    return _KIND[lang][kind]


@dataclass(frozen=True)
class GlossaryEntry:
    key: str
    term: dict[str, str]
    definition: dict[str, str]


def _g(key: str, en: str, en_def: str, fr: str, fr_def: str) -> GlossaryEntry:
    return GlossaryEntry(key, {"en": en, "fr": fr}, {"en": en_def, "fr": fr_def})


GLOSSARY: tuple[GlossaryEntry, ...] = (
    _g(
        "board",
        "board and pegs",
        statement("board", "en") + " " + statement("pegs", "en"),
        "planche et chevilles",
        statement("board", "fr") + " " + statement("pegs", "fr"),
    ),
    _g(
        "cut for deal",
        "cut for deal",
        "Each player cuts the pack; the lower card deals first (the ace is low). "
        "After that the deal alternates.",
        "couper pour la donne",
        "Chaque joueur coupe le paquet ; la carte la plus basse donne la première (l’as est "
        "bas). Ensuite, on donne chacun son tour.",
    ),
    _g(
        "dealer",
        "dealer",
        "Deals six cards to each player, one at a time, the opponent first. The crib is the "
        "dealer's.",
        "donneur",
        "Distribue six cartes à chacun, une à une, en commençant par l’adversaire. Le crib "
        "appartient au donneur.",
    ),
    _g(
        "pone",
        "pone",
        "The dealer's opponent: cuts the pack for the starter, plays the first card and "
        "counts first.",
        "non-donneur",
        "L’adversaire du donneur : il coupe le paquet pour la carte de départ, joue la première "
        "carte et compte en premier.",
    ),
    _g(
        "crib",
        "crib",
        "The four cards the players throw away, two each. It belongs to the dealer, who counts "
        "it last, with the starter.",
        "crib",
        "Les quatre cartes écartées, deux par joueur. Il appartient au "
        "donneur, qui le compte en dernier, avec la carte de départ.",
    ),
    _g(
        "starter",
        "starter",
        "After the throw the pone cuts the pack and the dealer turns up the top card of the "
        "lower packet. It is the fifth card of both hands and of the crib.",
        "carte de départ",
        "Après l’écart, le non-donneur coupe le paquet et le donneur retourne la carte du "
        "dessus du paquet du dessous. C’est la cinquième carte des "
        "deux mains et du crib.",
    ),
    _g(
        "heels",
        "his heels",
        "A jack turned up as the starter: 2 points to the dealer, pegged at once, before the play.",
        "valet retourné",
        "Si la carte de départ est un valet, le donneur marque 2 points tout de suite, avant "
        "le jeu.",
    ),
    _g(
        "values",
        "card values",
        "Ace 1, two to ten their number, jack, queen and king 10. Pairs and runs go by rank: "
        "a king and a queen are not a pair; the ace is low, so Q-K-A is not a run.",
        "valeur des cartes",
        "As 1, du deux au dix leur chiffre, valet, dame et roi 10. Paires et suites se font "
        "au rang : un roi et une dame ne font pas une paire ; l’as est bas, donc D-R-A n’est "
        "pas une suite.",
    ),
    _g(
        "fifteen",
        "fifteen",
        "Cards that add up to 15: 2 points for each different set of cards.",
        "quinze",
        "Des cartes dont les valeurs font 15 : 2 points pour chaque groupe de cartes différent.",
    ),
    _g(
        "pair",
        "pair",
        "Two cards of the same rank: 2 points.",
        "paire",
        "Deux cartes de même rang : 2 points.",
    ),
    _g(
        "pair royal",
        "pair royal",
        "Three cards of the same rank: 6 points (three pairs).",
        "brelan",
        "Trois cartes de même rang : 6 points (trois paires).",
    ),
    _g(
        "double pair royal",
        "double pair royal",
        "Four cards of the same rank: 12 points (six pairs).",
        "carré",
        "Quatre cartes de même rang : 12 points (six paires).",
    ),
    _g(
        "run",
        "run",
        "Three or more cards of consecutive ranks, in any order and any suits: 1 point a card. "
        "A double run (4-5-5-6) counts the run twice, plus the pair.",
        "suite",
        "Trois cartes ou plus de rangs consécutifs, dans n’importe quel ordre et de n’importe "
        "quelle couleur : 1 point par carte. Une double suite (4-5-5-6) "
        "compte la suite deux fois, plus la paire.",
    ),
    _g(
        "flush",
        "flush",
        "All four hand cards of one suit: 4 points, or 5 with a starter of that suit. "
        "In the crib only a five-card flush counts.",
        "couleur",
        "La couleur d’une carte est son signe : ♣, ♦, ♥ ou ♠. Les quatre cartes d’une main de "
        "la même couleur : 4 points, 5 si la carte de départ l’est aussi. Dans le crib, seule "
        "la couleur de cinq cartes compte.",
    ),
    _g(
        "nobs",
        "nobs",
        "The jack of the starter's suit, in a hand or in the crib: 1 point.",
        "valet de même couleur",
        "Le valet de la couleur de la carte de départ, dans une main ou dans le crib : 1 point.",
    ),
    _g(
        "play",
        "the play",
        "The players lay cards in turn, the pone first, saying the running count, which may "
        "never pass 31. A player who can play must.",
        "le jeu",
        "Les joueurs posent une carte chacun leur tour, le non-donneur d’abord, en annonçant "
        "le compte, qui ne dépasse jamais 31. Qui peut jouer doit jouer.",
    ),
    _g(
        "go",
        "go",
        "Said by a player who cannot play without passing 31. The other plays on while they "
        "can; the last to play pegs 1 (2 if it makes 31), and a run or pair cannot carry "
        "across. " + statement("lead after a go", "en"),
        "go",
        "Ce que dit le joueur qui ne peut pas jouer sans dépasser 31. L’autre continue tant "
        "qu’il peut ; le dernier à jouer marque 1 point (2 s’il fait 31), et une suite ou une "
        "paire ne continue pas par-dessus. " + statement("lead after a go", "fr"),
    ),
    _g(
        "thirty-one",
        "thirty-one",
        "A card that makes the count exactly 31: 2 points, and the count starts again at 0.",
        "trente et un",
        "Une carte qui amène le compte à 31 exactement : 2 points, et le compte repart de 0.",
    ),
    _g(
        "last card",
        "last card",
        statement("last card", "en"),
        "dernière carte",
        statement("last card", "fr"),
    ),
    _g(
        "show",
        "the show",
        "The counting after the play: the pone's hand, then the dealer's hand, then the crib, "
        "each with the starter.",
        "le décompte",
        "Le comptage après le jeu : la main du non-donneur, puis la main du donneur, puis le "
        "crib, chacun avec la carte de départ.",
    ),
    _g(
        "muggins",
        "muggins",
        "An optional rule, agreed before the game: points a player misses in counting may be "
        "claimed by the opponent.",
        "muggins",
        "Règle facultative, convenue avant la partie : les points qu’un joueur oublie en "
        "comptant peuvent être pris par l’adversaire.",
    ),
    _g(
        "game",
        "game",
        "The first to 121 wins at once, even in the middle of the play or the show.",
        "partie",
        "Le premier à 121 gagne aussitôt, même au milieu du jeu ou du décompte.",
    ),
    _g(
        "skunk",
        "skunk",
        statement("skunk", "en") + " " + statement("skunk scoring", "en"),
        "capot",
        statement("skunk", "fr") + " " + statement("skunk scoring", "fr"),
    ),
)

# English terms a French printable may use: the French sources say « crib » too, and
# crib/locale/fr/glossary.json keeps « go » and « muggins »
SHARED_TERMS = frozenset({"crib", "go", "muggins"})
