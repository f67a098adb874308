"""Serve ``dashboards/`` with Voila, with ``/`` landing on the home page.

``python -m crib.ui.serve dashboards --port=8866`` accepts every Voila option.
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
    CribVoila.launch_instance(argv=sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()
