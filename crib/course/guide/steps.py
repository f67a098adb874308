"""A lesson plan's parts: a timed step, and a class session's settings as the teacher's
page names them (:mod:`crib.course.guide.plans` holds the plans)."""

from __future__ import annotations

from dataclasses import dataclass

from crib.i18n import N_, tr

__all__ = ["Step", "Session", "FORM_LABELS"]

#: the teacher's page's labels of the question kinds (crib/ui/teacher/form.py), the words a
#: session's settings are said in
FORM_LABELS = {
    "count": N_("Counting"),
    "pegpoints": N_("What it pegs"),
    "rules": N_("Rules"),
    "discard": N_("Discard"),
    "peg": N_("Pegging"),
}


@dataclass(frozen=True)
class Step:
    """One phase of the plan: its name, minutes and what the class does."""

    phase: str
    minutes: int
    what: str


@dataclass(frozen=True)
class Session:
    """A class session on the teacher's page: how many questions of each kind, the level,
    and the seed ("random": keep the page's fresh seed)."""

    name: str
    spec: dict[str, int]
    level: str = "typical"
    seed: str = "random"

    def describe(self, lang: str = "en") -> str:
        """The settings as the teacher's page labels its fields and levels, in ``lang``."""
        from crib.course.questions import LEVEL_NAMES

        _ = tr(lang)
        level = _(" at level '{level}'").format(level=_(LEVEL_NAMES[self.level]))
        kinds = ", ".join(
            f"{_(FORM_LABELS[k])} {n}" + (level if k == "count" else "")
            for k, n in self.spec.items()
        )
        return _("{name}: {kinds}, seed: {seed}").format(
            name=_(self.name), kinds=kinds, seed=_(self.seed)
        )
