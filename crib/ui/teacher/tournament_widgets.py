"""The class tournament panel's controls and their layout, in the teacher's language:
:class:`~crib.ui.teacher.tournament.TournamentPanel` gives them their actions."""

from __future__ import annotations

import html

import ipywidgets as w

from crib.i18n import tr
from crib.ui.kit.common import info_html

__all__ = ["TournamentWidgets"]


class TournamentWidgets(w.VBox):
    """The form (players, pairing, length, rounds, name), the running tournament's row,
    the result by hand, the seat hand-over, the standings and the downloads."""

    def __init__(self, lang: str = "en") -> None:
        _ = tr(lang)
        self.note = w.HTML(
            info_html(_("Create or reopen a class session above: its students are the players."))
        ).add_class("crib-tour-note")
        self.players = w.Textarea(
            description=_("Players"),
            placeholder=_("one name a line"),
            rows=6,
            layout=w.Layout(width="22em"),
        ).add_class("crib-tour-players")
        self.fill_button = w.Button(
            description=_("Use the class list"), icon="users", layout=w.Layout(width="auto")
        ).add_class("crib-tour-fill")
        self.mode = w.Dropdown(
            options=[
                (_("Pair once (friendly games)"), "friendly"),
                (_("Round-robin tournament"), "round-robin"),
                (_("Swiss tournament"), "swiss"),
            ],
            value="friendly",
            description=_("Pairing"),
            layout=w.Layout(width="24em"),
        ).add_class("crib-tour-mode")
        self.length = w.Dropdown(
            options=[(_("121 points"), 121), (_("61 points"), 61)],
            value=121,
            description=_("Games to"),
            layout=w.Layout(width="14em"),
        ).add_class("crib-tour-length")
        self.rounds = w.BoundedIntText(
            value=0,
            min=0,
            max=99,
            description=_("Rounds"),
            tooltip=_("0: every round of the format"),
            layout=w.Layout(width="10em"),
        ).add_class("crib-tour-rounds")
        self.name = w.Text(
            value=_("Class tournament"), description=_("Name"), layout=w.Layout(width="20em")
        ).add_class("crib-tour-name")
        self.create_button = w.Button(
            description=_("Create"), button_style="primary", layout=w.Layout(width="auto")
        ).add_class("crib-tour-create")
        self.pick = w.Dropdown(
            description=_("Tournament"), options=[], layout=w.Layout(width="24em")
        ).add_class("crib-tour-pick")
        self.start_button = w.Button(
            description=_("Start round 1"),
            button_style="primary",
            icon="play",
            layout=w.Layout(width="auto"),
        ).add_class("crib-tour-start")
        self.projector = w.ToggleButton(
            description=_("Standings on the projector"),
            icon="television",
            layout=w.Layout(width="auto"),
        ).add_class("crib-tour-projector")
        self.status = w.HTML().add_class("crib-live").add_class("crib-tour-status")
        self.round_box = w.HTML().add_class("crib-tour-round")
        self.reach = w.HTML().add_class("crib-tour-reach-box")
        self.hand_table = w.Dropdown(
            description=_("Table"), options=[], layout=w.Layout(width="22em")
        ).add_class("crib-tour-hand-table")
        self.score1 = w.Text(
            description=_("Seat 1"), placeholder="121", layout=w.Layout(width="10em")
        ).add_class("crib-tour-score1")
        self.score2 = w.Text(
            description=_("Seat 2"), placeholder="98", layout=w.Layout(width="10em")
        ).add_class("crib-tour-score2")
        self.hand_button = w.Button(
            description=_("Record by hand"), layout=w.Layout(width="auto")
        ).add_class("crib-tour-hand")
        # a seat handed over to a new device (a student who changed device, or a seat
        # that a classmate claimed by typing the wrong name): its old link dies
        self.seat_pick = w.Dropdown(
            description=_("Seat"), options=[], layout=w.Layout(width="22em")
        ).add_class("crib-tour-seat-pick")
        self.seat_button = w.Button(
            description=_("Hand the seat to a new device"),
            icon="exchange",
            layout=w.Layout(width="auto"),
        ).add_class("crib-tour-handover")
        self.standings = w.HTML().add_class("crib-tour-standings")
        self.downloads = w.HTML().add_class("crib-tour-downloads")
        self.pdf_button = w.Button(
            description=_("Pairing sheet and scorecards (PDF)"),
            icon="print",
            layout=w.Layout(width="auto"),
        ).add_class("crib-tour-pdf")
        self.pdf_link = w.HTML().add_class("crib-tour-pdf-link")

        row = {"flex_flow": "row wrap", "align_items": "center", "grid_gap": "4px 10px"}
        self.form = w.VBox(
            [
                w.HBox(
                    [
                        w.VBox(
                            [self.players, self.fill_button],
                            layout=w.Layout(align_items="flex-end"),
                        ),
                        w.VBox(
                            [self.mode, self.length, self.rounds, self.name, self.create_button],
                            layout=w.Layout(align_items="flex-start"),
                        ),
                    ],
                    layout=w.Layout(**{**row, "align_items": "flex-start"}),
                ),
            ]
        ).add_class("crib-tour-form")
        self.hand_row = w.HBox(
            [self.hand_table, self.score1, self.score2, self.hand_button], layout=w.Layout(**row)
        ).add_class("crib-tour-hand-row")
        self.seat_row = w.HBox(
            [self.seat_pick, self.seat_button], layout=w.Layout(**row)
        ).add_class("crib-tour-seat-row")
        self.files_row = w.HBox(
            [self.downloads, self.pdf_button, self.pdf_link], layout=w.Layout(**row)
        )
        self.run_row = w.HBox(
            [self.pick, self.start_button, self.projector], layout=w.Layout(**row)
        )
        self.body = w.VBox(
            [
                self.form,
                self.run_row,
                self.status,
                self.round_box,
                self.reach,
                self.hand_row,
                self.seat_row,
                self.standings,
                self.files_row,
            ],
            layout=w.Layout(display="none"),
        )
        title = _("Pair the class · Tournament")
        super().__init__([w.HTML(f"<h3>{html.escape(title)}</h3>"), self.note, self.body])
        self.add_class("crib-tour")
