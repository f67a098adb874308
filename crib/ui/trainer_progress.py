"""The trainer's "My progress": the stats line and the progress chart and CSV.

Split out of :mod:`crib.ui.trainer_app`: :class:`TrainerProgress` is a mixin of
:class:`crib.ui.trainer_app.TrainerApp` and reads the app's state (``store``,
``student``, ``session_code``, the practice ``answers``, ``streak``,
``questions``) and writes its widgets (``stats``, ``progress_image``,
``progress_note``, ``progress_csv``).
"""

from __future__ import annotations

import statistics
from typing import Any

from crib.teach.progress import SKILLS
from crib.ui.common import friendly, info_html
from crib.ui.trainer_render import csv_link_html


class TrainerProgress:
    """My answers (stored in a session, else this page's practice), their stats and progress."""

    # -- stats and progress -------------------------------------------------------

    def my_answers(self) -> list[Any]:
        if self.student is not None and self.session_code is not None:
            return self.store.answers(self.session_code, student=self.student.name)
        return list(self.answers)

    def _draw_stats(self) -> None:
        mine = self.my_answers()
        n = len(mine)
        right = sum(1 for a in mine if a.correct)
        acc = f"{right / n:.0%}" if n else "–"
        parts = [
            f"Streak <b class='crib-streak'>{self.streak}</b>",
            f"accuracy <b class='crib-accuracy'>{acc}</b> ({right} of {n})",
        ]
        if n:
            parts.append(f"median time {statistics.median(a.seconds for a in mine):.1f} s")
        if self.student is not None:
            parts.append(f"answered {n} of {len(self.questions)}")
        self.stats.value = '<div class="crib-stats-line">' + " · ".join(parts) + "</div>"

    @friendly("progress_note")
    def show_progress(self) -> None:
        """Accuracy over time per skill and the kinds of misses, as a chart and a CSV."""
        from crib.teach.progress import miss_counts, progress_figure, progress_table, to_csv
        from crib.ui.widgets import figure_png

        df = progress_table(self.my_answers())
        who = self.student.name if self.student is not None else "practice"
        fig = progress_figure(df, title=f"My progress ({who})")
        self.progress_image.value = figure_png(fig)
        self.progress_image.layout.display = ""
        per = {SKILLS[k]: 0 for k in SKILLS}
        for s in df["skill"]:
            per[s] = per.get(s, 0) + 1
        misses = miss_counts(df)
        top = ", ".join(f"{k} ({v})" for k, v in list(misses.items())[:3]) or "none yet"
        self.progress_note.value = (
            info_html(
                f"{len(df)} answers ("
                + ", ".join(f"{k} {v}" for k, v in per.items())
                + f"). Top misses: {top}."
            )
            if len(df)
            else info_html("No answers yet: answer a few deals first.")
        )
        name = "".join(ch if ch.isalnum() else "_" for ch in who)[:30] or "me"
        self.progress_csv.value = csv_link_html(to_csv(df), f"crib-progress-{name}.csv")
