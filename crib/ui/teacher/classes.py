"""The teacher page's class picker: a class (its name and its students) kept from one
lesson to the next (:mod:`crib.store.classes`).

Above the session form the teacher picks the class the new session is for (the "Class"
dropdown; "No class" keeps a session on its own) or makes a class by its name.  The
picked class's roster shows beside it: students are added by typing their names (one a
line) or come by themselves, since whoever joins a session of the class joins the class;
one can be taken out.  A session of no class (one made before classes were kept) can
become a class: its students are the roster.

Once a session is open, :meth:`ClassPicker.show_session` draws its class's roster: who
has joined this time and who has not (the teacher page calls it at every redraw).  Every
error is said next to the controls, in the page's language.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import re
from typing import Any

import ipywidgets as w

from crib.errors import CribError
from crib.i18n import N_, tr
from crib.store.classes import SessionRoster
from crib.store.classroom import Session
from crib.ui.kit.common import error_html, info_html
from crib.ui.kit.controls import button, sized
from crib.ui.kit.say import WENT_WRONG, SaidError, record_error

__all__ = ["ClassPicker", "class_error", "roster_html"]

NO_CLASS = N_("No class")

# the class record's messages (crib.store.classes) and the names' checks on a class name or
# a student's name (crib.classroom.names.clean_name), said again in the page's language
_SHAPES = tuple(
    (re.compile(shape, re.S), msg)
    for shape, msg in (
        (
            r"there is already a class (?P<n>'.*'): choose another name",
            N_("There is already a class {n}: choose another name."),
        ),
        (r"there is no class .*", N_("That class is not in the record: pick one from the list.")),
        (
            r"(?P<n>'.*') is not in this class: .*",
            N_("{n} is not in this class: pick a name from its list."),
        ),
        (
            r"a class holds at most (?P<max>\d+) students: "
            r"(?P<have>\d+) are in it and (?P<n>\d+) more were given",
            N_("A class holds at most {max} students: {have} are in it and {n} more were given."),
        ),
        (
            r"session (?P<code>\S+) is already a session of a class",
            N_("Session {code} is already a session of a class."),
        ),
        (
            r"the (?P<what>class name|student name) is empty: .*",
            N_("The {what} is empty: type 1 to {max} characters."),
        ),
        (
            r"the (?P<what>class name|student name) is "
            r"(?P<n>\d+) characters long: use at most (?P<max>\d+).*",
            N_("The {what} is {n} characters long: use at most {max}."),
        ),
        (
            r"the (?P<what>class name|student name) (?P<n>'.*') looks like HTML or a script: .*",
            N_("The {what} {n} looks like HTML: use letters, digits and spaces (no < or >)."),
        ),
        (
            r"the (?P<what>class name|student name) (?P<n>'.*') holds control characters: .*",
            N_("The {what} {n} holds control characters: use letters and digits."),
        ),
        (
            r"the (?P<what>class name|student name) (?P<n>'.*') "
            r"mixes .+ letters \(some look alike\): type it in one alphabet",
            N_(
                "The {what} {n} mixes letters of different alphabets, "
                "which can look alike: type it in one alphabet."
            ),
        ),
    )
)
_WHAT = (N_("class name"), N_("student name"))


def class_error(message: str, lang: str = "en") -> str:
    """A class's error (:mod:`crib.store.classes`, a name's check) in ``lang``.

    >>> class_error("there is already a class '5B': choose another name", "fr")
    'Il existe déjà une classe «\\xa05B\\xa0»\\xa0: choisissez un autre nom.'
    >>> class_error("the class name is empty: type a class name of 1 to 40 characters", "fr")
    'Le nom de la classe est vide\\xa0: tapez de 1 à 40 caractères.'
    """
    if lang == "en":
        return message
    _ = tr(lang)
    for shape, msg in _SHAPES:
        m = shape.fullmatch(message)
        if m:
            fields = {}
            for k, v in m.groupdict().items():
                if v.startswith("'"):
                    v = f"«\u00a0{v[1:-1]}\u00a0»" if lang == "fr" else f"“{v[1:-1]}”"
                fields[k] = _(v) if k == "what" else v
            fields.setdefault("max", "40")
            return _(msg).format(**fields)
    return record_error(message, lang)


def _names(names: tuple[str, ...] | list[str]) -> str:
    return ", ".join(html.escape(n) for n in names)


def roster_html(r: SessionRoster, lang: str = "en") -> str:
    """A session's class roster: who joined this time, who has not yet (names escaped)."""
    _ = tr(lang)
    total = len(r.joined) + len(r.missing)
    head = _("Class {name}: {n} of {total} have joined this session.").format(
        name=html.escape(r.school_class.name), n=len(r.joined), total=total
    )
    rows = [f"<div><b>{head}</b></div>"]
    for css, label, names in (
        ("joined", _("Joined:"), r.joined),
        ("missing", _("Not yet:"), r.missing),
        ("guests", _("Joined, not in the class:"), r.guests),
    ):
        if names:
            rows.append(
                f'<div class="crib-roster-{css}">{html.escape(label)} {_names(names)}</div>'
            )
    return f'<div class="crib-session-roster">{"".join(rows)}</div>'


