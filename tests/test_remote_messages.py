"""Every remote message is untrusted input: strictly parsed, bounded, signed and ordered. A hostile
or broken link is refused quickly with a clear reason and changes nothing; a link opened twice, out
of order or for another table is harmless."""

import base64
import json
import time

import pytest

from pygames import bridge
from pygames.remote.texts import TEXTS
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
    assert host.open(links[1])["new"] == []                 # the host sees the join, and waits
    new = host.confirm(1, host.joins()[0]["digest"])["new"]
    links += new
    pending = [(link, guest) for link in new]
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
    assert TEXTS[key].format(**message) == result["text"]


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
    share = wire.KeyShare(bytes([2]) + bytes(32), bytes(64))
    invite = wire.Invite("skarney_gin", 2, {}, ["Aki", "Bea"], schnorr.public_key(secret), bytes(32), share)
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
                    "options": {"rules": "basic"}, "names": ["Aki", "Bea"], "host": 0, "seat": None}
    joined = call("remote_join", {"link": invite, "seat": 1})["result"]
    assert joined["table"] == created["table"] and joined["status"]["view"] is None
    join = joined["status"]["outbox"][-1]["link"]
    assert call("remote_link", {"link": join})["result"]["kind"] == "message"
    seen = call("remote_open", {"state": created["state"], "link": join})["result"]
    [pending] = seen["status"]["joins"]
    assert pending["words"] == joined["status"]["fingerprint"] and not pending["confirmed"]
    assert seen["status"]["waiting"] == [{"seat": 0, "name": "Aki", "for": "confirm"}]
    confirmed = call("remote_confirm", {"state": seen["state"], "seat": 1, "digest": pending["digest"]})["result"]
    assert confirmed["status"]["started"]
    states = {0: confirmed["state"], 1: joined["state"]}
    queue = [(link, 1) for link in confirmed["new"]]
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


def test_a_carried_call_marks_what_it_wrote_posted_and_lists_it_to_send():
    """At a live table every seat reaches, a move's call marks the page's messages posted in the same
    call and names the links to send: the links the page would otherwise have posted, each once."""
    created = call("remote_create", {"game": "spooneye", "players": 2, "options": {"rules": "basic"},
                                     "names": ["Aki", "Bea"], "seat": 0})["result"]
    joined = call("remote_join", {"link": created["status"]["outbox"][0]["link"], "seat": 1})["result"]
    seen = call("remote_open", {"state": created["state"], "link": joined["status"]["outbox"][-1]["link"]})["result"]
    confirmed = call("remote_confirm", {"state": seen["state"], "seat": 1,
                                        "digest": seen["status"]["joins"][0]["digest"]})["result"]
    states, queue, carried_any = {0: confirmed["state"], 1: joined["state"]}, [(l, 1) for l in confirmed["new"]], False
    for _ in range(200):
        if not queue:
            break
        link, reader = queue.pop(0)
        before = call("remote_state", {"state": states[reader]})["result"]["status"]["outbox"]
        carried = reader == 1           # the guest's page is live; the host's posts its links
        opened = call("remote_open", {"state": states[reader], "link": link, "carried": carried})["result"]
        assert opened["outcome"] == "applied", opened["text"]
        states[reader], status = opened["state"], opened["status"]
        if carried:
            assert opened["carry"] == [m["link"].split("~")[0] for m in before] + opened["new"]
            assert status["outbox"] == []
        else:
            assert "carry" not in opened
        queue += [(new, 1 - reader) for new in opened["new"]]
        while status["can_move"]:
            played = call("remote_play", {"state": states[reader], "move": status["view"]["legal_moves"][0],
                                          "carried": carried})["result"]
            states[reader], status = played["state"], played["status"]
            if carried:
                assert played["carry"] == played["new"] and status["outbox"] == []
                carried_any = carried_any or bool(played["new"])
            queue += [(new, 1 - reader) for new in played["new"]]
    assert carried_any


