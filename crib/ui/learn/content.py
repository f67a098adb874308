"""The how-to-play page's text: the rules in the order a beginner meets them, seven short
screens, then the glossary and the way to a first game.

Every rule stated here is one of ``data/rules_checked.md`` (checked against the ACC rules
and Hoyle); every worked example is computed by :mod:`crib.ui.learn.examples`; every
cribbage word links to its entry in the glossary below (:mod:`crib.ui.kit.glossary`,
whose definitions are the printables' glossary).  The words go through gettext, so
``lang="fr"`` gives the page in French.

>>> page = learn_html("en")
>>> 'id="term-nobs"' in page and 'id="learn-play"' in page
True
>>> first_game_href("fr")
'play.ipynb?tier=easy&tour=1&lang=fr'
"""

from __future__ import annotations

import html

from crib.course.printables.texts import GLOSSARY
from crib.course.rules_bank import statement
from crib.i18n import DEFAULT, N_, check_lang, tr
from crib.rules.cards import parse_cards
from crib.ui.kit.glossary import anchor, term_link
from crib.ui.learn import examples as ex
from crib.ui.play.board import board_svg

__all__ = [
    "SECTIONS",
    "learn_html",
    "section_html",
    "glossary_html",
    "first_game_href",
    "first_game_link",
    "start_here_html",
]

# (id, title): the screens, in order
SECTIONS = (
    ("aim", N_("The aim of the game")),
    ("cards", N_("Card values")),
    ("deal", N_("The deal and the crib")),
    ("starter", N_("The starter")),
    ("play", N_("The play (pegging)")),
    ("show", N_("The show: counting the hands")),
    ("win", N_("Winning")),
)

# the page's words used inside f-strings (which the catalog's extractor does not read)
_WORDS = (
    N_("A whole play"),
    N_("Your hand, counted aloud"),
    N_("How to play cribbage"),
    N_("Glossary"),
    N_("Ready?"),
    N_("Play your first game (Easy, with a tour)"),
    N_("New to cribbage? Start here"),
)


def _words(lang: str) -> dict[str, str]:
    """The placeholders of the page's text: each term linked to its glossary entry."""
    keys = (
        "crib",
        "pone",
        "dealer",
        "starter",
        "heels",
        "nobs",
        "go",
        "muggins",
        "skunk",
        "play",
        "show",
        "run",
        "flush",
        "fifteen",
        "pair",
    )
    return {k: term_link(k, lang, here=True) for k in keys}


def _p(text: str, lang: str, **extra: object) -> str:
    """A paragraph: ``text`` translated, escaped, its ``{term}`` placeholders linked."""
    return f"<p>{html.escape(tr(lang)(text), quote=False).format(**{**_words(lang), **extra})}</p>"


def _rows(rows: list[tuple[str, str]], lang: str) -> str:
    _ = tr(lang)
    body = "".join(
        f"<tr><td>{html.escape(_(a), quote=False).format(**_words(lang))}</td>"
        f"<td>{html.escape(_(b))}</td></tr>"
        for a, b in rows
    )
    return f"<table>{body}</table>"


def first_game_href(lang: str = DEFAULT) -> str:
    """The game page against Easy, with the guided tour, in ``lang``."""
    return "play.ipynb?tier=easy&tour=1" + ("" if check_lang(lang) == DEFAULT else f"&lang={lang}")


def first_game_link(lang: str = DEFAULT) -> str:
    _ = tr(lang)
    return (
        f'<a class="crib-first-game" href="{html.escape(first_game_href(lang))}">'
        f"{html.escape(_('Play your first game (Easy, with a tour)'))} ▶</a>"
    )


def _figure(pic: str, caption: str) -> str:
    return f"<figure>{pic}<figcaption>{html.escape(caption)}</figcaption></figure>"


