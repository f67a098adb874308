"""What the classmate game page (:class:`crib.ui.play.duel.DuelApp`) draws around the
table, as HTML from the seat's view alone: the table's header (its code, the two
names, whether the other page is here), the opponent's row (card backs until their
cards are shown), and after the game the log's download or, for a tournament round's
table, why it waits for the rest of the round."""

from __future__ import annotations

import base64
import html

from crib.i18n import N_, tr
from crib.session.model import GameView
from crib.ui.kit.cardview import PLAYER_COLOURS, backs_html, cards_html
from crib.ui.kit.style import var

__all__ = ["HELD_TEXT", "header_html", "opponent_html", "log_link_html", "held_html"]

HELD_TEXT = N_(
    "Every table of this round plays the same cards: this game's log, its review and the deals' "
    "secret are shown here once every table of the round is done."
)


def header_html(code: str, v: GameView, presence: str, lang: str = "en") -> str:
    """The table's code (large: it is read aloud), who plays whom, and the other page's
    presence ('' while both are here)."""
    _ = tr(lang)
    me, them = v.names
    waiting = _("your classmate (waiting)")
    return (
        f'<div class="crib-label">{_("Table")}</div><div class="crib-duel-code" data-code="{code}" '
        f'style="font-size:26px;font-weight:700;letter-spacing:.12em">{code}</div>'
        f"<div>{html.escape(me)} v {html.escape(them or waiting)}</div>"
        + (
            f'<div class="crib-duel-presence" style="color:{var("red-2")};font-weight:600">'
            f"{html.escape(presence)}</div>"
            if presence
            else ""
        )
    )


def opponent_html(v: GameView, lang: str = "en") -> str:
    """The opponent's name, their cards once shown (backs until then) and their points: the
    classmate game's and the game against the computer's (:class:`~crib.ui.play.table.Opponent`)."""
    opp = (
        cards_html(v.opp_shown, "pile")
        if v.opp_shown
        else backs_html(v.opp_held, tuck=12, lang=lang)
    )
    points = tr(lang)("{n} points").format(n=v.scores[1])
    return (
        '<div style="display:flex;gap:12px;align-items:center">'
        f'<b style="color:{PLAYER_COLOURS[1]}">'
        f'{html.escape(v.names[1] or "…")}</b><span style="padding-right:12px">{opp}</span>'
        f"<span>{points}</span></div>"
    )


def log_link_html(code: str, log: str, secret: str, lang: str = "en") -> str:
    """The finished game's log to download, and the command that checks it."""
    _ = tr(lang)
    b64 = base64.b64encode(log.encode()).decode()
    name = f"crib-table-{code}.json"
    return (
        f'<a class="crib-download" download="{name}" href="data:application/json;base64,{b64}">'
        "⬇ "
        + _("the game’s log")
        + "</a><div class='crib-muted' style='font-size:13px'>"
        + _("Check it:")
        + f" <code>crib replay {name} --secret {secret}</code></div>"
    )


def held_html(lang: str = "en") -> str:
    """Why a round's finished table shows no log, review or secret yet."""
    return (
        '<div class="crib-duel-held" role="status" style="font-size:13px">'
        + html.escape(tr(lang)(HELD_TEXT))
        + "</div>"
    )
