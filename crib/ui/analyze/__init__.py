"""The Analyze pages: discard, pegging, crib odds and traps, and the hand scorer.

One module per page (``discard``, ``pegging``, ``crib_odds``, ``traps``, ``scorer``) and
what they share: the verdicts and model selector (``verdicts``), the ranking tables
(``tables``), the position inputs (``parts``) and the crib-odds grid (``heatgrid``).
Import the page's module by its full name; this package imports nothing, so a page
loads only what it uses.
"""
