"""The teacher's guide: five 45-minute lessons, on the page and as a printable PDF.

Each lesson states its objective (:data:`crib.course.rules_bank.OBJECTIVES`), its
materials, a timed plan (warm-up, teach, practise, play, exit ticket, in minutes that
add up to 45), the common misconceptions with what to say, and the exact settings of
the student's trainer and of a class session on the teacher's page.  The settings are
data (:class:`Session`), so a test builds each session with
:func:`crib.course.questions.make_questions`.

The PDF is drawn with matplotlib's ``PdfPages`` (already in crib's stack, no browser
or extra library needed, the same file on every machine): A4 or US Letter, text wrapped
to the page, a new page whenever one is full.  ``crib print guide --lang fr --paper a4
--out DIR`` writes it (:mod:`crib.tools.print_guide`).

>>> g = guide(1)
>>> sum(p.minutes for p in g.plan)
45
>>> guide(3, "fr").plan[0].phase
'Échauffement'
"""

from __future__ import annotations

import html
import io
import textwrap
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from crib.course.lessons import LESSONS, OBJECTIVE_TEXT, TITLES, LessonHead, lesson
from crib.course.lessons.items import french_spaces, local_cards
from crib.errors import CribError
from crib.i18n import N_, check_lang, tr
from crib.rules.cards import cards_pretty, parse_card, parse_cards

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "Step",
    "Session",
    "GuideLesson",
    "guide",
    "guide_html",
    "guide_pdf",
    "guide_figures",
    "PAPERS",
    "CLASS_MINUTES",
]

CLASS_MINUTES = 45
PAPERS = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}  # inches
PHASES = (N_("Warm-up"), N_("Teach"), N_("Practise"), N_("Play"), N_("Exit ticket"))


@dataclass(frozen=True)
class Step:
    """One phase of the plan: its name, minutes and what the class does."""

    phase: str
    minutes: int
    what: str


@dataclass(frozen=True)
class Session:
    """A class session on the teacher's page: how many questions of each kind, the level,
    and the seed ("random": keep the page's fresh seed)."""

    name: str
    spec: dict[str, int]
    level: str = "typical"
    seed: str = "random"

    def describe(self, lang: str = "en") -> str:
        _ = tr(lang)
        kinds = ", ".join(
            f"{k} {n}" + (_(" at level '{level}'").format(level=self.level) if k == "count" else "")
            for k, n in self.spec.items()
        )
        return _("{name}: {kinds}, seed: {seed}").format(
            name=_(self.name), kinds=kinds, seed=_(self.seed)
        )


@dataclass(frozen=True)
class GuideLesson(LessonHead):
    materials: tuple[str, ...]
    plan: tuple[Step, ...]
    misconceptions: tuple[tuple[str, str], ...]
    trainer: tuple[str, ...]
    sessions: tuple[Session, ...]
    notes: tuple[str, ...] = ()


N_("random")  # a Session's seed, translated in describe()

_MATERIALS_COMMON = (
    N_("A projector showing the lesson page (guide.ipynb, “Lesson on the projector”)."),
    N_("One pack of cards for every two students."),
)

