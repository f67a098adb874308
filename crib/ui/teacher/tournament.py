"""The teacher page's "Pair the class / Tournament" panel (issue #25, points 4 and 5).

The players are the students who joined the open class session (an editable list:
take out who is absent, add a name).  The teacher pairs them once (friendly games) or
runs a round-robin or Swiss tournament, to 61 or 121.  "Start round" seats every table
of the next round at a classmate table dealt from the round's duplicate deals
(:class:`crib.store.tournament_tables.ClassTournaments`); each student finds their own
table on the play page.  The panel polls the record: a finished game's result comes in
by itself, and the standings follow.  An abandoned game is recorded by hand.  The
standings go large on the projector; the CSVs and the printable pairing sheet and
scorecards (:mod:`crib.classroom.tournament.sheets`) download from here.

Everything is in the classroom record, so a reload (or a new kernel) finds the
session's tournaments again.  The teacher page hooks the panel in with one line:
``TournamentPanel(self)`` reads its ``session`` and ``store``.
"""

from __future__ import annotations

import asyncio
from typing import Any, TypeVar

from crib.classroom.tournament import Tournament
from crib.i18n import N_, tr
from crib.store.classroom import Session, Store
from crib.store.tournament_tables import ClassTournaments, TableState
from crib.ui.kit.common import info_html, keep_polling, on_clicks
from crib.ui.kit.quiz_html import csv_link_html
from crib.ui.kit.say import SaidError, friendly_in
from crib.ui.teacher.join import qr_svg, student_url
from crib.ui.teacher.printables import pdf_link_html
from crib.ui.teacher.tournament_views import (
    play_link,
    reach_html,
    round_html,
    standings_html,
)
from crib.ui.teacher.tournament_widgets import TournamentWidgets

__all__ = ["TournamentPanel"]


T = TypeVar("T")


def _needed(value: T | None, missing: str) -> T:
    """``value``, or a :class:`CribError` saying ``missing`` (what to do first) if it is None."""
    if value is None:
        raise SaidError(missing)
    return value


