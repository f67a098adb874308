"""Look-alike names: the alphabets (Unicode scripts) a name's letters come from.

"Ann" typed with a Cyrillic "А" looks exactly like "Ann" and is another name; so is
"Jοhn" with a Greek omicron.  :func:`clean_name` refuses a name whose
letters mix scripts (:func:`mixed_scripts`), after NFKC has folded full-width and
styled letters into plain ones.  A letter's script is the first word of its Unicode
name (``LATIN SMALL LETTER A``, ``CYRILLIC CAPITAL LETTER A``, ``CJK UNIFIED
IDEOGRAPH-674E``); digits, spaces, punctuation, combining marks and modifier letters
(the ʻokina ʻ, the Japanese ー and 々) belong to none.  Latin may go with the Chinese,
Japanese and Korean scripts, as the "highly restrictive" level of Unicode's UTS #39
(Unicode Security Mechanisms, section 5.2) allows: their letters do not look alike.

>>> mixed_scripts("Ann"), mixed_scripts("Анна")
('', '')
>>> mixed_scripts("山田はなこ"), mixed_scripts("Ann 李")
('', '')
>>> mixed_scripts("\\u0410nn"), mixed_scripts("J\\u03bfhn")
('Cyrillic and Latin', 'Latin and Greek')
"""

from __future__ import annotations

import unicodedata

from crib.errors import BadNameError

__all__ = ["MAX_NAME", "clean_name", "name_scripts", "mixed_scripts"]

MAX_NAME = 40

# scripts that may share a name (UTS #39's "highly restrictive" level)
SCRIPT_MIXES = (
    frozenset({"LATIN", "CJK", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "CJK", "BOPOMOFO"}),
    frozenset({"LATIN", "CJK", "HANGUL"}),
)
# a letter's script where the first word of its name is not one
_SCRIPT_OF_WORD = {"IDEOGRAPHIC": "CJK", "KATAKANA-HIRAGANA": "KATAKANA"}
_SHOWN = {"CJK": "Han"}


def name_scripts(name: str) -> list[str]:
    """The scripts of ``name``'s letters, in order of first use.

    >>> name_scripts("Ann-Marie O'Brien 2"), name_scripts("\\u0410nn")
    (['LATIN'], ['CYRILLIC', 'LATIN'])
    >>> name_scripts("佐々木 ユーリ")
    ['CJK', 'KATAKANA']
    """
    out: list[str] = []
    for ch in name:
        cat = unicodedata.category(ch)
        if not cat.startswith("L") or cat == "Lm":
            continue
        word = unicodedata.name(ch, "").split(" ", 1)[0]
        script = _SCRIPT_OF_WORD.get(word, word)
        if script and script not in out:
            out.append(script)
    return out


def mixed_scripts(name: str) -> str:
    """The scripts ``name`` mixes, for a message ("Cyrillic and Latin"), or "" when its
    letters may share a name (one script, or Latin with Chinese, Japanese or Korean)."""
    scripts = name_scripts(name)
    if len(scripts) < 2 or any(set(scripts) <= ok for ok in SCRIPT_MIXES):
        return ""
    shown = [_SHOWN.get(s, s.title()) for s in scripts]
    return ", ".join(shown[:-1]) + " and " + shown[-1]


def clean_name(name: object, what: str = "name") -> str:
    """A trimmed name of 1..40 printable characters, NFKC-normalised ("Ａｎｎ" is "Ann") and
    in one alphabet (HTML is kept as text and escaped on display).

    >>> clean_name("  Ann  ")
    'Ann'
    >>> clean_name("")
    Traceback (most recent call last):
    ...
    crib.errors.BadNameError: the name is empty: type a name of 1 to 40 characters
    """
    if not isinstance(name, str):
        raise BadNameError(f"the {what} must be text, got {type(name).__name__}")
    n = " ".join(
        unicodedata.normalize("NFKC", name).split()
    )  # NFKC: full-width and styled letters as plain ones
    if not n:
        raise BadNameError(f"the {what} is empty: type a {what} of 1 to {MAX_NAME} characters")
    if len(n) > MAX_NAME:
        raise BadNameError(
            f"the {what} is {len(n)} characters long: use at most {MAX_NAME} (got {n[:20]}...)"
        )
    if "<" in n or ">" in n:
        raise BadNameError(
            f"the {what} {n!r} looks like HTML or a script: use letters, digits and spaces "
            "(no < or >)"
        )
    if any(unicodedata.category(ch).startswith("C") for ch in n):
        raise BadNameError(f"the {what} {n!r} holds control characters: use letters and digits")
    if mixed := mixed_scripts(n):  # "Аnn" with a Cyrillic "А" looks like "Ann": refused
        raise BadNameError(
            f"the {what} '{n}' mixes {mixed} letters (some look alike): type it in one alphabet"
        )
    return n
