"""The play page: a coached game against the computer (``app``), drawn from the widget-free
session in :mod:`crib.session` (``render``, ``html``) on a 121-hole board (``board``)."""
