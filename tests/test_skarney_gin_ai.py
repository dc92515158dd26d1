"""Skarney Gin bots: they play legal moves from a seat's view, beat random play and make the obvious
plays (the initial meld, taking a card that melds, refusing a useless one, going out)."""

import pytest

import pygames
import pygames.ai as ai
from pygames.ai import skarney_gin as bot
from pygames.cards import IDS
from pygames.games import skarney_gin as sg
from tests.gameprops import seeded_positions
from tests.helpers.skarney_gin import position


def play_match(seed, levels, target=200, budget=None):
    g = pygames.new_game("skarney_gin", seed=seed, options={"target": target})
    step = 0
    while not g.is_over:
        seat = g.current_player
        g.play(ai.choose_move(g.view(seat), levels[seat], seed=seed * 7919 + step, budget=budget))
        step += 1
    return g


def test_normal_beats_random():
    margin, wins = 0, 0
    for seed in range(6):
        levels = ("normal", "random") if seed % 2 == 0 else ("random", "normal")
        g = play_match(seed, levels)
        me = levels.index("normal")
        wins += g.result["winner"] == me
        margin += g.scores[me] - g.scores[1 - me]
    assert wins == 6 and margin > 6 * 300


def test_every_level_finishes_matches_against_every_other():
    # two normal bots once passed three Aces to and fro for ever (an accepted Ace skips the draw)
    for seed, levels in enumerate([("easy", "hard"), ("hard", "normal"), ("normal", "normal"), ("easy", "easy")]):
        g = play_match(seed + 1, levels, target=100, budget=12)     # a small search: the same code paths
        assert g.is_over


def test_choice_is_deterministic_for_a_seed():
    g = pygames.new_game("skarney_gin", seed=12)
    view = g.view(g.current_player)
    for level in ("easy", "normal", "hard"):
        assert ai.choose_move(view, level, seed=3) == ai.choose_move(view, level, seed=3)
        assert ai.choose_move(view, level, seed=3) in view["legal_moves"]


def test_bots_make_the_initial_meld_when_they_can():
    for level in ("easy", "normal", "hard"):
        g = position(["7H 7S 7D 4C 5C 6C 9D TS JH 2S KD", "AS 2H 3D 4D 5D 8C 9C TC QD QS"])
        kinds = []
        while not g.initial_done[0]:
            move = ai.choose_move(g.view(0), level, seed=1)
            kinds.append(move["type"])
            g.play(move)
        assert kinds == ["initial_part"] * 3 + ["initial_meld"], level
        assert g.hands[0] == [IDS["2S"], IDS["KD"]]


def test_normal_picks_the_initial_meld_that_sheds_most_and_lays_it_meld_by_meld():
    # the three 3-card melds may be 2-3-4 of spades or Q-K-A of hearts with the sevens and 4-5-6:
    # Q-K-A sheds 35 points against 9
    g = position(["7H 7S 7D 4C 5C 6C 2S 3S 4S QH KH AH 9D", "AS 2H 3D 4D 5D 8C 9C TC QD QS"])
    laid = []
    while not g.initial_done[0]:
        move = ai.choose_move(g.view(0), "normal", seed=2)
        assert move["type"] != "take_back"
        if move["type"] == "initial_part":
            laid.append(sorted(move["cards"]))
        g.play(move)
    assert sorted(["AH", "KH", "QH"]) in laid and sorted(["2S", "3S", "4S"]) not in laid


OFFERER = "3D 2D 7C TC JS AH 4H 6D TH"     # a hand as the offerer holds one early in a deal


def answer(hand, offer, melds=(), initial=False, level="normal"):
    g = position([OFFERER, hand], melds=[[], list(melds)], initial=(False, initial))
    g.hands[0].append(IDS[offer])
    g.play({"type": "offer", "card": offer})
    return ai.choose_move(g.view(1), level, seed=1)["type"]


def test_takes_an_offer_that_completes_a_meld():
    for level in ("easy", "normal", "hard"):
        # after the initial meld: a pair becomes a group
        assert answer("7H 7S 2C 9D", "7D", melds=["JH QH KH", "2S 3S 4S", "8D 8C 8H"], initial=True,
                      level=level) == "take"
        # before it: the third 3-card meld of the contract
        assert answer("4C 5C 6C 9H 9S 9D JD QD 2H 5S", "KS", level=level) == "take", level


def test_refuses_a_useless_offer():
    for level in ("easy", "normal", "hard"):
        assert answer("7H 7S 2C 9D", "KS", melds=["JC QC KC", "2S 3S 4S", "8D 8C 8H"], initial=True,
                      level=level) == "refuse"
    # before the initial meld a K beside a Q is a start of a third meld: the heuristic levels refuse it,
    # hard's search may find it worth taking
    for level in ("easy", "normal"):
        assert answer("4C 5C 6C 9H 9S 9D 2H 5S 7D QS", "KD", level=level) == "refuse"


def test_goes_out_when_it_can():
    g = position(["2S 3S 9C 9H 9D", "AS KD 5C"], melds=[["7H 7S 7D", "4H 5H 6H", "9S TS JS"], []],
                 initial=(True, False))
    for _ in range(5):
        if g.deal_number > 1:
            break
        g.play(ai.choose_move(g.view(0), "normal", seed=1))
    assert g.last_deal and g.last_deal["skarney"] == 0


