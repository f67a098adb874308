"""The student's page: the counting, discard and pegging trainer (``app``, ``render``; what it
shares with the teacher's page is in :mod:`crib.ui.kit.quiz_html`), the
line-by-line counting mode (``teach``) and my progress (``progress``)."""