_DATA = {
    1: dict(
        materials=(N_("Paper and pencil, or mini whiteboards."),),
        plan=(
            (
                5,
                N_(
                    "Deal five cards face up. The class finds every set that adds to 15 (jack, queen, king count 10)."
                ),
            ),
            (
                12,
                N_(
                    "Slides 1 to {last}: card values, fifteens, pairs, three and four of a kind, then the three worked examples, revealed step by step."
                ),
            ),
            (
                10,
                N_(
                    "The 10 practice slides: students write their count, then you reveal it and read the count aloud together."
                ),
            ),
            (
                13,
                N_(
                    "In pairs, one deals four cards and a starter; both count aloud; swap. Check doubtful hands in the trainer."
                ),
            ),
            (5, N_("The exit ticket: three questions, on paper, alone.")),
        ),
        misconceptions=(
            (
                N_("“King and queen are a pair: both count 10.”"),
                N_("A pair is two cards of the same rank. K and Q make 20; they are not a pair."),
            ),
            (
                N_("“A card can only be used once.”"),
                N_(
                    "Every different set of cards that makes 15 counts: 5 + 10 and 5 + K are two fifteens."
                ),
            ),
            (N_("“The ace counts 11.”"), N_("In cribbage the ace is always 1.")),
            (
                N_("“Three of a kind is 3 points.”"),
                N_("Three of a kind holds three pairs: 6. Four of a kind holds six pairs: 12."),
            ),
        ),
        trainer=(
            N_(
                "Trainer: Practise “Counting”, Difficulty “fifteens”, Count a “hand”; then “pairs”."
            ),
        ),
        sessions=(
            Session(N_("Class session A"), {"count": 8}, "fifteens"),
            Session(N_("Class session B"), {"count": 8}, "pairs"),
        ),
    ),
    2: dict(
        materials=(N_("Lesson 1's exit tickets, marked, to hand back."),),
        plan=(
            (5, N_("Hand back the exit tickets. Count two hands from lesson 1 aloud together.")),
            (
                13,
                N_(
                    "Slides 1 to {last}: runs in any order, the ace low, double runs, flush (4 in the hand, 5 in the crib), nobs, the crib, counting aloud in order; the four worked examples."
                ),
            ),
            (10, N_("The 10 practice slides, answers on paper, then revealed.")),
            (
                12,
                N_(
                    "In pairs: deal six each, lay two away to the dealer's crib, cut a starter, count both hands and the crib aloud. No play yet."
                ),
            ),
            (5, N_("The exit ticket.")),
        ),
        misconceptions=(
            (N_("“Q-K-A is a run.”"), N_("The ace is low only: A-2-3 is a run, Q-K-A is not.")),
            (
                N_("“4-4-5-6 is one run and a pair: 5 points.”"),
                N_(
                    "Each 4 makes its own run: two runs of three (6) and the pair (2), 8 before the fifteens."
                ),
            ),
            (
                N_("“Four hearts in the crib make a flush.”"),
                N_("In the crib, only five cards of one suit (starter included) make a flush."),
            ),
            (
                N_("“Nobs counts only in the hand.”"),
                N_("A jack of the starter's suit scores 1 in the crib too."),
            ),
            (
                N_("“The crib belongs to whoever threw the better cards.”"),
                N_("The crib is always the dealer's, counted after the dealer's hand."),
            ),
        ),
        trainer=(
            N_(
                "Trainer: Practise “Counting”, Difficulty “runs”, then “flush”; switch Count a to “crib” for five hands."
            ),
        ),
        sessions=(
            Session(N_("Class session A"), {"count": 8}, "runs"),
            Session(N_("Class session B"), {"count": 8}, "flush"),
        ),
    ),
    3: dict(
        materials=(N_("A cribbage board for every two students (or the board printable)."),),
        plan=(
            (5, N_("Quick count of two hands with runs and a flush, aloud.")),
            (
                12,
                N_(
                    "Slides 1 to {last}: the play, never past 31, 15 and 31, pairs and runs in the play, go, a new count breaking a run, last card; the whole play worked out."
                ),
            ),
            (10, N_("The 10 practice slides: say the new count and the points.")),
            (
                13,
                N_(
                    "In pairs: deal four each, play them out, say every count aloud and peg the points on the board. Then count the hands."
                ),
            ),
            (5, N_("The exit ticket.")),
        ),
        misconceptions=(
            (
                N_("“I can say go to keep my cards.”"),
                N_("You must play if a card fits. Say go only when every card would pass 31."),
            ),
            (
                N_("“After a go, the next player scores the go.”"),
                N_(
                    "The go point goes to whoever played the last card before the count starts again."
                ),
            ),
            (
                N_("“A run in the play must be in order.”"),
                N_(
                    "4, 6, 5 is a run: the last three cards, in any order, with no other card between."
                ),
            ),
            (
                N_("“After 31, the cards before still make a run.”"),
                N_("31 or a go starts a new count: the cards before it no longer score."),
            ),
        ),
        trainer=(
            N_("Trainer, for students who finish early: Practise “Counting”, Difficulty “runs”."),
        ),
        sessions=(Session(N_("Class session"), {"pegpoints": 10}),),
    ),
    4: dict(
        materials=(N_("A cribbage board and a pack for every two students."),),
        plan=(
            (5, N_("Five quick what-does-it-peg questions on the projector.")),
            (
                10,
                N_(
                    "Slides 1 to {last}: cut for deal, the deal, the crib, the cut and his heels, the order of the show, 121 ends the game, muggins, skunk lines; the four worked examples."
                ),
            ),
            (8, N_("The 10 practice slides.")),
            (
                17,
                N_(
                    "In pairs, a whole game on the board, as far as time allows: the dealer says every step aloud; the other checks. Play muggins only if both agree before the game."
                ),
            ),
            (5, N_("The exit ticket.")),
        ),
        misconceptions=(
            (
                N_("“The higher card deals.”"),
                N_("The lower card deals first; the ace is the lowest."),
            ),
            (
                N_("“His heels and nobs are the same.”"),
                N_(
                    "His heels: the starter itself is a jack, 2 to the dealer at once. Nobs: a jack of the starter's suit in a hand or crib, 1 at the show."
                ),
            ),
            (
                N_("“The dealer counts first.”"),
                N_(
                    "The pone counts first, then the dealer's hand, then the crib. Near 121 this decides games."
                ),
            ),
            (
                N_("“Finish the round before deciding who won.”"),
                N_("The game ends the moment a player reaches 121, even in the play."),
            ),
        ),
        trainer=(N_("Trainer: Practise “Counting”, Difficulty “typical”."),),
        sessions=(
            Session(N_("Class session"), {"count": 4, "pegpoints": 3, "rules": 8}, "typical"),
        ),
    ),
    5: dict(
        materials=(
            N_("A tournament chart on the board: tables numbered 1 to N."),
            N_("A board and a pack per table."),
        ),
        plan=(
            (5, N_("Explain the tournament: games to 61, winners move up a table, losers down.")),
            (
                8,
                N_(
                    "Slides 1 to {last}: the tournament, the discard, your crib or theirs, fives and pairs; the three worked discards."
                ),
            ),
            (7, N_("The practice slides: four discards, three tricky hands, three rules.")),
            (
                20,
                N_(
                    "The tournament: two rounds of games to 61. Each player counts aloud; the opponent checks."
                ),
            ),
            (5, N_("The exit ticket, then the class's results.")),
        ),
        misconceptions=(
            (
                N_("“Always keep the highest cards.”"),
                N_("Keep the cards that score together: fifteens, pairs and runs."),
            ),
            (
                N_("“Throw fives to the crib.”"),
                N_(
                    "Only to your own crib. Throwing fives to your opponent's crib gives them points."
                ),
            ),
            (
                N_("“Skunks count in a 61-point game the same way.”"),
                N_("Skunk lines belong to the 121-point game; in this tournament a win is a win."),
            ),
        ),
        trainer=(N_("Trainer: Practise “Discard quiz”."),),
        sessions=(Session(N_("Class session"), {"count": 4, "discard": 5}, "tricky"),),
        notes=(N_("Afterwards: the post-test preset, to compare with the pre-test."),),
    ),
}


