"""The trainer's "My progress": the stats line and the progress chart and CSV.

Split out of :mod:`crib.ui.trainer.app`: :class:`TrainerProgress` is a mixin of
:class:`crib.ui.trainer.app.TrainerApp` and reads the app's state (``store``,
``student``, ``session_code``, the practice ``answers``, ``streak``,
``questions``) and writes its widgets (``stats``, ``progress_image``,
``progress_note``, ``progress_csv``).
"""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

from crib.analysis.speech import num, pct
from crib.course.questions.progress import SKILLS
from crib.i18n import N_, tr
from crib.ui.kit.common import info_html, keep_polling
from crib.ui.kit.quiz_html import csv_link_html, reveal_html
from crib.ui.kit.quiz_words import miss_words
from crib.ui.kit.say import friendly_in
from crib.ui.kit.style import var

_SKILL_WORDS = (N_("counting"), N_("discard"), N_("pegging"))  # SKILLS's names, for the catalog
_REVEALED = N_("your teacher revealed the answer")
REVEAL_POLL_SECONDS = 3.0  # how often a joined page looks for the teacher's reveals


class TrainerProgress:
    """My answers (stored in a session, else this page's practice), their stats and progress."""

    # -- timing -------------------------------------------------------------------

    def _page_shown(self) -> None:
        """The page is drawn for a person: time the question from now (a preheated
        kernel draws the first question long before anyone sees it), and put the cursor
        in the count box."""
        if self.result is None:
            self._shown_at = time.monotonic()
        self._focus_answer()

    def _focus_answer(self) -> None:
        """A question waiting for its answer: the keyboard focus goes to it (the count box,
        the first card of a line-by-line count, the first card to pick or play)."""
        q = self.current
        if q is None or self.result is not None:
            return
        if q.kind in ("pegpoints", "rules"):
            self._focus_kind(q)
        elif q.kind != "count":
            self.key_listener.focus_on(".crib-card-row button")
        elif self.teach_toggle.value:
            self.key_listener.focus_on(".crib-teach-cards button")
        else:
            self.count_box.focus()
            self.key_listener.focus_on(".crib-count-input input")  # once it is enabled again

    # -- stats and progress -------------------------------------------------------

    def my_answers(self) -> list[Any]:
        if self.student is not None and self.session_code is not None:
            return self.store.answers(self.session_code, student=self.student.name)
        return list(self.answers)

    def _draw_stats(self) -> None:
        mine = self.my_answers()
        n = len(mine)
        right = sum(1 for a in mine if a.correct)
        acc = pct(right / n, lang=self.lang) if n else "–"
        _ = tr(self.lang)
        parts = [
            _("Streak {n}").format(n=f"<b class='crib-streak'>{self.streak}</b>"),
            _("accuracy {acc} ({right} of {n})").format(
                acc=f"<b class='crib-accuracy'>{acc}</b>", right=right, n=n
            ),
        ]
        if n:
            median = num(statistics.median(a.seconds for a in mine), ".1f", self.lang)
            parts.append(_("median time {s} s").format(s=median))
        if self.student is not None:
            parts.append(_("answered {n} of {total}").format(n=n, total=len(self.questions)))
        self.stats.value = '<div class="crib-stats-line">' + " · ".join(parts) + "</div>"

    @friendly_in("progress_note")
    def show_progress(self) -> None:
        """Accuracy over time per skill and the kinds of misses, as a chart and a CSV."""
        from crib.course.questions.progress import (
            miss_counts,
            progress_figure,
            progress_table,
            to_csv,
        )

        _ = tr(self.lang)
        df = progress_table(self.my_answers())
        who = self.student.name if self.student is not None else _("practice")
        fig = progress_figure(
            df,
            title=_("My progress ({who})").format(who=who),
            lang=self.lang,
            miss_label=lambda k: miss_words(k, self.lang),
        )
        self.progress_image.show(
            fig, lang=self.lang
        )  # with its text alternative and its summary beside it
        per = {SKILLS[k]: 0 for k in SKILLS}
        for s in df["skill"]:
            per[s] = per.get(s, 0) + 1
        misses = miss_counts(df)
        top = ", ".join(
            f"{miss_words(k, self.lang)} ({v})" for k, v in list(misses.items())[:3]
        ) or _("none yet")
        self.progress_note.value = (
            info_html(
                _("{n} answers ({per}). Top misses: {top}.").format(
                    n=len(df), per=", ".join(f"{_(k)} {v}" for k, v in per.items()), top=top
                )
            )
            if len(df)
            else info_html(_("No answers yet: answer a few deals first."))
        )
        name = "".join(ch if ch.isalnum() else "_" for ch in who)[:30] or "me"
        self.progress_csv.value = csv_link_html(
            to_csv(df), f"crib-progress-{name}.csv", lang=self.lang
        )


class ClassReveals:
    """The teacher's reveals on a student's page (a mixin of the trainer, like TrainerProgress).

    Once joined, the page polls the classroom record every ``REVEAL_POLL_SECONDS``
    (an asyncio task on the kernel's event loop) and on every new question; when
    the teacher has revealed the current question, its answer is shown in
    ``reveal_box`` without a reload.  Reads ``store``, ``session_code``, ``student``,
    ``questions``, ``no``, ``plain_box`` (plain words or the detail).
    """

    _reveal_task: asyncio.Task | None = None
    _reveal_shown: int | None = None

    def check_reveal(self) -> bool:
        """Show the current question's answer if the teacher revealed it; True if shown."""
        if self.student is None or self.session_code is None or not self.questions:
            return False
        if self.no not in self.store.revealed(self.session_code):
            if self._reveal_shown is not None:
                self.reveal_box.value, self._reveal_shown = "", None
            return False
        if self._reveal_shown != self.no:
            q = self.questions[self.no]
            self.reveal_box.value = reveal_html(
                q,
                self.no,
                lead=_REVEALED,
                deal=False,
                plain=bool(self.plain_box.value),
                lang=self.lang,
            )
            self._reveal_shown = self.no
        return True

    def redraw_reveal(self) -> None:
        """Draw a revealed answer again (the "Plain words" switch was flipped)."""
        if self._reveal_shown is not None:
            self._reveal_shown = None
            self.check_reveal()

    def start_reveal_polling(self) -> bool:
        """Poll for reveals on the running event loop (False outside one, as in tests)."""
        self._reveal_task = keep_polling(
            self._reveal_task, self._reveal_step, lambda: REVEAL_POLL_SECONDS
        )
        return self._reveal_task is not None

    def _reveal_step(self) -> None:
        self.time_left()
        self.check_reveal()

    def time_left(self) -> float | None:
        """Seconds left under the set's time limit (None: no limit); shown in ``clock``."""
        if self.student is None or self.session is None:
            return None
        left = self.session.time_left(self.student.joined)
        _ = tr(self.lang)
        if left is None:
            self.clock.value = ""
        elif left <= 0:
            up = _("Time is up.")
            self.clock.value = f'<b class="crib-time-up" style="color:{var("red")}">{up}</b>'
        else:
            m, sec = divmod(int(left), 60)
            said = _("Time left {time}").format(time=f"{m}:{sec:02d}")
            self.clock.value = f'<span class="crib-time-left">{said}</span>'
        return left