def test_the_bridge_refuses_hostile_remote_calls_cleanly():
    for method, args in [("remote_open", {"state": "{}", "link": "r.AAAA"}), ("remote_state", {"state": 5}),
                         ("remote_play", {"state": "not json", "move": {}}), ("remote_link", {"link": "#r.!"}),
                         ("remote_create", {"game": "spades", "players": 4, "names": ["a"], "seat": 0}),
                         ("remote_join", {"link": "r.AAAA", "seat": 1}), ("remote_bench", {"cards": 10 ** 6}),
                         ("remote_posted", {"state": "{}", "seq": 1}), ("remote_confirm", {"state": "{}", "seat": 1}),
                         ("remote_seat_links", {"state": 3})]:
        reply = call(method, args)
        assert not reply["ok"] and reply["kind"] != "InternalError", (method, reply)


# ---- seats ------------------------------------------------------------------------------------------
def test_the_table_starts_only_when_the_host_confirms_each_seat_by_its_words():
    """Anyone with the invitation may ask for a seat, one person from two browsers for two seats, two
    people for one: the host sees each join with its words, which the joiner's page shows too, and
    the table starts only when the host confirms one join a seat; a later join for a confirmed seat
    is refused in a sentence."""
    host = Party.create("spooneye", 3, None, ["Aki", "Bea", "Cyd"], 0, master=_master(9, 0), table=bytes([9]) * 12)
    invite = host.outbox()[0]["link"]
    bea = Party.join(invite, 1, master=_master(9, 1))
    twin = Party.join(invite, 2, master=_master(9, 1))         # the same person again, for Cyd's seat
    cyd = Party.join(invite, 2, master=_master(9, 2))          # the real Cyd
    for page in (bea, twin, cyd):
        assert host.open(page.outbox()[-1]["link"])["new"] == []
    assert not host.summary()["started"]
    assert host.waiting() == [{"seat": 0, "name": "Aki", "for": "confirm"}]
    joins = host.joins()
    assert [j["seat"] for j in joins] == [1, 2, 2]
    words = {tuple(j["words"]) for j in joins}
    assert len(words) == 3 and tuple(cyd.fingerprint()) in words and tuple(twin.fingerprint()) in words
    assert all(len(j["words"]) == 4 for j in joins)
    real = next(j for j in joins if j["words"] == cyd.fingerprint())
    assert host.confirm(1, joins[0]["digest"])["new"] == []                     # one seat is not all
    started = host.confirm(2, real["digest"])
    assert started["new"] and host.summary()["started"]
    again = Party.join(invite, 2, master=_master(9, 3))
    refused = host.open(again.outbox()[-1]["link"])
    assert refused["outcome"] == "refused" and refused["message"]["key"] == "remote.outcome.seat_taken"
    for page in (cyd, twin):                                  # the real Cyd plays on; the twin is out
        page.open(bea.outbox()[-1]["link"])
        outcomes = [page.open(link) for link in started["new"]]
    assert cyd.summary()["started"] and cyd.state["stopped"] is None
    assert outcomes[0]["message"]["key"] == "remote.outcome.not_chosen" and not twin.summary()["started"]


def test_a_seat_of_its_own_invitation_takes_only_its_friend():
    """The host's seat invitations carry each seat's secret: once made, a join from the open
    invitation is refused with a sentence, and each seat's link joins that seat only."""
    host = Party.create("spooneye", 3, None, ["Aki", "Bea", "Cyd"], 0, master=_master(8, 0), table=bytes([8]) * 12)
    links = {s["seat"]: s["link"] for s in host.seat_links()}
    assert sorted(links) == [1, 2] and links[1] != links[2]
    info = bridge_info(links[2])
    assert info["seat"] == 2 and info["kind"] == "invitation"
    stranger = Party.join(host.outbox()[0]["link"], 1, master=_master(8, 9))
    refused = host.open(stranger.outbox()[-1]["link"])
    assert refused["outcome"] == "refused" and refused["message"]["key"] == "remote.outcome.not_seat_link"
    wrong = Party.join(links[2], 1, master=_master(8, 9))      # a seat's link names its seat
    assert wrong.seat == 2
    for seat in (1, 2):
        friend = Party.join(links[seat], seat, master=_master(8, seat))
        assert host.open(friend.outbox()[-1]["link"])["outcome"] == "applied"
    assert {j["seat"] for j in host.joins()} == {1, 2}