def guide(n: int, lang: str = "en") -> GuideLesson:
    """Lesson ``n``'s page of the teacher's guide, in ``lang``."""
    if n not in _DATA:
        raise CribError(f"no lesson {n!r}: the lessons are 1 to 5")
    _ = tr(check_lang(lang))
    d = _DATA[n]
    slides = lesson(n, lang).slides
    last = next(i for i, s in enumerate(slides) if s.kind == "practice")
    plan = tuple(
        Step(_(PHASES[i]), m, _(what).format(last=last)) for i, (m, what) in enumerate(d["plan"])
    )
    oid = f"L{n}"
    return GuideLesson(
        n,
        _(TITLES[n]),
        oid,
        _(OBJECTIVE_TEXT[oid]),
        tuple(_(x) for x in (*_MATERIALS_COMMON, *d["materials"])),
        plan,
        tuple((_(a), _(b)) for a, b in d["misconceptions"]),
        tuple(_(x) for x in d["trainer"]),
        d["sessions"],
        tuple(_(x) for x in d.get("notes", ())),
    )


_HEAD = (
    N_("Objective"),
    N_("Materials"),
    N_("Plan (45 minutes)"),
    N_("Common misconceptions"),
    N_("Settings"),
    N_("What to say"),
    N_("Teacher's guide"),
    N_("Five lessons of 45 minutes"),
    N_("Answers"),
    N_("throw {t}"),
)


