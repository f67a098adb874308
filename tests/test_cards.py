from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib.errors import CardParseError, CribError, DuplicateCardError
from crib.rules.cards import DECK, Card, parse_card, parse_cards


def test_round_trip_all_52() -> None:
    assert len(set(DECK)) == 52
    for c in DECK:
        assert Card.parse(str(c)) == c
        assert Card.parse(c.pretty) == c
        assert eval(repr(c)) == c  # repr pastes back as code
        assert Card.from_index(c.index) == c


@pytest.mark.parametrize("text", ["5H", "5h", " 5h ", "5♥", "5♡"])
def test_five_of_hearts_spellings(text: str) -> None:
    assert Card.parse(text) == Card(5, "H")


@pytest.mark.parametrize("text", ["10H", "TH", "th", "10♥", "Th"])
def test_ten_spellings(text: str) -> None:
    assert Card.parse(text) == Card(10, "H")


def test_jack_of_diamonds_symbol() -> None:
    assert Card.parse("J♦") == Card(11, "D")
    assert str(Card(11, "D")) == "JD"
    assert Card(11, "D").pretty == "J♦"


def test_ordering_rank_then_suit() -> None:
    assert sorted(parse_cards("KS AH 5D 5C")) == list(parse_cards("AH 5C 5D KS"))
    assert [c.index for c in DECK] == list(range(52))


def test_frozen_and_hashable() -> None:
    c = Card(5, "H")
    with pytest.raises(AttributeError):
        c.rank = 6  # type: ignore[misc]
    assert {c: 1}[Card.parse("5h")] == 1


def test_parse_cards_separators_and_case() -> None:
    want = parse_cards("5H 5D 6C 7S 8H 9D")
    assert parse_cards("5h,5D, 6c;7S  8h 9d") == want
    assert parse_cards(["5H", Card(5, "D"), "6c", "7s", "8h", "9d"]) == want


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("X9", "'X9'"),
        ("5X", "'5X'"),
        ("11H", "'11H'"),
        ("", "expected"),
        ("H", "'H'"),
    ],
)
def test_bad_card_messages_quote_input(text: str, needle: str) -> None:
    with pytest.raises(CardParseError) as e:
        parse_card(text)
    assert needle in str(e.value)
    assert "expected rank" in str(e.value)


def test_duplicate_message() -> None:
    with pytest.raises(DuplicateCardError, match="duplicate card 5H"):
        parse_cards("5h 6d 5H")


# card spellings written out here, independently of the parser's alias tables
_RANKS = [("A", 1), ("a", 1), ("1", 1), ("10", 10), ("T", 10), ("t", 10), ("J", 11),
          ("Q", 12), ("q", 12), ("K", 13)] + [(str(r), r) for r in range(2, 10)]  # fmt: skip
_SUITS = [("C", "C"), ("d", "D"), ("H", "H"), ("s", "S"), ("♣", "C"), ("♦", "D"), ("♥", "H"),
          ("♠", "S"), ("♡", "H"), ("♤", "S")]  # fmt: skip
_SPELLED = st.tuples(st.sampled_from(_RANKS), st.sampled_from(_SUITS), st.sampled_from(["", " "]))


def test_every_spelling_of_every_card() -> None:
    # all 360 spellings (18 rank spellings x 10 suit spellings x padded or not)
    n = 0
    for rtext, rank in _RANKS:
        for stext, suit in _SUITS:
            for pad in ("", " "):
                c = parse_card(pad + rtext + stext + pad)
                assert c == Card(rank, suit) and parse_card(str(c)) == c
                n += 1
    assert n == 360


@settings(max_examples=2000, deadline=None)
@given(st.text(max_size=8))
def test_fuzz_parse_card_only_card_or_value_error(text: str) -> None:
    # raw text is a card only by chance (test_every_spelling_of_every_card covers those)
    try:
        c = parse_card(text)
    except CribError:
        return
    assert parse_card(str(c)) == c


def test_fuzz_parse_cards_only_cards_or_value_error() -> None:
    seen = {"cards": 0, "duplicate": 0, "error": 0}

    @settings(max_examples=1000, deadline=None)
    @given(
        st.lists(st.tuples(_SPELLED, st.sampled_from([" ", ",", ";", " , ", "  "])), max_size=6),
        st.text(alphabet="A23456789TJQK10CDHSchds♣♦♥♠ ,;x", max_size=30),
        st.booleans(),
    )
    def one(spelled: list, raw: str, use_raw: bool) -> None:  # type: ignore[type-arg]
        if use_raw:
            try:
                cs = parse_cards(raw)
            except CribError:
                seen["error"] += 1
                return
            assert len(set(cs)) == len(cs)
            seen["cards"] += 1
            return
        text = "".join(pad + r + s_ + pad + sep for ((r, _), (s_, _), pad), sep in spelled)
        want = [Card(rank, suit) for ((_, rank), (_, suit), _), _sep in spelled]
        if len(set(want)) < len(want):
            with pytest.raises(DuplicateCardError, match="each card can appear only once"):
                parse_cards(text)
            seen["duplicate"] += 1
            return
        assert parse_cards(text) == tuple(want)
        seen["cards"] += 1

    one()
    # most examples are spelled cards, with a known answer; each outcome occurs
    assert seen["cards"] + seen["duplicate"] >= sum(seen.values()) / 2, seen
    assert min(seen.values()) > 0, seen
