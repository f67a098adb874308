from __future__ import annotations

import hashlib

from crib.ai.players import make_player
from crib.rules.fairness import HashRng, begin_match, hash_roll, shuffled_deck, verify_match
from crib.rules.game import Game


def _independent_roll(seed: int, tag: str, n: int) -> float:
    """The published recipe, spelled out from the hex digest."""
    digest = hashlib.sha256(seed.to_bytes(8, "big") + f"|{tag}|{n}".encode()).hexdigest()
    return (int(digest[:14], 16) >> 3) / 2**53


def test_hash_roll_vectors() -> None:
    for seed, tag, n in [
        (0, "deal", 0),
        (7, "ai:1", 3),
        (2**64 - 1, "shuffle", 51),
        (123456789, "é|x", 10**6),
    ]:
        assert hash_roll(seed, tag, n) == _independent_roll(seed, tag, n)
    xs = [hash_roll(1, "u", i) for i in range(20000)]
    assert min(xs) >= 0 and max(xs) < 1
    assert abs(sum(xs) / len(xs) - 0.5) < 0.01


def test_shuffle_is_a_permutation_and_seeded() -> None:
    d = shuffled_deck(5)
    assert len(set(d)) == 52
    assert d == shuffled_deck(5) and d != shuffled_deck(6)
    r = HashRng(9, "t")
    assert [r.random() for _ in range(3)] == [hash_roll(9, "t", i) for i in range(3)]


def test_commit_reveal_verifies_and_detects_tampering() -> None:
    m = begin_match(master_seed=2024, client_seed=77)
    assert m.commit == hashlib.sha256(m.secret).hexdigest()
    g = Game(seed=1, players=(make_player("expert"), make_player("hard")), match=m)
    g.run()
    assert verify_match(m.commit, m.secret, g.decks) == []
    # a tampered deal
    bad = list(g.decks)
    d0 = list(bad[0])
    d0[0], d0[1] = d0[1], d0[0]
    bad[0] = tuple(d0)
    assert any("hand 0" in p for p in verify_match(m.commit, m.secret, bad))
    # a tampered secret
    other = begin_match(2024, 78)
    problems = verify_match(m.commit, other.secret, g.decks)
    assert "does not match the commitment" in problems[0]
    # the client seed changes the deals
    assert begin_match(2024, 78).deck(0) != m.deck(0)
