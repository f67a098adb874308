"""The trainer page's settings, class-joining and progress widgets, built onto the page
(:class:`crib.ui.trainer.app.TrainerApp`), which wires them to its actions."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from crib.course import questions as quiz
from crib.i18n import tr
from crib.session.model import fresh_seed
from crib.ui.kit.controls import WIDE, entry, sized
from crib.ui.kit.widgets import FigureImage
from crib.ui.trainer.sets import DEFAULT_SET_SIZE, SET_SIZES

__all__ = ["add_side_widgets", "join_session"]


def join_session(store: Any, code: str, name: str, lang: str = "en") -> tuple[Any, Any]:
    """(the session, the student) of a join, or a :class:`~crib.ui.kit.say.SaidError` saying,
    in ``lang``, what to fix in the code or the name (the record's message, said through
    :func:`crib.ui.kit.say.record_error`, the pages' one way to say errors)."""
    from crib.errors import CribError
    from crib.ui.kit.say import SaidError, record_error

    try:
        session = store.session(code)
        return session, store.join(session.code, name)
    except CribError as e:
        raise SaidError(record_error(str(e), lang)) from None


def add_side_widgets(app: Any, seed: int | None) -> w.VBox:
    """Give ``app`` its join-a-class row, its practice settings and its progress widgets
    (each wired to ``app``'s join, new_practice and show_progress); returns the join box."""
    _ = tr(app.lang)
    # joining a class (wide: the French labels are longer)
    app.code = entry(_("Class code"), "crib-join-code", "18em", _("e.g. K7QW2M"), wide=True)
    app.name = entry(_("Your name"), "crib-join-name", "20em", _("a nickname"), wide=True)
    app.join_button = w.Button(
        _dom_classes=("crib-join",), description=_("Join class"), button_style="primary"
    )
    app.join_status = w.HTML(_dom_classes=("crib-join-status",))
    app.join_button.on_click(lambda _b: app.join())

    # practice settings
    app.kind = w.ToggleButtons(
        _dom_classes=("crib-kind",),
        options=[
            (_("Counting"), "count"),
            (_("What it pegs"), "pegpoints"),
            (_("Rules quiz"), "rules"),
            (_("Discard quiz"), "discard"),
            (_("Pegging quiz"), "peg"),
            (_("My mistakes"), "mistakes"),  # crib.ui.trainer.mistakes
        ],
        value="count",
        description=_("Practise"),
        style={"button_width": "auto"},  # the French names are longer
    )
    app.level = w.Dropdown(
        _dom_classes=("crib-level",),
        # the climbing levels first (fifteens only, + pairs, + runs, + flush and nobs)
        options=[(_(quiz.LEVEL_NAMES[lv]), lv) for lv in quiz.LEVELS],
        value="typical",
        description=_("Difficulty"),
        style=WIDE,
    )
    app.seat = w.ToggleButtons(
        _dom_classes=("crib-hand-crib",),
        options=[(_("Hand"), False), (_("Crib"), True), (_("Either"), None)],
        value=False,
        description=_("Count a"),
    )
    app.seed = sized(
        w.IntText, _("Seed"), "crib-seed", "12em", value=fresh_seed() if seed is None else seed
    )
    app.set_size = sized(
        w.Dropdown,
        _("Set of"),
        "crib-set-size",
        "15em",
        wide=True,
        options=[(_(k), v) for k, v in SET_SIZES],
        value=DEFAULT_SET_SIZE,
    )
    for x in (app.kind, app.level, app.seat, app.seed, app.set_size):
        x.observe(lambda _c: app.new_practice(), "value")
    app.practice_box = w.VBox(
        [
            w.HBox([app.kind]),
            w.HBox(
                [app.level, app.seat, app.set_size, app.seed], layout=w.Layout(flex_flow="row wrap")
            ),
        ]
    )

    # my progress
    app.progress_button = w.Button(
        _dom_classes=("crib-progress-button",), description=_("Show my progress"), icon="line-chart"
    )
    app.progress_button.on_click(lambda _b: app.show_progress())
    app.progress_note = w.HTML(_dom_classes=("crib-progress-note",))
    app.progress_image = FigureImage(app.lang, layout=w.Layout(width="760px", display="none"))
    app.progress_image.add_class("crib-progress-chart")
    app.progress_csv = w.HTML(_dom_classes=("crib-progress-csv",))

    in_class, type_code = _("In class?"), _("Type the code your teacher shows and your name.")
    join_box = w.VBox(
        [
            w.HTML(f"<b>{in_class}</b> {type_code}"),
            w.HBox([app.code, app.name, app.join_button]),
            app.join_status,
        ],
        layout=w.Layout(border="1px solid var(--crib-line-2)", padding="6px", margin="0 0 8px 0"),
    )
    return join_box
