"""The strength ladder (``data/ai_benchmark.json``) as a small HTML table for the home page."""

from __future__ import annotations

import html
import json

import ipywidgets as w

from crib.datafiles import data_path

__all__ = ["ladder_rows", "ladder_html", "LadderView"]


def ladder_rows() -> list[dict]:
    """One row per match of the shipped ladder: opponent, games, win rate, interval, band."""
    res = json.loads(data_path("ai_benchmark.json").read_text())
    rows = []
    for m in res["matches"]:
        lo, hi = m["wilson95"]
        band = m.get("design_target")
        rows.append(
            {
                "tier": m["expert_vs"],
                "games": m["games"],
                "win_rate": m["opponent_win_rate"],
                "wilson95": (lo, hi),
                "band": tuple(band) if band else None,
                "inside": (band is not None and band[0] <= lo and hi <= band[1]),
            }
        )
    return rows


def ladder_html() -> str:
    """The ladder as an HTML table, with the command that made it."""
    res = json.loads(data_path("ai_benchmark.json").read_text())
    body = []
    for r in ladder_rows():
        lo, hi = r["wilson95"]
        band = f"{r['band'][0]:.0%}–{r['band'][1]:.0%}" if r["band"] else "baseline"
        verdict = "" if r["band"] is None else ("inside" if r["inside"] else "outside")
        body.append(
            f"<tr><td>{html.escape(r['tier'])}</td><td>{r['games']:,}</td>"
            f"<td>{r['win_rate']:.1%}</td><td>[{lo:.1%}, {hi:.1%}]</td>"
            f"<td>{band}</td><td>{verdict}</td></tr>"
        )
    return (
        '<table class="crib-ladder"><thead><tr><th>against the Expert</th><th>games</th>'
        "<th>wins</th><th>Wilson 95%</th><th>design band</th><th></th></tr></thead><tbody>"
        + "".join(body)
        + "</tbody></table>"
        + f"<div style='color:#555'>{html.escape(res.get('format', ''))}; "
        + f"<code>{html.escape(res.get('command', ''))}</code></div>"
    )


class LadderView(w.HTML):
    """The ladder, read from the shipped results."""

    def __init__(self) -> None:
        super().__init__(value=ladder_html())
        self.add_class("crib-ladder-view")
