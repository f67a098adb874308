from __future__ import annotations

import hashlib

from crib.ai.players import parse_player
from crib.rules.fairness import HashRng, begin_match, hash_roll, shuffled_deck, verify_match
from crib.rules.game import Game


def _independent_roll(seed: int, tag: str, n: int) -> float:
    """The published recipe, spelled out from the hex digest."""
    digest = hashlib.sha256(seed.to_bytes(8, "big") + f"|{tag}|{n}".encode()).hexdigest()
    return (int(digest[:14], 16) >> 3) / 2**53


def test_hash_roll_vectors() -> None:
    # (seed, tag, n) -> the first 7 bytes of the SHA-256 and the draw, computed once and
    # pinned; the first three are the module docstring's published vectors
    vectors = {
        (0, "deal", 0): ("b12b58fb48cb0e", 0.6920676816451242),
        (7, "ai:1", 3): ("3a2ef223855243", 0.22727883689123818),
        (2**64 - 1, "shuffle", 51): ("69b21cc4ade8f4", 0.412874029176155),
        (123456789, "é|x", 10**6): ("e38be6c64d40b2", 0.8888534769187142),
    }
    for (seed, tag, n), (hex7, roll) in vectors.items():
        assert hash_roll(seed, tag, n) == roll
        assert _independent_roll(seed, tag, n) == roll  # the recipe as published
        data = seed.to_bytes(8, "big") + f"|{tag}|{n}".encode()
        assert hashlib.sha256(data).hexdigest()[:14] == hex7
    # worked by hand for the first: 0xb12b58fb48cb0e >> 3 = 6233591506344289, over 2**53
    assert 0xB12B58FB48CB0E >> 3 == 6233591506344289
    assert 6233591506344289 / 2**53 == 0.6920676816451242
    xs = [hash_roll(1, "u", i) for i in range(20000)]
    assert min(xs) >= 0 and max(xs) < 1
    assert abs(sum(xs) / len(xs) - 0.5) < 0.01


def test_shuffle_is_a_permutation_and_seeded() -> None:
    d = shuffled_deck(5)
    assert " ".join(map(str, d)) == (
        "3S AC 4S 7S TH TS JH AH 5H 9D JD KD 9C 2D 5S QC 7C 6S JC AS KC 4C KS 9H QH 6H "
        "3H 2H 7H 2S 4D KH 8D 3C 8C 5D TD JS QS 8S 4H 7D 3D AD 6D 5C TC 8H 6C QD 2C 9S"
    )
    assert len(set(d)) == 52
    assert " ".join(map(str, shuffled_deck(6)[:6])) == "2D 2H 4H 8S 7H KC"
    r = HashRng(9, "t")
    assert [r.random() for _ in range(3)] == [hash_roll(9, "t", i) for i in range(3)]


def test_match_vectors_are_pinned() -> None:
    m = begin_match(master_seed=2024, client_seed=77)
    # the secret spelled out: SHA-256 of b"crib-match|" and both seeds as 8 big-endian
    # bytes; the commitment is the hex SHA-256 of the secret
    secret = hashlib.sha256(
        b"crib-match|" + (2024).to_bytes(8, "big") + (77).to_bytes(8, "big")
    ).digest()
    assert m.secret == secret
    assert m.secret.hex() == "dc5b629bafeb23d682a844b4ca345568559d16aa2660b573077e9e14421274e5"
    assert m.commit == "4da2b236a7ff0c153d341d2d2328bf8145bc0aa665ab978abf29ab2eccc9c575"
    assert (m.hand_seed(0), m.hand_seed(1)) == (4407509098422221506, 11844459111072138117)
    assert " ".join(map(str, m.deck(0)[:12])) == "5S TS AC 2D QS JD TD 9S 9H AS 6H KD"
    assert " ".join(map(str, m.deck(1)[:12])) == "KH 8C 6H TH 9D 3S 9S 8S 7H 4D 7S AD"
    # the client seed changes the deals
    assert " ".join(map(str, begin_match(2024, 78).deck(0)[:6])) == "8H 4C KC 2H AC KS"


def test_commit_reveal_verifies_and_detects_tampering() -> None:
    m = begin_match(master_seed=2024, client_seed=77)
    g = Game(seed=1, players=(parse_player("expert"), parse_player("hard")), match=m)
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
