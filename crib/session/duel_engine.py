"""The engine under one seat of a game between two people (:mod:`crib.session.duel`):
rebuilt from the table's secret and its stored rows, fed new rows as they come, and the
check a move passes inside the store's transaction before it is appended.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from crib.errors import CribError, IllegalPlayError
from crib.rules import events as ev
from crib.rules.cards import cards_pretty, parse_card, parse_cards
from crib.rules.fairness import begin_match
from crib.rules.game import Decision, Game
from crib.rules.players import HumanPlayer
from crib.session.duel_record import DuelStorage, MoveCheck, MoveRow
from crib.session.model import cut_for_deal

__all__ = ["SeatEngine"]


def _action_json(kind: str, action: Any) -> Any:
    if kind == "discard":
        return " ".join(str(c) for c in action)
    if kind == "play":
        return str(action)
    if kind == "count":
        return int(action)
    return None


def _engine_action(row: MoveRow) -> Any:
    if row.kind == "discard":
        return parse_cards(row.action)
    if row.kind == "play":
        return parse_card(row.action)
    if row.kind == "count":
        return int(row.action)
    return None


class SeatEngine:
    """One seat's engine: ``game`` (None until the guest sits down), the rows read
    (``_rows``, up to row id ``_last``) and those not yet due (``_waiting``)."""

    def __init__(self, storage: DuelStorage, code: str, seat: int, token: str) -> None:
        self.storage = storage
        self.code = code
        self.seat = seat
        self.token = token
        self.record = storage.duel(code)
        self.game: Game | None = None
        self._rows: list[MoveRow] = []  # applied or waiting for their turn in the engine
        self._waiting: list[MoveRow] = []  # stored, not yet taken by the engine (a discard)
        self._last = 0  # the last row id read
        self._folded: Any = (
            None  # the page's SeatView (crib.session.duel_view), reset with the engine
        )

    def _start_game(self) -> None:
        r = self.record
        if self.game is not None or r.client_seed is None or r.names[1] is None:
            return
        mine, theirs = cut_for_deal(r.seed)
        self.game = Game(
            r.seed,
            (HumanPlayer(r.names[0]), HumanPlayer(r.names[1])),
            first_dealer=0 if mine.rank < theirs.rank else 1,
            match=begin_match(r.master_seed, r.client_seed),
            scores=r.scores,
            manual=r.manual,
            muggins=r.muggins,
        )
        if self.game.commit != r.commit:
            raise CribError(
                "the table's commitment does not match its secret: the record was changed"
            )
        self.game.advance()  # the first deal

    @staticmethod
    def _take(rows: Sequence[MoveRow], g: Game, waiting: list[MoveRow]) -> list[ev.Event]:
        """Give stored rows to the engine ``g``, each when its seat's decision comes up
        (the two discards of a deal may be stored in either order; a row not yet due
        stays in ``waiting``); returns the new events."""
        before = len(g.events)
        waiting.extend(rows)
        while waiting:
            d = g.advance()
            if d is None:
                break
            row = next((r for r in waiting if r.seat == d.player), None)
            if row is None:
                break
            g.submit(d.player, _engine_action(row))
            waiting.remove(row)
        g.advance()
        return g.events[before:]

    def _read_moves(self) -> bool:
        if self.game is None:
            return False
        rows = self.storage.moves(self.code, after=self._last)
        if not rows:
            return False
        self._last = rows[-1].id
        self._rows.extend(rows)
        self._take(rows, self.game, self._waiting)
        return True

    def decision(self) -> Decision | None:
        """The engine's pending decision, if it is this seat's."""
        if self.game is None or self.record.status in ("abandoned",):
            return None
        d = self.game.pending()
        if d is not None and d.player == self.seat:
            return d
        return None

    def _my_waiting_discard(self) -> bool:
        return any(r.seat == self.seat for r in self._waiting)

    def _discard_due(self) -> bool:
        """This seat still has to throw in this deal (its turn in the engine or not)."""
        g = self.game
        if g is None or g.over or self.record.status == "abandoned" or self._my_waiting_discard():
            return False
        d = g.pending()
        if d is None or d.kind != "discard":
            return False
        return not any(
            isinstance(e, ev.Discarded) and e.player == self.seat for e in self._this_hand()
        )

    def _this_hand(self) -> list[ev.Event]:
        assert self.game is not None
        evs = self.game.events
        i = max((k for k, e in enumerate(evs) if isinstance(e, ev.Dealt)), default=0)
        return evs[i:]

    def _n(self) -> int:
        return sum(r.seat == self.seat for r in self._rows)

    def _check(
        self, kind: str, action: Any, n: int, move_id: str, applied: list[MoveRow]
    ) -> Callable[[list[MoveRow]], MoveCheck]:
        """The check run inside the store's transaction: the rows stored meanwhile, then
        this move, through the engine (rebuilt from the store if the transaction fails)."""

        def check(new_rows: list[MoveRow]) -> MoveCheck:
            g = self.game
            assert g is not None
            if new_rows:  # the other page moved meanwhile: take its moves first
                self._last = new_rows[-1].id
                self._rows.extend(new_rows)
                self._take(new_rows, g, self._waiting)
            if self.record.status == "abandoned":
                raise CribError("the game was abandoned")
            if kind == "discard":
                if not self._discard_due():
                    raise IllegalPlayError("you have thrown your two cards for this deal")
                six = next(e for e in reversed(g.events) if isinstance(e, ev.Dealt)).hands[
                    self.seat
                ]
                cards = parse_cards(action)  # the move's stored text (the row's JSON)
                if len(set(cards)) != 2 or not set(cards) <= set(six):
                    raise IllegalPlayError(f"throw two of your own cards ({cards_pretty(six)})")
            else:
                d = self.decision()
                if d is None:
                    raise IllegalPlayError(f"it is {self.record.names[1 - self.seat]}'s turn")
                g.verify_submit(
                    self.seat,
                    None if kind == "go" else (parse_card(action) if kind == "play" else action),
                )
            row = MoveRow(0, self.seat, n, kind, action, move_id)
            applied.append(row)
            new = self._take([row], g, self._waiting)
            return MoveCheck(
                ev.log_to_json(new),
                g.winner if g.over else None,
                ev.log_to_json(g.events) if g.over else "",
            )

        return check

    def _rebuild(self) -> None:
        """The engine again from the store's rows (after a failed write)."""
        self.game, self._rows, self._waiting, self._last = None, [], [], 0
        self._folded = None
        self._start_game()
        self._read_moves()
