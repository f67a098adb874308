"""The shared kit every page builds from: the card view, small widgets, page keys, the
navigation bar and skeleton, charts, friendly errors and the strength ladder, and the quiz's
HTML and words the trainer and the teacher's page share (``quiz_html``, ``quiz_words``)."""
