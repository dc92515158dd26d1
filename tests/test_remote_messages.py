"""Every remote message is untrusted input: strictly parsed, bounded, signed and ordered. A hostile
or broken link is refused quickly with a clear reason and changes nothing; a link opened twice, out
of order or for another table is harmless."""

import base64
import json
import time

import pytest

from pygames import bridge
from pygames.engine import Game
from pygames.remote import wire
from pygames.remote.party import BadState, Party
from pygames.remote.selfplay import _master

NAMES = ["Aki", "Bea"]


def table(seed=5, game="skarney_gin", options=None):
    """A 2-player table played until the first deck is dealt: (host, guest, every link in order)."""
    host = Party.create(game, 2, options or {"target": 100}, NAMES, 0, master=_master(seed, 0),
                        table=bytes([seed]) * 12)
    links = [host.outbox()[0]["link"]]
    guest = Party.join(links[0], 1, master=_master(seed, 1))
    links.append(guest.outbox()[-1]["link"])
    pending = [(links[1], host)]
    while pending:
        link, reader = pending.pop(0)
        for new in reader.open(link)["new"]:
            links.append(new)
            pending.append((new, guest if reader is host else host))
    return host, guest, links


@pytest.fixture(scope="module")
def dealt():
    host, guest, links = table()
    return host.dump(), guest.dump(), links


def fresh(text):
    return Party.load(text)


def refused_quickly(party, link, *words):
    before = party.dump()
    start = time.process_time()
    with pytest.raises(wire.BadMessage) as e:
        party.open(link)
    assert time.process_time() - start < 0.5
    assert party.dump() == before
    text = str(e.value).lower()
    assert any(w in text for w in words), text
    return text


def test_the_dealt_table_is_ready(dealt):
    host, guest = fresh(dealt[0]), fresh(dealt[1])
    assert host.summary()["started"] and guest.summary()["started"]
    assert [host.able(), guest.able()].count(True) == 1
    assert host.view()["zones"]["hand0"].count("??") == 0 and set(host.view()["zones"]["hand1"]) == {"??"}


