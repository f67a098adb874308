"""Serve ``dashboards/`` with Voila, with ``/`` landing on the home page.

``python -m crib.tools.serve dashboards --port=8866`` accepts every Voila option.
Voila's directory mode maps ``/`` to a bare file list; this launcher adds a
redirect from ``/`` to ``voila/render/index.ipynb`` and leaves everything else
(including ``/voila/tree``) as Voila has it.

``--class-size N`` sizes the preheated pool of the student page (``trainer.ipynb``)
for a class of N: N kernels are started and have run the page before anyone
opens it, so a class arriving at once does not wait for kernels to start
(``VoilaKernelManager.kernel_pools_config``, a pool size per notebook).  Every
other dashboard keeps a pool of 1.  Each pooled trainer kernel costs about 100 MB
(measured by ``bench/load_class.py``; see the README).  The classroom record is
the SQLite file at ``CRIB_DB``; kernels inherit the server's environment.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import tornado.web
from jupyter_server.utils import url_path_join
from voila.app import Voila

HOME = "index.ipynb"
STUDENT_PAGE = "trainer.ipynb"
CLASS_FILL_DELAY = 60.0  # s before a taken student kernel is replaced (class mode)

# Defaults, each overridable on the command line:
# * preheated kernels, a pool of 1 per dashboard: a page is interactive in about
#   0.8 s instead of about 3 s; costs about 150 MB per pooled kernel (5 kernels).
# * idle kernels culled after 10 minutes: a closed tab does not shut its kernel
#   down (voila issue 1458); culling keeps XSRF protection on, unlike disabling
#   the XSRF check.  Checked here: culling leaves the preheated pool in place.
# * a page's outputs are awaited up to 60 s (nbclient's default is 4 s): on a busy
#   machine, bench/load_class.py with 30 students logged 56 "Timeout waiting for
#   IOPub output" while preheating and 0 of 30 pages became interactive in 600 s;
#   with 60 s, no such timeout and 30 of 30 (the cell's widget output is otherwise
#   dropped when it arrives late).
DEFAULTS = (
    "--Voila.ip=127.0.0.1",
    "--no-browser",
    "--preheat_kernel=True",
    "--pool_size=1",
    "--MappingKernelManager.cull_idle_timeout=600",
    "--MappingKernelManager.cull_interval=60",
    "--VoilaExecutor.iopub_timeout=60",
)


def with_defaults(argv: list[str]) -> list[str]:
    """Add each default whose option the caller did not give."""
    given = {a.split("=", 1)[0] for a in argv if a.startswith("--")}
    return [*argv, *(d for d in DEFAULTS if d.split("=", 1)[0] not in given)]


def take_class_size(argv: list[str]) -> tuple[int | None, list[str]]:
    """Remove ``--class-size N`` (or ``--class-size=N``) from argv; returns (N, the rest).

    >>> take_class_size(["dashboards", "--class-size", "30", "--port=1"])
    (30, ['dashboards', '--port=1'])
    >>> take_class_size(["--class-size=0"])
    Traceback (most recent call last):
    ...
    SystemExit: --class-size: expected a whole number from 1 to 200, got '0'
    """
    out: list[str] = []
    size: int | None = None
    it = iter(argv)
    for a in it:
        if a == "--class-size" or a.startswith("--class-size="):
            raw = a.split("=", 1)[1] if "=" in a else next(it, "")
            if not raw.isdigit() or not 1 <= int(raw) <= 200:
                raise SystemExit(
                    f"--class-size: expected a whole number from 1 to 200, got {raw!r}"
                )
            size = int(raw)
        else:
            out.append(a)
    return size, out


def pools_config(class_size: int) -> dict[str, Any]:
    """``kernel_pools_config``: ``class_size`` preheated student kernels, 1 for every other page.

    >>> pools_config(30)["trainer.ipynb"], pools_config(30)["default"]
    ({'pool_size': 30}, {'pool_size': 1})
    """
    return {STUDENT_PAGE: {"pool_size": class_size}, "default": {"pool_size": 1}}


class CribVoila(Voila):
    """Voila with a home-page redirect at the root URL."""

    def init_handlers(self) -> list:  # type: ignore[override]
        handlers = super().init_handlers()
        if self.notebook_path:
            return handlers
        home = url_path_join(self.server_url, "voila/render", HOME)
        return [
            (url_path_join(self.server_url, r"/?"), tornado.web.RedirectHandler, {"url": home})
        ] + list(handlers)


def main(argv: list[str] | None = None) -> None:
    size, rest = take_class_size(list(sys.argv[1:] if argv is None else argv))
    if not any(not a.startswith("-") for a in rest):  # no folder given: the repo's dashboards
        rest = [str(Path(__file__).resolve().parents[2] / "dashboards"), *rest]
    kwargs: dict[str, Any] = {}
    if size is not None:
        from traitlets.config import Config

        cfg = Config()
        cfg.VoilaKernelManager.kernel_pools_config = pools_config(size)
        # refill the pool a while after a kernel is taken, not 1 s after (voila's
        # default): a class arrives within seconds, and N kernels starting at once
        # would compete with the pages being opened (measured: bench/load_class.py)
        cfg.VoilaKernelManager.fill_delay = CLASS_FILL_DELAY
        kwargs["config"] = cfg
    CribVoila.launch_instance(argv=with_defaults(rest), **kwargs)


if __name__ == "__main__":
    main()
