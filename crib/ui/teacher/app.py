"""The teacher's page: create a session, show its join code, follow the class live.

The live view polls the classroom record every ``refresh_seconds`` (an asyncio
task on the kernel's own event loop) and redraws only when the number of answers
or students changed.  Everything it shows comes from one session's answers.
"""

from __future__ import annotations

import asyncio
import html

import ipywidgets as w

from crib.analysis.speech import pct
from crib.classroom.results import (
    answers_frame,
    choice_counts,
    choice_figure,
    question_stats,
    student_stats,
)
from crib.course.questions import KIND_NAMES, Question, describe_question
from crib.i18n import N_, check_lang, tr
from crib.session.model import fresh_seed
from crib.store.classroom import Session, Store
from crib.ui.kit.cardview import local_html
from crib.ui.kit.common import info_html, keep_polling, on_clicks
from crib.ui.kit.controls import entry, sized
from crib.ui.kit.quiz_html import csv_link_html, reveal_html
from crib.ui.kit.quiz_words import miss_words
from crib.ui.kit.say import friendly_in
from crib.ui.kit.widgets import FigureImage
from crib.ui.teacher.classes import ClassPicker
from crib.ui.teacher.form import add_question_widgets, session_questions
from crib.ui.teacher.games import GamesPanel
from crib.ui.teacher.join import join_html
from crib.ui.teacher.mastery import mastery_view_html
from crib.ui.teacher.printables import PrintablesPanel
from crib.ui.teacher.projector import ProjectorBar
from crib.ui.teacher.puzzle_set import PuzzleSetPanel
from crib.ui.teacher.tournament import TournamentPanel
from crib.ui.teacher.views import frame_html, heatmap_html, projector_html

__all__ = ["TeacherApp", "frame_html"]

_HEADS = (
    N_("Questions, the hardest first"),
    N_("Students"),
    N_("Each student's answers (the right one in brackets)"),
    N_("Mastery per lesson objective"),
)


