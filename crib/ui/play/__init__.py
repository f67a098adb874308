"""The play page: a coached game against the computer (``app``), its parts drawn from the
widget-free session in :mod:`crib.session` (``table``, ``rail``, ``replay``; their HTML in
``html``) on a 121-hole board (``board``)."""