class ClassPicker(w.VBox):
    """The class of a new session, its roster and its editing (see the module docstring).
    ``host`` is the teacher page: its ``store``, its ``session`` and its ``lang``."""

    def __init__(self, host: Any) -> None:
        self.host = host
        self.lang = host.lang
        _ = tr(self.lang)
        self.pick = sized(w.Dropdown, _("Class"), "crib-class-pick", "20em", options=[])
        self.new_name = sized(
            w.Text, _("New class"), "crib-class-new", "18em", placeholder=_("e.g. 5B"), wide=True
        )
        self.create_button = button(_("Create class"), "crib-class-create", icon="plus")
        self.from_session = button(
            _("Make a class of this session’s students"), "crib-class-from-session", icon="users"
        )
        self.from_session.layout.display = "none"
        self.add_box = sized(
            w.Textarea,
            _("Add students"),
            "crib-class-add",
            "22em",
            placeholder=_("one name a line"),
            rows=3,
            wide=True,
        )
        self.add_button = button(_("Add"), "crib-class-add-button", icon="user-plus")
        self.remove_pick = sized(
            w.Dropdown, _("Student"), "crib-class-remove", "18em", options=[], wide=True
        )
        self.remove_button = button(_("Take out"), "crib-class-remove-button", icon="user-times")
        self.roster = w.HTML(_dom_classes=("crib-class-roster",))
        self.status = w.HTML(_dom_classes=("crib-live",)).add_class("crib-class-status")
        # the open session's class: who joined this time, who has not (on the live view)
        self.session_box = w.HTML(_dom_classes=("crib-session-roster-box",))
        self.edit_row = w.HBox(
            [self.add_box, self.add_button, self.remove_pick, self.remove_button],
            layout=w.Layout(flex_flow="row wrap", align_items="flex-start"),
        )
        for b, act in (
            (self.create_button, self.create),
            (self.add_button, self.add),
            (self.remove_button, self.remove),
            (self.from_session, self.make_from_session),
        ):
            b.on_click(lambda _b, act=act: self._said(act))
        self.pick.observe(lambda _c: self._said(self.draw), "value")
        super().__init__(
            [
                w.HBox(
                    [self.pick, self.new_name, self.create_button, self.from_session],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                self.edit_row,
                self.roster,
                self.status,
            ]
        )
        self.add_class("crib-class-picker")
        if getattr(host, "_store", None) is not None:
            self._said(self.reload)
        else:  # the page's default record opens once the page runs (not at import, in tests)
            with contextlib.suppress(RuntimeError):
                asyncio.get_running_loop().call_soon(lambda: self._said(self.reload))

    # -- the record ----------------------------------------------------------------------

    @property
    def class_id(self) -> int | None:
        """The picked class's id (None: no class)."""
        return self.pick.value

    def _said(self, act: Any) -> None:
        """Run ``act``; an error is said in the status line, in the page's language."""
        try:
            act()
        except SaidError as e:
            self.status.value = error_html(str(e))
        except CribError as e:
            self.status.value = error_html(class_error(str(e), self.lang))
        except Exception as e:  # noqa: BLE001 - the page must never show a traceback
            self.status.value = error_html(tr(self.lang)(WENT_WRONG).format(error=type(e).__name__))

    def reload(self, pick: int | None = None) -> None:
        """The dropdown from the record's classes (keeping the picked one, or ``pick``)."""
        keep = self.pick.value if pick is None else pick
        opts = [(tr(self.lang)(NO_CLASS), None)] + [
            (c.name, c.id) for c in self.host.store.classes()
        ]
        self.pick.options = opts
        self.pick.value = keep if any(v == keep for _n, v in opts) else None
        self.draw()

    def draw(self) -> None:
        """The picked class's roster, and what can be done with it."""
        _ = tr(self.lang)
        cid = self.class_id
        s: Session | None = getattr(self.host, "session", None)
        self.from_session.layout.display = "" if s is not None and s.class_id is None else "none"
        self.edit_row.layout.display = "none" if cid is None else ""
        if cid is None:
            self.roster.value = ""
            self.remove_pick.options = []
            return
        names = self.host.store.class_roster(cid)
        self.remove_pick.options = names
        said = (
            _("Students ({n}): {names}").format(n=len(names), names=_names(names))
            if names
            else html.escape(_("No student yet: add their names, or they join a session of it."))
        )
        self.roster.value = f'<div class="crib-class-names">{said}</div>'

    # -- actions ---------------------------------------------------------------------------

    def create(self) -> None:
        c = self.host.store.create_class(self.new_name.value)
        self.new_name.value = ""
        self.reload(pick=c.id)
        self.status.value = info_html(
            tr(self.lang)(N_("Class “{name}” created: add its students.")).format(name=c.name)
        )

    def add(self) -> None:
        cid = self._picked()
        lines = [x for x in self.add_box.value.splitlines() if x.strip()]
        added = self.host.store.add_students(cid, lines)
        self.add_box.value = ""
        self.draw()
        said = tr(self.lang)(N_("Students added: {n}.")).format(n=len(added))
        self.status.value = info_html(said)
        self.show_session()

    def remove(self) -> None:
        cid = self._picked()
        name = self.remove_pick.value
        if not name:
            raise SaidError(tr(self.lang)(N_("Pick a student to take out first.")))
        self.host.store.remove_student(cid, name)
        self.draw()
        self.status.value = info_html(
            tr(self.lang)(N_("{name} is taken out of the class.")).format(name=name)
        )
        self.show_session()

    def make_from_session(self) -> None:
        s: Session | None = getattr(self.host, "session", None)
        if s is None:
            return
        c = self.host.store.class_from_session(s.code, self.new_name.value)
        self.host.session = self.host.store.session(s.code)  # now with its class
        self.new_name.value = ""
        self.reload(pick=c.id)
        self.status.value = info_html(
            tr(self.lang)(N_("Class “{name}” created: add its students.")).format(name=c.name)
        )
        self.show_session()

    def _picked(self) -> int:
        if self.class_id is None:
            raise SaidError(tr(self.lang)(N_("Pick a class first.")))
        return self.class_id

    # -- the open session --------------------------------------------------------------------

    def show_session(self) -> None:
        """The open session's class roster on the live view (empty for a session of no
        class); the dropdown follows the session's class."""
        s: Session | None = getattr(self.host, "session", None)
        if s is None:
            self.session_box.value = ""
            return
        r = self.host.store.session_roster(s.code)
        self.session_box.value = roster_html(r, self.lang) if r is not None else ""
        if r is not None and self.pick.value != r.school_class.id:
            self.reload(pick=r.school_class.id)
        else:
            self.draw()
