"""Remote tables played through by simulated players who exchange nothing but links
(``pygames.remote.selfplay``): every shipped game and player count reaches a verified end, every
cheat is caught with the cheater named, no message is over its size, and a page never shows a card
its player may not see. Short targets and single deals keep these to seconds; the command runs
whole matches (``python -m pygames.remote selfplay GAME``)."""

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from pygames.remote.texts import TEXTS
from pygames.remote.__main__ import main
from pygames.remote.selfplay import NAMES, selfplay
from pygames.remote import wire
from pygames.remote.verify import true_moves

MOVE_LIMIT = 1_500        # characters of a message that carries moves and shares
OPENING_LIMIT = 8_000     # characters of a message that carries a shuffling pass

# (game, players, options, deals: None plays the whole match). Every game plays a deal here; the
# whole matches and the larger tables, a minute or two each, are the soak's (python3 build.py soak).
SOAK = pytest.mark.soak
TABLES = [
    ("spades", 4, {"target": 200}, 1),
    ("spite_malice", 2, {"target": 0, "payoff": 13}, 1),
    pytest.param("spite_malice", 2, {"target": 0, "payoff": 13}, None, marks=SOAK),
    pytest.param("spite_malice", 3, {"target": 0, "payoff": 13}, 1, marks=SOAK),
    pytest.param("spite_malice", 4, {"target": 0, "payoff": 13}, 1, marks=SOAK),
    ("skarney_gin", 2, {"target": 100}, 1),
    ("leopard", 2, {}, 1),
    pytest.param("leopard", 2, {}, None, marks=SOAK),
    pytest.param("leopard", 4, {}, 1, marks=SOAK),
    ("spooneye", 2, {"rules": "basic"}, None),
    ("spooneye", 2, {}, 1),
    ("spooneye", 3, {}, 1),
    pytest.param("spooneye", 4, {}, 1, marks=SOAK),
]


def _table_id(table):
    game, players, _options, deals = table.values if hasattr(table, "values") else table
    return f"{game}-{players}p-{'match' if deals is None else 'deal'}"


def check_sizes(report):
    assert report.longest_move <= MOVE_LIMIT, report.longest_move
    assert report.longest <= OPENING_LIMIT, report.longest


@pytest.mark.heavy
@pytest.mark.parametrize("game, players, options, deals", TABLES, ids=[_table_id(t) for t in TABLES])
def test_simulated_players_reach_a_verified_end(game, players, options, deals):
    shown = []
    report = selfplay(game, players, seed=1, options=options, deals=deals, watch=lambda seat, page: shown.append(
        (seat, page.view())))
    assert report.caught is None and not report.notes, (report.caught, report.notes)
    assert report.verified and report.deals >= 1
    if deals is None:                      # the whole match: every page knows it is over
        assert all(p.replay.last.over for p in report.parties)
    check_sizes(report)
    check_cards_shown(report, shown)
    if game == "skarney_gin":
        check_one_link_a_turn(report)


def check_one_link_a_turn(report):
    """Skarney Gin: the card an answerer draws is opened to it with the offer (it draws whatever it
    answers), so every message of the deal's play carries a move - but where the offer was an Ace
    and refused: only then was the draw not sure when the offer went out."""
    host = report.parties[0]
    moves = host.ledger.moves
    played = 0
    for m in host.messages:
        kinds = {type(item).__name__ for item in m.items}
        if "Move" in kinds:
            played += sum(isinstance(item, wire.Move) for item in m.items)
        elif kinds == {"Shares"} and 0 < played < len(moves):
            before, last = moves[played - 2][1].move, moves[played - 1][1].move
            assert last["type"] == "refuse" and before["type"] == "offer" and before["card"][0] == "A", (before, last)


def check_cards_shown(report, shown):
    """Every card a page drew on its table, at every moment, is a card its player may see there and
    the true card: the deal replayed with every card open (once verified) is the referee."""
    host = report.parties[0]
    cls, replay = host.cls, host.replay
    last = replay.deal_end_steps[host.state["verified"] - 1]
    wanted = {v["move_count"] for _, v in shown if v is not None and v["move_count"] < last}
    truth_at = {}
    for m, _seat, move, game in true_moves(cls, host.options, host.players, host.ledger.moves, host.ledger.beacon(),
                                           last, host._truth):
        if m in wanted:
            truth_at[m] = game.clone()
        game.play_unchecked(game.move_to_action(move))
    checked = 0
    for seat, view in shown:
        if view is None or view["move_count"] not in truth_at:
            continue
        true = truth_at[view["move_count"]].view(seat)["zones"]
        for zone, cards in view["zones"].items():
            assert len(cards) == len(true[zone]), (seat, view["move_count"], zone, cards, true[zone])
            drawn = Counter(c for c in cards if c != "??")
            allowed = Counter(c for c in true[zone] if c != "??")
            assert not drawn - allowed, (seat, view["move_count"], zone, cards, true[zone])
            checked += sum(drawn.values())
    assert checked


CHEATS = [
    ("swap-card", "leopard", 2, {}),                       # two decks: the same card twice in the deck
    ("swap-card", "skarney_gin", 2, {"target": 100}),
    ("substitute", "skarney_gin", 2, {"target": 100}),
    ("illegal-move", "skarney_gin", 2, {"target": 100}),
    ("visible-illegal", "spite_malice", 2, {"target": 0, "payoff": 13}),
    ("replay", "spooneye", 2, {"rules": "basic"}),
    ("wrong-share", "skarney_gin", 2, {"target": 100}),
    ("frame", "spooneye", 3, {}),
    ("stack", "spooneye", 2, {"rules": "basic"}),
    ("false-proof", "spooneye", 2, {"rules": "basic"}),
    ("equivocate", "spooneye", 3, {}),
    ("forged", "spooneye", 2, {"rules": "basic"}),
]

