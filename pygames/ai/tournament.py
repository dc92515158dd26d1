"""Bot-against-bot matches: win rates of one level against another, with a 95% confidence interval.

``python3 build.py tournament GAME LEVEL_A LEVEL_B [-n GAMES]`` prints them; this module only counts.
"""

import math

from .. import new_game
from . import choose_move


def wilson(wins, n, z=1.96):
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_match(game_id, levels, seed, players=None, options=None, max_moves=200000):
    """One match; ``levels[seat]`` plays each seat. Returns the final scores."""
    game = new_game(game_id, seed=seed, players=players, options=options)
    for n in range(max_moves):
        if game.is_over:
            return game.scores
        seat = game.current_player
        game.play(choose_move(game.view(seat), level=levels[seat], seed=seed * 100003 + n))
    raise RuntimeError(f"{game_id} match {seed} did not end in {max_moves} moves")


def run(game_id, level_a, level_b, games=40, players=None, options=None, first_seed=1):
    """Level A against level B. With 4 players in partnerships (Spades) A holds seats 0 and 2;
    otherwise A takes one seat, moving round the table from match to match. Returns a dict with
    wins (a draw counts half), games, rate and the 95% interval."""
    probe = new_game(game_id, seed=0, players=players, options=options)
    n = probe.players
    wins = 0.0
    for i in range(games):
        seed = first_seed + i
        if game_id == "spades":
            a_seats = {0, 2} if i % 2 == 0 else {1, 3}
        else:
            a_seats = {i % n}
        levels = [level_a if s in a_seats else level_b for s in range(n)]
        scores = play_match(game_id, levels, seed, players=players, options=options)
        mine = max(scores[s] for s in a_seats)
        best_other = max(scores[s] for s in range(n) if s not in a_seats)
        wins += 1.0 if mine > best_other else 0.5 if mine == best_other else 0.0
    low, high = wilson(wins, games)
    return {"game": game_id, "a": level_a, "b": level_b, "wins": wins, "games": games,
            "rate": wins / games, "low": low, "high": high}
