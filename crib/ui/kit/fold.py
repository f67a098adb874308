"""A fold: widgets under one toggle button ("Game options"), closed until it is opened.

The button is a real ``<button>`` with ``aria-expanded`` and ``aria-controls`` (a tap, a
click, Enter or Space opens and closes it, in the browser alone: no wait for a busy
kernel); the stylesheet (crib/ui/kit/crib.css, section "play") hides the fold's body
while its button says ``aria-expanded="false"``, and before the button is drawn.
``expanded`` follows it in Python (and opens or closes it from Python).

>>> f = Fold("Game options", [])
>>> f.toggle.expanded, f.toggle.label, "crib-fold-body" in f.body._dom_classes
(False, 'Game options', True)
"""

from __future__ import annotations

from collections.abc import Sequence

import anywidget
import ipywidgets as w
import traitlets

__all__ = ["FoldButton", "Fold"]

_ESM = r"""
function render({ model, el }) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "crib-fold-button";
  const body = () => {
    const f = el.closest(".crib-fold");
    return f ? f.querySelector(".crib-fold-body") : null;
  };
  const id = "crib-fold-" + Math.random().toString(36).slice(2, 10);
  const draw = () => {
    b.textContent = model.get("label");
    b.setAttribute("aria-expanded", model.get("expanded") ? "true" : "false");
    const x = body();
    if (x) {
      if (!x.id) x.id = id;
      x.setAttribute("role", "group");
      x.setAttribute("aria-label", model.get("label"));
      b.setAttribute("aria-controls", x.id);
    }
  };
  b.addEventListener("click", () => {
    const open = b.getAttribute("aria-expanded") !== "true";
    b.setAttribute("aria-expanded", open ? "true" : "false");  // at once, then the kernel
    model.set("expanded", open);
    model.save_changes();
  });
  model.on("change:expanded", draw);
  model.on("change:label", draw);
  el.append(b);
  draw();
  requestAnimationFrame(draw);  // the body is drawn beside the button: name it then
  return () => { model.off("change:expanded", draw); model.off("change:label", draw); };
}
export default { render };
"""


class FoldButton(anywidget.AnyWidget):
    """The fold's toggle: a button named ``label`` whose ``aria-expanded`` is ``expanded``."""

    _esm = _ESM
    label = traitlets.Unicode("").tag(sync=True)
    expanded = traitlets.Bool(False).tag(sync=True)


class Fold(w.VBox):
    """``head`` (the toggle first, then any ``extra`` widgets beside it, e.g. New game) over
    ``body`` (the ``children`` folded), closed by default."""

    def __init__(
        self, label: str, children: Sequence[w.Widget], *, extra: Sequence[w.Widget] = ()
    ) -> None:
        self.toggle = FoldButton(label=label).add_class("crib-fold-toggle")
        row = w.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px 6px")
        self.head = w.HBox([self.toggle, *extra], _dom_classes=("crib-fold-head",), layout=row)
        self.body = w.HBox(list(children), _dom_classes=("crib-fold-body",), layout=row)
        super().__init__([self.head, self.body])
        self.add_class("crib-fold")