# the kind of breach each cheat is stopped for (a forged message is refused: nothing stops)
STOP_KIND = {"swap-card": "move_card", "substitute": "move_card", "illegal-move": "move_rules",
             "visible-illegal": "move_rules", "replay": "move_rules", "wrong-share": "share", "frame": "share",
             "stack": "shuffle", "false-proof": "shuffle", "equivocate": "signed_twice"}
# named when the message that carries the cheat arrives (not at the deal's end, nor later)
ON_ARRIVAL = {"swap-card", "substitute", "visible-illegal", "replay", "wrong-share", "frame", "stack", "false-proof"}
JA_REMOTE = json.loads((Path(__file__).resolve().parent.parent / "web/lang/ja/remote.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("cheat, game, players, options", CHEATS, ids=[f"{c}-{g}" for c, g, _n, _o in CHEATS])
def test_a_cheat_is_caught_and_the_cheater_named(cheat, game, players, options):
    report = selfplay(game, players, seed=2, options=options, cheat=cheat, deals=1)
    assert not report.verified
    assert report.culprit == 1, (report.culprit, report.caught)        # selfplay's cheater sits at seat 1
    assert NAMES[1] in report.caught, report.caught
    if cheat in ON_ARRIVAL:
        assert report.caught_on is not None and report.caught_on[0] == 1 and report.caught_on[1] in report.cheat_seqs, \
            (report.caught_on, report.cheat_seqs)
        assert all(p.state["verified"] == 0 for p in report.parties)
    # no honest page ever names anyone but the cheater (an unnamed stop, "cannot go on", is allowed
    # only until the message that names the cheater arrives)
    for seat, party in enumerate(report.parties):
        stop = party.state["stopped"]
        assert stop is None or stop["seat"] == 1 or seat == 1, (seat, stop)
    # the page says why in its own language: the kind of breach, the cheater's name, the move's number
    stopped = [p.state["stopped"] for s, p in enumerate(report.parties) if p.state["stopped"] and s != 1]
    assert bool(stopped) == (cheat in STOP_KIND)
    for stop in stopped:
        message = stop["message"]
        assert message["key"] == f"remote.why.{STOP_KIND[cheat]}" and message["name"] == NAMES[1], stop
        fields = {k: v for k, v in message.items() if k != "key"}
        english, japanese = TEXTS[message["key"]].format(**fields), JA_REMOTE[message["key"]].format(**fields)
        assert NAMES[1] in english and NAMES[1] in japanese
        if "move" in STOP_KIND[cheat]:
            assert f"move {message['n']} " in stop["text"] and str(message["n"]) in japanese
        assert not re.search(r"[A-Za-z]{3,}", japanese.replace(NAMES[1], "")), japanese


def test_mid_deal_every_page_sees_its_own_hand_and_no_other():
    """Stopped in the middle of a deal: each page shows its own cards and none of another's, and
    pages at the same move agree on every public card."""
    report = selfplay("spooneye", 3, seed=3, max_posts=60)
    views = [p.view() for p in report.parties]
    assert all(v is not None for v in views)
    for seat, view in enumerate(views):
        for other in range(3):
            hand = view["zones"][f"hand{other}"]
            if other == seat:
                assert hand and "??" not in hand, hand
            else:
                assert set(hand) <= {"??"}, (seat, other, hand)
    # pages that have applied the same moves agree on every public card (a page may lag a message)
    public = [{z: c for z, c in v["zones"].items() if not z.startswith("hand") and "??" not in c} for v in views]
    counts = [v["move_count"] for v in views]
    level = [s for s in range(3) if counts[s] == max(set(counts), key=counts.count)]
    assert len(level) >= 2, counts
    first, *others = level
    assert public[first] and all(public[s] == public[first] for s in others)


def test_the_command_prints_verified_and_exits_0_or_names_a_cheat_and_exits_1(capsys):
    assert main(["selfplay", "spooneye", "--players", "2", "--seed", "1", "--option", "rules=basic"]) == 0
    out = capsys.readouterr().out
    assert "verified" in out.split() and "messages" in out and "longest message" in out
    assert main(["selfplay", "spooneye", "--players", "2", "--seed", "1", "--option", "rules=basic",
                 "--cheat", "forged"]) == 1
    out = capsys.readouterr().out
    assert "caught:" in out and NAMES[1] in out and out.strip().splitlines()[-1] != "verified"


def test_each_run_fills_a_move_with_the_values_its_decks_were_dealt():
    """A replay fills each move's cards from the values each run was dealt at each deck's call
    (``Run.values``, kept for speed); they are what ``Run.value`` says for every slot, in every kind
    of run (base, own, marker and probe: Spite and Malice's decks repeat card values)."""
    report = selfplay("spite_malice", 3, seed=1, options={"target": 0, "payoff": 13}, max_posts=24)
    kinds = set()
    for party in report.parties:
        replay = party.replay
        for run in replay.runs:
            if not run.alive:
                continue
            kinds.add(run.kind)
            assert set(run.values) == set(replay.calls), (run.kind, set(run.values), set(replay.calls))
            for k, values in run.values.items():
                assert values == [run.value(k, j) for j in range(len(replay.calls[k].items))], (run.kind, k)
    assert kinds == {"base", "own", "marker", "probe"}, kinds