class TeacherApp(w.VBox):
    """Create a class session (name, seed, questions) or reopen one by its code, then
    watch the answers arrive: per question, per student, the choices against the
    best, a reveal for the class, and a CSV export; in ``lang``."""

    def __init__(
        self, *, store: Store | None = None, refresh_seconds: float = 2.0, lang: str = "en"
    ) -> None:
        self.lang = check_lang(lang)
        _ = tr(lang)
        self._store = store
        self.session: Session | None = None
        self.refresh_seconds = refresh_seconds
        self._seen: tuple[int, int] | None = None
        self._task: asyncio.Task | None = None
        self.refreshes = 0

        self.session_name = sized(
            w.Text, _("Session"), "crib-session-name", "20em", value=_("Class 1")
        )
        # a random default: a class's first question is not practice deal 1
        self.seed = sized(w.IntText, _("Seed"), "crib-session-seed", "12em", value=fresh_seed())
        self.time_limit = sized(
            w.BoundedIntText, _("Minutes"), "crib-time-limit", "11em", value=0, min=0, max=240
        )
        self.time_limit.tooltip = _("time limit from each student's join; 0: none")
        # how many of each kind and the counting level, or the pre-test or post-test (form.py)
        questions_box = add_question_widgets(self)
        self.create_button = w.Button(
            _dom_classes=("crib-create",), description=_("Create session"), button_style="primary"
        )
        self.open_code = entry(_("or reopen"), "crib-open-code", "16em", _("join code"), wide=True)
        self.open_button = w.Button(_dom_classes=("crib-open",), description=_("Open"))
        # printables for the class, the worksheets drawn from the Seed box
        self.printables = PrintablesPanel(lambda: int(self.seed.value), lang)
        self.status = w.HTML(_dom_classes=("crib-status",))
        self.code_banner = w.HTML(_dom_classes=("crib-code-box",))

        self.summary = w.HTML(_dom_classes=("crib-summary",))
        self.question_table = w.HTML(_dom_classes=("crib-question-table",))
        self.student_table = w.HTML(_dom_classes=("crib-student-table",))
        self.question_pick = sized(
            w.Dropdown, _("Question"), "crib-question-pick", "26em", options=[]
        )
        # hidden until it holds a chart (an empty Image is a broken image)
        self.chart = FigureImage(lang, layout=w.Layout(width="560px", display="none"))
        self.chart.add_class("crib-choice-chart")
        self.choices = w.HTML(_dom_classes=("crib-choices",))
        self.reveal_button = w.Button(
            _dom_classes=("crib-reveal-button",), description=_("Reveal the answer"), icon="eye"
        )
        self.reveal_panel = w.HTML(_dom_classes=("crib-reveal",))
        self.refresh_button = w.Button(
            _dom_classes=("crib-refresh",), description=_("Refresh"), icon="refresh"
        )
        self.csv = w.HTML(_dom_classes=("crib-teacher-csv",))
        self.heatmap = w.HTML(_dom_classes=("crib-heatmap-box",))
        self.mastery = w.HTML(
            _dom_classes=("crib-mastery-box",)
        )  # per lesson objective (mastery.py)
        self.projector = w.ToggleButton(
            _dom_classes=("crib-projector-toggle",),
            description=_("Projector mode"),
            icon="television",
            value=False,
            tooltip=_("large cards, no names: for the class screen"),
        )
        self.projector_panel = w.HTML(
            _dom_classes=("crib-projector-panel",), layout=w.Layout(display="none")
        )
        self.projector.observe(lambda _c: self.toggle_projector(), "value")
        self.projector_bar = ProjectorBar(self)  # Previous, Next and a timer (projector.py)

        on_clicks(
            (self.create_button, self.create),
            (self.open_button, self.open_session),
            (self.refresh_button, self.refresh),
            (self.reveal_button, self.reveal),
        )
        self.question_pick.observe(lambda _c: self.show_question(), "value")

        self.classes = ClassPicker(self)  # the session's class and its roster (classes.py)
        setup = w.VBox(
            [
                self.classes,
                w.HBox(
                    [self.session_name, self.seed, self.time_limit],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                questions_box,
                w.HBox([self.create_button]),
                w.HBox([self.open_code, self.open_button]),
                self.printables,
            ],
            layout=w.Layout(border="1px solid var(--crib-line-2)", padding="6px"),
        )
        heads = [w.HTML(f"<h4>{html.escape(_(h))}</h4>") for h in _HEADS]
        one = w.HTML("<h4>{}</h4>".format(html.escape(_("One question"))))
        # hidden in projector mode (with the setup form)
        self._tables = [
            *heads,
            one,
            self.question_table,
            self.student_table,
            self.heatmap,
            self.mastery,
            self.summary,
            self.refresh_button,
            self.csv,
            self.status,
            self.classes.session_box,  # names: not on the projector
        ]
        self.live = w.VBox(
            [
                w.HBox([self.summary, self.refresh_button, self.csv, self.projector]),
                self.classes.session_box,
                heads[0],
                self.question_table,
                one,
                w.HBox([self.question_pick, self.reveal_button]),
                w.HBox([self.chart.with_text(), self.choices]),
                self.reveal_panel,
                heads[1],
                self.student_table,
                heads[2],
                self.heatmap,
                heads[3],
                self.mastery,
            ],
            layout=w.Layout(display="none"),
        )
        self.setup = setup
        super().__init__(
            [
                setup,
                self.status,
                self.code_banner,
                self.projector_bar,
                self.projector_panel,
                self.live,
                TournamentPanel(
                    self, lang=lang
                ),  # pair the class, a class tournament (crib.ui.teacher.tournament)
                GamesPanel(self, lang=lang),  # its finished classmate games' reviews (games.py)
                PuzzleSetPanel(self, lang=lang),  # a puzzle set for the class (puzzle_set.py)
            ]
        )
        self.add_class("crib-teacher")

    @property
    def store(self) -> Store:
        if self._store is None:
            self._store = Store()
        return self._store

    # -- sessions ---------------------------------------------------------------

    @friendly_in()
    def create(self) -> None:
        """Generate the question set from the seed (or take the pre-test or post-test) and
        store a new session."""
        _ = tr(self.lang)
        self.status.value = info_html(
            _("Preparing the questions (each checked for a clear best answer)...")
        )
        qs, seed = session_questions(self)
        s = self.store.create_session(
            self.session_name.value,
            seed=seed,
            questions=qs,
            time_limit=60.0 * int(self.time_limit.value),
            class_id=self.classes.class_id,
        )
        self._use(s)
        self.status.value = info_html(
            _("Session “{name}” created with {n} questions.").format(name=s.name, n=len(qs))
        )

    @friendly_in()
    def open_session(self) -> None:
        """Reopen a session by its join code."""
        s = self.store.session(self.open_code.value)
        self._use(s)
        self.status.value = info_html(
            tr(self.lang)(N_("Opened session “{name}” ({n} questions).")).format(
                name=s.name, n=len(s.questions)
            )
        )

    def _use(self, s: Session) -> None:
        self.session, _ = s, tr(self.lang)
        self.code_banner.value = join_html(  # with the link's QR code in a class (join.py)
            s.code,
            _("{name} · seed {seed} · {n} questions").format(
                name=html.escape(s.name), seed=s.seed, n=len(s.questions)
            ),
            lang=self.lang,
        )
        self.question_pick.options = [
            (f"{i + 1}. {_(KIND_NAMES[q.kind])}", i) for i, q in enumerate(s.questions)
        ]
        if s.questions and self.question_pick.value is None:  # new options pick nothing:
            self.question_pick.value = 0  # the first question (and its chart) at once
        self.live.layout.display = ""
        self._seen = None
        self.refresh()
        self.start_polling()

    # -- live view ------------------------------------------------------------

    def start_polling(self) -> bool:
        """Poll for new answers on the kernel's event loop (False outside a running loop)."""
        self._task = keep_polling(self._task, self.poll_once, lambda: self.refresh_seconds)
        return self._task is not None

    def poll_once(self) -> bool:
        """Redraw if answers or students changed since the last draw; True if it did."""
        if self.session is None:
            return False
        code = self.session.code
        seen = (self.store.count_answers(code), len(self.store.students(code)))
        if seen == self._seen:
            return False
        self.refresh()
        return True

    @friendly_in()
    def refresh(self) -> None:
        s = self.session
        if s is None:
            return
        answers = self.store.answers(s.code)
        students = [x.name for x in self.store.students(s.code)]
        revealed = self.store.revealed(s.code)
        self._seen = (len(answers), len(students))
        self.refreshes += 1
        self.answers = answers
        n_right = sum(a.correct for a in answers)
        acc = pct(n_right / len(answers), lang=self.lang) if answers else "–"
        _ = tr(self.lang)
        said = _("{students} students · {answers} answers · accuracy {acc}").format(
            students=f'<b class="crib-n-students">{len(students)}</b>',
            answers=f'<b class="crib-n-answers">{len(answers)}</b>',
            acc=acc,
        )
        self.summary.value = f'<div class="crib-live-counts">{said}</div>'
        qdf = question_stats(s.questions, answers, revealed)
        self.question_df = qdf
        shown = qdf.assign(
            kind=[_(k) for k in qdf["kind"]],  # in the page's language
            deal=[describe_question(s.questions[n - 1], self.lang) for n in qdf["question"]],
        )
        self.question_table.value = frame_html(
            shown[
                [
                    "question",
                    "kind",
                    "deal",
                    "answered",
                    "accuracy",
                    "avg_lost",
                    "top_wrong",
                    "revealed",
                ]
            ],
            "crib-questions",
            {"avg_lost": "points lost (avg)", "top_wrong": "most common wrong answer"},
            self.lang,
        )
        self.question_table.value = local_html(self.question_table.value, self.lang)  # R, D, V
        sdf = student_stats(students, answers, len(s.questions))
        self.student_df = sdf
        self.student_table.value = frame_html(
            sdf.assign(top_mistake=[miss_words(str(m), self.lang) for m in sdf["top_mistake"]])
            if "top_mistake" in sdf and len(sdf)
            else sdf,
            "crib-students",
            {
                "avg_lost": "points lost (avg)",
                "median_s": "median time (s)",
                "top_mistake": "top mistake",
            },
            self.lang,
        )
        self.heatmap.value = local_html(
            heatmap_html(s.questions, students, answers, self.lang), self.lang
        )
        self.mastery_df, self.mastery.value = mastery_view_html(
            s.questions, answers, students, s.code, self.lang
        )
        self.classes.show_session()  # who of the session's class joined, who has not
        from crib.course.questions.progress import to_csv

        self.csv.value = csv_link_html(
            to_csv(answers_frame(s.questions, answers)),
            f"crib-session-{s.code}.csv",
            N_("Export CSV"),
            self.lang,
        )
        self.show_question()

    @friendly_in()
    def show_question(self) -> None:
        s = self.session
        i = self.question_pick.value
        if s is None or i is None:
            return
        q = s.questions[i]
        mine = [a for a in getattr(self, "answers", []) if a.question == i]
        fig = choice_figure(q, mine, lang=self.lang)
        self.chart.show(fig, lang=self.lang)  # with its text alternative and its summary beside it
        if self.projector.value:
            self.chart.hide()
        counts = choice_counts(q, mine)
        n = len(mine)
        right = sum(k for _a, k, b in counts if b)
        said = tr(self.lang)(N_("Question {i}: {n} answered, {right} right")).format(
            i=i + 1, n=f"<b>{n}</b>", right=f"<b>{right}</b>"
        )
        self.choices.value = (
            f'<div class="crib-q-counts">{said}'
            + (f" ({pct(right / n, lang=self.lang)})" if n else "")
            + "</div>"
        )
        revealed = i in self.store.revealed(s.code)
        self.reveal_panel.value = local_html(self._reveal_html(q, i), self.lang) if revealed else ""
        self.reveal_button.disabled = revealed
        if self.projector.value:
            self.projector_panel.value = local_html(
                projector_html(q, i, len(s.questions), mine, revealed, self.lang), self.lang
            )

    @friendly_in()
    def toggle_projector(self) -> None:
        """Projector mode: the picked question large, no names, the class's answers once
        revealed; the setup and the tables are hidden until it is switched off."""
        on = bool(self.projector.value)
        self.setup.layout.display = "none" if on else ""
        for x in (*self._tables, self.chart.with_text(), self.choices, self.reveal_panel):
            x.layout.display = "none" if on else ""
        self.projector_panel.layout.display = "" if on else "none"
        (self.add_class if on else self.remove_class)("crib-projecting")  # hides the nav bar
        self.show_question()

    def _reveal_html(self, q: Question, i: int) -> str:
        """The answer for the projector: the deal in large cards, then the answer."""
        return reveal_html(q, i, lang=self.lang)

    @friendly_in()
    def reveal(self) -> None:
        """Reveal the chosen question's answer to the class (recorded in the session)."""
        s, i = self.session, self.question_pick.value
        if s is None or i is None:
            return
        self.store.reveal(s.code, i)
        self.refresh()
