from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import crib
from crib import course as T
from crib.analysis.models import UNIFORM
from crib.course.enrichment import PARTS, TRACK, Part, exercises


def test_reachable_totals_match_the_published_support() -> None:
    df = T.reachable_scores()
    pub = T.published_distribution()
    assert {int(t) for t in df[df.reachable].total} == {k for k, v in pub.items() if v > 0}
    assert set(df[~df.reachable].total) == {19, 25, 26, 27}


def test_distribution_frame_all_match() -> None:
    df = T.distribution_frame()
    assert df.match.all() and df.computed.sum() == 12_994_800


def test_solution_is_collapsed_html() -> None:
    s = T.solution(lambda: T.count_aloud("5H 5D 5C JS", "5S"))
    h = s._repr_html_()
    assert h.startswith("<details") and "twenty-nine" in h


def test_sampling_table_and_lead_replies() -> None:
    s = T.sampled_vs_exact(
        "hand 4H 6D | pile 5S | previous 2C 3C 9D | starter KS | opp 2", samples=50, repeats=5
    )
    assert list(s.columns) == ["exact", "sampled mean", "sampled min", "sampled max"]
    # the samples really vary, and their means stay near the exact value (250 draws each)
    assert (s["sampled max"] - s["sampled min"]).max() > 0
    assert ((s["sampled mean"] - s["exact"]).abs() < 1.0).all()
    a = crib.analyze_play(
        "hand 4H 6D | pile 5S | previous 2C 3C 9D | starter KS | opp 2", model=UNIFORM
    )
    assert list(s["exact"]) == [o.margin for o in a.options]
    t = T.lead_reply_table("5H 4C 9S KC", "2D")
    five = t[t["lead"] == "5♥"].iloc[0]
    assert five["P(opponent scores at once)"] == t["P(opponent scores at once)"].max()


# --- the enrichment track (notebooks 01-07) ------------------------------------------------

_NB = Path(__file__).resolve().parents[1] / "notebooks"


def _cells(name: str) -> list[dict]:
    return json.loads((_NB / name).read_text())["cells"]


@pytest.mark.parametrize("part", TRACK, ids=lambda p: p.notebook)
def test_each_part_opens_with_its_place_what_it_assumes_and_working_links(part: Part) -> None:
    first = "".join(_cells(part.notebook)[0]["source"])
    if part.lang == "en":
        assert f"*Enrichment track, part {part.number} of {PARTS}" in first
        assert "**Assumes:**" in first and "**You will learn:**" in first
        assert "**Previous:**" in first and "**Next:**" in first
    else:
        assert f"*Parcours d'approfondissement, partie {part.number} sur {PARTS}" in first
        assert "**Prérequis :**" in first and "**Vous apprendrez :**" in first
        assert "**Précédent :**" in first and "**Suivant :**" in first
    links = re.findall(r"\]\(([^)]+\.ipynb)\)", first)
    assert links, part.notebook
    for link in links:
        assert (_NB / link).is_file(), link
    number = {p.notebook: p.number for p in TRACK}
    neighbours = {number[Path(x).name] for x in links if Path(x).name in number}
    if part.number < PARTS:
        assert part.number + 1 in neighbours, "no link to the next part"
    if part.number > 1:
        assert part.number - 1 in neighbours, "no link to the previous part"


@pytest.mark.parametrize("part", TRACK, ids=lambda p: p.notebook)
def test_each_part_has_its_exercises_stored_unanswered(part: Part) -> None:
    cells = _cells(part.notebook)
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    lang = ', lang="fr"' if part.lang == "fr" else ""
    assert f'check = exercises("{part.key}"{lang}).check' in "\n".join(code)
    n = len(exercises(part.key, part.lang))
    assert n >= 4
    unanswered = "pas encore de réponse" if part.lang == "fr" else "not answered yet"
    for k in range(1, n + 1):
        i = next(
            i for i, c in enumerate(cells) if "".join(c["source"]).startswith(f"answer_{k} = None")
        )
        check = cells[i + 1]
        assert "".join(check["source"]) == f"check({k}, answer_{k})"
        (out,) = check["outputs"]
        assert unanswered in "".join(out["data"]["text/plain"])
        question = "".join(cells[i - 1]["source"])
        assert question.startswith(("**Exercise", "**Exercice")) and f" {k}.**" in question
    assert not any(c.startswith(f"answer_{n + 1} =") for c in code)
