"""Find and check the teaching deals of the Learn lessons (web/lessons/<game>.json).

    python3 tools/lesson_deal.py check [game ...]        replay each lesson as the page plays it
    python3 tools/lesson_deal.py search <game> [from] [to] [person level]
                                                        each seed's first deal with the person's
                                                        seat played by a bot: the person's moves,
                                                        to pick a seed whose deal brings the rules up
    python3 tools/lesson_deal.py link <game> <seed> <moves> [level]
                                                        a position a later lesson may start from
                                                        ("start"): the seed's match played that many
                                                        moves by the bots as a lesson's play on (the
                                                        person's seat Normal, the others at level)

The page plays a lesson's bots at its ``level`` with the bridge's seed (``pygames.engine.bot_seed``:
the game's seed and the moves played), so (seed, the person's moves) fixes the whole deal: this script plays it the same way in
CPython. ``check`` replays the lesson's ``moves`` (the person's, in order) and says whether each is
legal when its turn comes and which step explains it, and whether the lesson's ``free`` (false: the
script ends the deal, so there is no free end to count as a step) is true to the deal, and whether
every step's ``facts`` (what its words claim about its position: see ``fact_holds``) are so; ``search``
plays the person's seat by a bot
and prints the person's moves of each seed (the lessons' seeds were chosen from these: the first
that brought every rule of the lesson up within a dozen of the person's moves).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygames  # noqa: E402
from pygames import ai  # noqa: E402
from pygames.engine import bot_seed  # noqa: E402
from pygames.games import game_class  # noqa: E402

LESSONS = ROOT / "web" / "lessons"


def bot_move(game, level):
    seat = game.current_player
    return ai.choose_move(game.view(seat), level=level, seed=bot_seed(game))


def play_deal(game_id, seed, players=None, options=None, level="easy", person=None, script=(), seat=0, limit=400,
              start=None):
    """Play deal 1 - or, from ``start`` (a link to a position), the rest of that position's deal: the
    person's moves from ``script`` first, then by ``person`` (a level) or stop. Yields (game before the
    move, mover, move) for every move."""
    g = pygames.links.decode(start) if start else pygames.new_game(game_id, seed=seed, players=players, options=options)
    deal = g.deal_number
    script = list(script)
    mine = 0
    while not g.is_over and g.deal_number == deal and g.move_count < limit:
        mover = g.current_player
        if mover == seat:
            if mine < len(script):
                move = script[mine]
            elif person:
                move = bot_move(g, person)
            else:
                return
            mine += 1
        else:
            move = bot_move(g, level)
        yield g, mover, move
        g.play(move)


# ---- what a step says about its position ----------------------------------------------------------
# A step's "facts" are what its words claim about the position it is shown in, written so that the
# engine can check them here (the lesson tests run ``check``): each is [kind, *args], read from the
# person's view as the page gets it - a path into it is dotted keys and indexes ("zones.square0_8",
# "masts.0.3.total", "zones.hand0.-1"):
#   ["is", path, value]        the value there            ["len", path, n]       a list of n there
#   ["has", path, item]        a list there holds an item with these keys and values ("lacks": none)
#   ["suit", path, "H", cards] the cards of that suit in the list there (["suit", "zones.hand0", "H", []]:
#                              no heart in hand)
#   ["query", name, args, answer]   the game's own query (its QUERIES, as the page asks them)
#   ["legal", move], ["illegal", move]
#   ["after", fact]            true once the step's move is played (before anyone else moves)
#   ["then", fact]             true at the person's next move (or the deal's end): after the bots' replies
# A lesson's "end_facts" hold when its script's deal is over (its summary's words).

def _at(view, path):
    value = view
    for key in path.split("."):
        value = value[int(key)] if isinstance(value, list) else value[key]
    return value


def fact_holds(game_id, view, fact):
    """Whether ``fact`` (a plain one: no "after" or "then") is true of ``view``."""
    kind, *args = fact
    if kind == "is":
        return _at(view, args[0]) == args[1]
    if kind == "len":
        return len(_at(view, args[0])) == args[1]
    if kind in ("has", "lacks"):
        found = any(isinstance(item, dict) and all(item.get(k) == v for k, v in args[1].items())
                    for item in _at(view, args[0]))
        return found == (kind == "has")
    if kind == "suit":
        return sorted(c for c in _at(view, args[0]) if c[1] == args[1]) == sorted(args[2])
    if kind == "query":
        return getattr(game_class(game_id), "QUERIES")[args[0]](*args[1]) == args[2]
    if kind in ("legal", "illegal"):
        return (args[0] in view["legal_moves"]) == (kind == "legal")
    raise ValueError(f"unknown fact {kind!r}")


def load(name):
    """A lesson (web/lessons/<name>.json: a game's first is named by the game, its n-th <game>-<n>) and
    the game it teaches."""
    return json.loads((LESSONS / f"{name}.json").read_text()), name.split("-")[0]


def replay(game_id, lesson, **more):
    """``play_deal`` as the page plays the lesson."""
    return play_deal(game_id, lesson.get("seed"), lesson.get("players"), lesson.get("options"), lesson.get("level", "easy"),
                     script=lesson["moves"], seat=lesson.get("seat", 0), start=lesson.get("start"), **more)


def false_facts(name, lesson=None):
    """Every fact of the lesson's steps (and its end) that is not true of the position it is shown in:
    [(where, fact)] - empty when every step tells the truth."""
    loaded, game_id = load(name)
    lesson = lesson or loaded
    seat = lesson.get("seat", 0)
    wrong = []
    after, then = [], []       # (where, fact) to check right after the person's move / at their next

    def settle(pending, view):
        for where, fact in pending:
            if not fact_holds(game_id, view, fact):
                wrong.append((where, fact))
        pending.clear()

    n = 0
    g = None
    for g, mover, _move in replay(game_id, lesson):
        view = g.view(seat)
        settle(after, view)
        if mover != seat:
            continue
        settle(then, view)
        for i, step in enumerate(lesson["steps"]):
            if step["at"] != n:
                continue
            where = f"step {i} ({step['say']}) at move {n}"
            for fact in step.get("facts", []):
                if fact[0] == "after":
                    after.append((where, fact[1]))
                elif fact[0] == "then":
                    then.append((where, fact[1]))
                elif not fact_holds(game_id, view, fact):
                    wrong.append((where, fact))
        n += 1
    if g is not None:
        view = g.view(seat)
        settle(after, view)
        settle(then, view)
        for fact in lesson.get("end_facts", []):
            if not fact_holds(game_id, view, fact):
                wrong.append(("the end", fact))
    return wrong


def check(name):
    lesson, game_id = load(name)
    steps = {}
    for i, s in enumerate(lesson["steps"]):
        steps.setdefault(s["at"], []).append(f"{i}:{s['say']}")
    n = 0
    ok = True
    g = None
    start = None
    for g, mover, move in replay(game_id, lesson):
        start = start or g.deal_number
        if mover != lesson.get("seat", 0):
            continue
        legal = move in g.legal_moves()
        ok &= legal
        print(f"  move {n:2} (#{g.move_count}) {json.dumps(move)} {'ok' if legal else 'NOT LEGAL'} {' '.join(steps.get(n, []))}")
        n += 1
    done = n >= len(lesson["moves"])
    # the same object, played on: once the loop is over, the deal either ended with the script or goes
    # on freely (then the page shows a last "finish as you like" step; "free": false says it does not)
    ends = g is not None and (g.is_over or g.deal_number != start)
    free_ok = lesson.get("free", True) != ends
    if not free_ok:
        print(f"  the script {'ends' if ends else 'does not end'} the deal: set \"free\": {'false' if ends else 'true'}")
    wrong = false_facts(name, lesson) if ok and done else []
    for where, fact in wrong:
        print(f"  {where} says what is not so: {json.dumps(fact)}")
    good = ok and done and free_ok and not wrong
    print(f"{name}: {'ok' if good else 'BROKEN'} ({n} of {len(lesson['moves'])} moves)")
    return good


def search(game_id, lo, hi, person, players=None):
    for seed in range(lo, hi):
        moves, log = [], []
        for g, mover, move in play_deal(game_id, seed, players, person=person):
            log.append((g.move_count, mover, move, g.view(None)))
            if mover == 0:
                moves.append(move)
        yield seed, moves, log


if __name__ == "__main__":
    cmd, *rest = sys.argv[1:] or ["check"]
    if cmd == "check":
        games = rest or sorted(p.stem for p in LESSONS.glob("*.json"))
        sys.exit(0 if all([check(g) for g in games]) else 1)
    if cmd == "link" and len(rest) >= 3:
        g = pygames.new_game(rest[0], seed=int(rest[1]))
        while g.move_count < int(rest[2]) and not g.is_over:
            g.play(bot_move(g, "normal" if g.current_player == 0 else (rest[3] if len(rest) > 3 else "easy")))
        print(pygames.links.encode(g))
        sys.exit(0)
    if cmd == "search" and rest:
        lo = int(rest[1]) if len(rest) > 1 else 1
        hi = int(rest[2]) if len(rest) > 2 else lo + 20
        for seed, moves, _ in search(rest[0], lo, hi, rest[3] if len(rest) > 3 else "normal"):
            print(seed, len(moves), json.dumps(moves))
        sys.exit(0)
    print(__doc__)
