"""The strength ladder (``data/ai_benchmark.json``) as a small HTML table for the home page."""

from __future__ import annotations

import html
import json

import ipywidgets as w

from crib.datafiles import data_path
from crib.i18n import N_, tr

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


#: the computer's levels as the ladder names them
TIERS = {
    "random": N_("random"),
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}


#: the shipped results' format line (data/ai_benchmark.json), for the catalog
FORMAT = N_("duplicate deals: each seed played twice with the seats swapped")


def _pc(x: float, lang: str) -> str:
    return f"{100 * x:.1f}".replace(".", ",") + " %" if lang == "fr" else f"{x:.1%}"


def ladder_html(lang: str = "en") -> str:
    """The ladder as an HTML table, with the command that made it (its words in ``lang``)."""
    _ = tr(lang)
    res = json.loads(data_path("ai_benchmark.json").read_text())
    body = []
    for r in ladder_rows():
        lo, hi = r["wilson95"]
        if r["band"]:
            band = (
                f"{r['band'][0]:.0%}–{r['band'][1]:.0%}"
                if lang == "en"
                else f"{100 * r['band'][0]:.0f}–{100 * r['band'][1]:.0f} %"
            )
        else:
            band = _("baseline")
        verdict = "" if r["band"] is None else (_("inside") if r["inside"] else _("outside"))
        games = f"{r['games']:,}".replace(",", "\u202f" if lang == "fr" else ",")
        tier = _(TIERS[r["tier"]]) if r["tier"] in TIERS else r["tier"]
        body.append(
            f"<tr><td>{html.escape(tier)}</td><td>{games}</td>"
            f"<td>{_pc(r['win_rate'], lang)}</td><td>[{_pc(lo, lang)}, {_pc(hi, lang)}]</td>"
            f"<td>{band}</td><td>{html.escape(verdict)}</td></tr>"
        )
    heads = (_("against the Expert"), _("games"), _("wins"), _("Wilson 95%"), _("design band"), "")
    fmt = _(res.get("format", "")) if res.get("format") else ""  # the shipped format: FORMAT
    return (
        '<table class="crib-ladder"><thead><tr>'
        + "".join(f"<th>{html.escape(h)}</th>" for h in heads)
        + "</tr></thead><tbody>"
        + "".join(body)
        + "</tbody></table>"
        + f"<div class='crib-muted'>{html.escape(fmt)}; "
        + f"<code>{html.escape(res.get('command', ''))}</code></div>"
    )


class LadderView(w.HTML):
    """The ladder, read from the shipped results (in ``lang``)."""

    def __init__(self, lang: str = "en") -> None:
        super().__init__(value=ladder_html(lang))
        self.add_class("crib-ladder-view")

    def show(self, lang: str) -> None:
        """Draw the ladder again in ``lang``."""
        self.value = ladder_html(lang)
