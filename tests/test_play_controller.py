"""The coached game's controller, headless: whole games against every tier, invariants,
no peeking, bad input, manual counting with muggins, save and load."""

from __future__ import annotations

import json
import random
from urllib.parse import parse_qs, urlparse

import pytest

import crib
from crib.errors import CribError
from crib.rules.events import Counted, Cut, Dealt, GameOver, Muggins, Shown
from crib.rules.scoring import score_hand
from crib.session.controller import (
    COMPUTER,
    HUMAN,
    TIERS,
    GameController,
    GameView,
    grade_log,
    load_saved,
)


def _hidden(c: GameController) -> set:
    """The computer's cards a player at the table cannot have seen yet."""
    evs = c.revealed_events()
    deal = next((e for e in reversed(evs) if isinstance(e, Dealt)), None)
    if deal is None:
        return set()
    six = set(deal.hands[COMPUTER])
    v = c.view()
    seen = {card for p, card in (*v.pile, *v.previous) if p == COMPUTER}
    seen |= set(v.opp_shown) | set(v.crib_shown)
    return six - seen


def _check_view(c: GameController, v: GameView) -> None:
    hidden = _hidden(c)
    leaked = hidden & v.visible_cards()
    assert not leaked, f"phase {v.phase}: the view shows hidden cards {leaked}"
    # the view never runs ahead of the revealed events (next deal, starter)
    assert v.hand_number == sum(isinstance(e, Dealt) for e in c.revealed_events())
    if v.starter is not None:
        assert any(isinstance(e, Cut) for e in c.revealed_events())
    text = v.texts()
    for card in hidden:
        assert card.pretty not in text, f"phase {v.phase}: {card.pretty} in {text!r}"


def true_count(c: GameController) -> int:
    """The true count of the hand (or crib) you are asked to count (your own cards)."""
    d = c.decision
    assert c.phase == "count" and d is not None and d.kind == "count"
    o = d.observation
    return score_hand(o.hand, o.starter, is_crib=d.what == "crib").total


def play_out(
    c: GameController, rng: random.Random, *, miscount: bool = False, check: bool = True
) -> list[tuple[int, int]]:
    """Drive a game to its end with keys only, like a player; returns the scores seen."""
    seen = [c.scores]
    for _ in range(5000):
        if c.phase == "over":
            break
        v = c.view()
        if check:
            _check_view(c, v)
        if c.phase == "discard":
            for i in rng.sample(range(6), 2):
                c.press(str(i + 1))
            c.press("enter")
        elif c.phase == "play":
            assert not v.can_go  # the game says go for you
            c.press(str(rng.choice(v.legal) + 1))  # one key plays the card
        elif c.phase == "count":
            n = max(0, true_count(c) - (rng.choice([0, 1, 2]) if miscount else 0))
            for ch in str(n):
                c.press(ch)
            c.press("enter")
        else:
            c.press("n")
        seen.append(c.scores)
    return seen


@pytest.mark.parametrize("tier", TIERS)
def test_whole_game_against_every_tier(tier: str) -> None:
    c = GameController(seed=11, tier=TIERS[tier], exact_trap=False)
    seen = play_out(c, random.Random(tier))
    assert c.phase == "over"
    # scores only rise, and the game ends the moment someone reaches 121
    for a, b in zip(seen, seen[1:], strict=False):
        assert b[0] >= a[0] and b[1] >= a[1]
    assert c.scores[c.winner] == 121 and c.scores[1 - c.winner] < 121
    # the revealed events are the whole log and replay through the engine
    evs = c.revealed_events()
    assert isinstance(evs[-1], GameOver) and evs == c.game.events
    r = crib.replay(evs)
    assert r.verdict == "verified from the seed" and r.complete
    assert "matches" in c.fairness and "verified from the seed" in c.fairness
    # every discard of yours is graded; the review is sorted by cost
    hands = sum(isinstance(e, Dealt) for e in evs)
    assert sum(g.kind == "discard" for g in c.grades) == hands
    lost = [g.lost for g in c.review()]
    assert lost == sorted(lost, reverse=True)
    assert c.view().history[-1][1:] == c.scores


