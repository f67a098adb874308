"""Issue 40: the puzzles' record (attempts, Glicko-2 ratings) and the mining run."""

from __future__ import annotations

import json

import pytest

from crib.analysis.puzzles.build import build_puzzles
from crib.store import migrate as db_migrate
from crib.store.puzzles import PuzzleStore
from crib.store.schema import SCHEMA_VERSION


def test_attempts_update_both_ratings_and_survive_a_reopen(tmp_path) -> None:
    db = tmp_path / "c.sqlite3"
    st = PuzzleStore(db)
    assert st.schema_version == SCHEMA_VERSION == db_migrate.head()
    a = st.attempt(1, "p-aa", 1400.0, "5H", True)
    b = st.attempt(1, "p-bb", 1600.0, "KD", False, mode="streak")
    c = st.attempt(2, "p-aa", 1400.0, "9C", False)
    assert a.rating_before == 1500.0 and a.rating_after > 1500 and a.puzzle_after < 1400
    assert b.rating_before == a.rating_after and b.rating_after < b.rating_before
    assert c.puzzle_before == a.puzzle_after and c.puzzle_after > c.puzzle_before
    st.close()
    st = PuzzleStore(db)  # nothing is lost when the page is reloaded
    assert [h.puzzle_id for h in st.history(1)] == ["p-aa", "p-bb"]
    assert [h.mode for h in st.history(1)] == ["rated", "streak"]
    assert st.learner_rating(1).r == pytest.approx(b.rating_after)
    assert st.learner_rating(3).r == 1500.0 and st.seen(1) == {"p-aa", "p-bb"}
    assert st.puzzle_ratings()["p-aa"] == pytest.approx(c.puzzle_after)
    with pytest.raises(Exception, match="append-only"), st._write() as cur:
        cur.execute("UPDATE puzzle_attempts SET correct=1")


@pytest.mark.slow  # one whole game judged: about 10 s alone, a minute on a loaded machine
def test_a_mining_run_resumes_from_its_chunks_and_builds_puzzles(tmp_path) -> None:
    from crib.ai.puzzles.mine import mine_games

    chunks = mine_games(1, 5, tmp_path, chunk=1, executor="serial", quiet=True)
    path = tmp_path / "chunk_0000000-0000001.json"
    assert path.exists() and chunks[0]["counts"]["positions"] > 10
    c = chunks[0]["counts"]
    assert c["positions"] >= c["choice"] >= c["clear"] >= c["weak_miss"] == c["kept"]
    data = json.loads(path.read_text())
    data["counts"]["kept"] = -1  # a resumed run reads the chunk, it does not play again
    path.write_text(json.dumps(data))
    again = mine_games(1, 5, tmp_path, chunk=1, executor="serial", quiet=True)
    assert again[0]["counts"]["kept"] == -1
    puzzles, summary = build_puzzles(chunks)
    assert summary["games"] == 1 and len(puzzles) <= c["kept"]
    for p in puzzles:
        assert p.solved_by(p.answer) and min(p.solve["easy"], p.solve["normal"]) < 0.5
