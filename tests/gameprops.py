"""Property checks shared by every game's tests: play seeded random matches and check, at every step,
card conservation, legal moves until the end, refusal of illegal moves with the state untouched, JSON
round trip, link replay and that no seat's view shows a card it may not see."""

import json
import os
from collections import Counter

import pygames
from pygames.cards import HIDDEN, Rng


def matches(default):
    """How many random matches a property test plays: ``default``, times the PYGAMES_SOAK_MATCHES
    factor when that is set (``PYGAMES_SOAK_MATCHES=50 python3 build.py test -k random``)."""
    factor = os.environ.get("PYGAMES_SOAK_MATCHES", "")
    return default * max(1, int(factor)) if factor.isdigit() else default


def all_cards(view):
    return Counter(c for cards in view["zones"].values() for c in cards)


def check_view_secrecy(game, full_view=None):
    """Each seat's view has the full view's zones and counts, tells no lies, and hides exactly the
    positions the game's SECRETS declaration names for that seat. ``full_view``: ``game.view(None)``,
    when the caller has it already. A seat's zones are read as ``view`` reads them (``zones(seat)``),
    without the rest of its view: the log a view decodes each time grows with the deal."""
    full = (game.view(None) if full_view is None else full_view)["zones"]
    # the counts a remote table's replay compares every move (a game may count without listing)
    assert game._zone_sizes() == {name: len(cards) for name, cards in full.items()}
    assert game.zones(None) == full
    for seat in range(game.players):
        zones = game.zones(seat)
        assert set(zones) == set(full), (seat, set(zones) ^ set(full))
        for name, cards in zones.items():
            assert len(cards) == len(full[name]), (seat, name)
            hidden = set(game.hidden_positions(name, len(cards), seat))
            for i, (shown, true) in enumerate(zip(cards, full[name])):
                if i in hidden:
                    assert shown == HIDDEN, (seat, name, i, "declared secret but shown")
                else:
                    assert shown == true, (seat, name, i, shown, true)


def state_key(game, full_view=None):
    """The whole state as text (``full_view``: ``game.view(None)``, when the caller has it already)."""
    return json.dumps(game.view(None) if full_view is None else full_view, sort_keys=True)


def play_random_match(game_id, seed, players=None, options=None, secrecy=True, max_moves=100000,
                      check_every=1, link_every=0, bad_moves=(), max_deals=None):
    """Play one random match to its end, checking the properties. Returns the finished game.
    ``max_deals``: stop after that many deals even if the match goes on (random play never ends a
    Spades match without its mercy rule); the end-of-match checks then do not apply."""
    game = pygames.new_game(game_id, seed=seed, players=players, options=options)
    expected = all_cards(game.view(None))
    rng = Rng(seed * 7919 + 1)
    for step in range(max_moves):
        if game.is_over:
            break
        if max_deals is not None and game.deal_number > max_deals:
            again = pygames.links.decode(pygames.links.encode(game))
            assert state_key(again) == state_key(game), "link replay changed the state"
            return game
        legal = game.legal_moves()
        assert legal, f"no legal move at step {step} but the match is not over"
        assert game.current_player is not None
        if step % check_every == 0:
            full = game.view(None)          # built once a step: every check below reads it
            assert all_cards(full) == expected, "cards were created or lost"
            if secrecy:
                check_view_secrecy(game, full)
            before = state_key(game, full)
            for bad in bad_moves:
                if bad in legal:
                    continue
                try:
                    game.play(bad)
                except pygames.IllegalMove:
                    pass
                else:
                    raise AssertionError(f"illegal move {bad} was accepted")
                assert state_key(game) == before, "a refused move changed the state"
            copy = pygames.from_json(game.to_json())
            assert state_key(copy) == before, "JSON round trip changed the state"
        if link_every and step % link_every == 0:
            again = pygames.links.decode(pygames.links.encode(game))
            assert state_key(again) == state_key(game), "link replay changed the state"
        game.play(legal[rng.below(len(legal))])
    else:
        raise AssertionError("the match did not end")
    assert game.current_player is None and game.legal_moves() == []
    assert all_cards(game.view(None)) == expected
    # the per-step checks read each seat's zones directly: a seat's whole view shows those same zones
    assert all(game.view(seat)["zones"] == game.zones(seat) for seat in range(game.players))
    again = pygames.links.decode(pygames.links.encode(game))
    assert state_key(again) == state_key(game)
    return game


def random_game(game_id, seed, moves, players=None):
    """A game after up to ``moves`` random legal moves from ``seed`` (fewer if it ends)."""
    g = pygames.new_game(game_id, seed=seed, players=players)
    rng = Rng(seed)
    for _ in range(moves):
        if g.is_over:
            break
        legal = g.legal_moves()
        g.play(legal[rng.below(len(legal))])
    return g


def positions_with_a_choice(gid, players=None, count=3, first=1, spread=(6, 7, 29)):
    """``count`` seeded positions in the middle of a deal where the seat to act has a real choice:
    from seed ``first`` on, ``a + b * seed % c`` random moves into a match (``spread = (a, b, c)``)."""
    a, b, c = spread
    found = []
    for seed in range(first, first + 60):
        g = random_game(gid, seed, a + b * seed % c, players)
        if not g.is_over and len(g.legal_moves()) >= 2:
            found.append(g)
        if len(found) == count:
            return found
    raise AssertionError(f"no {count} positions with a choice found in {gid}")


def seeded_positions(game_id, seeds, players=None, options=None, moves=400, prefer=None):
    """The positions along seeded random lines, for checking a bot's quick rule paths against
    ``legal_actions``: one game per seed, yielded before each action and then played on in place
    (use a position before asking for the next). ``prefer(action)``: actions to take whenever one is
    legal, to reach the positions a random line rarely reaches (melds laid, say)."""
    for seed in seeds:
        game = pygames.new_game(game_id, seed=seed, players=players, options=options)
        rng = Rng(seed * 7919 + 3)
        for _ in range(moves):
            if game.is_over:
                break
            yield game
            legal = game.legal_actions()
            wanted = [a for a in legal if prefer(a)] if prefer else []
            pool = wanted or legal
            game.apply_action(pool[rng.below(len(pool))])


class EachIndex:
    """A stand-in for the generator whose one draw is ``i``: ``below(n)`` is ``i % n``. Calling a quick
    policy with ``EachIndex(i)`` for every ``i`` lists every choice it can draw."""

    def __init__(self, i):
        self.i = i

    def below(self, n):
        return self.i % n
