"""The puzzle sheet: rated puzzles (:mod:`crib.analysis.puzzles`) on paper, with a key.

A sheet holds ``count`` puzzles (8 by default) of a theme (or of any) whose rating is in a
band, drawn by a seed (:func:`choose_puzzles`), or the puzzles a class session was given,
by their ids (:func:`puzzles_by_id`), so the class can do the same set on paper.  Each
puzzle shows what the page shows before the move: the scores, who deals, the six cards
of a discard, or for a play the pile and its count, the cards played before it, the
starter, how many cards the opponent holds and the cards in hand; the question and a
box for the answer.  The answer key, on pages of its own, gives each answer, its margin
over the next best in its unit (points, or points of chance to win near 121) and the
puzzle's words; each puzzle's id and rating are printed small on both, so the key
matches.

>>> doc = puzzle_sheet(choose_puzzles("pair", (1000, 1400), count=4, seed=1), lang="fr")
>>> len(doc.answers["ids"]), doc.pages[-1].section
(4, 'key')
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from crib.analysis.puzzles import THEMES, Puzzle, load_puzzles
from crib.analysis.speech import num
from crib.course.printables import pieces as P
from crib.course.printables.content import cards_text
from crib.course.printables.layout import (
    PAPERS,
    Block,
    BlockBuilder,
    Doc,
    PageBreak,
    paginate,
)
from crib.course.printables.pieces import COL_GAP, GREY, LIGHT
from crib.course.printables.texts import LANGS, S
from crib.errors import CribError
from crib.i18n import N_, tr
from crib.rules.cards import parse_cards
from crib.rules.words import opponent_holds

__all__ = [
    "KIND",
    "COUNT",
    "parse_band",
    "choose_puzzles",
    "puzzles_by_id",
    "puzzle_sheet",
    "build_puzzles",
    "sheet_filename",
    "puzzle_words",
]

KIND = "puzzles"
COUNT = 8  # puzzles on a sheet, unless asked otherwise

TITLE = N_("Puzzle sheet")
INTRO = N_("Find the best move and write it in the box; the answers are on the last pages.")
YOU_DEAL = N_("You {mine}, opponent {theirs} · you deal")
THEY_DEAL = N_("You {mine}, opponent {theirs} · they deal")
THROW_Q = N_("Which two do you throw?")
PLAY_Q = N_("Which card do you play?")
THROW_A = N_("Throw {cards}")
PLAY_A = N_("Play {card}")
BETTER = N_("Better than the next best ({runner}) by {m} {unit}.")
ALSO = N_("Also right: {moves}.")
ANY_THEME = N_("all themes")


def puzzle_words(p: Puzzle, lang: str) -> str:
    """The puzzle's answer in words, in ``lang``, as the puzzle carries them: its plain
    words for a learner where the puzzles have them (a ``plain`` field, being added
    beside ``words``), else the coach's sentence (``words``)."""
    plain: dict[str, str] = getattr(p, "plain", None) or {}
    return plain.get(lang) or p.words.get(lang) or p.words.get("en", "")


# --- choosing the puzzles -------------------------------------------------------------


def parse_band(text: str | None) -> tuple[float, float] | None:
    """A rating band as typed, ``"1000-1400"`` (both ends included); None or "" is any.

    >>> parse_band("1000-1400"), parse_band(None)
    ((1000.0, 1400.0), None)
    """
    if not text:
        return None
    lo, sep, hi = text.replace("–", "-").partition("-")
    try:
        band = (float(lo), float(hi))
    except ValueError:
        band = None
    if not sep or band is None or band[0] > band[1]:
        raise CribError(f"bad rating band {text!r}: write two ratings, low-high, e.g. 1000-1400")
    return band


def _check_theme(theme: str | None) -> None:
    if theme and theme not in THEMES:
        raise CribError(
            f"unknown puzzle theme {theme!r}: expected one of {', '.join(sorted(THEMES))}"
        )


def choose_puzzles(
    theme: str | None = None,
    band: tuple[float, float] | None = None,
    *,
    count: int = COUNT,
    seed: int = 7,
    puzzles: Sequence[Puzzle] | None = None,
) -> list[Puzzle]:
    """``count`` puzzles of ``theme`` (None: any) rated within ``band`` (None: any),
    drawn by ``seed`` (the same seed, the same sheet), easiest first; a
    :class:`~crib.errors.CribError` when fewer puzzles fit."""
    _check_theme(theme)
    if count < 1:
        raise CribError(f"a puzzle sheet needs at least 1 puzzle, not {count}")
    pool = load_puzzles() if puzzles is None else puzzles
    fit = sorted(
        (
            p
            for p in pool
            if (not theme or theme in p.themes) and (band is None or band[0] <= p.rating <= band[1])
        ),
        key=lambda p: p.id,
    )
    if len(fit) < count:
        what = f"theme {theme!r}" if theme else "any theme"
        rated = f"rated {band[0]:g} to {band[1]:g}" if band else "of any rating"
        raise CribError(
            f"only {len(fit)} puzzles of {what} {rated}: ask for {len(fit)} or fewer, "
            "or widen the band"
            if fit
            else f"no puzzle of {what} {rated}: choose another theme or a wider band"
        )
    chosen = random.Random(seed).sample(fit, count)
    return sorted(chosen, key=lambda p: (p.rating, p.id))


