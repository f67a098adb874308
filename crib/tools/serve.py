"""Serve ``dashboards/`` with Voila, with ``/`` landing on the home page.

``python -m crib.tools.serve dashboards --port=8866`` accepts every Voila option.
Voila's directory mode maps ``/`` to a bare file list; this launcher adds a
redirect from ``/`` to ``voila/render/index.ipynb`` and leaves everything else
(including ``/voila/tree``) as Voila has it.
"""

from __future__ import annotations

import sys

import tornado.web
from jupyter_server.utils import url_path_join
from voila.app import Voila

HOME = "index.ipynb"

# Defaults, each overridable on the command line:
# * preheated kernels, a pool of 1 per dashboard: a page is interactive in about
#   0.8 s instead of about 3 s; costs about 150 MB per pooled kernel (5 kernels).
# * idle kernels culled after 10 minutes: a closed tab does not shut its kernel
#   down (voila issue 1458); culling keeps XSRF protection on, unlike disabling
#   the XSRF check.  Checked here: culling leaves the preheated pool in place.
DEFAULTS = (
    "--Voila.ip=127.0.0.1",
    "--no-browser",
    "--preheat_kernel=True",
    "--pool_size=1",
    "--MappingKernelManager.cull_idle_timeout=600",
    "--MappingKernelManager.cull_interval=60",
)


def with_defaults(argv: list[str]) -> list[str]:
    """Add each default whose option the caller did not give."""
    given = {a.split("=", 1)[0] for a in argv if a.startswith("--")}
    return [*argv, *(d for d in DEFAULTS if d.split("=", 1)[0] not in given)]


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
    CribVoila.launch_instance(argv=with_defaults(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    main()
