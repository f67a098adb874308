"""The pages a class server answers with when it refuses a request (:mod:`crib.tools.room`):
plain HTML, no script, no widget and no kernel, each saying what happened and what to do."""

from __future__ import annotations

import html

from crib.ui.kit.style import stylesheet_html

__all__ = ["PAGE", "refusal_html"]

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · crib</title>
{style}</head>
<body class="crib-room"><main class="crib-room-refused" data-why="{why}">\
<h1>{title}</h1>{body}</main></body></html>"""


def _page(**parts: str) -> str:
    """:data:`PAGE` with its look: the stylesheet's palette and its rules for these pages
    (crib/ui/kit/crib.css, sections "root" and "room")."""
    return PAGE.format(style=stylesheet_html("root", "room"), **parts)


def refusal_html(why: str, student_url: str = "") -> str:
    """The page a refused request gets (no scripts, no widget, no kernel)."""
    link = (
        f'<p><a href="{html.escape(student_url)}">Open the practice page</a></p>'
        if student_url
        else ""
    )
    if why == "key":
        return _page(
            why=why,
            title="Not allowed",
            body="<p>This page is the teacher's. It needs the teacher's link.</p>" + link,
        )
    if why == "client":
        return _page(
            why=why,
            title="Too many open pages",
            body=(
                "<p>This device already has too many crib pages open. Close the pages "
                "you are not using, then reload this one.</p>" + link
            ),
        )
    if why == "share":
        return _page(
            why=why,
            title="Too many open pages",
            body=(
                "<p>The class server is nearly full, so each device may keep only two crib "
                "pages open for now: the other places are kept for your classmates. Close a "
                "page you are not using, then reload this one.</p>" + link
            ),
        )
    return _page(
        why=why,
        title="The class server is full",
        body="<p>Every place on the class server is taken right now, so this page cannot "
        "open.</p><p>What to do: close the crib pages you are not using, wait a minute, "
        'then <a href="">reload this page</a>. If it still says this, tell your teacher: '
        "the server was started for a smaller class.</p>",
    )
