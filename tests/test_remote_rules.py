"""The rules a remote page runs on arrival never name an honest player: a legal move is never refused
for a reason a game declares public (``Game.PUBLIC_REFUSALS``), whatever stands in for the cards the
receiving page cannot see. Over seeded random games of every game and player count, each legal move
that names its cards is tried, for every other seat, in a copy of the game where that seat's hidden
cards are dealt afresh (the mover keeping the cards its move names), as a remote page's own copy has
them; and each game's public refusals do catch the visibly illegal moves they are meant for."""

import pytest

from pygames.cards import HIDDEN, IDS, Rng
from pygames.games import GAME_IDS, game_class
from pygames.remote.sim import card_spots

CASES = [(g, n) for g in GAME_IDS for n in game_class(g).PLAYERS]


def stand_ins(game, seat, mover, move, rng):
    """``game`` as ``seat``'s page may hold it: every card hidden from ``seat`` dealt afresh, the
    cards ``move`` names kept in the mover's hand (the page has opened them: the move names them)."""
    cls = type(game)
    view = game.view(seat)
    zones = cls._deal_hidden(view, rng)
    hand = f"hand{mover}"
    if hand not in zones:
        return None
    for container, key in card_spots(move):
        code = container[key]
        if code not in IDS or code in zones[hand] or code not in game._zones().get(hand, ()):
            continue
        # where the fresh deal put the card, among the places hidden from the seat
        place = next(((z, j) for z, cards in zones.items() if z != hand for j, c in enumerate(cards)
                      if c == code and view["zones"][z][j] == HIDDEN), None)
        hidden = [i for i, c in enumerate(view["zones"][hand]) if c == HIDDEN]
        if place is None or not hidden:
            return None
        holder, j = place
        i = hidden[rng.below(len(hidden))]
        zones[hand][i], zones[holder][j] = zones[holder][j], zones[hand][i]
    return cls._from_view(view, zones)


@pytest.mark.parametrize("game_id, players", CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_a_legal_move_is_never_refused_for_a_public_reason_under_stand_ins(game_id, players):
    cls = game_class(game_id)
    public = cls.PUBLIC_REFUSALS
    assert public, f"{game_id} declares no public refusal"
    rng = Rng(404)
    tried = 0
    for match in range(3):
        game = cls(players=players, seed=1000 + match)
        for _ in range(100):
            if game.is_over:
                break
            mover = game.current_player
            legal = game.legal_moves()
            for move in legal[:: max(1, len(legal) // 6)]:
                for seat in range(players):
                    if seat == mover or HIDDEN in str(game._public_move(move, seat, mover)):
                        continue
                    copy = stand_ins(game, seat, mover, move, rng)
                    if copy is None or copy.current_player != mover:
                        continue
                    if copy.find_legal(move) is None:
                        reason = copy._why_illegal(move) or {}
                        assert reason.get("key") not in public, (game_id, seat, move, reason)
                    tried += 1
            game.play(legal[rng.below(len(legal))])
    assert tried > 100, tried


# one visibly illegal move a game, refused for a public reason: the declared refusals are the ones
# the rules give for what every player sees
VISIBLE = {
    "spades": lambda g: next(({"type": "bid", "bid": 14} for _ in [0] if g.phase == "bid"), None),
    "spite_malice": lambda g: _misbuild(g),
    "leopard": lambda g: _misplace(g),
    "skarney_gin": lambda g: None,
    "spooneye": lambda g: None,
}


def _misbuild(g):
    for move in g.legal_moves():
        if move["type"] == "build" and move["pile"] != "new":
            for pile in range(len(g.centre)):
                trial = dict(move, pile=pile)
                if g.find_legal(trial) is None:
                    return trial
    return None


def _misplace(g):
    for move in g.legal_moves():
        if move["type"] == "place":
            for pos in range(1, 10):
                trial = dict(move, pos=pos)
                if g.find_legal(trial) is None and g._why_illegal(trial):
                    return trial
    return None


@pytest.mark.parametrize("game_id", [g for g in VISIBLE if g in ("spades", "spite_malice", "leopard")])
def test_a_visibly_illegal_move_is_refused_for_a_public_reason(game_id):
    cls = game_class(game_id)
    rng = Rng(7)
    for seed in range(20):
        game = cls(seed=seed)
        for _ in range(80):
            if game.is_over:
                break
            bad = VISIBLE[game_id](game)
            if bad is not None:
                assert game.find_legal(bad) is None
                assert game._why_illegal(bad)["key"] in cls.PUBLIC_REFUSALS, (bad, game._why_illegal(bad))
                return
            legal = game.legal_moves()
            game.play(legal[rng.below(len(legal))])
    raise AssertionError(f"no visibly illegal move found in {game_id}")


@pytest.mark.parametrize("game_id, players", CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_moves_condensed_for_a_remote_table_end_where_the_moves_did(game_id, players):
    """``Game.condensed``: a player's run of moves as a remote table sends them ends in the same
    state (the cards, the turn, the scores) as the moves themselves; Skarney Gin's leaves out each
    initial-meld part taken back again, with its take-back."""
    cls = game_class(game_id)
    rng = Rng(99)
    folded = 0
    for seed in range(8):
        game = cls(players=players, seed=seed)
        for _ in range(120):
            if game.is_over:
                break
            mover, start, run = game.current_player, game.clone(history=True), []
            while not game.is_over and game.current_player == mover and len(run) < 60:
                legal = game.legal_moves()
                backs = [m for m in legal if m["type"] == "take_back"]
                move = backs[0] if backs and rng.below(3) == 0 else legal[rng.below(len(legal))]
                game.play(move)
                run.append(move)
            short = cls.condensed(run)
            folded += len(run) - len(short)
            assert not any(m["type"] == "take_back" for m in short) or short == run
            replayed = start.clone(history=True)
            for move in short:
                replayed.play(move)
            assert replayed._zones() == game._zones() and replayed.current_player == game.current_player
            assert replayed.scores == game.scores
    if game_id == "skarney_gin":
        assert folded > 0
