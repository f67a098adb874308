"""Widget apps for the Voila dashboards.

Models hold state, views draw themselves; dashboards only import, build and
display an app.  Headless tests drive these classes with ``.value = ...`` and
``.click()`` and assert on widget state (never on Output contents).
"""