def test_same_seed_same_deals_other_seed_other_deals() -> None:
    a, b, d = (GameController(seed=s, tier=TIERS["easy"]) for s in (5, 5, 6))
    for c in (a, b, d):
        c.press("n")
        c.press("n")
    assert a.six == b.six and a.cut_cards == b.cut_cards
    assert a.six != d.six
    assert a.view().commit == b.view().commit != d.view().commit


def test_cut_for_deal_picks_the_low_card_as_dealer() -> None:
    for seed in range(20):
        c = GameController(seed=seed, tier=TIERS["easy"])
        mine, theirs = c.cut_cards
        assert c.view().cut_cards is None  # not shown before the cut
        c.press("n")
        assert c.view().cut_cards == (mine, theirs)
        c.press("n")
        assert c.view().cut_cards is None  # the deck is shuffled again for the deal
        assert c.dealer == (HUMAN if mine.rank < theirs.rank else COMPUTER)


def test_bad_input_gives_a_message_and_keeps_the_state() -> None:
    c = GameController(seed=2, tier=TIERS["easy"], exact_trap=False)
    with pytest.raises(CribError, match="press n to cut"):
        c.press("1")
    c.press("n")
    c.press("n")
    assert c.phase == "discard"
    with pytest.raises(CribError, match="pick two cards"):
        c.press("enter")
    with pytest.raises(CribError, match="cannot say go"):
        c.press("g")
    c.press("1")
    c.press("2")
    with pytest.raises(CribError, match="exactly two"):
        c.press("3")
    with pytest.raises(CribError, match="your turn"):
        c.press("n")
    assert c.selected == [0, 1] and c.phase == "discard"
    c.press("enter")
    # in the play: an illegal card is refused with the count it would make
    rng = random.Random(0)
    for _ in range(200):
        v = c.view()
        if c.phase == "play" and v.legal and len(v.legal) < len(v.my_cards):
            bad = next(i for i in range(len(v.my_cards)) if i not in v.legal)
            before = (c.cursor, c.my_cards, c.scores)
            with pytest.raises(CribError, match="over 31"):
                c.press(str(bad + 1))
            assert (c.cursor, c.my_cards, c.scores) == before
            break
        play_step(c, rng)
    else:
        pytest.fail("no position with an illegal card came up")


def play_step(c: GameController, rng: random.Random) -> None:
    v = c.view()
    if c.phase == "discard":
        c.discard([c.six[0], c.six[1]])
    elif c.phase == "play":
        if v.can_go:
            c.go()
        else:
            c.play(v.my_cards[rng.choice(v.legal)])
    elif c.phase == "count":
        c.claim(true_count(c))
    else:
        c.next()


def test_manual_counting_with_muggins_takes_the_missed_points() -> None:
    c = GameController(seed=4, tier=TIERS["easy"], manual=True, muggins=True, exact_trap=False)
    rng = random.Random(1)
    for _ in range(300):
        if c.phase == "count":
            total = true_count(c)
            if total >= 2:
                break
            c.claim(total)
        else:
            play_step(c, rng)
    else:
        pytest.fail("no countable hand of yours came up")
    v = c.view()
    assert c.decision is not None and c.decision.player == HUMAN
    assert v.my_cards == c.decision.observation.hand  # the cards you count are on the table
    n = len(c.game.events)
    bad_claims = (
        ("abc", "number"),
        ("30", "more than any hand"),
        ("", "type your count"),
        (str(total + 1), "more than your (hand|crib) counts: count again"),
    )
    for bad, why in bad_claims:
        with pytest.raises(CribError, match=why):
            c.claim(bad)
        assert c.phase == "count" and len(c.game.events) == n  # an over-count is refused
    before = c.scores
    start = len(c.revealed_events())
    c.claim(total - 2)
    # one step shows the rest of the show too (the computer's counts after yours)
    revealed = c.revealed_events()
    i = next(k for k in range(start, len(revealed)) if isinstance(revealed[k], Shown))
    shown, mug = revealed[i], revealed[i + 1]
    assert isinstance(shown, Shown) and shown.player == HUMAN and isinstance(mug, Muggins)
    assert shown.scores[HUMAN] - before[HUMAN] == min(total - 2, 121 - before[HUMAN])
    assert mug.scores[COMPUTER] - before[COMPUTER] == min(2, 121 - before[COMPUTER])
    assert "Muggins" in c.message and "missed 2" in c.message
    assert c.counts[-1].muggins == 2
    assert c.grades[-1].kind == "count" and c.grades[-1].lost == 2
    # the muggins points are engine events: the board and the engine agree
    assert tuple(revealed[-1].scores) == c.scores
    assert any(isinstance(e, Counted) and e.claimed == total - 2 for e in revealed)


