"""5 -> 6: a class-table seat belongs to one device, and has one live page.

* ``duel_seats.claimed``: 0 while a seat the teacher made has not been claimed by a
  device (typing a name claims only such a seat, once); 1 once claimed, and for every
  seat its player made (create, join).  The seats a teacher made that no page has
  opened yet (``seen`` 0) start unclaimed; every other seat is claimed.
* ``duel_seats.handover``: the seat code the teacher gave out when handing the seat over
  ('' none): only a device that types it claims the seat then.
* ``duel_seats.holder``: the page that has the seat open now ('' none).  A second page
  for the seat is told it is open elsewhere, and takes it over only with the seat's
  secret (:meth:`crib.store.duels.DuelStore.open_seat`); the page it took it from
  can no longer move or beat for it.
"""

from __future__ import annotations

from crib.store.migrate import ddl

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    ddl(
        """
        ALTER TABLE duel_seats ADD COLUMN claimed INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE duel_seats ADD COLUMN holder TEXT NOT NULL DEFAULT '';
        ALTER TABLE duel_seats ADD COLUMN handover TEXT NOT NULL DEFAULT '';
        UPDATE duel_seats SET claimed = 0
            WHERE seen = 0 AND duel_id IN (SELECT id FROM duels WHERE session_id IS NOT NULL)
        """
    )
