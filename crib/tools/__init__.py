"""Entry points: the command line, the Voila server, notebook regeneration and
the table generators.  Nothing in crib imports this package."""