def test_manual_counting_without_muggins_pegs_the_true_count() -> None:
    c = GameController(seed=4, tier=TIERS["easy"], manual=True, muggins=False, exact_trap=False)
    rng = random.Random(1)
    for _ in range(300):
        if c.phase == "count" and true_count(c) >= 1:
            break
        play_step(c, rng)
    total = true_count(c)
    before = c.scores
    start = len(c.revealed_events())
    c.claim(0)
    shown = next(e for e in c.revealed_events()[start:] if isinstance(e, Shown))
    assert shown.player == HUMAN and shown.scores[HUMAN] == min(121, before[HUMAN] + total)
    assert shown.scores[COMPUTER] == before[COMPUTER]  # no muggins: nothing taken
    assert not any(isinstance(e, Muggins) for e in c.revealed_events()[start:])
    assert "missed" in c.message


def test_whole_game_with_manual_counting_and_muggins_keeps_its_invariants() -> None:
    c = GameController(seed=8, tier=TIERS["normal"], manual=True, muggins=True, exact_trap=False)
    seen = play_out(c, random.Random(3), miscount=True)
    assert c.phase == "over" and max(c.scores) == 121
    assert c.scores == tuple(c.game.scores)  # the board and the engine agree at the end
    for a, b in zip(seen, seen[1:], strict=False):
        assert b[0] >= a[0] and b[1] >= a[1]
    assert c.counts and any(r.muggins for r in c.counts)
    r = crib.replay(c.revealed_events())  # muggins included, every count is checked
    assert r.complete and r.verdict == "verified from the seed"
    assert "verified from the seed" in c.fairness
    # a saved game carries the counts in its log; the review grades them the same way
    text, _note = c.save()
    events, counts = load_saved(text)
    assert counts == c.counts
    live = [(g.kind, g.chosen, g.verdict, g.lost) for g in c.grades if g.kind == "count"]
    assert [
        (g.kind, g.chosen, g.verdict, g.lost)
        for g in grade_log(events, counts)
        if g.kind == "count"
    ] == live


def test_a_muggins_win_ends_the_game_at_exactly_121_on_the_board() -> None:
    for seed in range(1, 40):
        c = GameController(
            seed=seed,
            tier=TIERS["easy"],
            manual=True,
            muggins=True,
            scores=(0, 119),
            exact_trap=False,
        )
        rng = random.Random(seed)
        while c.phase not in ("count", "over"):
            play_step(c, rng)
        if c.phase == "count" and true_count(c) >= 2:
            break
    else:
        pytest.fail("no seed let you count a hand while the computer was short of 121")
    c.claim(true_count(c) - 2)
    assert c.phase == "over" and c.winner == COMPUTER
    assert c.scores[COMPUTER] == 121 == c.game.scores[COMPUTER]
    assert c.view().scores == tuple(c.game.scores)
    assert isinstance(c.revealed_events()[-1], GameOver) and c.revealed_events() == c.game.events


