"""The student's page: counting trainer, discard and pegging quizzes, my progress.

On its own the page is a practice trainer (seeded, nothing stored).  Joining a
class session with the teacher's code and a name switches it to the session's
questions, in the session's order; every answer is stored in the classroom
record (:mod:`crib.store.classroom`), and "My progress" reads it back.
"""

from __future__ import annotations

import html
import time
import uuid
from functools import cached_property
from typing import Any

import ipywidgets as w

from crib.course import questions as quiz
from crib.i18n import N_, check_lang, tr
from crib.rules.cards import Card
from crib.store.classroom import Session, Store, Student
from crib.ui.kit.cardview import local_html
from crib.ui.kit.common import info_html
from crib.ui.kit.keys import KeyListener
from crib.ui.kit.quiz_html import question_html
from crib.ui.kit.say import friendly_in
from crib.ui.trainer.kinds import NewKinds, read_whole
from crib.ui.trainer.kinds_render import localize
from crib.ui.trainer.mistakes import MistakesMode
from crib.ui.trainer.parts import add_side_widgets, join_session
from crib.ui.trainer.progress import ClassReveals, TrainerProgress
from crib.ui.trainer.render import _card_button, _card_toggle, head_row, plain_switch, result_html
from crib.ui.trainer.sets import Practice, set_summary_html
from crib.ui.trainer.teach import TeachMode

__all__ = ["TrainerApp"]


