"""A classmate seat's link to its page (:class:`UrlSetter`): the page's address, the seat's
secret kept on the device, and the page's pulse.

* **The address.** The page's query string becomes ``?table=CODE&seat=SECRET``
  (``history.replaceState``), so a reload comes back to the same seat.
* **The device keeps its seats.** The seat's secret also goes to the browser's
  ``localStorage`` (``crib-seats``: table -> secret), which the key listener sends back
  with the page's query (:data:`crib.ui.kit.keys.PAGE`): "Find my table" on the same
  device opens a seat it claimed, and no other device's.
* **The pulse.** The page tells its kernel it is there every 2 s; :meth:`UrlSetter.heard_at`
  is when it last did.  A classmate seat writes that time as its heartbeat
  (:mod:`crib.session.duel`), so a page whose connection dropped is away after 10 s,
  whatever its kernel does.
"""

from __future__ import annotations

import time

import anywidget
import traitlets

__all__ = ["UrlSetter"]

_URL_ESM = r"""
function render({ model, el }) {
  const apply = () => {
    const q = model.get("query");
    if (q) { window.history.replaceState(null, "", window.location.pathname + "?" + q); }
    // the seat's secret stays on this device: "Find my table" opens it again here
    const p = new URLSearchParams(q || "");
    if (p.get("table") && p.get("seat")) {
      try {
        const seats = JSON.parse(localStorage.getItem("crib-seats") || "{}") || {};
        seats[p.get("table")] = p.get("seat");
        localStorage.setItem("crib-seats", JSON.stringify(seats));
      } catch (e) { /* storage refused: the link alone keeps the seat */ }
    }
  };
  model.on("change:query", apply);
  apply();
  // the page's pulse: the kernel writes when its page was last heard from, so a page
  // whose connection dropped shows as away after 10 s, whatever its kernel does
  const beat = () => model.send({ beat: 1 });
  beat();
  const timer = setInterval(beat, 2000);
  return () => { clearInterval(timer); model.off("change:query", apply); };
}
export default { render };
"""


class UrlSetter(anywidget.AnyWidget):
    """Sets the page's query string (``history.replaceState``), so a reload comes back to
    the same seat, keeps the seat's secret on the device (``localStorage``), and is the
    page's pulse: :attr:`heard` is when the page was last heard from."""

    _esm = _URL_ESM
    query = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)
        self.heard = 0.0  # time.time() of the page's last pulse (0: none yet)
        self.on_msg(self._pulse)

    def _pulse(self, _w: object, content: object, _b: object) -> None:
        if isinstance(content, dict) and content.get("beat"):
            self.heard = time.time()

    def heard_at(self) -> float:
        """When the page was last heard from; now while no page has spoken (a headless
        test, whose kernel is its page)."""
        return self.heard or time.time()
