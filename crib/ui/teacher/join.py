"""The join box on the teacher's page: the session's code, and, when the class server
gives the student link (``crib serve --class`` sets ``CRIB_STUDENT_URL`` for the
kernels), that link as a large QR code beside the code, for the projector.

The QR code is an inline SVG drawn by the ``qrcode`` package (pure Python; its SVG
output needs neither Pillow nor any request to the network).
"""

from __future__ import annotations

import html
import os

from crib.i18n import tr
from crib.ui.kit.lang import with_lang

__all__ = ["join_html", "qr_svg", "student_url"]


def student_url() -> str:
    """The link students open, from the class server (empty without ``--class``)."""
    return os.environ.get("CRIB_STUDENT_URL", "")


def qr_svg(text: str) -> str:
    """``text`` as a QR code, an inline SVG that scales (no fixed size).

    >>> svg = qr_svg("http://192.0.2.2:8866/voila/render/trainer.ipynb")
    >>> svg.startswith("<svg") and 'viewBox="0 0 ' in svg and "<path" in svg
    True
    """
    import qrcode
    import qrcode.image.svg

    img = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, border=4)
    svg = img.to_string(encoding="unicode")
    svg = svg.replace('width="', 'data-w="', 1).replace('height="', 'data-h="', 1)
    return svg.replace("<svg ", '<svg role="img" aria-label="QR code of the link" ', 1)


def join_html(code: str, details: str, url: str | None = None, lang: str = "en") -> str:
    """The join box: the code (and the link and its QR code when there is a link).

    >>> box = join_html("ABC123", "Class 1", url="")
    >>> "ABC123" in box and "<svg" not in box
    True
    >>> box = join_html("ABC123", "Class 1", url="http://h:1/voila/render/trainer.ipynb")
    >>> "crib-join-qr" in box and "http://h:1/voila/render/trainer.ipynb" in box
    True
    """
    url = student_url() if url is None else url
    _ = tr(lang)
    if url and lang != "en":  # the class link opens the trainer in the page's language
        base, _sep, query = url.partition("?")
        url = f"{base}?{with_lang(query, lang)}"
    then = (
        _("Then join with this code:")
        if url
        else _("Students open the trainer and join with this code:")
    )
    scan = _("Students scan the code or open")
    code_box = (
        f'<div class="crib-join-code"><div>{html.escape(then)}</div>'
        f'<div class="crib-code-banner">{html.escape(code)}</div>'
        f'<div class="crib-muted">{details}</div></div>'
    )
    if not url:
        return code_box
    return (
        '<div class="crib-join">'
        + f'<div class="crib-join-qr">{qr_svg(url)}</div>'
        + f'<div class="crib-join-text"><div>{html.escape(scan)}</div>'
        + f'<div class="crib-join-link">{html.escape(url)}</div>'
        + code_box
        + "</div></div>"
    )