_INTRO = (
    N_(
        "Each lesson has slides for the projector: open the guide page, tab “Lesson on the projector”, or the lesson's notebook in notebooks/lessons/. “Next” (or the right arrow, or a clicker) reveals one step at a time."
    ),
    N_(
        "Every worked example and every answer is computed by crib. The practice items and exit tickets are fixed: the same in every class, listed here with their answers."
    ),
    N_("Students open the trainer, type the class code and a nickname."),
)


def _answers(les: Any, lang: str) -> list[str]:
    """One line per practice item and exit-ticket question: the question and its answer."""
    _ = tr(lang)
    out = []
    for label, items in ((_("Practice"), les.practice), (_("Exit ticket"), les.exit_ticket)):
        for i, it in enumerate(items, 1):
            q = it.question
            if q["kind"] == "count":
                what = (
                    (_("crib") if q["crib"] else _("hand"))
                    + " "
                    + cards_pretty(parse_cards(q["hand"]))
                    + " | "
                    + parse_card(q["starter"]).pretty
                )
                ans = f"{it.answer} ({it.explain})"
            elif q["kind"] == "pegpoints":
                what = cards_pretty(parse_cards(q["pile"])) + " + " + parse_card(q["card"]).pretty
                ans = f"{it.answer} ({it.explain})"
            elif q["kind"] == "rules":
                what = q["text"]
                ans = q["best"]
            else:
                what = (
                    cards_pretty(parse_cards(q["six"]))
                    + " · "
                    + (_("You deal.") if q["dealer"] else _("Your opponent deals."))
                )
                ans = _("throw {t}").format(t=cards_pretty(parse_cards(q["best"])))
            out.append(local_cards(f"{label} {i}. {what} → {ans}", lang))
    return out


def _sections(g: GuideLesson, lang: str) -> list[tuple[str, list[str]]]:
    """The guide's lesson as (heading, lines), shared by the page and the PDF."""
    _ = tr(lang)
    plan = [
        f"{s.minutes} min · " + _("{phase}: {what}").format(phase=s.phase, what=s.what)
        for s in g.plan
    ]
    mis = [f"{a} → {b}" for a, b in g.misconceptions]
    settings = [*g.trainer, *(s.describe(lang) for s in g.sessions)]
    out = [
        (_("Objective"), [g.objective]),
        (_("Materials"), list(g.materials)),
        (_("Plan (45 minutes)"), plan),
        (_("Common misconceptions"), mis),
        (_("Settings"), settings + list(g.notes)),
        (_("Answers"), _answers(lesson(g.number, lang), lang)),
    ]
    return [(head, [french_spaces(x, lang) for x in lines]) for head, lines in out]


def guide_html(lang: str = "en") -> str:
    """The whole guide as HTML for the page."""
    _ = tr(check_lang(lang))
    esc = html.escape
    out = [
        f'<div class="crib-guide-text" lang="{lang}">',
        f"<p>{esc(_('Students open the trainer, type the class code and a nickname.'))}</p>",
    ]
    for n in LESSONS:
        g = guide(n, lang)
        les = lesson(n, lang)
        out.append(f"<details{' open' if n == 1 else ''}><summary><b>{esc(g.title)}</b></summary>")
        for head, lines in _sections(g, lang):
            out.append(f"<h4>{esc(head)}</h4>")
            if head == _("Common misconceptions"):
                out.append("<table class='crib-guide-says'>")
                for a, b in g.misconceptions:
                    out.append(
                        f"<tr><td>{esc(a)}</td><td>{esc(_('What to say'))}: {esc(b)}</td></tr>"
                    )
                out.append("</table>")
            else:
                out.append("<ul>" + "".join(f"<li>{esc(x)}</li>" for x in lines) + "</ul>")
        out.append(
            f"<p class='crib-guide-counts'>{len(les.slides)} slides · {len(les.examples)} "
            f"{esc(_('worked examples'))} · {len(les.practice)} {esc(_('practice items'))}</p>"
        )
        out.append("</details>")
    out.append("</div>")
    return "".join(out)