class TrainerApp(TrainerProgress, ClassReveals, TeachMode, NewKinds, MistakesMode, w.VBox):
    """Counting trainer, what a card pegs, rules, discard and pegging quizzes, and my
    progress, in one page.

    ``store`` is opened on the first join (``CRIB_DB`` or the default path) unless
    one is given.  ``seed`` seeds practice deals: by default a fresh random one per visit
    (a fixed seed only when chosen, in the box or here).  ``lang``: the page's language.
    """

    lang = "en"

    def __init__(
        self,
        *,
        store: Store | None = None,
        seed: int | None = None,
        plain: bool = True,
        lang: str = "en",
    ) -> None:
        self.lang = check_lang(lang)
        _ = tr(lang)
        if store is not None:  # else opened on first use (the store property)
            self.store = store
        self.student: Student | None = None
        self.session: Session | None = None
        self.session_code: str | None = None
        self.questions: list[quiz.Question] = []
        self.no = 0  # index of the current question
        self.practice_index = 0
        self.answers: list[Any] = []  # practice answers (in memory)
        self.set_answers: list[Any] = []  # the practice answers of the current set
        self.streak = 0
        self.current: quiz.Question | None = None
        self.result: quiz.Result | None = None
        self._shown_at = time.monotonic()
        self._picked: list[Card] = []  # the cards picked to throw (Cards: no text to parse again)

        join_box = add_side_widgets(self, seed)  # join a class, practice settings, progress

        # the question
        self.header = w.HTML(_dom_classes=("crib-header",))
        self.prompt = w.HTML(_dom_classes=("crib-prompt",))
        self.count_box = w.Text(
            _dom_classes=("crib-count-input",),
            description=_("Count"),
            placeholder=_("type the total"),
            layout=w.Layout(width="16em"),
        )
        self.check_button = w.Button(
            _dom_classes=("crib-check",), description=_("Check"), button_style="primary"
        )
        self.check_button.on_click(lambda _b: self.answer_count())
        self.count_box.add_class("crib-submit-on-enter")  # Enter checks the count
        self.count_row = w.HBox([self.count_box, self.check_button])
        # page keys: Enter in the count box; the page's first drawing starts the clock
        self.key_listener = KeyListener([], label="")
        self.key_listener.on_key(lambda k: self._submit() if k == "submit" else None)
        self.key_listener.on_shown(self._page_shown)
        self._build_teach()
        self._build_kinds()
        self._build_mistakes()  # "My mistakes" (issue #39, point 6)
        self.throw_button = w.Button(
            _dom_classes=("crib-throw",),
            description=_("Throw these two"),
            button_style="primary",
            disabled=True,
        )
        self.throw_button.on_click(lambda _b: self.answer_throw())
        self.card_row = w.HBox(_dom_classes=("crib-card-row",))
        self.answer_box = w.VBox([self.count_row], _dom_classes=("crib-answer-box",))
        self.status = w.HTML(_dom_classes=("crib-status",))
        self.feedback = w.HTML(_dom_classes=("crib-feedback",))
        self.reveal_box = w.HTML(_dom_classes=("crib-class-reveal",))
        self.summary = w.HTML(_dom_classes=("crib-set-summary",))  # at the end of a set
        self.next_button = w.Button(
            _dom_classes=("crib-next",), description=_("Next deal"), icon="arrow-right"
        )
        self.next_button.on_click(lambda _b: self.next_question())
        self.stats = w.HTML(_dom_classes=("crib-stats",))
        self.plain_box = plain_switch(
            plain, lambda: self._redraw_feedback(), lang
        )  # plain words first
        self.clock = w.HTML(_dom_classes=("crib-clock",), layout=w.Layout(margin="0 0 0 16px"))

        my_progress = _("My progress")
        super().__init__(
            [
                self.key_listener,
                join_box,
                self.class_mistakes_row,  # in a class: its learner's "My mistakes"
                self.practice_box,
                head_row(self.header, self.clock, self.plain_box),
                self.prompt,
                self.teach_toggle,
                self.answer_box,
                self.mistakes_box,
                self.status,
                self.feedback,
                self.reveal_box,
                self.summary,
                self.next_button,
                self.stats,
                w.HTML(f"<hr><b>{my_progress}</b>"),
                w.HBox([self.progress_button, self.progress_csv]),
                self.progress_note,
                self.progress_image.with_text(),
            ]
        )
        self.add_class("crib-trainer")
        self.new_practice()

    # -- the store ------------------------------------------------------------

    @cached_property
    def store(self) -> Store:
        """The classroom record, opened on first use (unless one was given)."""
        return Store()

    # -- questions --------------------------------------------------------------

    def _practice_question(self) -> quiz.Question:
        i, s = self.practice_index, int(self.seed.value)
        if self.kind.value == "count":
            return quiz.counting_question(s, i, level=self.level.value, crib=self.seat.value)
        if self.kind.value == "rules":
            return quiz.rules_question(s, i, lang=self.lang)
        make = {
            "pegpoints": quiz.pegpoints_question,
            "rules": quiz.rules_question,
            "discard": quiz.discard_question,
            "peg": quiz.peg_question,
        }[self.kind.value]
        return make(s, i)

    @friendly_in()
    def new_practice(self) -> None:
        """Restart practice with the current settings (seed, kind, difficulty)."""
        if self.student is not None or self.show_mistakes():
            return
        self.practice_index = 0
        self.set_answers = []
        self.seat.layout.display = "" if self.kind.value == "count" else "none"
        self.level.layout.display = "" if self.kind.value == "count" else "none"
        self._show(self._practice_question(), focus=False)  # the focus stays on the setting

    def _set_done(self) -> bool:
        """The practice set is complete (its size reached; never with no end, nor in a class)."""
        size = int(self.set_size.value or 0)
        return self.student is None and size > 0 and len(self.set_answers) >= size

    def _show(self, q: quiz.Question, *, focus: bool = True) -> None:
        """Show question ``q``; with ``focus``, the keyboard focus goes to its answer (the
        count box, the first card to pick or play, or the first line-by-line card)."""
        q = localize(q, self.lang)  # a class question in the page's language
        _ = tr(self.lang)
        self.current, self.result = q, None
        self._shown_at = time.monotonic()
        self.prompt.value = local_html(question_html(q, lang=self.lang), self.lang)
        self.feedback.value = ""
        self.status.value = ""
        self._picked = []
        self._teach_reset()
        self.teach_toggle.layout.display = "" if q.kind == "count" else "none"
        if isinstance(q, quiz.CountQuestion):
            self.count_box.value = ""
            self.count_box.disabled = self.check_button.disabled = False
            self.answer_box.children = (self.count_row,)
            self._teach_layout()
        elif isinstance(q, quiz.PegPointsQuestion | quiz.RulesQuestion):
            self._show_kind(q)
        elif isinstance(q, quiz.DiscardQuestion):
            toggles = []
            for c in q.six:
                t = _card_toggle(c, self.lang)
                t.observe(self._on_pick(c), "value")
                toggles.append(t)
            self.card_row.children = toggles
            self.throw_button.disabled = True
            self.answer_box.children = (self.card_row, self.throw_button)
        else:
            pos = q.position  # type: ignore[attr-defined]  # a pegging question
            buttons = []
            for c in pos.hand:
                b = _card_button(c, self.lang)
                b.disabled = c not in pos.legal()
                if b.disabled:
                    b.tooltip = _("{card}: would pass 31").format(card=b.tooltip)
                b.on_click(lambda _b, c=c: self.answer_play(c))
                buttons.append(b)
            self.card_row.children = buttons
            self.answer_box.children = (self.card_row,)
        if self.student is None:
            size, no = int(self.set_size.value or 0), len(self.set_answers) + 1
            deal = (_("Practice deal {no} of {size}") if size else _("Practice deal {no}")).format(
                no=no, size=size
            )
            self.header.value = info_html(
                _("{deal} (seed {seed}); nothing is stored.").format(
                    deal=deal, seed=self.seed.value
                )
            )
        else:
            self.header.value = "<b>{}</b> ({}) · {}".format(
                _("Question {n} of {total}").format(n=self.no + 1, total=len(self.questions)),
                _(quiz.KIND_NAMES[q.kind]),
                _("class {code}, {name}").format(
                    code=html.escape(self.session_code or ""), name=self.student.name_html
                ),
            )
        self.next_button.disabled = True
        self.next_button.description = _("Next deal")
        self.summary.value = ""
        self.reveal_box.value, self._reveal_shown = "", None
        self.check_reveal()
        self._draw_stats()
        if focus:
            self._focus_answer()

    def _on_pick(self, card: Card):  # type: ignore[no-untyped-def]
        def handler(change: dict) -> None:
            if change["new"] and card not in self._picked:
                self._picked.append(card)
            elif not change["new"] and card in self._picked:
                self._picked.remove(card)
            n = len(self._picked)
            self.throw_button.disabled = n != 2 or self.result is not None
            self.status.value = (
                info_html(tr(self.lang)(N_("{n} picked: pick exactly 2")).format(n=n))
                if n > 2
                else ""
            )

        return handler

    # -- answering -------------------------------------------------------------

    def _submit(self) -> None:
        """Enter in the count box (or the points box): the count as the box held it when
        Enter was pressed."""
        if isinstance(self.current, quiz.PegPointsQuestion):
            return self._submit_pegpoints()
        if self.key_listener.submitted is not None and not self.count_box.disabled:
            self.count_box.value = self.key_listener.submitted
        self.answer_count()

    @friendly_in()
    def answer_count(self) -> None:
        if isinstance(self.current, quiz.CountQuestion) and self.result is None:
            read_whole(
                self.count_box.value, what="total", low=0, high=29, lang=self.lang
            )  # else a message
        self._answer(self.count_box.value)

    @friendly_in()
    def answer_throw(self) -> None:
        self._answer(tuple(self._picked))

    @friendly_in()
    def answer_play(self, card: Card | str) -> None:
        self._answer(card)

    def _answer(self, given: str | Card | tuple[Card, ...]) -> None:
        """Grade an answer: a count as typed, or the cards themselves (parsed once, by
        the quiz, only when they come as text)."""
        q = self.current
        if q is None:
            return
        _ = tr(self.lang)
        if self.result is not None:
            self.status.value = info_html(_("Already answered: press Next deal."))
            return
        left = self.time_left()
        if left is not None and left <= 0:
            self.status.value = info_html(_("Time is up for this set: your answer was not stored."))
            return
        r = quiz.grade(q, given)  # an AnswerError becomes a message next to the input
        seconds = round(time.monotonic() - self._shown_at, 2)
        if self.student is not None:
            self.store.submit(
                self.student,
                self.no,
                kind=q.kind,
                answer=r.answer,
                correct=r.correct,
                lost=r.lost,
                miss=r.miss,
                seconds=seconds,
                token=uuid.uuid4().hex,
            )
        else:
            self.answers.append(Practice(q, self.practice_index, r, seconds))
            self.set_answers.append(self.answers[-1])
        self.result = r
        self.streak = self.streak + 1 if r.correct else 0
        self._draw_stats()  # first: the stats are up to date once the feedback shows
        self.feedback.value = local_html(
            result_html(q, r, plain=self.plain_box.value, lang=self.lang), self.lang
        )
        if q.kind == "count":
            self.count_box.disabled = self.check_button.disabled = True
        elif q.kind == "discard":
            self.throw_button.disabled = True
        elif isinstance(q, quiz.PegPointsQuestion | quiz.RulesQuestion):
            self._lock_kind(q)
        else:
            for b in self.card_row.children:
                b.disabled = True
        self.status.value = info_html(_("Answer stored.") if self.student is not None else "")
        last = self.student is not None and self.no + 1 >= len(self.questions)
        self.next_button.disabled = last
        if last:
            self.status.value = info_html(
                _("That was the last question: well done. See your progress below.")
            )
            self.summary.value = set_summary_html(self.my_answers(), N_("Class set"), self.lang)
            self.key_listener.focus_on(".crib-progress-button")
        elif self._set_done():
            self.summary.value = set_summary_html(self.set_answers, lang=self.lang)
            self.next_button.description = _("Start a new set")
            self.key_listener.focus_on(".crib-next")
        else:
            self.key_listener.focus_on(".crib-next")  # the next thing to do

    @friendly_in()
    def _redraw_feedback(self) -> None:  # plain words on or off: the verdict and a reveal
        q = self.current
        if (
            q is not None
            and q.kind in ("discard", "peg")
            and self.result is not None
            and self.result.answer
        ):
            self.feedback.value = local_html(
                result_html(q, self.result, plain=self.plain_box.value, lang=self.lang), self.lang
            )
        self.redraw_reveal()

    @friendly_in()
    def next_question(self) -> None:
        if self.student is None:
            if self._set_done():
                self.set_answers = []  # a new set, with the next deals of the seed
            self.practice_index += 1
            self._show(self._practice_question())
            return
        if self.no + 1 < len(self.questions):
            self.no += 1
            self._show(self.questions[self.no])

    # -- joining ----------------------------------------------------------------

    @friendly_in("join_status")
    def join(self) -> None:
        """Join a class session: its questions replace practice; answers are stored."""
        session, student = join_session(self.store, self.code.value, self.name.value, self.lang)
        self.student, self.session_code, self.session = student, session.code, session
        self.show_mistakes()  # the quiz back, if "My mistakes" was shown
        self.questions = list(session.questions)
        done = {a.question for a in self.store.answers(session.code, student=student.name)}
        self.no = next(
            (i for i in range(len(self.questions)) if i not in done), len(self.questions) - 1
        )
        self.practice_box.layout.display = "none"
        self.code.disabled = self.name.disabled = self.join_button.disabled = True
        _ = tr(self.lang)
        said = (
            _("Joined “{session}” as {name}: {n} questions, {done} already answered.")
            if done
            else _("Joined “{session}” as {name}: {n} questions.")
        )
        self.join_status.value = info_html(
            said.format(
                session=session.name, name=student.name, n=len(self.questions), done=len(done)
            )
        )
        self.streak = 0
        self._show(self.questions[self.no])
        self.time_left()
        self.start_reveal_polling()
        if self.no in done:  # every question answered: nothing more to do
            self.result = quiz.Result(self.questions[self.no].kind, "", True, 0.0)
            self.status.value = info_html(
                _("You have answered every question. See your progress below.")
            )
            self.answer_box.children = ()
