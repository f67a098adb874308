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


@settings(max_examples=2000, deadline=None)
@given(st.text(max_size=8))
def test_fuzz_parse_card_only_card_or_value_error(text: str) -> None:
    try:
        c = parse_card(text)
    except CribError:
        return
    assert isinstance(c, Card)
    assert parse_card(str(c)) == c


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet="A23456789TJQK10CDHSchds♣♦♥♠ ,;x", max_size=30))
def test_fuzz_parse_cards_only_cards_or_value_error(text: str) -> None:
    try:
        cs = parse_cards(text)
    except CribError:
        return
    assert len(set(cs)) == len(cs)