N_("worked examples")
N_("practice items")


def guide_pdf(lang: str = "en", paper: str = "a4") -> bytes:
    """The guide as a PDF on A4 or US Letter paper (matplotlib ``PdfPages``)."""
    from matplotlib.backends.backend_pdf import PdfPages

    buf = io.BytesIO()
    with PdfPages(buf, metadata={"Creator": "crib", "CreationDate": None}) as pdf:
        for fig in guide_figures(lang, paper):
            pdf.savefig(fig)
    return buf.getvalue()


def guide_figures(lang: str = "en", paper: str = "a4") -> list[Figure]:
    """The guide's pages as matplotlib figures of the paper's size (PDF or PNG)."""
    from matplotlib.figure import Figure

    _ = tr(check_lang(lang))
    if paper not in PAPERS:
        raise CribError(f"unknown paper {paper!r}: expected one of {', '.join(PAPERS)}")
    wd, ht = PAPERS[paper]
    margin = 0.75  # inches
    width_pt, height_pt = wd * 72, ht * 72
    usable = (wd - 2 * margin) * 72
    lines: list[tuple[str, float, str, float]] = []  # (text, size, weight, indent in pt)

    def add(
        text: str, size: float, weight: str = "normal", indent: float = 0.0, hang: float = 0.0
    ) -> None:
        chars = max(20, int((usable - indent - hang) / (size * 0.53)))
        wrapped = textwrap.wrap(text, chars) or [""]
        for i, ln in enumerate(wrapped):
            lines.append((ln, size, weight, indent + (hang if i else 0.0)))

    add(_("Teacher's guide"), 20, "bold")
    add(_("Five lessons of 45 minutes"), 12)
    lines.append(("", 8, "normal", 0))
    for n in LESSONS:
        add(f"{_(TITLES[n])}: {_(OBJECTIVE_TEXT[f'L{n}'])}", 11, indent=6, hang=9)
    lines.append(("", 8, "normal", 0))
    for x in _INTRO:
        add(_(x), 10)
        lines.append(("", 4, "normal", 0))
    for n in LESSONS:
        g = guide(n, lang)
        lines.append(("\f", 0, "", 0))  # each lesson starts a page
        add(g.title, 16, "bold")
        for head, items in _sections(g, lang):
            lines.append(("", 5, "normal", 0))
            add(head, 12, "bold")
            for it in items:
                add("• " + it, 10, indent=6, hang=9)
    pages: list[Figure] = []
    footer = _("Teacher's guide")
    fig: Figure | None = None
    y = 0.0

    def new_page() -> tuple[Figure, float]:
        f = Figure(figsize=(wd, ht))
        f.text(
            0.5,
            margin / 2 / ht,
            f"crib · {footer} · {len(pages) + 1}",
            ha="center",
            va="center",
            fontsize=8,
            color="#555",
        )
        pages.append(f)
        return f, margin * 72

    for text, size, weight, indent in lines:
        if text == "\f":
            fig = None  # a new page
            continue
        if fig is None:
            fig, y = new_page()
        step = size * 1.4
        keep = 3.5 * step if size >= 12 else step  # a heading keeps two lines under it
        if y + keep > height_pt - margin * 72:
            fig, y = new_page()
        y += step
        if text:
            fig.text(
                (margin * 72 + indent) / width_pt,
                1 - y / height_pt,
                text,
                fontsize=size,
                weight=weight,
                va="baseline",
                ha="left",
            )
    return pages
