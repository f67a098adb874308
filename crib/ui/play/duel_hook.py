"""The play page's hook for a game against a classmate (:mod:`crib.ui.play.duel`): a
"Play a classmate" button for the settings row, and ``?table=`` links.  The play page
(:mod:`crib.ui.play.app`) calls :func:`classmate_button` once and
:func:`open_from_query` with its query string; nothing else of it changes.

A class's tables (:mod:`crib.store.tournament_tables`): the classmate page gets a
"Your class table" box (:class:`ClassTableBox`): the class code and the student's
name find the seat the teacher gave them, and Play opens it (the page's address
becomes that seat's ``?table=CODE&seat=TOKEN``).  ``?class=CODE&name=NAME`` fills the
box in and looks at once.  A seat's secret reaches only the first device that claims
it (Play), which keeps it (the link, and the browser's ``localStorage``); a name typed
on another device then finds the seat taken, until the teacher hands it over.  A
tournament table's result is recorded when its game ends, and the round's log, review
and secret are held until every table of the round is done.
"""

from __future__ import annotations

import html
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as w

from crib.errors import CribError
from crib.i18n import N_, NP_, tr, trp
from crib.session.duel_record import clean_table_code
from crib.store.tournament_tables import ClassTournaments, MyTable
from crib.ui.kit.common import friendly, info_html, on_clicks
from crib.ui.kit.controls import button, entry
from crib.ui.kit.keys import PAGE
from crib.ui.kit.say import record_error as duel_error
from crib.ui.play.duel import DuelApp

__all__ = ["classmate_button", "open_from_query", "ClassTableBox", "add_class_box"]


def _swap(app: Any, duel: DuelApp) -> None:
    """Show ``duel`` in place of the play page's own game (and route its keys there)."""
    if duel not in app.children:
        app.children = (*app.children, duel)
    for child in app.children:
        if child is not duel and child is not app.key_listener:
            child.layout.display = "none"
    duel.layout.display = None
    app.key_listener._handlers[:] = [duel.key]
    app.keeping.duel = True  # a classmate's game is not kept, nor guarded, by the play page
    app.keeping.after_render()

    def back() -> None:
        for child in app.children:
            child.layout.display = (
                "none"
                if child is duel or {"crib-replay-box", "crib-keeper"} & set(child._dom_classes)
                else None
            )
        app.keeping.duel = False
        app.keeping.after_render()
        app.key_listener._handlers[:] = [app.key]

    duel._on_back = back


