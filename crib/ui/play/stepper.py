"""The game review's chance-to-win graph and its stepper (issue #39, point 2).

:class:`ChanceChart` draws the curve of :func:`crib.session.chance.chance_curve` as an
SVG (the hands marked, each decision a point coloured by its grade); a click or tap on a
point selects it (``selected``, synced back to the kernel).  :class:`GameStepper` puts it
above Previous/Next buttons and the selected decision: the board's scores, the hand, the
pile and its count, the starter, the move made and the best one, the grade, and the
chance before and after.  The page's ← → keys call :meth:`GameStepper.step`.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from functools import cache
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from crib.analysis.speech import pct
from crib.datafiles import data_path
from crib.errors import CribError
from crib.i18n import N_, tr
from crib.rules.position import PeggingPosition
from crib.session.chance import (
    ChanceCache,
    Point,
    accuracy,
    chance_curve,
    key_moments,
    luck_line,
)
from crib.session.grading import grade_log
from crib.session.model import Grade, tier_name
from crib.ui.kit.cardview import cards_html
from crib.ui.kit.controls import button
from crib.ui.kit.style import var
from crib.ui.play.html import GRADE_COLOURS, grade_chip, kind_name
from crib.ui.play.retry import StepperRetry

__all__ = ["ChanceChart", "GameStepper", "point_html", "moments_html", "accuracy_html"]

_ESM = r"""
function render({ model, el }) {
  const NS = "http://www.w3.org/2000/svg";
  const H = 200, L = 42, R = 8, T = 10, B = 24;  // L: room for "100%" at 12 px
  let W = 640;
  const draw = () => {
    // drawn at the width it has (a phone's 350 px too), so its words stay 12 px tall
    W = Math.round(Math.max(300, Math.min(640, el.getBoundingClientRect().width || 640)));
    const pts = model.get("points"), sel = model.get("selected"), words = model.get("words");
    el.innerHTML = "";
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", words.title || "");
    svg.style.width = "100%"; svg.style.maxWidth = W + "px"; svg.style.height = "auto";
    const n = Math.max(pts.length - 1, 1);
    const x = (i) => L + (W - L - R) * i / n, y = (p) => T + (H - T - B) * (1 - p);
    const add = (tag, attrs, text) => {
      const e = document.createElementNS(NS, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      if (text !== undefined) e.textContent = text;
      svg.appendChild(e); return e;
    };
    for (const p of [0, 0.5, 1]) {
      add("line", { x1: L, x2: W - R, y1: y(p), y2: y(p), style: "stroke: var(--crib-line-4)",
                    "stroke-dasharray": p === 0.5 ? "4 3" : "" });
      add("text", { x: L - 4, y: y(p) + 4, "text-anchor": "end", "font-size": 12,
                    style: "fill: var(--crib-ink-3)" }, Math.round(100 * p) + "%");
    }
    pts.forEach((p, i) => {
      if (p.kind === "hand") {
        add("line", { x1: x(i), x2: x(i), y1: T, y2: H - B, style: "stroke: var(--crib-line-5)",
                      "stroke-dasharray": "2 3" });
        add("text", { x: x(i) + 2, y: H - 8, "font-size": 12,
                      style: "fill: var(--crib-ink-3)" }, p.label);
      }
    });
    add("polyline", { points: pts.map((p, i) => `${x(i)},${y(p.played)}`).join(" "),
                      fill: "none", style: "stroke: var(--crib-accent)", "stroke-width": 2 });
    pts.forEach((p, i) => {
      if (!p.decision) return;
      const c = add("circle", { cx: x(i), cy: y(p.played), r: i === sel ? 8 : 5,
        style: `fill: ${p.colour}; stroke: var(--crib-${i === sel ? "black" : "white"})`,
        "stroke-width": 2,
        class: "crib-chance-point" + (i === sel ? " crib-chance-selected" : "") });
      c.dataset.i = String(i);
      c.style.cursor = "pointer";
      const t = document.createElementNS(NS, "title"); t.textContent = p.label; c.appendChild(t);
      c.addEventListener("click", () => { model.set("selected", i); model.save_changes(); });
    });
    el.appendChild(svg);
    el.dataset.selected = String(sel);
  };
  let last = 0;
  const ro = new ResizeObserver(() => {
    const now = Math.round(el.getBoundingClientRect().width);
    if (now && Math.abs(now - last) > 8) { last = now; draw(); }
  });
  ro.observe(el);
  model.on("change:points", draw);
  model.on("change:selected", draw);
  draw();
  el.classList.add("crib-chance-ready");
}
export default { render };
"""

COLOURS = GRADE_COLOURS  # the grade chips' colours (var(--crib-...))


class ChanceChart(anywidget.AnyWidget):
    """The curve; ``points``: one dict per point (kind, played, decision, colour,
    label); ``selected``: the index of the point shown by the stepper."""

    _esm = _ESM
    points = traitlets.List(traitlets.Dict()).tag(sync=True)
    selected = traitlets.Int(0).tag(sync=True)
    words = traitlets.Dict().tag(sync=True)


def _pct(x: float, lang: str) -> str:
    return pct(x, ".0%", lang)


def point_label(p: Point, lang: str) -> str:
    """A point's short name: 'Hand 3', 'Hand 3 · discard · 54% → 41%'."""
    _ = tr(lang)
    hand = _("Hand {n}").format(n=p.hand + 1)
    if p.kind == "hand":
        return _("H{n}").format(n=p.hand + 1)
    if p.grade is None:
        return hand
    return f"{hand} · {kind_name(p.kind, lang)} · {_pct(p.before, lang)} → {_pct(p.played, lang)}"


def point_html(p: Point, lang: str = "en") -> str:
    """The stepper's view of one point: the scores, the cards, the move and the best one,
    the grade and the chance before and after."""
    _ = tr(lang)
    e = html.escape
    head = _("Hand {n}").format(n=p.hand + 1) if p.hand >= 0 else _("Cut for deal")
    # the words outside the f-strings, where `make messages` (Babel) finds them
    you_them = _("You {mine}, opponent {theirs}").format(mine=p.scores[0], theirs=p.scores[1])
    the_pile, your_six, you_chose = _("The pile"), _("Your six"), _("You chose")
    colon = "\u00a0:" if lang == "fr" else ":"  # French: a no-break space before the colon
    rows = [f"<div><b>{e(head)}</b> · {e(you_them)}</div>"]
    g = p.grade
    if g is not None:
        pos = g.position
        if isinstance(pos, PeggingPosition):
            rows.append(f"<div>{e(_('Your hand'))}{colon} {cards_html(pos.hand, 'mini')}</div>")
            count = sum(c.value for c in pos.pile)
            pile = cards_html(pos.pile, "mini") if pos.pile else e(_("empty"))
            count_n = _("count {n}").format(n=count)
            rows.append(f"<div>{e(the_pile)}{colon} {pile} · {e(count_n)}</div>")
            if pos.starter is not None:
                rows.append(
                    f"<div>{e(_('Starter'))}{colon} {cards_html([pos.starter], 'mini')}</div>"
                )
        elif isinstance(pos, tuple) and pos:
            rows.append(f"<div>{e(your_six)}{colon} {cards_html(pos, 'mini')}</div>")
        rows.append(
            f"<div>{e(you_chose)}{colon} <b>{e(g.chosen_text)}</b> · "
            f"{e(_('best'))}{colon} <b>{e(g.best_text)}</b> "
            f"{grade_chip(g.verdict, g.lost, g.unit, plain=True, lang=lang)}</div>"
        )
    best_move, chance = _("best move"), _("Chance to win")
    rows.append(
        f"<div>{e(chance)}{colon} {_pct(p.before, lang)} → <b>{_pct(p.played, lang)}</b>"
        + (f" ({e(best_move)}{colon} {_pct(p.best, lang)})" if g is not None else "")
        + "</div>"
    )
    return f'<div class="crib-step" aria-live="polite">{"".join(rows)}</div>'


def moments_html(curve: Sequence[Point], lang: str = "en") -> str:
    """The key moments (the 3 largest swings, each by a decision or by luck) and the luck
    line, in plain words."""
    _ = tr(lang)
    items = []
    for s in key_moments(curve):
        hand = _("Hand {n}").format(n=s.hand + 1)
        if s.by == "decision" and s.point.grade is not None:
            g = s.point.grade
            what = _("your {kind} {chosen} (best: {best})").format(
                kind=kind_name(g.kind, lang), chosen=g.chosen_text, best=g.best_text
            )
            said = _("{hand}: {what}; your chance went from {a} to {b} (your decision)")
        else:
            what = ""
            said = _(
                "{hand}: the cards (the cut, the deal, the counts) moved your chance "
                "from {a} to {b} (luck)"
            )
        items.append(
            "<li>"
            + html.escape(
                said.format(hand=hand, what=what, a=_pct(s.start, lang), b=_pct(s.end, lang))
            )
            + "</li>"
        )
    decisions, luck = luck_line(curve)
    line = _(
        "Decisions moved your chance by {d:+.0f} points of percentage, luck by {l:+.0f}; "
        "together, {t:+.0f} from 50%."
    ).format(d=100 * decisions, l=100 * luck, t=100 * (decisions + luck))
    key_moments_word = _("Key moments")
    return (
        f'<div class="crib-moments"><b>{html.escape(key_moments_word)}</b>'
        f"<ol>{''.join(items)}</ol><div>{html.escape(line)}</div></div>"
    )


#: the tiers' rows of the calibration, as data/accuracy_calibration.json names them
_VERSUS = {
    "easy": N_("Easy against the Master"),
    "normal": N_("Normal against the Master"),
    "hard": N_("Hard against the Master"),
    "expert": N_("Expert against the Master"),
}


@cache
def calibration() -> dict[str, Any]:
    """The accuracy's calibration (``bench/accuracy_calibration.py``): per tier, the mean
    discard and play accuracy over its games; empty when the file is not there."""
    try:
        return json.loads(data_path("accuracy_calibration.json").read_text()).get("summary", {})
    except (CribError, OSError, ValueError):
        return {}


def accuracy_html(rows: Sequence[tuple[str, Sequence[Point]]], lang: str = "en") -> str:
    """Each player's accuracy (discard, play) in a small table, the Master's against
    itself and the tiers' against the Master beside them (the calibration), and the
    formula (lichess's)."""
    _ = tr(lang)
    e = html.escape

    def cell(x: float | None, fmt: str = ".0%") -> str:
        return "–" if x is None else pct(x / 100, fmt, lang)

    body = [
        f"<tr><th scope='row'>{e(name)}</th><td>{cell(accuracy(curve, 'discard'))}</td>"
        f"<td>{cell(accuracy(curve, 'play'))}</td></tr>"
        for name, curve in rows
    ]
    cal = calibration()
    master = cal.get("master")
    if master:
        said = _("The Master against itself ({n} games)").format(n=master["games"])
        body.append(
            f"<tr class='crib-calibration'><th scope='row'>{e(said)}</th>"
            f"<td>{cell(master['discard']['mean'], '.1%')}</td>"
            f"<td>{cell(master['play']['mean'], '.1%')}</td></tr>"
        )
    for key, words in _VERSUS.items():
        t = cal.get(key)
        if t:
            said = _("{who} ({n} games)").format(who=_(words), n=t["games"])
            body.append(
                f"<tr class='crib-calibration'><th scope='row'>{e(said)}</th>"
                f"<td>{cell(t['discard']['mean'], '.1%')}</td>"
                f"<td>{cell(t['play']['mean'], '.1%')}</td></tr>"
            )
    discard, play = (kind_name(k, lang).capitalize() for k in ("discard", "play"))
    head = (
        f"<tr><th scope='col'>{e(_('Accuracy'))}</th><th scope='col'>{e(discard)}</th>"
        f"<th scope='col'>{e(play)}</th></tr>"
    )
    formula = _(
        "A decision's accuracy is 103.1668 × exp(−0.04354 × the chance to win it lost, in "
        "points of percentage) − 3.1669, from 0 to 100% (lichess's formula, "
        "lichess.org/page/accuracy); a game's is the mean over its decisions, graded by "
        "the Master. The Master's own games against itself and the tiers' against it "
        "calibrate it."
    )
    return (
        f'<div class="crib-accuracy"><table class="crib-accuracy-table">{head}{"".join(body)}'
        f'</table><div class="crib-muted crib-formula">{e(formula)}</div></div>'
    )


class GameStepper(w.VBox):
    """The graph, Previous/Next, the selected point and the key moments."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        _ = tr(lang)
        self.curve: list[Point] = []
        self.chart = ChanceChart(words={"title": _("Your chance to win, decision by decision")})
        self.prev_button = button(_("◀ Previous"), "crib-step-prev")
        self.next_button = button(_("Next ▶"), "crib-step-next")
        self.prev_button.on_click(lambda _b: self.step(-1))
        self.next_button.on_click(lambda _b: self.step(1))
        self.detail = w.HTML(_dom_classes=("crib-step-detail",))
        self.moments = w.HTML(_dom_classes=("crib-moments-box",))
        self.accuracy = w.HTML(_dom_classes=("crib-accuracy-box",))  # both players'
        self.chart.observe(lambda _c: self.draw(), "selected")
        super().__init__(
            [
                w.HTML(f'<div class="crib-label">{html.escape(_("Chance to win"))}</div>'),
                self.chart,
                w.HBox([self.prev_button, self.next_button]),
                self.detail,
                self.moments,
                self.accuracy,
            ],
            layout=w.Layout(display="none"),
        )
        self.add_class("crib-stepper")
        self.retry = StepperRetry(self, lang)  # "Try again" (issue #39, point 5)

    @property
    def shown(self) -> bool:
        return self.layout.display != "none" and bool(self.curve)

    def show(
        self,
        events: Sequence[Any],
        grades: Sequence[Grade],
        seat: int = 0,
        curve: Sequence[Point] | None = None,
        *,
        other: Sequence[Grade] | None = None,
        cache: ChanceCache | None = None,
        names: tuple[str, str] | None = None,
    ) -> None:
        """The game ``events`` with ``seat``'s ``grades``: the curve (``curve`` if made
        already), at its first decision, and both players' accuracy (``other``: the other
        seat's grades, graded from the log when not given and the log is; ``cache``: the
        discard chances computed during the game; ``names``: the seat's and the other's)."""
        _ = tr(self.lang)
        if curve is not None:
            self.curve = list(curve)
        else:
            self.curve = chance_curve(events, grades, seat, cache)
        if other is None and events:
            other = grade_log(events, seat=1 - seat, lang=self.lang)
        if names is None:  # a saved log names the computer by its tier
            players = getattr(events[0], "players", ()) if events else ()
            other_name = tier_name(str(players[1]), self.lang) if len(players) > 1 else ""
            names = (_("You"), other_name or _("Opponent"))
        rows = [(names[0], self.curve)]
        if other is not None:
            rows.append((names[1], chance_curve(events, other, 1 - seat, cache)))
        self.accuracy.value = accuracy_html(rows, self.lang)
        self.chart.points = [
            {
                "kind": p.kind,
                "played": p.played,
                "decision": p.grade is not None,
                "colour": COLOURS.get(p.grade.verdict, var("muted")) if p.grade else var("muted"),
                "label": point_label(p, self.lang),
            }
            for p in self.curve
        ]
        first = next((i for i, p in enumerate(self.curve) if p.grade is not None), 0)
        self.retry.shown_for(events, grades, seat)
        self.chart.selected = first
        self.moments.value = moments_html(self.curve, self.lang)
        self.layout.display = None
        self.draw()

    def hide(self) -> None:
        self.layout.display = "none"
        self.curve = []

    def step(self, by: int) -> None:
        """The decision ``by`` decisions on (back if negative)."""
        idx = [i for i, p in enumerate(self.curve) if p.grade is not None]
        if not idx:
            return
        here = self.chart.selected
        later = [i for i in idx if i > here] if by > 0 else [i for i in idx if i < here][::-1]
        if later:
            self.chart.selected = later[min(abs(by), len(later)) - 1]

    def draw(self) -> None:
        if not self.curve:
            return
        i = min(max(self.chart.selected, 0), len(self.curve) - 1)
        self.detail.value = point_html(self.curve[i], self.lang)
        self.retry.selected(self.curve[i])
        idx = [j for j, p in enumerate(self.curve) if p.grade is not None]
        self.prev_button.disabled = not idx or i <= idx[0]
        self.next_button.disabled = not idx or i >= idx[-1]
