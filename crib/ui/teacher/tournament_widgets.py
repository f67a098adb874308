"""The class tournament panel's controls and their layout, in the teacher's language:
:class:`~crib.ui.teacher.tournament.TournamentPanel` gives them their actions."""

from __future__ import annotations

import html

import ipywidgets as w

from crib.i18n import tr
from crib.ui.kit.common import info_html
from crib.ui.kit.controls import button, entry, sized

__all__ = ["TournamentWidgets"]


class TournamentWidgets(w.VBox):
    """The form (players, pairing, length, rounds, name), the running tournament's row,
    the result by hand, the seat hand-over, the standings and the downloads."""

    def __init__(self, lang: str = "en") -> None:
        _ = tr(lang)
        self.note = w.HTML(
            info_html(_("Create or reopen a class session above: its students are the players.")),
            _dom_classes=("crib-tour-note",),
        )
        self.players = sized(
            w.Textarea,
            _("Players"),
            "crib-tour-players",
            "22em",
            placeholder=_("one name a line"),
            rows=6,
        )
        self.fill_button = button(_("Use the students who joined"), "crib-tour-fill", icon="users")
        self.mode = sized(
            w.Dropdown,
            _("Pairing"),
            "crib-tour-mode",
            "24em",
            options=[
                (_("Pair once (friendly games)"), "friendly"),
                (_("Round-robin tournament"), "round-robin"),
                (_("Swiss tournament"), "swiss"),
            ],
            value="friendly",
        )
        self.length = sized(
            w.Dropdown,
            _("Games to"),
            "crib-tour-length",
            "14em",
            options=[(_("121 points"), 121), (_("61 points"), 61)],
            value=121,
        )
        self.rounds = sized(
            w.BoundedIntText,
            _("Rounds"),
            "crib-tour-rounds",
            "10em",
            value=0,
            min=0,
            max=99,
            tooltip=_("0: every round of the format"),
        )
        self.name = sized(w.Text, _("Name"), "crib-tour-name", "20em", value=_("Class tournament"))
        self.create_button = button(_("Create"), "crib-tour-create", button_style="primary")
        self.pick = sized(w.Dropdown, _("Tournament"), "crib-tour-pick", "24em", options=[])
        self.start_button = button(
            _("Start round 1"), "crib-tour-start", button_style="primary", icon="play"
        )
        self.projector = sized(
            w.ToggleButton,
            _("Standings on the projector"),
            "crib-tour-projector",
            "auto",
            icon="television",
        )
        self.status = w.HTML(_dom_classes=("crib-live",)).add_class("crib-tour-status")
        self.round_box = w.HTML(_dom_classes=("crib-tour-round",))
        self.reach = w.HTML(_dom_classes=("crib-tour-reach-box",))
        self.hand_table = sized(w.Dropdown, _("Table"), "crib-tour-hand-table", "22em", options=[])
        self.score1, self.score2 = (
            entry(label, f"crib-tour-score{n}", "10em", example)
            for n, label, example in ((1, _("Seat 1"), "121"), (2, _("Seat 2"), "98"))
        )
        self.hand_button = button(_("Record by hand"), "crib-tour-hand")
        # a seat handed over to a new device (a student who changed device, or a seat
        # that a classmate claimed by typing the wrong name): its old link dies
        self.seat_pick = sized(w.Dropdown, _("Seat"), "crib-tour-seat-pick", "22em", options=[])
        self.seat_button = button(
            _("Hand the seat to a new device"), "crib-tour-handover", icon="exchange"
        )
        self.standings = w.HTML(_dom_classes=("crib-tour-standings",))
        self.downloads = w.HTML(_dom_classes=("crib-tour-downloads",))
        self.pdf_button = button(
            _("Pairing sheet and scorecards (PDF)"), "crib-tour-pdf", icon="print"
        )
        self.pdf_link = w.HTML(_dom_classes=("crib-tour-pdf-link",))

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
            ],
            _dom_classes=("crib-tour-form",),
        )
        self.hand_row = w.HBox(
            [self.hand_table, self.score1, self.score2, self.hand_button],
            _dom_classes=("crib-tour-hand-row",),
            layout=w.Layout(**row),
        )
        self.seat_row = w.HBox(
            [self.seat_pick, self.seat_button],
            _dom_classes=("crib-tour-seat-row",),
            layout=w.Layout(**row),
        )
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