def test_coach_grades_hints_and_the_trap_flag() -> None:
    c = GameController(seed=9, tier=TIERS["expert"])
    c.press("n")
    c.press("n")
    c.press("h")
    v = c.view()
    assert len(v.hinted) == 2 and v.hint.startswith("Throw")
    for i in v.hinted:
        c.press(str(i + 1))
    c.press("enter")
    g = c.grades[-1]
    assert g.kind == "discard" and g.verdict == "best" and g.hinted and g.lost == 0
    assert c.view().grade == g
    assert g.analyzer_url.startswith("discard.ipynb?six=")
    rng = random.Random(2)
    while not any(x.kind == "play" for x in c.grades):
        play_step(c, rng)
    p = next(x for x in c.grades if x.kind == "play")
    assert p.trap is None  # graded at once with the fast model
    assert c.refine_grades() >= 1
    p2 = next(x for x in c.grades if x.kind == "play")
    # 6♣ played on the 10♠; the best card, 10♣, pairs it for 2 now, so it is no trap card
    assert p2.trap is False and p2.verdict == p.verdict
    assert p2.analyzer_url.startswith("pegging.ipynb?position=hand")
    # the grade holds the position itself; its link carries the text the analyzer reads back
    assert isinstance(p2.position, crib.PeggingPosition)
    text = parse_qs(urlparse(p2.analyzer_url).query)["position"][0]
    assert crib.PeggingPosition.parse(text).to_text() == p2.position.to_text() == text
    assert len(g.position) == 6 and all(
        isinstance(x, crib.Card) for x in g.position
    )  # the six dealt
    c.coaching = False
    assert c.view().grade is None


def test_save_leaves_the_hand_in_progress_out_and_load_replays_with_the_review() -> None:
    c = GameController(seed=12, tier=TIERS["hard"], exact_trap=False)
    rng = random.Random(5)
    while c.phase != "hand_over":
        play_step(c, rng)
    play_step(c, rng)  # into the next hand: its deal must not be saved
    assert c.phase == "discard"
    text, note = c.save()
    assert "not saved" in note
    data = json.loads(text)
    assert data["tier"] == "hard"
    events, counts = load_saved(text)
    assert sum(isinstance(e, Dealt) for e in events) == 1
    r = crib.replay(events)
    assert r.verdict == "verified from the seed" and not r.complete
    review = grade_log(events, counts)
    live = [(g.kind, g.chosen, g.verdict) for g in c.grades if g.hand == 0]
    assert [(g.kind, g.chosen, g.verdict) for g in review] == live
    # a plain event log loads too; anything else is refused with a reason
    assert load_saved(crib.log_to_json(events))[0] == events
    with pytest.raises(CribError, match="not a"):
        load_saved('{"nope": 1}')
    with pytest.raises(CribError, match="invalid JSON"):
        load_saved("{oops")


def test_a_short_game_from_a_starting_score() -> None:
    c = GameController(seed=1, tier=TIERS["easy"], scores=(110, 110), exact_trap=False)
    play_out(c, random.Random(0))
    assert c.phase == "over" and max(c.scores) == 121
    assert crib.replay(c.revealed_events()).complete


# -- the app, headless: keys, clicks, messages, save and load -------------------------


