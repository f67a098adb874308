"""The teacher's choice of questions for a new session: how many of each kind and the
counting level, or the course's pre-test or post-test
(:func:`crib.course.questions.make_assessment`).

Built onto the teacher's page (:class:`crib.ui.teacher.app.TeacherApp`) like the
trainer's side widgets: :func:`add_question_widgets` gives the page its boxes
(``preset``, ``n_count``, ``n_pegpoints``, ``n_rules``, ``n_discard``, ``n_peg``,
``level``) and :func:`session_questions` reads them.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from crib.course.guide.plans import FORM_LABELS
from crib.course.questions import (
    ASSESSMENTS,
    KIND_NAMES,
    KINDS,
    LEVEL_NAMES,
    LEVELS,
    Question,
    make_assessment,
    make_questions,
)
from crib.i18n import N_, tr

__all__ = ["add_question_widgets", "session_questions", "DEFAULT_COUNTS", "TEST_LENGTH"]

# how many of each kind a new session asks by default (the order of
# crib.course.questions.KINDS)
DEFAULT_COUNTS = {"count": 5, "pegpoints": 0, "rules": 0, "discard": 3, "peg": 2}
_LABELS = FORM_LABELS  # the guide's session settings say them too
_TESTS = {"pre-test": N_("pre-test"), "post-test": N_("post-test")}


# the tests' length, as make_assessment builds them: a counting hand per climbing level (4),
# two "what it pegs", two rules questions for each of L1-L4, one discard (a test checks it);
# said without building a test, whose discard takes the kernel seconds under load
TEST_LENGTH = 4 + 2 + 2 * 4 + 1


def _preset_note(name: str, lang: str = "en") -> str:
    _ = tr(lang)
    what = _(
        "The {name}: {n} questions, the same for every class (the other test has parallel "
        "questions): a counting hand at each climbing level, two “what does this card "
        "peg?”, two rules questions for each of lessons 1 to 4 and a discard. Each is "
        "tagged with its lesson objective for the Mastery table."
    )
    said = what.format(name=_(_TESTS[name]), n=TEST_LENGTH)
    return f'<div class="crib-preset-note" style="max-width:48em">{said}</div>'


def add_question_widgets(app: Any) -> w.VBox:
    """Give ``app`` its question boxes (a box per kind, the counting level, the preset);
    returns the box that holds them."""
    lang = getattr(app, "lang", "en")
    _ = tr(lang)
    app.preset = w.ToggleButtons(
        _dom_classes=("crib-preset",),
        options=[
            (_("Choose the questions"), ""),
            (_("Pre-test"), "pre-test"),
            (_("Post-test"), "post-test"),
        ],
        value="",
        description=_("Questions"),
    )
    boxes = []
    for kind in KINDS:
        b = w.BoundedIntText(
            _dom_classes=(f"crib-n-{kind}",),
            value=DEFAULT_COUNTS[kind],
            min=0,
            max=50,
            description=_(_LABELS[kind]),
            style={"description_width": "initial"},  # as wide as its label (longer in French)
            layout=w.Layout(width=f"calc({len(_(_LABELS[kind]))}ch + 5em)"),
        )
        b.tooltip = _("how many {kind} questions (0 to 50)").format(kind=_(KIND_NAMES[kind]))
        setattr(app, f"n_{kind}", b)
        boxes.append(b)
    app.level = w.Dropdown(
        _dom_classes=("crib-session-level",),
        # the climbing levels first (fifteens only, + pairs, + runs, + flush and nobs)
        options=[(_(LEVEL_NAMES[lv]), lv) for lv in LEVELS],
        value="typical",
        description=_("Counting level"),
        style={"description_width": "initial"},
    )
    app.preset_note = w.HTML(_dom_classes=("crib-preset-note-box",))
    kinds_row = w.HBox(boxes, layout=w.Layout(flex_flow="row wrap", grid_gap="4px 12px"))
    level_row = w.HBox([app.level])
    app.question_rows = (kinds_row, level_row)  # hidden while a test is chosen

    def on_preset(_change: object = None) -> None:
        name = app.preset.value
        kinds_row.layout.display = level_row.layout.display = "none" if name else ""
        app.seed.disabled = bool(name)  # a test's questions are fixed: no seed to choose
        app.preset_note.value = _preset_note(name, lang) if name else ""
        if name and app.session_name.value in (
            _("Class 1"),
            *(_(t).capitalize() for t in _TESTS.values()),
        ):
            app.session_name.value = _(_TESTS[name]).capitalize()  # a default name says which test

    app.preset.observe(on_preset, "value")
    return w.VBox([app.preset, kinds_row, level_row, app.preset_note])


def session_questions(app: Any) -> tuple[list[Question], int]:
    """The questions the boxes ask for, and the seed they come from (a test's own seed)."""
    name = app.preset.value
    if name:
        return make_assessment(name), ASSESSMENTS[name]
    spec = {kind: int(getattr(app, f"n_{kind}").value) for kind in KINDS}
    seed = int(app.seed.value)
    return make_questions(seed, spec, level=app.level.value), seed
