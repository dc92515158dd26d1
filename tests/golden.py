"""Golden files: committed links, saves and perft counts that pin what every game rebuilds.

``tests/golden/<game>-<players>p.json`` holds, for each game and player count:

* ``links``: share links in every format the engine still opens (v1 - no ``v`` - where the game's
  ``LINK_SINCE`` allows it, v2 challenge and position links, v3 links with the sharer's seat, replay
  and all-hands marks), each with the digests of the state it must rebuild;
* ``saves``: ``to_json()`` texts with the same digests;
* ``perft``: from fixed seeds, the number of legal actions summed along a fixed random line (and the
  line's final digest), and the number of positions two plies deep from the start.

A digest is ``view``: SHA-256 of ``view(None)`` (everything the engine shows), and ``core``: of the
zones, scores, the player to act and the legal moves only - so a failure says whether the rules (the
shuffle, move order, a rule) changed or only the view's other fields did.

The files were written by this module from the code they pin: a change to the shuffle, move order or
a rule fails ``tests/test_golden.py`` loudly. When a change is deliberate, regenerate them with
``python -m tests.golden`` (from the repository root, in .venv) and say in the commit why they changed.
"""

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygames  # noqa: E402
from pygames import links  # noqa: E402
from pygames.cards import Rng  # noqa: E402

FOLDER = Path(__file__).resolve().parent / "golden"
SEEDS = (3, 17)          # the deals each file pins
LINE = 240               # moves along each fixed random line (a position link, a save, the perft sum)
SHIPPED = pygames.GAME_IDS   # the games the package ships (a test-only game registers no golden file)


def _sha(value):
    return hashlib.sha256(json.dumps(value, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:24]


def digests(game):
    """``{"view", "core"}``: what pins a state (see the module docstring)."""
    v = game.view(None)
    core = {"zones": v["zones"], "scores": v["scores"], "current_player": v["current_player"],
            "legal_moves": v["legal_moves"], "is_over": v["is_over"]}
    return {"view": _sha(v), "core": _sha(core), "json": _sha(game.to_json())}


def random_line(game_id, seed, players, moves=LINE):
    """The game after ``moves`` moves chosen by Rng(seed) among the legal actions, and the sum of the
    legal-action counts met along the way."""
    game = pygames.new_game(game_id, seed=seed, players=players)
    rng, total = Rng(seed * 1_000_003 + players), 0
    for _ in range(moves):
        if game.is_over:
            break
        legal = game.legal_actions()
        total += len(legal)
        game.play_index(rng.below(len(legal)), legal)
    return game, total


def two_plies(game_id, seed, players):
    """Positions two plies deep from the start (moves of the first two decisions, every branch)."""
    game = pygames.new_game(game_id, seed=seed, players=players)
    count = 0
    for a in game.legal_actions():
        child = game.clone()
        child.apply_action(a)
        count += 1 if child.is_over else len(child.legal_actions())
    return count


def link_cases(game_id, seed, players):
    """(name, fragment) of every link format this game still opens, at one deal and position."""
    game, _ = random_line(game_id, seed, players)
    cls = pygames.game_class(game_id)
    last = players - 1
    plain = links.encode(game)
    cases = [
        ("v2 challenge", links.encode(game, moves=False)),
        ("v2 position", plain),
        ("v3 position, seat", links.encode(game, seat=last)),
        ("v3 replay", links.encode(game, seat=last, replay=True)),
        ("v3 replay, all hands", links.encode(game, seat=last, replay=True, reveal=True)),
    ]
    if cls.LINK_SINCE <= 1:
        cases.append(("v1 position", plain.replace("v=2&", "", 1)))
    return cases


def golden(game_id, players):
    """The golden record of one game and player count, computed from today's code."""
    record = {"game": game_id, "players": players, "links": [], "saves": [], "perft": []}
    for seed in SEEDS:
        for name, fragment in link_cases(game_id, seed, players):
            share = links.decode_share(fragment)
            record["links"].append({"kind": name, "link": fragment, "seat": share.seat, "replay": share.replay,
                                    "reveal": share.reveal, **digests(share.game)})
        for moves in (0, LINE // 3):
            game, _ = random_line(game_id, seed, players, moves)
            record["saves"].append({"save": game.to_json(), **digests(game)})
        game, total = random_line(game_id, seed, players)
        record["perft"].append({"seed": seed, "line": LINE, "actions_along_line": total,
                                "moves_played": game.move_count, "two_plies": two_plies(game_id, seed, players),
                                **digests(game)})
    return record


def cases():
    """(game id, players) of every golden file."""
    return [(g, p) for g in SHIPPED for p in pygames.game_class(g).PLAYERS]


def path(game_id, players):
    return FOLDER / f"{game_id}-{players}p.json"


def write_all():
    FOLDER.mkdir(exist_ok=True)
    for game_id, players in cases():
        record = golden(game_id, players)
        target = path(game_id, players)
        text = json.dumps(record, indent=1, sort_keys=True) + "\n"
        changed = not target.exists() or target.read_text() != text
        target.write_text(text)
        print(f"{'changed' if changed else 'same   '}  {target.relative_to(ROOT)}")


if __name__ == "__main__":
    write_all()
