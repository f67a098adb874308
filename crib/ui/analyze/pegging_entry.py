"""The pegging analyzer's position entry: the text box and the fields kept in step, the
card grid's clicks, and the lead (a mixin of :class:`crib.ui.analyze.pegging.PeggingApp`)."""

from __future__ import annotations

from typing import Any

from crib.errors import CribError
from crib.i18n import tr
from crib.rules.cards import Card, cards_str
from crib.rules.position import PeggingPosition
from crib.ui.kit.common import error_html, info_html
from crib.ui.kit.say import say_error

__all__ = ["PositionEntry", "FIELDS", "LEAD_EXAMPLE"]

FIELDS = ("hand", "pile", "previous", "starter", "discards")
LEAD_EXAMPLE = "hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4"


class PositionEntry:
    """The entry's behaviour; the app holds the widgets (``fields``, ``text``, ``opp``,
    ``go``, ``scores``, ``target``, ``status``) and ``analyze``."""

    fields: dict[str, Any]
    text: Any
    opp: Any
    go: Any
    scores: Any
    target: Any
    status: Any
    lang: str
    _syncing: bool

    def analyze(self) -> None:  # pragma: no cover - the app's
        raise NotImplementedError

    def _on_grid(self, c: Card) -> None:
        f = self.fields[self.target.value]
        if self.target.value == "starter":
            f.value = str(c)
        else:
            cur = f.value.split()
            if str(c) not in cur:
                f.value = " ".join([*cur, str(c)])

    def _clear_field(self) -> None:
        self.fields[self.target.value].value = ""

    def _on_kind(self, change: dict) -> None:
        """The lead clears the pile, the earlier cards and the go, gives the opponent 4,
        keeps a four-card hand (else the example's) and analyzes: inputs and table agree."""
        lead = change["new"] == "lead"
        for f in (self.fields["pile"], self.fields["previous"], self.opp, self.go):
            f.disabled = lead
        if not lead:
            return
        hand = self.fields["hand"].value.split()
        self._syncing = True
        if len(hand) != 4:
            ex = PeggingPosition.parse(LEAD_EXAMPLE)
            self.fields["hand"].value, self.fields["starter"].value = (
                cards_str(ex.hand),
                str(ex.starter),
            )
            self.fields["discards"].value = cards_str(ex.discards)
        self.fields["pile"].value = self.fields["previous"].value = ""
        self.opp.value, self.go.value, self._syncing = 4, False, False
        self._fields_to_text()
        self.analyze()
        _ = tr(self.lang)
        said = _("The lead: your four cards, the starter and your discards; the opponent holds 4.")
        if len(hand) != 4:
            said += " " + _("The hand had {n} cards, so here is an example lead.").format(
                n=len(hand)
            )
        self.status.value = info_html(said)

    def _fields_to_text(self) -> None:
        if self._syncing:
            return
        parts = [f"hand {self.fields['hand'].value.strip()}"]
        for f in ("pile", "previous", "starter", "discards"):
            v = self.fields[f].value.strip()
            if v:
                parts.append(f"{f} {v}")
        parts.append(f"opp {self.opp.value}")
        if self.go.value:
            parts.append("go")
        if self.scores.value.strip():
            parts.append(f"scores {self.scores.value.strip()}")
        self._syncing = True
        self.text.value = " | ".join(parts)
        self._syncing = False

    def _on_text(self, change: dict) -> None:
        if self._syncing:
            return
        try:
            pos = PeggingPosition.parse(change["new"])
        except CribError as e:
            self.status.value = error_html(say_error(str(e), self.lang))
            return
        self._syncing = True
        try:
            self.fields["hand"].value = cards_str(pos.hand)
            self.fields["pile"].value = cards_str(pos.pile)
            self.fields["previous"].value = cards_str(pos.previous)
            self.fields["starter"].value = str(pos.starter) if pos.starter else ""
            self.fields["discards"].value = cards_str(pos.discards)
            self.opp.value = pos.opp_count
            self.go.value = pos.opp_go
            self.scores.value = f"{pos.scores[0]} {pos.scores[1]}" if pos.scores else ""
        finally:
            self._syncing = False
        self.status.value = ""
