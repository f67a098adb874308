"""The class tournament's HTML on the teacher page (:mod:`crib.ui.teacher.tournament`):
the round's tables with their codes and results, the standings (large on the
projector), and how students reach their table.  Every name is escaped (names are
typed by people), and every word goes through gettext (:func:`crib.i18n.tr`).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from urllib.parse import urlencode

from crib.classroom.tournament import Tournament
from crib.classroom.tournament.rules import Result
from crib.i18n import tr
from crib.store.tournament_tables import TableState

__all__ = ["standings_html", "round_html", "result_text", "status_text", "play_link", "reach_html"]


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def standings_html(t: Tournament, lang: str = "en") -> str:
    """Rank, player, won–lost, game points, spread (the projector's table)."""
    _ = tr(lang)
    head = "".join(
        f'<th scope="col">{html.escape(h)}</th>'
        for h in (_("Rank"), _("Player"), _("Won–lost"), _("Points"), _("Spread"))
    )
    body = []
    for s in t.standings():
        byes = " · " + _("bye") if s.byes else ""
        body.append(
            f'<tr><td class="crib-num">{html.escape(s.rank_text)}</td>'
            f"<td>{html.escape(s.name)}</td>"
            f'<td class="crib-num">{s.wins}–{s.losses}{byes}</td>'
            f'<td class="crib-num"><b>{s.points}</b></td>'
            f'<td class="crib-num">{_signed(s.spread)}</td></tr>'
        )
    played = len(t.played_rounds)
    what = _("Standings after round {n}").format(n=played) if played else _("Standings")
    caption = f"<caption style='text-align:left;font-weight:700'>{html.escape(what)}</caption>"
    rule = _("2 points a win, 3 a skunk, 2 a bye; ties by spread.")
    return (
        f'<table class="crib-tour-table crib-standings">{caption}<thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table>"
        f'<div class="crib-muted" style="font-size:14px">{html.escape(rule)}</div>'
    )


def result_text(res: Result, lang: str = "en") -> str:
    """'Cy 121–88 (skunk)': the winner, seat 1's score first."""
    _ = tr(lang)
    skunk = {"skunk": _("skunk"), "double skunk": _("double skunk")}.get(res.skunk, "")
    by_hand = "" if res.source == "game" else " · " + _("by hand")
    return (
        f"{html.escape(res.seats[res.winner])} {res.scores[0]}–{res.scores[1]}"
        + (f" ({skunk})" if skunk else "")
        + by_hand
    )


def status_text(x: TableState, lang: str = "en") -> str:
    """How far a table is, in words (as HTML)."""
    _ = tr(lang)
    if x.result is not None:
        done = html.escape(_("finished"))
        return f'<span class="crib-tour-done">{done}</span>'
    if x.status == "abandoned":
        gone = html.escape(_("abandoned: record the score by hand"))
        return f'<span class="crib-tour-abandoned">{gone}</span>'
    if x.status == "not opened":
        return html.escape(_("nobody has opened it yet"))
    if x.status == "playing":
        if all(x.opened):
            return html.escape(_("playing"))
        who = x.seats[0] if x.opened[0] else x.seats[1]
        return html.escape(_("{name} is at the table").format(name=who))
    if x.status == "over":
        return html.escape(_("over: the result comes in"))
    return html.escape(_("no table yet"))


def round_html(t: Tournament, round_no: int, tables: Sequence[TableState], lang: str = "en") -> str:
    """The round's tables: seats, table code, how far, result; and the bye."""
    _ = tr(lang)
    head = "".join(
        f'<th scope="col">{html.escape(h)}</th>'
        for h in (_("Table"), _("Seat 1"), _("Seat 2"), _("Table code"), _("Status"), _("Result"))
    )
    rows = "".join(
        f'<tr data-table="{x.table}" data-code="{x.code}"><td class="crib-num">{x.table}</td>'
        f"<td>{html.escape(x.seats[0])}</td><td>{html.escape(x.seats[1])}</td>"
        f'<td class="crib-tour-code">{x.code or "–"}</td>'
        f'<td class="crib-tour-state">{status_text(x, lang)}</td>'
        f'<td class="crib-tour-result">{result_text(x.result, lang) if x.result else ""}</td></tr>'
        for x in tables
    )
    r = t.round(round_no)
    bye_text = _("Bye (2 points, no game): {name}").format(name=r.bye)
    bye = f"<div class='crib-tour-bye'>{html.escape(bye_text)}</div>" if r.bye else ""
    title = _("Round {n} of {total}").format(n=round_no, total=t.rounds)
    return (
        f'<table class="crib-tour-table crib-round" data-round="{round_no}">'
        f"<caption style='text-align:left;font-weight:700'>{html.escape(title)}</caption>"
        f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>{bye}"
    )


def play_link(class_code: str, student_url: str = "") -> str:
    """The play page's link that finds a student's table in this class session: next to
    the class server's student link when there is one, else relative to this page."""
    q = urlencode({"class": class_code})
    if student_url:
        base = (
            student_url.rsplit("/", 1)[0]
            if student_url.endswith(".ipynb")
            else student_url.rstrip("/")
        )
        return f"{base}/play.ipynb?{q}"
    return f"play.ipynb?{q}"


def reach_html(class_code: str, student_url: str = "", lang: str = "en") -> str:
    """How students reach their table: the play page's link, or the class code and their name."""
    _ = tr(lang)
    link = play_link(class_code, student_url)
    text = _(
        "Students: open the play page, press Play a classmate, type the class code {code} and "
        "your name, then Find my table. Or open this link:"
    ).format(code=class_code)
    return (
        f'<div class="crib-tour-reach">{html.escape(text)} '
        f'<a href="{html.escape(link)}" target="_blank" rel="noopener" class="crib-tour-link">'
        f"{html.escape(link)}</a></div>"
    )