def test_app_keys_clicks_and_messages_never_a_traceback() -> None:
    from crib.ui.play.app import PlayApp

    app = PlayApp(seed=3, tier=TIERS["easy"])
    assert app.controller.phase == "cut"
    app.key_listener.simulate("1")  # out of turn: a message in place, nothing lost
    assert "crib-error" in app.status.value and "cut for the deal" in app.status.value
    app.key_listener.simulate("n")
    app.key_listener.simulate("n")
    assert app.controller.phase == "discard"
    assert [b.card for b in app.card_buttons] == list(app.controller.six)
    app.card_buttons[0].click()
    app.key_listener.simulate("2")
    assert "crib-selected" in app.card_buttons[0]._dom_classes
    assert "crib-selected" in app.card_buttons[1]._dom_classes
    app.confirm_button.click()
    assert app.controller.phase in ("play", "show", "hand_over", "over")
    assert "crib-grade-" in app.coach_html.value  # the coach's badge, not a modal
    rng = random.Random(0)
    for _ in range(2000):
        c = app.controller
        if c.phase == "over":
            break
        v = c.view()
        if c.phase == "discard":
            app.click_card(0)
            app.click_card(1)
            app.act("enter")
        elif c.phase == "play":
            app.act("g") if v.can_go else app.click_card(rng.choice(v.legal))
        else:
            app.act("n")
        assert "Something went wrong" not in app.status.value, app.status.value
    assert app.controller.phase == "over"
    assert "Game review" in app.review_html.value and "crib-review-link" in app.review_html.value
    assert "verified from the seed" in app.commit_html.value
    assert 'class="crib-score-chart"' in app.chart_html.value
    # Enter in the count box (sent as "submit") with nothing pending: a message
    app.key_listener.simulate("submit")
    assert "nothing of yours to count" in app.status.value
    # the same keys after the end only give a message
    app.act("enter")
    app.act("n")
    assert "game is over" in app.status.value


def _upload(data: bytes, name: str = "game.json") -> tuple[dict, ...]:
    import datetime

    return (
        {
            "name": name,
            "type": "application/json",
            "size": len(data),
            "content": memoryview(data),
            "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC),
        },
    )


def test_app_save_then_load_replays_hand_by_hand() -> None:
    import base64
    import re

    from crib.ui.play.app import PlayApp

    app = PlayApp(seed=5, tier=TIERS["normal"], scores=(100, 100))
    rng = random.Random(4)
    while app.controller.phase != "over":
        play_step(app.controller, rng)
    app.save()
    m = re.search(r'base64,([A-Za-z0-9+/=]+)"', app.save_link.value)
    assert m and 'download="crib-game-seed5.json"' in app.save_link.value
    data = base64.b64decode(m.group(1))
    other = PlayApp(seed=1, tier=TIERS["easy"])
    other.load.value = _upload(data)
    assert "verified from the seed" in other.replay_html.value
    assert other.replay_box.layout.display is None
    hands = other.replay_hand.max
    assert hands >= 1 and "Hand 1 of" in other.replay_html.value
    other.key_listener.simulate("arrowright")  # the next decision, and its hand shown
    st = other.replay.stepper
    assert other.replay_hand.value == st.curve[st.chart.selected].hand + 1
    # a broken file: a message in place, the previous replay kept
    bad = b'{"events": [{"type": "cut"}]}'
    other.load.value = _upload(bad)
    assert "crib-error" in other.status.value and "not a crib game log" in other.status.value
    assert "verified from the seed" in other.replay_html.value
    # a tampered deal is caught by the replay
    evs = json.loads(data)
    i = next(k for k, e in enumerate(evs["events"]) if e["type"] == "cut")
    evs["events"][i]["starter"] = "KS" if evs["events"][i]["starter"] != "KS" else "QS"
    tampered = json.dumps(evs).encode()
    other.load.value = _upload(tampered)
    assert "crib-error" in other.status.value and "starter" in other.status.value


def test_near_121_the_coach_hints_and_grades_by_the_chance_to_win() -> None:
    c = GameController(seed=21, tier=TIERS["master"], scores=(110, 112))
    rng = random.Random(3)
    for _ in range(100):
        v = c.view()
        if c.phase == "play" and not v.can_go and len({v.my_cards[i].rank for i in v.legal}) > 1:
            break
        play_step(c, rng)
    assert c.phase == "play"
    c.press("h")
    v = c.view()
    assert "chance to win the game" in v.hint and len(v.hinted) == 1
    c.play(v.my_cards[v.hinted[0]])
    g = next(x for x in c.grades if x.kind == "play")
    assert g.verdict == "best" and g.lost == 0
    c.refine_grades()
    assert next(x for x in c.grades if x.kind == "play").trap is None  # P(win), not traps, near 121
