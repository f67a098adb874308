"""Reproducible, verifiable randomness: ``hash_roll``, a hash RNG and commit-reveal deals.

``hash_roll(seed, tag, n)`` is SHA-256 of the seed as 8 big-endian bytes
followed by the UTF-8 of ``"|{tag}|{n}"``; its first 7 bytes as a big-endian
integer, shifted right by 3, divided by 2**53.  Anyone can recompute it in any
language.  Test vectors (checked by the doctest and the tests):

>>> hash_roll(0, "deal", 0)    # SHA-256 starts b12b58fb48cb0e -> 6233591506344289 / 2**53
0.6920676816451242
>>> hash_roll(7, "ai:1", 3)
0.22727883689123818
>>> hash_roll(2**64 - 1, "shuffle", 51)
0.412874029176155

A match commits to its deals before play: ``begin_match`` returns the
commitment, each hand's shuffle derives from the secret and the hand index,
and after the match ``verify_match`` replays every deal from the revealed
secret.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from crib.rules.cards import DECK, Card

__all__ = [
    "hash_roll",
    "HashRng",
    "shuffled_deck",
    "Match",
    "begin_match",
    "hand_seed",
    "verify_match",
]

_MASK64 = (1 << 64) - 1


def hash_roll(seed: int, tag: str, n: int) -> float:
    """A uniform draw in [0, 1) from (seed, tag, n); see the module docstring."""
    data = (seed & _MASK64).to_bytes(8, "big") + f"|{tag}|{n}".encode()
    h = hashlib.sha256(data).digest()
    return (int.from_bytes(h[:7], "big") >> 3) / 2**53


class HashRng:
    """An injected RNG whose n-th draw is ``hash_roll(seed, tag, n)``.

    It offers the small part of :class:`random.Random` that crib uses.

    >>> r = HashRng(7, "ai:1")
    >>> draws = [round(r.random(), 6) for _ in range(2)]
    >>> draws == [round(hash_roll(7, "ai:1", n), 6) for n in range(2)]
    True
    """

    __slots__ = ("seed", "tag", "n")

    def __init__(self, seed: int, tag: str) -> None:
        self.seed = seed & _MASK64
        self.tag = tag
        self.n = 0

    def random(self) -> float:
        x = hash_roll(self.seed, self.tag, self.n)
        self.n += 1
        return x

    def randrange(self, k: int) -> int:
        return min(int(self.random() * k), k - 1)

    def choice(self, seq: Sequence):  # type: ignore[no-untyped-def]
        return seq[self.randrange(len(seq))]


def shuffled_deck(seed: int) -> tuple[Card, ...]:
    """Fisher-Yates shuffle of the 52 cards driven by ``hash_roll(seed, "shuffle", i)``."""
    deck = list(DECK)
    for i in range(51, 0, -1):
        j = min(int(hash_roll(seed, "shuffle", i) * (i + 1)), i)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def _secret(master_seed: int, client_seed: int) -> bytes:
    return hashlib.sha256(
        b"crib-match|"
        + (master_seed & _MASK64).to_bytes(8, "big")
        + (client_seed & _MASK64).to_bytes(8, "big")
    ).digest()


def hand_seed(secret: bytes, hand_index: int) -> int:
    """The seed of hand ``hand_index`` from the match secret."""
    h = hashlib.sha256(secret + b"|hand|" + str(hand_index).encode()).digest()
    return int.from_bytes(h[:8], "big")


@dataclass(frozen=True)
class Match:
    """A committed match: publish ``commit`` before play, ``secret`` after."""

    commit: str
    secret: bytes

    def hand_seed(self, hand_index: int) -> int:
        return hand_seed(self.secret, hand_index)

    def deck(self, hand_index: int) -> tuple[Card, ...]:
        return shuffled_deck(self.hand_seed(hand_index))


def begin_match(master_seed: int, client_seed: int) -> Match:
    """Commit to a match's deals: the commitment is the hex SHA-256 of the secret.

    The secret mixes the server's ``master_seed`` with the player's
    ``client_seed``, so neither side alone chooses the deals.
    """
    secret = _secret(master_seed, client_seed)
    return Match(hashlib.sha256(secret).hexdigest(), secret)


def verify_match(commit: str, secret: bytes, decks: Sequence[Sequence[Card]]) -> list[str]:
    """Check a revealed secret against the commitment and every dealt deck.

    Returns a list of problems (empty when everything verifies).
    """
    problems = []
    if hashlib.sha256(secret).hexdigest() != commit:
        problems.append("the revealed secret does not match the commitment")
    for i, deck in enumerate(decks):
        want = shuffled_deck(hand_seed(secret, i))
        if tuple(deck) != want[: len(deck)]:
            problems.append(f"hand {i}: the dealt cards differ from the committed shuffle")
    return problems
