"""French numbers and counts in the trainer (French review 1, findings 31-32): a decimal
comma, « 50 % » with a no-break space, and no plural after 0 or 1."""

from __future__ import annotations

import html
import re
from types import SimpleNamespace as A

from crib.session.summary import word_counts
from crib.ui.trainer.sets import set_summary_html


def _text(h: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", h))


def test_the_french_set_summary_has_a_decimal_comma_and_a_spaced_percent() -> None:
    answers = [
        A(correct=True, lost=0.0, seconds=4.0, miss=""),
        A(correct=False, lost=1.25, seconds=9.4, miss="missed nobs"),
    ]
    fr = _text(set_summary_html(answers, lang="fr"))
    assert "1,25" in fr and "6,7" in fr, fr  # the loss and the median time
    assert "50\u00a0%" in fr and "50%" not in fr, fr
    assert not re.search(r"\d\.\d", fr), fr
    assert "1 justes" not in fr and "Réponses justes\u00a0: 1 sur 2" in fr, fr
    assert "terminée" in fr, fr
    en = _text(set_summary_html(answers))
    assert "1.25" in en and "(50%)" in en and "1 of 2 right" in en, en


def test_no_mistakes_is_said_without_a_plural() -> None:
    assert word_counts([], "fr") == "aucune erreur"
    assert word_counts([]) == "no mistakes"
    fr = _text(set_summary_html([A(correct=True, lost=0.0, seconds=3.0, miss="")], lang="fr"))
    assert "0 erreurs" not in fr and "1 justes" not in fr, fr


def test_a_face_card_starter_is_written_the_french_way_in_the_captions() -> None:
    from crib.rules import events as ev
    from crib.rules.cards import parse_card
    from crib.session.fold import SeatTable

    t = SeatTable(0, ("Ann", "Bob"), lang="fr")
    t.apply(ev.Cut(starter=parse_card("JS")))
    assert t.captions[-1] == "La carte de départ est V♠.", t.captions
    en = SeatTable(0, ("Ann", "Bob"))
    en.apply(ev.Cut(starter=parse_card("JS")))
    assert en.captions[-1] == "The starter is J♠."