def test_offers_its_least_useful_card():
    g = position(["7H 7S 7D 4C 5C 6C 9D TS JH KD 2S", "AS"], melds=[[], ["QS QH QD"]],
                 initial=(False, True))
    for part in (["7H", "7S", "7D"], ["4C", "5C", "6C"], ["9D", "TS", "JH"]):
        g.play({"type": "initial_part", "cards": part})
    g.play({"type": "initial_meld"})
    move = ai.choose_move(g.view(0), "normal", seed=1)
    assert move == {"type": "offer", "card": "KD"}         # 10 points to shed, and no use to the queens


@pytest.fixture
def weighed(monkeypatch):
    """The root actions of every search the hard bot asks for (each search cut to 8 iterations)."""
    asked = []
    search = bot.search_move

    def spy(view, rng, budget, *args, **kwargs):
        asked.append(kwargs["actions"])
        return search(view, rng, 8, *args, **kwargs)

    monkeypatch.setattr(bot, "search_move", spy)
    return asked


def test_hard_answers_every_offer_but_an_ace_through_the_search_normals_answer_first(weighed):
    for card, normal in (("8H", "refuse"), ("7C", "take")):     # 7C makes 5C 6C 7C: normal takes it
        g = position([f"KS 3D {card}", "5C 6C 9D QH"])
        g.play({"type": "offer", "card": card})
        view = g.view(1)
        assert ai.choose_move(view, "normal", seed=4) == {"type": normal} and not weighed
        move = ai.choose_move(view, "hard", seed=4)
        assert weighed.pop() == [getattr(sg, normal.upper()), sg.REFUSE if normal == "take" else sg.TAKE]
        assert move in view["legal_moves"] and move == ai.choose_move(view, "hard", seed=4)
        weighed.clear()
    g = position(["AS KS 3D", "4C 5C 6C 9D"])
    g.play({"type": "offer", "card": "AS"})
    assert ai.choose_move(g.view(1), "hard", seed=4) == {"type": "refuse"} and not weighed


def test_rollout_policy_plays_a_deal_to_its_end():
    from pygames.cards import Rng
    rng = Rng(3)
    for seed in range(5):
        g = pygames.new_game("skarney_gin", seed=seed)
        for _ in range(3000):
            if g.deal_number > 1:
                break
            g.apply_action(bot.rollout(g, rng))
        assert g.deal_number > 1


def test_hard_remembers_cards_the_opponent_took():
    g = position(["KS 3D 8H", "4C 5C 6C"])
    g.play({"type": "offer", "card": "8H"})
    g.play({"type": "take"})
    g.play({"type": "offer", "card": "4C"})
    g.play({"type": "refuse"})
    know = bot.Knowledge(g.view(0), track=True)
    assert know.their_known == {IDS["8H"], IDS["4C"]}
    assert bot.Knowledge(g.view(0), track=False).their_known == set()


def test_hard_weighs_close_offers_through_the_search_with_normals_choice_first(weighed):
    g = position(["2S 5H KC 2C 9S AD", "AS 3C"], melds=[["7H 7S 7D", "4C 5C 6C", "9D TS JH"], []],
                 initial=(True, False))
    view = g.view(0)
    normal = ai.choose_move(view, "normal", seed=1)
    assert normal["type"] == "offer" and not weighed               # normal never searches
    move = ai.choose_move(view, "hard", seed=1)
    [actions] = weighed
    offers = [IDS[m["card"]] for m in view["legal_moves"] if m["type"] == "offer"]
    assert actions[0] == IDS[normal["card"]] and 2 <= len(actions) <= bot.OFFER_CHOICES
    assert set(actions) <= set(offers) and IDS[move["card"]] in actions


def test_a_playout_stopped_at_the_horizon_counts_the_hands_as_the_stock_end_would():
    g = position(["2S 5H KC", "AS 3C"])              # 17 points in hand against 18
    assert bot.deal_value(g.deal_number)(g) == [1, -1]
    g.totals = [30, 10]
    assert bot.deal_value(g.deal_number)(g) == [21, -21]
    assert bot.deal_value(g.deal_number - 1)(g) == [20, -20]     # a deal already over: the totals alone


def test_the_bots_lay_off_search_agrees_with_legal_actions():
    """The bot's own search of the lay-offs (``extensions``, with the room its ``Knowledge`` reads
    from the view) finds exactly the lay-offs ``legal_actions`` holds for each of the seat's melds,
    on thousands of seeded positions (lines that lay their melds whenever they can)."""
    checked = 0
    for g in seeded_positions("skarney_gin", range(1, 25), moves=300, prefer=lambda a: a >= sg.MELD or a == sg.COMMIT):
        p = g.turn
        if g.phase != "play" or not g.initial_done[p] or g.initial_now or not g.melds[p]:
            continue
        know = bot.Knowledge(g.view(p), track=False)
        laid = {}
        for a in g.legal_actions():
            move = g.action_to_move(a)
            if move["type"] == "layoff":
                laid.setdefault(move["meld"], set()).add(frozenset(IDS[c] for c in move["cards"]))
        for i, meld in enumerate(know.mine):
            assert {frozenset(e) for e in bot.extensions(meld, know.hand, know.room[i])} == laid.get(i, set())
            checked += 1
    assert checked > 1000, checked

