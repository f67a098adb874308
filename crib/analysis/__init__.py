"""Analysis: fast tables, crib models, discard EVs, exact pegging solvers,
the net-value heuristics, and the coach.  May use numpy and pandas; imports
the rules, never the AI, the UI, the course or the tools.
"""
