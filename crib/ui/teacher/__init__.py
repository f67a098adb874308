"""The teacher's page: class sessions, live results, reveals and the projector (``app``),
with its roster and heatmap views (``views``)."""