class ClassTableBox(w.VBox):
    """Your class table: the class code and your name (the duel page's name box) find
    the seat your teacher gave you; Play opens it on this page."""

    def __init__(self, duel: DuelApp, lang: str = "en") -> None:
        self.duel = duel
        self.lang = lang
        _ = tr(lang)
        self._ct: ClassTournaments | None = None
        self.mine: MyTable | None = None
        self.class_code = entry(_("Class code"), "crib-duel-class-code", "16em", _("e.g. ABC234"))
        self.find_button = button(_("Find my table"), "crib-duel-find")
        self.status = w.HTML(_dom_classes=("crib-live",)).add_class("crib-duel-mine")
        self.play_button = w.Button(
            _dom_classes=("crib-duel-mine-play",),
            description=trp(lang)("button", NP_("button", "Play")),
            button_style="primary",
            icon="play",
            layout=w.Layout(width="auto", display="none"),
        )
        # a seat the teacher handed over: the seat code they told this student
        self.seat_code = w.Text(
            _dom_classes=("crib-duel-seat-code",),
            placeholder=_("e.g. K7QM"),
            description=_("Seat code"),
            layout=w.Layout(width="14em", display="none"),
        )
        on_clicks((self.find_button, self.find), (self.play_button, self.play))
        row = w.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px 8px")
        super().__init__(
            [
                w.HTML(
                    '<div class="crib-label">'
                    + html.escape(_("Your class table"))
                    + "</div><div>"
                    + html.escape(
                        _(
                            "If your teacher paired the class: type the class code and your name, "
                            "then Find my table."
                        )
                    )
                    + "</div>"
                ),
                w.HBox([self.class_code, self.find_button], layout=row),
                w.HBox([self.status, self.seat_code, self.play_button], layout=row),
            ],
            layout=w.Layout(
                border="1px solid var(--crib-line-2)", padding="4px 8px", margin="6px 0"
            ),
        )
        self.add_class("crib-duel-class")

    @property
    def ct(self) -> ClassTournaments:
        if self._ct is None:
            from crib.store.classroom import Store

            duels = self.duel.storage
            self._ct = ClassTournaments(Store(duels.path), duels)  # type: ignore[attr-defined, arg-type]
        return self._ct

    @friendly()
    def find(self) -> MyTable | None:
        """Your seat in the class session: "Your table: against NAME", and Play."""
        _ = tr(self.lang)
        self.mine = None
        self.play_button.layout.display = self.seat_code.layout.display = "none"
        name = self.duel.name_text.value
        if not str(name).strip():
            raise CribError(
                _("type your name (the one you joined the class with), then Find my table")
            )
        try:
            m = self.ct.find_table(self.class_code.value, name, known=PAGE["seats"])
        except CribError as e:
            raise CribError(duel_error(str(e), self.lang)) from None
        if m is None:
            self.status.value = info_html(
                _(
                    "No table for {name} in this class yet: wait for your teacher to "
                    "start the round, and check your name."
                ).format(name=name.strip())
            )
            return None
        self.mine = m
        what = {
            "over": _("Your game against {name} is over: Play shows it again."),
            "abandoned": _("Your game against {name} was abandoned: ask your teacher."),
        }.get(m.status, _("Your table: {code}, against {name}."))
        if m.handed:
            what += " " + _(
                "Your teacher handed your seat over: type the seat code they gave you, then Play."
            )
        said = html.escape(what.format(name=m.opponent, code=m.code))
        self.status.value = f'<b class="crib-duel-mine-text">{said}</b>'
        self.play_button.layout.display = None
        self.seat_code.layout.display = None if m.handed else "none"
        return m

    @friendly()
    def play(self) -> None:
        """Claim your seat for this device if no device has yet, and open it on this page
        (the address becomes your seat's link, and the device keeps its secret)."""
        if self.mine is None:
            raise CribError(tr(self.lang)(N_("find your table first")))
        try:
            self.mine = self.ct.claim(self.mine, self.seat_code.value)
        except CribError as e:
            if not (self.mine.handed and "not the seat code" in str(e)):  # a typo: type it again
                self.play_button.layout.display = self.seat_code.layout.display = "none"
            raise CribError(duel_error(str(e), self.lang)) from None
        PAGE["seats"][self.mine.code] = self.mine.token
        self.duel.resume(self.mine.code, self.mine.token)


def add_class_box(duel: DuelApp, lang: str = "en") -> ClassTableBox:
    """The duel page's "Your class table" box (made once), and its class hooks: a
    tournament table's result at the game's end, the round's secret held."""
    box = getattr(duel, "class_box", None)
    if box is None:
        box = duel.class_box = ClassTableBox(duel, lang)
        kids = list(duel.entry_box.children)
        duel.entry_box.children = (
            *kids[:2],
            box,
            *kids[2:],
        )  # after the name, before create and join
        duel.on_over = lambda code: box.ct.record_duel(code)
        # back from a table (Leave, or Back after the game): look again for the next one
        duel.entry_box.layout.observe(
            lambda c: box.find() if c.new is None and box.mine else None, "display"
        )
    return box  # type: ignore[no-any-return]


def _duel_of(app: Any) -> DuelApp:
    duel = getattr(app, "duel_app", None)
    if duel is None:
        lang = getattr(app, "lang", "en")
        duel = app.duel_app = DuelApp(lang=lang)
        add_class_box(duel, lang)
    return duel  # type: ignore[no-any-return]


def classmate_button(app: Any) -> w.Button:
    """The play page's "Play a classmate" button (it swaps the page to a :class:`DuelApp`)."""
    label = tr(getattr(app, "lang", "en"))("Play a classmate")
    b = button(label, "crib-classmate", icon="users")
    b.on_click(lambda _b: _swap(app, _duel_of(app)))
    return b


def open_from_query(app: Any, query: str) -> bool:
    """``?table=CODE&seat=TOKEN`` resumes that seat; ``?table=CODE`` fills the code in to
    join; ``?class=CODE&name=NAME`` looks for the student's class table.  False when the
    query names no table and no class (the page goes on as before)."""
    q = {k: v[0] for k, v in parse_qs(query or "").items()}
    if "table" not in q and "class" not in q:
        return False
    duel = _duel_of(app)
    _swap(app, duel)
    if "table" not in q:
        box = duel.class_box
        box.class_code.value = q["class"]
        if q.get("name"):
            duel.name_text.value = q["name"]
            box.find()
        return True
    if q.get("seat"):
        duel.resume(q["table"], q["seat"])
    else:
        try:
            duel.code_text.value = clean_table_code(q["table"])
        except CribError as e:
            duel.entry_status.value = info_html(duel_error(str(e), duel.lang))
    return True
