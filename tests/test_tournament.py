"""The tournament counts real matches and gives an honest interval."""

from pygames.ai.tournament import run, wilson


def test_wilson_interval_contains_the_rate_and_narrows_with_more_games():
    low, high = wilson(30, 40)
    assert low < 0.75 < high
    low2, high2 = wilson(300, 400)
    assert high2 - low2 < high - low
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_normal_beats_random_in_a_small_tournament():
    r = run("spite_malice", "normal", "random", games=6, options={"payoff": 13, "target": 0})
    assert r["games"] == 6 and r["wins"] >= 5 and r["low"] > 0.3