def puzzles_by_id(ids: Sequence[str], puzzles: Sequence[Puzzle] | None = None) -> list[Puzzle]:
    """The puzzles of these ids, in this order (a class session's set, for paper)."""
    pool = {p.id: p for p in (load_puzzles() if puzzles is None else puzzles)}
    missing = [i for i in ids if i not in pool]
    if missing:
        raise CribError(f"unknown puzzle id(s): {', '.join(missing)}")
    if not ids:
        raise CribError("no puzzle ids given")
    return [pool[i] for i in ids]


# --- the blocks -----------------------------------------------------------------------


def _tag(p: Puzzle, lang: str) -> str:
    """The id and the rating, printed small on the puzzle and on its key."""
    return f"{p.id} · " + tr(lang)(N_("Puzzle rated {r}")).format(r=round(p.rating))


def _question(i: int, p: Puzzle, lang: str, width: float) -> Block:
    _ = tr(lang)
    s = S[lang]
    b = BlockBuilder(f"puzzle {i}", width)
    b.text(0, 0, f"{i}.", 11, bold=True)
    b.text(width, 0, _tag(p, lang), 7, color=GREY, align="right")
    seat = _(YOU_DEAL if p.dealer else THEY_DEAL)
    y = b.para(8, 3.4, seat.format(mine=p.scores[0], theirs=p.scores[1]), width - 8, 9, bold=True)
    card_w = 7.5
    if p.kind == "discard":
        held, question, box_w = p.six(), _(THROW_Q), 24.0
    else:
        peg = p.pegging()
        count = _("count {n}").format(n=peg.count)
        b.text(8, y + 0.8, f"{_('The pile')} · {count}", 8, bold=True)
        if peg.starter is not None:
            sx = width - card_w
            b.text(sx + card_w, y + 0.8, s["starter"], 7.5, italic=True, color=GREY, align="right")
        top = y + 4.4
        if peg.pile:
            P.pile_cards(b, 8, top, peg.pile, lang, 6.5)
        else:
            b.text(8, top + 2.5, _("empty"), 9, italic=True, color=GREY)
        if peg.starter is not None:
            b.card(sx, top, peg.starter, P.label(peg.starter, lang), w=card_w)
        y = max(b.bottom, top + 6.5 * 1.42)
        if peg.previous:
            before = P.colon(_("Played before"), lang) + " " + cards_text(peg.previous, lang)
            y = b.para(8, y + 0.8, before, width - 8, 8.5)
        holds = opponent_holds(peg.opp_count, peg.opp_go, lang)
        y = b.para(8, y + 0.6, holds, width - 8, 9)
        held, question, box_w = peg.hand, _(PLAY_Q), 16.0
    # the question right above the cards it asks about, the box beside them
    y = b.para(8, y + 1.0, question, width - 8, 9.5, bold=True)
    x = 8.0
    for c in held:
        b.card(x, y + 0.8, c, P.label(c, lang), w=card_w)
        x += card_w + 1.0
    b.rect(width - box_w, y + 0.8, box_w, card_w * 1.42, edge=P.INK, lw=0.9, round=1.0)
    return b.done(b.bottom + 1.0)


def _move_text(p: Puzzle, move: str, lang: str) -> str:
    return cards_text(parse_cards(move), lang)


def _margin(p: Puzzle, lang: str) -> str:
    _ = tr(lang)
    unit = _("points") if p.unit == "points" else _("points of chance to win")
    return _(BETTER).format(
        runner=_move_text(p, p.runner, lang), m=num(p.margin, ".2f", lang), unit=unit
    )


def _key(i: int, p: Puzzle, lang: str, width: float) -> Block:
    _ = tr(lang)
    b = BlockBuilder(f"answer {i}", width)
    b.text(0, 0, f"{i}.", 10, bold=True)
    b.text(width, 0.6, _tag(p, lang), 7, color=GREY, align="right")
    cards = _move_text(p, p.answer, lang)
    said = _(THROW_A).format(cards=cards) if p.kind == "discard" else _(PLAY_A).format(card=cards)
    y = b.text(8, 0, said, 10.5, bold=True)
    y = b.para(8, y + 0.2, _margin(p, lang), width - 8, 8.5)
    others = [m for m in p.accepted if m != p.answer]
    if others:
        moves = ", ".join(_move_text(p, m, lang) for m in others)
        y = b.para(8, y, _(ALSO).format(moves=moves), width - 8, 8.5)
    y = b.para(8, y + 0.4, puzzle_words(p, lang), width - 8, 8, color=GREY)
    b.rule(0, y + 1.2, width, color=LIGHT, lw=0.3)
    return b.done(y + 1.4)