def section_html(key: str, lang: str = DEFAULT) -> str:
    """One screen of the rules."""
    _ = tr(lang)
    body: list[str] = []
    if key == "aim":
        body.append(
            _p(
                N_(
                    "Two players race their pegs along a board to 121 points. Each deal scores "
                    "twice: in {play}, as the cards are laid one by one, and in {show}, "
                    "when each hand is counted. The first to reach 121 wins at once, even in "
                    "the middle of a deal."
                ),
                lang,
            )
        )
        board = board_svg((52, 47), (45, 40), (_("You"), _("Opponent")))
        if lang == "fr":  # the board's own words (crib.ui.play.board speaks English)
            for en, fr in (
                ("cribbage board", "planche de cribbage"),
                ("double skunk", "double capot"),
                ("skunk", "capot"),
                (">Start<", ">Départ<"),
                ("(needs ", "(reste "),
            ):
                board = board.replace(en, fr)
        body.append(f'<div style="max-width:640px;overflow-x:auto">{board}</div>')
        # the board and the pegs, as the rules bank states them (one home for each rule)
        for rule in ("board", "pegs", "once around"):
            body.append(_p(statement(rule, lang), lang))
    elif key == "cards":
        body.append(
            _p(
                N_(
                    "An ace counts 1, a two to a ten its number, and a jack, queen or king 10. "
                    "Pairs and runs go by rank: a king and a queen are not a {pair}, and the "
                    "ace is low, so queen-king-ace is not a {run}."
                ),
                lang,
            )
        )
        figs = [
            _figure(ex.one_card(c, lang), _("counts {n}").format(n=parse_cards(c)[0].value))
            for c in ("AS", "5H", "TD", "JC", "QH", "KS")
        ]
        body.append(f'<div class="crib-learn-cards">{"".join(figs)}</div>')
    elif key == "deal":
        body.append(
            _p(
                N_(
                    "Cut the pack: the lower card deals first, then the deal alternates. The "
                    "{dealer} deals six cards to each player; the other player is the {pone}. "
                    "Each player throws two cards face down into the {crib}: four cards that "
                    "belong to the dealer, counted at the end of the deal."
                ),
                lang,
            )
        )
        body.append(
            '<div class="crib-learn-cards">'
            + _figure(ex.cards_row(ex.SIX, lang), _("your six cards"))
            + _figure(ex.cards_row(ex.KEEP, lang), _("you keep four"))
            + _figure(ex.cards_row(ex.THROW, lang), _("you throw two into the crib"))
            + "</div>"
        )
    elif key == "starter":
        body.append(
            _p(
                N_(
                    "The {pone} cuts the pack and the dealer turns up the top card of the "
                    "lower part: the {starter}. It is a fifth card for both hands and for the "
                    "crib. If it is a jack, the dealer pegs {n} at once, before the play: "
                    "{heels}."
                ),
                lang,
                n=ex.heels_points(),
            )
        )
        body.append(
            '<div class="crib-learn-cards">'
            + _figure(ex.one_card(ex.STARTER, lang), _("the starter"))
            + _figure(
                ex.one_card(ex.HEELS_STARTER, lang),
                _("a jack: {n} points to the dealer").format(n=ex.heels_points()),
            )
            + "</div>"
        )
    elif key == "play":
        body.append(
            _p(
                N_(
                    "The pone lays a card first and says its value; then the players take "
                    "turns, each saying the new total, the count. The count may never pass "
                    "31, and a player who can play must."
                ),
                lang,
            )
        )
        body.append(
            _rows(
                [
                    (N_("the count makes 15 (a {fifteen})"), N_("2 points")),
                    (N_("the count makes exactly 31"), N_("2 points")),
                    (N_("a {pair}: the same rank as the card just played"), N_("2 points")),
                    (N_("three of a rank in a row"), N_("6 points")),
                    (N_("four of a rank in a row"), N_("12 points")),
                    (
                        N_("a {run}: the last three or more cards in sequence, in any order"),
                        N_("1 point a card"),
                    ),
                ],
                lang,
            )
        )
        body.append(
            _p(
                N_(
                    "A player who cannot play without passing 31 says {go}. The other plays "
                    "on while they can; the last to play pegs 1 (or 2 for exactly 31). The "
                    "count starts again at 0, and no pair or run carries over."
                ),
                lang,
            )
        )
        body.append(_p(statement("lead after a go", lang), lang))
        body.append(_p(statement("last card", lang), lang))
        body.append(f"<h3>{html.escape(_('A whole play'))}</h3>")
        pone, dealer = ex.PLAY_HANDS
        body.append(
            '<div class="crib-learn-cards">'
            + _figure(ex.cards_row(pone, lang, "pile"), _("Pone"))
            + _figure(ex.cards_row(dealer, lang, "pile"), _("Dealer"))
            + "</div>"
        )
        body.append(ex.play_lines(lang))
    elif key == "show":
        body.append(
            _p(
                N_(
                    "After the play, each hand is counted with the starter: the pone's hand "
                    "first, then the dealer's hand, then the crib, which the dealer counts."
                ),
                lang,
            )
        )
        body.append(
            _rows(
                [
                    (N_("each set of cards adding up to 15"), N_("2 points")),
                    (N_("each {pair}"), N_("2 points")),
                    (N_("each {run} of three or more cards"), N_("1 point a card")),
                    (
                        N_("a {flush}: four hand cards of one suit"),
                        N_("4 points, 5 with the starter"),
                    ),
                    (N_("{nobs}: the jack of the starter's suit"), N_("1 point")),
                ],
                lang,
            )
        )
        body.append(f"<h3>{html.escape(_('Your hand, counted aloud'))}</h3>")
        body.append(
            '<div class="crib-learn-cards">'
            + _figure(ex.cards_row(ex.KEEP, lang), _("your hand"))
            + _figure(ex.one_card(ex.STARTER, lang), _("the starter"))
            + "</div>"
        )
        body.append(ex.count_lines(ex.show_example(), lang))
        hand, crib = ex.crib_flush_example()
        body.append(
            _p(
                N_(
                    "In the crib only a five-card flush counts: four hearts with a club "
                    "starter score {a} as a hand but {b} as a crib."
                ),
                lang,
                a=hand.total,
                b=crib.total,
            )
        )
        body.append(
            '<div class="crib-learn-cards">'
            + _figure(
                ex.cards_row(ex.FLUSH_HAND, lang, "pile")
                + " "
                + ex.one_card(ex.FLUSH_STARTER, lang, "pile"),
                _("hand {a} · crib {b}").format(a=hand.total, b=crib.total),
            )
            + "</div>"
        )
        body.append(
            _p(
                N_(
                    "No hand scores more than {n}: three fives and a jack, with the fourth "
                    "five turned up in the jack's suit."
                ),
                lang,
                n=ex.best_hand().total,
            )
        )
    elif key == "win":
        body.append(
            _p(
                N_(
                    "The first to 121 wins, at once. A win before the loser reaches 91 is a "
                    "{skunk}."
                ),
                lang,
            )
        )
        body.append(_p(statement("skunk", lang), lang))
        body.append(_p(statement("skunk scoring", lang), lang))
        body.append(
            _p(
                N_(
                    "An optional rule, {muggins}, may be agreed before the game: points a player "
                    "misses when counting can then be claimed by the opponent. On the game page "
                    "it is an option when you count your own hands."
                ),
                lang,
            )
        )
    else:
        raise KeyError(f"no section {key!r}: expected one of {', '.join(k for k, _t in SECTIONS)}")
    n = [k for k, _t in SECTIONS].index(key) + 1
    title = dict(SECTIONS)[key]
    return (
        f'<section id="learn-{key}" aria-labelledby="learn-{key}-h">'
        f'<h2 id="learn-{key}-h">{n}. {html.escape(_(title))}</h2>{"".join(body)}</section>'
    )


