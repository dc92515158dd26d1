# Played in the traced boot (trace_stdlib.mjs), inside Pyodide's Python: every game through the bridge,
# as the page and its bots use it, so that the modules they import are kept in the trimmed zip.
import json
import re
from pygames import bridge
from pygames.games import game_class

def call(method, **args):
    return json.loads(bridge.call(method, json.dumps(args)))

info = call("info")["result"]
for entry in info["games"]:
    game = entry["id"]
    for players in sorted({min(entry["players"]), max(entry["players"])}):
        call("new", game=game, seed=7, players=players)
        for turn in range(160):
            if turn % 7 == 0:
                call("hint", budget=2)
            if not call("bot", level=info["levels"][turn % len(info["levels"])], budget=2)["ok"]:
                break
        assert turn > 20, (game, players, "the bots could not play: the trace would miss their imports")
        links = call("share_links")["result"]
        call("play", move="not a move")
        call("load", save=links["position"])
        call("undo")
        call("restart_deal")
        call("seat", seat=1, people=[0, 1])
        call("view", seat=0)
        call("open_link", fragment=links["challenge"])
        call("open_link", fragment=re.sub("=(.)", lambda m: "=%%%02X" % ord(m[1]), links["challenge"], count=1))
        for step in (0, 1, 40):
            call("replay_view", link=links["replay_all"], step=step, reveal=True)
    for name in game_class(game).QUERIES:
        call("query", game=game, name=name, args=[])
call("no such method")
for bad in ("{not json", '{"a": 1e999}', "[" * 5000 + "]" * 5000, '{"game": "none"}'):
    bridge.call("new", bad)