class TournamentPanel(TournamentWidgets):
    """Pair the class and run a class tournament (see the module docstring).

    ``host`` has the open class session as ``host.session`` (None before one is
    opened) and the classroom record as ``host.store``: the teacher page itself."""

    def __init__(
        self, host: Any, *, lang: str = "en", refresh_seconds: float = 2.0, seed: int | None = None
    ) -> None:
        self.host = host
        self.lang = lang
        _ = tr(lang)
        self.refresh_seconds = refresh_seconds
        self._seed = seed  # the tournaments' seed (tests); None: drawn with secrets
        self._ct: ClassTournaments | None = None
        self._session_code: str | None = None
        self._filled: list[str] = []  # the names the players box was last filled with
        self._seen: Any = None
        self._version: Any = (
            None  # the record's version of the tournament loaded (TournamentStore.version)
        )
        self._task: asyncio.Task | None = None
        self.tournament: Tournament | None = None
        self.tables: list[TableState] = []

        super().__init__(lang)
        on_clicks(
            (self.fill_button, self.fill_players),
            (self.create_button, self.create),
            (self.start_button, self.start_round),
            (self.hand_button, self.record_by_hand),
            (self.seat_button, self.hand_over),
            (self.pdf_button, self.make_pdf),
        )
        self.pick.observe(lambda _c: self.open_tournament(), "value")
        self.projector.observe(lambda _c: self.toggle_projector(), "value")

        self.refresh()
        self.start_polling()

    # -- the record -----------------------------------------------------------------------

    @property
    def ct(self) -> ClassTournaments:
        store: Store = self.host.store
        if self._ct is None or self._ct.store is not store:
            self._ct = ClassTournaments(store)
        return self._ct

    @property
    def session(self) -> Session | None:
        return getattr(self.host, "session", None)

    # -- the class session and its tournaments -------------------------------------------

    def _session_changed(self) -> bool:
        """Follow the teacher page's session: a new one fills the players and lists its
        tournaments (the newest opens)."""
        s = self.session
        code = s.code if s is not None else None
        if code == self._session_code:
            return False
        self._session_code = code
        self.body.layout.display = "none" if s is None else None
        self.note.layout.display = None if s is None else "none"
        self.tournament, self.tables, self._seen = None, [], None
        if s is not None:
            self.fill_players()
            self._list(pick_last=True)
        return True

    def _list(self, pick_last: bool = False, pick: str | None = None) -> None:
        s = self.session
        if s is None:
            return
        opts = [(f"{name} ({code})", code) for code, name in self.ct.ts.list_for_session(s.code)]
        self.pick.options = opts
        if pick is not None:
            self.pick.value = pick
        elif pick_last and opts:
            self.pick.value = opts[-1][1]
        self.open_tournament()

    @friendly_in()
    def fill_players(self) -> None:
        """The players box gets the students who joined the session, in joining order."""
        s = self.session
        if s is None:
            return
        names = [x.name for x in self.ct.store.students(s.code)]
        self.players.value = "\n".join(names)
        self._filled = names
        nobody = info_html(
            tr(self.lang)(
                N_("No student has joined this session yet: type the players' names, one a line.")
            )
        )
        if not names:
            self.status.value = nobody
        elif self.status.value == nobody:
            self.status.value = ""

    def _follow_joins(self) -> None:
        """Students who joined since the players box was filled come into it, unless the
        teacher has edited the box (then "Use the students who joined" brings them in)."""
        s = self.session
        if s is None or self.player_names() != self._filled:
            return
        if [x.name for x in self.ct.store.students(s.code)] != self._filled:
            self.fill_players()

    def player_names(self) -> list[str]:
        return [x.strip() for x in self.players.value.splitlines() if x.strip()]

    @friendly_in()
    def create(self) -> None:
        """A new tournament (or friendly pairing) of the players box, tied to the session."""
        _ = tr(self.lang)
        s = _needed(self.session, _("create or reopen a class session first"))
        mode = self.mode.value
        name = self.name.value if mode != "friendly" else _("Friendly games")
        code = self.ct.create(
            s.code,
            name,
            self.player_names(),
            mode=mode,
            length=int(self.length.value),
            rounds=int(self.rounds.value) or None,
            seed=self._seed,
        )
        self._list(pick=code)
        self.status.value = info_html(
            _("Created: press Start round 1 to seat the class at its tables.")
        )

    def _load(self, code: str) -> Tournament:
        """The tournament from the record (its version read first: a result recorded
        meanwhile is seen at the next poll)."""
        self._version = self.ct.ts.version(code)
        self.tournament = self.ct.load(code)
        return self.tournament

    @friendly_in()
    def open_tournament(self) -> None:
        code = self.pick.value
        self.tournament = self._load(code) if code else None
        self._seen = None
        self.refresh()

    # -- rounds and results ----------------------------------------------------------------

    @friendly_in()
    def start_round(self) -> None:
        """Pair the next round and seat every table at its classmate table."""
        _ = tr(self.lang)
        t = _needed(self.tournament, _("create a tournament (or a friendly pairing) first"))
        self.ct.sync(t.code)  # a Swiss round pairs from every result in
        r = self.ct.start_round(t.code)
        self._load(t.code)
        self._seen = None
        self.refresh()
        self.status.value = info_html(
            _("Round {n} is seated: every table plays the same cards.").format(n=r.number)
        )

    @friendly_in()
    def record_by_hand(self) -> None:
        """The score the teacher types for the picked table (an abandoned game)."""
        _ = tr(self.lang)
        t = self.tournament
        if t is None or self.hand_table.value is None:
            raise SaidError(_("pick a table first"))
        round_no, table = self.hand_table.value
        res = self.ct.record_by_hand(
            t.code, round_no, table, (self.score1.value, self.score2.value)
        )
        self.score1.value = self.score2.value = ""
        self._load(t.code)
        self._seen = None
        self.refresh()
        self.status.value = info_html(
            _("Recorded table {table}: {who} wins {a}–{b}.").format(
                table=table, who=res.seats[res.winner], a=res.scores[0], b=res.scores[1]
            )
        )

    @friendly_in()
    def hand_over(self) -> None:
        """Hand the picked seat to a new device: its old link and page lose it, and the
        device where the student types their name and the seat code shown here claims it."""
        _ = tr(self.lang)
        if self.seat_pick.value is None:
            raise SaidError(_("pick a seat first"))
        code, name = self.seat_pick.value
        pin = self.ct.hand_over(code, name)
        self.status.value = info_html(
            _(
                "{name}'s seat at table {code} is handed over. Tell {name} alone its seat "
                "code {pin}: on the new device, {name} types their name, Find my table, "
                "the seat code, then Play."
            ).format(name=name, code=code, pin=pin)
        )

    def _signature(self) -> Any:
        t = self.tournament
        return (
            (
                t.code,
                len(t.played_rounds),
                len(t.results),
                tuple((x.status, x.opened, x.result) for x in self.tables),
            )
            if t
            else None
        )

    @friendly_in()
    def refresh(self) -> bool:
        """Bring in finished games, and the results and rounds other pages stored (a
        student's page records its table's result at the game's end), then redraw if
        anything changed; True if it did."""
        changed = self._session_changed()
        if not changed:
            self._follow_joins()
        t = self.tournament
        if t is not None:
            self.ct.sync(t.code)  # the finished games nobody has recorded yet
            if self.ct.ts.version(t.code) != self._version:  # a result or a round from any page
                t = self._load(t.code)
            n = len(t.played_rounds)
            self.tables = self.ct.tables(t.code, n, t) if n else []
        sig = self._signature()
        if sig == self._seen and not changed:
            return False
        self._seen = sig
        self.draw()
        return True

    def draw(self) -> None:
        _ = tr(self.lang)
        t, s = self.tournament, self.session
        if t is None or s is None:
            for x in (self.round_box, self.reach, self.standings, self.downloads):
                x.value = ""
            self.run_row.children = (self.pick,) if self.pick.options else ()
            self.hand_row.layout.display = self.files_row.layout.display = (
                self.seat_row.layout.display
            ) = "none"
            return
        self.run_row.children = (self.pick, self.start_button, self.projector)
        n = len(t.played_rounds)
        more = n < t.rounds
        self.start_button.description = (
            _("Start round {n}").format(n=n + 1) if more else _("All rounds paired")
        )
        self.start_button.disabled = not more
        self.round_box.value = round_html(t, n, self.tables, self.lang) if n else ""
        url = student_url()
        qr = (
            f'<div class="crib-join-qr" style="width:220px">{qr_svg(play_link(s.code, url))}</div>'
            if url and self.projector.value
            else ""
        )
        self.reach.value = (reach_html(s.code, url, self.lang) + qr) if n else ""
        self.standings.value = standings_html(t, self.lang)
        which = _("Round {n}, table {k}: {a} – {b}")
        opts = [
            (which.format(n=n, k=x.table, a=x.seats[0], b=x.seats[1]), (n, x.table))
            for x in self.tables
        ]
        keep = self.hand_table.value
        self.hand_table.options = opts
        if keep in [v for _l, v in opts]:
            self.hand_table.value = keep  # the teacher's pick survives a redraw
        else:  # else the first abandoned table, or the first without a result
            todo = sorted(
                (x.status != "abandoned", x.table) for x in self.tables if x.result is None
            )
            self.hand_table.value = (n, todo[0][1]) if todo else None
        self.hand_row.layout.display = None if opts and not self.projector.value else "none"
        where = _("{name} (table {code})")
        seats = [
            (where.format(name=name, code=x.code), (x.code, name))
            for x in self.tables
            if x.code and x.status not in ("over", "abandoned")
            for name in x.seats
        ]
        keep_seat = self.seat_pick.value
        self.seat_pick.options = seats
        self.seat_pick.value = keep_seat if keep_seat in [v for _l, v in seats] else None
        self.seat_row.layout.display = None if seats and not self.projector.value else "none"
        self.files_row.layout.display = None if not self.projector.value else "none"
        self.downloads.value = (
            csv_link_html(t.standings_csv(), f"crib-standings-{t.code}.csv", _("Standings (CSV)"))
            + " · "
            + csv_link_html(t.results_csv(), f"crib-results-{t.code}.csv", _("Results (CSV)"))
        )

    @friendly_in("pdf_link")
    def make_pdf(self) -> bytes | None:
        """The current round's pairing sheet and scorecards, to print for a class on paper."""
        from crib.classroom.tournament.sheets import round_pdf

        _ = tr(self.lang)
        t = self.tournament
        if t is None or not t.played_rounds:
            raise SaidError(_("start a round first: the sheet lists its tables"))
        n = len(t.played_rounds)
        data = round_pdf(t, n, lang=self.lang)  # the sheets in the page's language
        self.pdf_link.value = pdf_link_html(
            data,
            f"crib-{t.code}-round-{n}.pdf",
            _("Round {n}: pairing sheet and scorecards").format(n=n),
        )
        return data

    @friendly_in()
    def toggle_projector(self) -> None:
        """The standings and the round, large, for the class screen (the forms step aside)."""
        on = bool(self.projector.value)
        (self.add_class if on else self.remove_class)("crib-projecting")
        self.form.layout.display = "none" if on else None
        self.pick.layout.display = self.start_button.layout.display = "none" if on else None
        self.status.layout.display = "none" if on else None
        self._seen = None
        self.draw()

    # -- polling ---------------------------------------------------------------------------

    def start_polling(self) -> bool:
        """Poll the record on the kernel's event loop (False outside a running loop)."""
        self._task = keep_polling(self._task, self.refresh, lambda: self.refresh_seconds)
        return self._task is not None
