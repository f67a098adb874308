"""Numbers in words, as players say a running count."""

from __future__ import annotations

__all__ = ["number_words"]

_WORDS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
]
_TENS = {20: "twenty", 30: "thirty"}


def number_words(n: int) -> str:
    """English words for 0..39, as players say a running count.

    >>> number_words(7), number_words(24), number_words(31)
    ('seven', 'twenty-four', 'thirty-one')
    """
    if n <= 20:
        return _WORDS[n]
    tens, ones = divmod(n, 10)
    word = _TENS[tens * 10]
    return word if ones == 0 else f"{word}-{_WORDS[ones]}"