def bridge_info(link):
    return call("remote_link", {"link": link})["result"]


# ---- messages a cheating page signs -------------------------------------------------------------
def resigned(party, raw_body):
    """A message body signed with ``party``'s own key (what a modified page can always do)."""
    from pygames.remote import schnorr
    return "r." + base64.urlsafe_b64encode(raw_body + schnorr.sign(party.sign_key, wire.DOMAIN + raw_body, bytes(32))).decode().rstrip("=")


def shares_message(links, players=2):
    """The last message in ``links`` that carries decryption shares, decoded."""
    for link in reversed(links):
        msg = wire.decode(wire.link_bytes(link), players)
        if any(isinstance(i, wire.Shares) for i in msg.items):
            return msg
    raise AssertionError("no shares")


def reader_and_sender(dealt, msg):
    host, guest = fresh(dealt[0]), fresh(dealt[1])
    return (host, guest) if msg.seat == 1 else (guest, host)


@pytest.mark.parametrize("change", ["parity", "slot", "deck", "recipient", "proof"])
def test_a_share_changed_and_signed_again_by_its_sender_names_it_on_arrival(dealt, change):
    """A page that signs what it likes: a share's point flipped to the other y (02 <-> 03), its proof
    moved onto another card or deck, or its proof's bytes changed, is refused when it arrives and
    its sender named, the reader's table otherwise as before."""
    msg = shares_message(dealt[2])
    reader, sender = reader_and_sender(dealt, msg)
    items = []
    for item in msg.items:
        if isinstance(item, wire.Shares):
            (k, j, r, value), *rest = item.entries
            if change == "parity":
                value = bytes([value[0] ^ 1]) + value[1:]
            elif change == "slot":
                j = (j + 1) % 52
            elif change == "deck":
                k += 1
            elif change == "recipient":          # a share in the clear claimed as sealed to the other player
                r, value = (1 - msg.seat, value + value) if r == wire.CLEAR else (wire.CLEAR, value[:33])
            proof = item.proof + bytes(wire.shares_proof_bytes([(k, j, r, value)] + rest) - len(item.proof))
            if change == "proof":
                proof = bytes([proof[0] ^ 1]) + proof[1:]
            item = wire.Shares(item.deal, [(k, j, r, value)] + rest, proof)
        items.append(item)
    seq = reader.ledger.count[msg.seat]
    link = resigned(sender, wire.body(msg.table, msg.seat, seq, list(reader.ledger.count), items))
    result = reader.open(link)
    assert result["outcome"] == "cheat", result
    stop = reader.state["stopped"]
    assert stop["seat"] == msg.seat and stop["message"]["key"] == "remote.why.share", stop


def test_held_messages_are_bounded_by_their_size(dealt):
    """A seated player's far-ahead messages are held until their turn comes, but only so many
    characters of them: past that, the page refuses in a sentence and keeps what it has."""
    host = fresh(dealt[0])
    guest = fresh(dealt[1])
    ahead = guest.ledger.count[1] + 5
    filler = wire.Shuffle(0, 1, 0, 1, bytes(5000))
    held = 0
    for n in range(200):
        link = resigned(guest, wire.body(guest.table, 1, ahead + n, list(guest.ledger.count), [filler]))
        result = host.open(link)
        if result["outcome"] == "refused":
            assert result["message"]["key"] == "remote.outcome.too_many_held"
            break
        assert result["outcome"] == "held"
        held += 1
    else:
        raise AssertionError("no bound")
    assert 0 < held < 100 and sum(map(len, host.state["held"])) <= 400_000


def test_a_table_of_the_earlier_protocol_says_so(dealt):
    state = json.loads(dealt[0])
    state["version"] = 1
    with pytest.raises(BadState, match="earlier version"):
        Party.load(json.dumps(state))
