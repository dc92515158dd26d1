"""python openspiel_playouts.py SECONDS, in the open-spiel venv (buildsys/bench/openspiel.py): OpenSpiel's
Spades random playouts for that long; prints deals and actions per second."""
import random, sys, time
import pyspiel
game, rng = pyspiel.load_game("spades"), random.Random(1)
deals = actions = 0
start = time.perf_counter()
while time.perf_counter() - start < float(sys.argv[1]):
    state = game.new_initial_state()          # one hand: the deal (chance), four bids, 52 plays
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        actions += 1
    deals += 1
elapsed = time.perf_counter() - start
print(deals / elapsed, actions / elapsed)