def test_damaged_links_are_refused(dealt):
    host = fresh(dealt[0])
    link = dealt[2][-1]
    refused_quickly(host, "r." + "A" * 9000, "too long")
    refused_quickly(host, link[:len(link) // 2], "cut short", "damaged", "base64")
    refused_quickly(host, link[:-3] + "!!!", "damaged", "base64")
    refused_quickly(host, "r.%%%", "damaged", "base64")
    refused_quickly(host, "spades?s=1", "not a remote")
    refused_quickly(host, "r." + base64.urlsafe_b64encode(b"\x00\x01junk").decode().rstrip("="), "not a remote-table")
    raw = wire.link_bytes(link)
    refused_quickly(host, "r." + base64.urlsafe_b64encode(raw + b"\x00").decode().rstrip("="), "after its signature")
    with pytest.raises(wire.BadMessage):
        wire.link_bytes(12)


def test_a_forged_or_tampered_message_is_refused(dealt):
    host = fresh(dealt[0])
    raw = bytearray(wire.link_bytes(dealt[2][-1]))
    sender = wire.decode(bytes(raw), 2).seat
    reader = host if sender == 1 else fresh(dealt[1])
    raw[-70] ^= 1                                   # a byte inside the items
    before = reader.dump()
    result = reader.open("r." + base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("="))
    assert result["outcome"] in ("refused",) and "not signed" in result["text"], result
    assert reader.dump() == before


def test_another_tables_message_is_harmless(dealt):
    host = fresh(dealt[0])
    _, _, other = table(seed=6)
    before = host.dump()
    assert host.open(other[-1])["outcome"] == "other"
    said(host.open(other[-1]), {"remote.outcome.other_table", "remote.outcome.other_invitation"})
    assert host.open(other[0])["outcome"] == "other"
    assert host.dump() == before


def test_a_message_opened_twice_is_already_applied(dealt):
    host = fresh(dealt[0])
    before = host.dump()
    for link in dealt[2]:
        result = host.open(link)
        assert result["outcome"] == "already"
        said(result, {"remote.outcome.already", "remote.outcome.join_already", "remote.outcome.own_invitation"})
    assert host.dump() == before


def said(result, keys):
    """An outcome carries its message key and fields, so a page says it in its own language: the
    English text is the key's template filled with them."""
    message = dict(result["message"])
    key = message.pop("key")
    assert key in keys, result
    assert Game.TEXTS[key].format(**message) == result["text"]


def test_out_of_order_messages_wait_and_then_apply(dealt):
    host, guest = fresh(dealt[0]), fresh(dealt[1])
    links = dealt[2]
    mine = {m.link() for m in guest.messages if m.seat == guest.seat}
    theirs = [link for link in links if link not in mine]
    late = Party.join(links[0], 1, master=_master(5, 1))      # the guest again, from scratch
    result = late.open(theirs[-1])
    assert result["outcome"] == "held" and result["text"].startswith("Kept for later: ") and "Aki" in result["text"]
    said(result, {"remote.outcome.wait_message", "remote.outcome.wait_join"})
    assert result["message"]["name"] == "Aki"
    assert late.summary()["held"] == 1
    for link in theirs[1:-1]:
        assert late.open(link)["outcome"] == "applied"
    assert late.summary()["held"] == 0                           # the held message went in after them
    assert late.view() == guest.view()


def test_names_are_plain_bounded_text():
    for bad in ["", " ", "x" * 25, "<b>Bea</b>", "Bea\u0000", "Bea\u202e", "A\nB", 7, None]:
        with pytest.raises((wire.BadMessage, ValueError)):
            Party.create("skarney_gin", 2, None, ["Aki", bad], 0)
    party = Party.create("skarney_gin", 2, None, ["Aki", "Bea & \"Cy\" O'Neil"], 0)
    assert party.names[1] == "Bea & \"Cy\" O'Neil"


def test_a_hostile_invitation_with_markup_in_a_name_is_refused():
    """A page that signs whatever it likes still cannot get markup or control characters in."""
    secret = 12345
    from pygames.remote import schnorr
    invite = wire.Invite("skarney_gin", 2, {}, ["Aki", "Bea"], schnorr.public_key(secret), bytes(32))
    data = bytearray(wire.body(bytes(12), 0, 0, [], [invite]))
    at = data.index(b"\x03Bea")
    data[at + 1:at + 4] = b"<i>"
    raw = bytes(data) + schnorr.sign(secret, wire.DOMAIN + bytes(data), bytes(32))
    with pytest.raises(wire.BadMessage, match="may not contain"):
        wire.decode(raw)


def test_varints_must_be_minimal_and_counts_bounded():
    with pytest.raises(wire.BadMessage):
        wire.decode(wire.MAGIC + bytes(12) + b"\x00" + b"\x80\x00" + b"\x00\x00" + bytes(64))
    with pytest.raises(wire.BadMessage):
        wire.decode(wire.MAGIC + bytes(12) + b"\x00\x00\x00" + b"\xff\xff\xff\xff\x0f" + bytes(64))


def test_a_corrupt_stored_table_gets_a_clear_message(dealt):
    for text in ["", "{", "[]", json.dumps({"format": "x"}), dealt[0].replace('"seat":0', '"seat":9'),
                 dealt[0][:-50], 7]:
        with pytest.raises(BadState):
            Party.load(text)


def call(method, args):
    reply = json.loads(bridge.call(method, json.dumps(args)))
    assert isinstance(reply["ok"], bool)
    return reply


def test_the_bridge_plays_a_remote_table():
    created = call("remote_create", {"game": "spooneye", "players": 2, "options": {"rules": "basic"},
                                     "names": ["Aki", "Bea"], "seat": 0})["result"]
    invite = created["status"]["outbox"][0]["link"]
    info = call("remote_link", {"link": "https://example.org/games/index.html#" + invite})["result"]
    assert info == {"kind": "invitation", "table": created["table"], "game": "spooneye", "players": 2,
                    "options": {"rules": "basic"}, "names": ["Aki", "Bea"], "host": 0}
    joined = call("remote_join", {"link": invite, "seat": 1})["result"]
    assert joined["table"] == created["table"] and joined["status"]["view"] is None
    states = {0: created["state"], 1: joined["state"]}
    queue = [(joined["status"]["outbox"][-1]["link"], 0)]
    assert call("remote_link", {"link": queue[0][0]})["result"]["kind"] == "message"
    moved = 0
    while queue and moved < 6:
        link, reader = queue.pop(0)
        opened = call("remote_open", {"state": states[reader], "link": link})["result"]
        assert opened["outcome"] == "applied", opened["text"]
        states[reader] = opened["state"]
        queue += [(new, 1 - reader) for new in opened["new"]]
        status = opened["status"]
        while status["can_move"]:
            move = status["view"]["legal_moves"][0]
            played = call("remote_play", {"state": states[reader], "move": move})["result"]
            states[reader], status = played["state"], played["status"]
            queue += [(new, 1 - reader) for new in played["new"]]
            moved += 1
    assert moved >= 6
    status = call("remote_state", {"state": states[0]})["result"]["status"]
    assert status["outbox"] and status["names"] == ["Aki", "Bea"]
    last = status["outbox"][-1]["seq"]
    after = call("remote_posted", {"state": states[0], "seq": last + 1})["result"]["status"]
    assert after["outbox"] == []


def test_the_bridge_refuses_hostile_remote_calls_cleanly():
    for method, args in [("remote_open", {"state": "{}", "link": "r.AAAA"}), ("remote_state", {"state": 5}),
                         ("remote_play", {"state": "not json", "move": {}}), ("remote_link", {"link": "#r.!"}),
                         ("remote_create", {"game": "spades", "players": 4, "names": ["a"], "seat": 0}),
                         ("remote_join", {"link": "r.AAAA", "seat": 1}), ("remote_bench", {"cards": 10 ** 6}),
                         ("remote_posted", {"state": "{}", "seq": 1})]:
        reply = call(method, args)
        assert not reply["ok"] and reply["kind"] != "InternalError", (method, reply)