# --- the document ---------------------------------------------------------------------


def puzzle_sheet(
    puzzles: Sequence[Puzzle],
    *,
    lang: str = "en",
    paper: str = "a4",
    seed: int | None = None,
    about: str = "",
) -> Doc:
    """Lay out these puzzles, then their key on pages of its own; ``about`` is the
    subtitle (the theme and band), ``seed`` is printed in the running head."""
    if lang not in LANGS:
        raise CribError(f"unknown language {lang!r}: expected en or fr")
    if paper not in PAPERS:
        raise CribError(f"unknown paper {paper!r}: expected a4 or letter")
    if not puzzles:
        raise CribError("a puzzle sheet needs at least 1 puzzle")
    _ = tr(lang)
    pp = PAPERS[paper]
    width = pp.content_width
    col = (width - COL_GAP) / 2
    title = _(TITLE)
    flow: list = [
        P.title(title, about, width, with_name=True),
        P.name_line(lang, width),
        P.intro(_(INTRO), width),
    ]
    qs = [_question(i, p, lang, col) for i, p in enumerate(puzzles, 1)]
    flow += P.rows("puzzles", qs, width)
    flow.append(PageBreak("key"))
    flow.append(P.title(f"{title} · {S[lang]['key']}", about, width, with_name=False))
    flow += [_key(i, p, lang, width) for i, p in enumerate(puzzles, 1)]
    chrome = P.chrome(title, lang, pp, seed)
    pages = paginate(flow, pp, gap=3.0, chrome=chrome)
    for tighter in (2.0, 1.2):  # tighter gaps, if that saves a page
        fewer = paginate(flow, pp, gap=tighter, chrome=chrome)
        if len(fewer) < len(pages):
            pages = fewer
            break
    answers = {
        "title": title,
        "ids": [p.id for p in puzzles],
        "puzzles": list(puzzles),
        "answers": [p.answer for p in puzzles],
    }
    return Doc(KIND, title, lang, pp, seed, pages, answers)


def _about(theme: str | None, band: tuple[float, float] | None, n: int, lang: str) -> str:
    _ = tr(lang)
    parts = [_(N_("Puzzles: {n}")).format(n=n)]
    parts.append(P.colon(_("Theme"), lang) + " " + (_(THEMES[theme]) if theme else _(ANY_THEME)))
    if band:
        parts.append(_(N_("rated {lo} to {hi}")).format(lo=f"{band[0]:g}", hi=f"{band[1]:g}"))
    return " · ".join(parts)


def build_puzzles(
    *,
    lang: str = "en",
    paper: str = "a4",
    seed: int = 7,
    theme: str | None = None,
    band: tuple[float, float] | None = None,
    count: int = COUNT,
    ids: Sequence[str] | None = None,
) -> Doc:
    """A puzzle sheet: the puzzles of ``ids`` if given, else ``count`` drawn by ``seed``
    from ``theme`` and ``band``."""
    if ids:
        chosen = puzzles_by_id(ids)
        return puzzle_sheet(
            chosen, lang=lang, paper=paper, about=_fmt(N_("Puzzles: {n}"), lang, n=len(chosen))
        )
    chosen = choose_puzzles(theme, band, count=count, seed=seed)
    about = _about(theme, band, len(chosen), lang)
    return puzzle_sheet(chosen, lang=lang, paper=paper, seed=seed, about=about)


def _fmt(msg: str, lang: str, **kw: object) -> str:
    return tr(lang)(msg).format(**kw)


def sheet_filename(
    lang: str,
    paper: str,
    *,
    seed: int | None = None,
    theme: str | None = None,
    band: tuple[float, float] | None = None,
    ids: Sequence[str] | None = None,
) -> str:
    """The file name a puzzle sheet is saved under, e.g.
    ``crib-puzzles-pair-1000-1400-fr-letter-seed1.pdf``.

    >>> sheet_filename("en", "a4", ids=["d-1", "p-2"])
    'crib-puzzles-2-set-en-a4.pdf'
    """
    if ids:
        return f"crib-{KIND}-{len(ids)}-set-{lang}-{paper}.pdf"
    parts = [KIND, (theme or "any").replace(" ", "-")]
    if band:
        parts.append(f"{band[0]:g}-{band[1]:g}")
    tail = f"-seed{seed}" if seed is not None else ""
    return f"crib-{'-'.join(parts)}-{lang}-{paper}{tail}.pdf"
