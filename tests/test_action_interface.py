"""The action interface of docs/design.md, checked the same way for every playable game: actions agree
with the JSON moves, clones are independent, returns are zero-sum, info keys and determinize respect
what a seat can see, and nothing the engine hands out aliases its state."""

import json

import pytest

import pygames
from pygames.cards import HIDDEN, Rng

PLAYABLE = pygames.registered()


def player_counts(game_id):
    return pygames.game_class(game_id).PLAYERS


def random_positions(game_id, count, seed=0, max_moves=400):
    """(game) at ``count`` random points of seeded random matches, every player count."""
    out = []
    rng = Rng(seed)
    counts = player_counts(game_id)
    for i in range(count):
        g = pygames.new_game(game_id, seed=seed * 1000 + i, players=counts[i % len(counts)])
        for _ in range(rng.below(max_moves)):
            if g.is_over:
                break
            legal = g.legal_actions()
            g.apply_action(legal[rng.below(len(legal))])
        out.append(g)
    return out


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_actions_and_moves_agree(game_id):
    for g in random_positions(game_id, 12, seed=1):
        if g.is_over:
            assert g.legal_moves() == []
            continue
        actions = g.legal_actions()
        moves = g.legal_moves()
        assert len(actions) == len(moves) == len(set(actions)), "actions are distinct, one per move"
        for a, m in zip(actions, moves):
            hash(a)
            assert g.action_to_move(a) == m
            assert g.move_to_action(json.loads(json.dumps(m))) == a


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_play_and_apply_action_reach_the_same_state(game_id):
    for g in random_positions(game_id, 8, seed=2):
        if g.is_over:
            continue
        a = g.legal_actions()[-1]
        by_action = g.clone(history=True)
        by_action.apply_action(a)
        g.play(g.action_to_move(a))
        assert by_action.view(None)["zones"] == g.view(None)["zones"]
        assert by_action.current_player == g.current_player


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_clone_is_independent_and_leaves_history_behind(game_id):
    for g in random_positions(game_id, 6, seed=3):
        before = g.to_json(), json.dumps(g.view(None), sort_keys=True)
        c = g.clone()
        assert c.history == [] and c.move_count == g.move_count
        for _ in range(200):
            if c.is_over:
                break
            legal = c.legal_actions()
            c.apply_action(legal[0])
        assert (g.to_json(), json.dumps(g.view(None), sort_keys=True)) == before


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_returns_are_zero_sum_after_each_deal(game_id):
    rng = Rng(4)
    for players in player_counts(game_id):
        g = pygames.new_game(game_id, seed=5, players=players)
        for _ in range(3):
            deal = g.deal_number
            while not g.is_over and g.deal_number == deal:
                legal = g.legal_actions()
                g.apply_action(legal[rng.below(len(legal))])
            r = g.returns()
            assert len(r) == players and abs(sum(r)) < 1e-9


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_nothing_handed_out_aliases_the_state(game_id):
    for g in random_positions(game_id, 4, seed=6):
        save = g.to_json()
        full = json.dumps(g.view(None), sort_keys=True)
        for seat in (None, *range(g.players)):
            v = g.view(seat)
            for cards in v["zones"].values():
                cards.clear()
            for value in v.values():
                if isinstance(value, list):
                    value.append("x")
                elif isinstance(value, dict):
                    value["x"] = 1
        for move in g.legal_moves():
            move["type"] = "changed"
        hist = g.history
        for m in hist:
            m.clear()
        hist.append({"x": 1})
        assert g.to_json() == save and json.dumps(g.view(None), sort_keys=True) == full
        assert pygames.from_json(save).to_json() == save


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_info_key_depends_only_on_what_the_seat_sees(game_id):
    for g in random_positions(game_id, 6, seed=7):
        if g.is_over:
            continue
        seat = g.current_player
        view = g.view(seat)
        sample = type(g).determinize(view, Rng(1))
        assert sample.info_key(seat) == g.info_key(seat)
        hash(g.info_key(seat))


def _hidden_cards(view):
    return [(name, i, c) for name, cards in view["zones"].items() for i, c in enumerate(cards) if c == HIDDEN]


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_determinize_agrees_with_the_view_varies_the_hidden_cards_and_plays_on(game_id):
    rng = Rng(8)
    varied = 0
    for g in random_positions(game_id, 16, seed=8):
        for seat in range(g.players):
            view = g.view(seat)
            samples = [type(g).determinize(view, rng) for _ in range(4)]
            for s in samples:
                assert s.view(seat) == view, "a sampled state must look the same to that seat"
                truth = s.view(None)["zones"]
                for name, cards in view["zones"].items():
                    assert len(truth[name]) == len(cards)
                    assert all(c == HIDDEN or c == t for c, t in zip(cards, truth[name]))
                assert sorted(c for z in truth.values() for c in z) == sorted(
                    type(g).deck(g.players, g.options)), "a sample holds exactly the game's cards"
            hidden = _hidden_cards(view)
            if len(hidden) >= 2:
                fills = {json.dumps(s.view(None)["zones"], sort_keys=True) for s in samples}
                varied += len(fills) > 1
        # random play from one sample reaches the end of the deal (or of the match)
        s = type(g).determinize(g.view(g.current_player or 0), rng)
        deal = s.deal_number
        for _ in range(20000):
            if s.is_over or s.deal_number != deal:
                break
            legal = s.legal_actions()
            assert legal
            s.apply_action(legal[rng.below(len(legal))])
        assert s.is_over or s.deal_number != deal, "random play from a sample did not reach the end"
    assert varied, "the hidden cards never varied between samples"


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_move_with_a_key_its_shape_lacks_is_refused_naming_the_key(game_id):
    """Moves come from other people's pages too (remote play): nothing rides along unchecked, nested
    objects included; every legal move fits its declared shape."""
    cls = pygames.game_class(game_id)
    assert cls.MOVES, f"{game_id} declares no move shapes"
    for g in random_positions(game_id, 6, seed=5):
        if g.is_over:
            continue
        for move in g.legal_moves():
            assert move["type"] in cls.MOVES and cls.check_shape(move) is None, move
        move = g.legal_moves()[0]
        before = g.to_json()
        for bad in [dict(move, junk={1, 2}), *[dict(move, **{k: dict(v, junk=1)}) for k, v in move.items()
                                               if isinstance(v, dict)]]:
            with pytest.raises(pygames.IllegalMove) as refusal:
                g.play(bad)
            assert refusal.value.key == "engine.unknown_key" and "junk" in str(refusal.value)
            assert g.to_json() == before