def glossary_html(lang: str = DEFAULT) -> str:
    """Every term of the one glossary, in the order a deal meets them, each with its anchor."""
    _ = tr(lang)
    items = "".join(
        f'<dt id="{anchor(e.key)}" tabindex="-1">{html.escape(e.term[lang])}</dt>'
        f"<dd>{html.escape(e.definition[lang])}</dd>"
        for e in GLOSSARY
    )
    return (
        f'<section id="learn-glossary" aria-labelledby="learn-glossary-h">'
        f'<h2 id="learn-glossary-h">{html.escape(_("Glossary"))}</h2><dl>{items}</dl></section>'
    )


def learn_html(lang: str = DEFAULT) -> str:
    """The whole page: the title, the way to a first game, the contents, the seven screens,
    the glossary, and the first game again."""
    _ = tr(check_lang(lang))
    toc = "".join(f'<li><a href="#learn-{k}">{html.escape(_(t))}</a></li>' for k, t in SECTIONS)
    toc += f'<li><a href="#learn-glossary">{html.escape(_("Glossary"))}</a></li>'
    contents = html.escape(_("Contents"))
    head = (
        f"<h1>{html.escape(_('How to play cribbage'))}</h1>"
        + _p(
            N_(
                "New to cribbage? Here are the rules in seven short screens, then a first game "
                "against the Easy computer, with a short guided tour."
            ),
            lang,
        )
        + first_game_link(lang)
        + f'<nav class="crib-learn-toc" aria-label="{contents}"><ol>{toc}</ol></nav>'
    )
    body = "".join(section_html(k, lang) for k, _t in SECTIONS)
    end = (
        f'<section id="learn-next"><h2>{html.escape(_("Ready?"))}</h2>'
        + _p(
            N_(
                "Play a whole game against the Easy computer. A tour of five short steps shows "
                "you the page; skip it whenever you like. The coach grades each decision."
            ),
            lang,
        )
        + first_game_link(lang)
        + "</section>"
    )
    return f'<div class="crib-learn" lang="{lang}">{head}{body}{glossary_html(lang)}{end}</div>'


def start_here_html(lang: str = DEFAULT) -> str:
    """The home page's entry for beginners: a link to this page, in ``lang``."""
    _ = tr(check_lang(lang))
    href = "learn.ipynb" + ("" if lang == DEFAULT else f"?lang={lang}")
    text = _("The rules in seven short screens, then a first game with a guided tour.")
    return (
        f'<div class="crib-start" lang="{lang}"><a class="crib-start-here" href="{href}">'
        f"{html.escape(_('New to cribbage? Start here'))} →</a>"
        f'<p class="crib-start-text">{html.escape(text)}</p></div>'
    )
