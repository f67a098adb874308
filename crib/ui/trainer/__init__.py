"""The student's page: the counting, discard and pegging trainer (``app``, ``render``), the
line-by-line counting mode (``teach``) and my progress (``progress``)."""
