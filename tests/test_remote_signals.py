"""Signals: the offers, answers and chat lines of a live table (pygames/remote/signals.py). Each is
untrusted input like a message: strictly parsed, signed by its sender's table key, bound to its table,
its sender, its kind, its session and the seats it is for; a change to any part is refused."""

import base64

import pytest

from pygames import bridge
from pygames.remote import signals, wire
from pygames.remote.party import Party
from pygames.remote.selfplay import _master

NAMES = ["Aki", "Bea", "Cyd"]
SESSION = "0123456789abcdef"


@pytest.fixture(scope="module")
def seated():
    """A 3-player Spooneye table whose seats have all joined (before the start): host, guests."""
    host = Party.create("spooneye", 3, {}, NAMES, 0, master=_master(9, 0), table=bytes([9]) * 12)
    invitation = host.outbox()[0]["link"]
    guests = [Party.join(invitation, seat, master=_master(9, seat)) for seat in (1, 2)]
    for guest in guests:
        host.open(guest.outbox()[-1]["link"])
    return host, guests


def test_a_signal_has_a_known_answer_and_reads_back(seated):
    host, (bea, cyd) = seated
    offer = host.make_signal("offer", SESSION, [{"seat": 1, "text": "ufrag pwd fp a h,10.77.0.1,5000"},
                                                {"seat": 2, "text": "other"}])
    # made deterministically from the player's secret and the signal (the nonce too): a known answer
    assert offer == host.make_signal("offer", SESSION, [{"seat": 1, "text": "ufrag pwd fp a h,10.77.0.1,5000"},
                                                        {"seat": 2, "text": "other"}])
    assert offer == ("s.p1MJCQkJCQkJCQkJCQkAAQEjRWeJq83vAgEAH3VmcmFnIHB3ZCBmcCBhIGgsMTAuNzcuMC4xLDUwMDACAAVvdGhlcjaNQU2"
                     "HLKgMsFkQW9Y0iRnoUaAUtYhf1TXLmwDlzCkpJ8SMolE8_wO2zTBJV7sIvPivX3PaflYhnCwjp1z1XNA")
    raw = _raw(offer)                     # the layout the module's docstring gives, field by field
    assert raw[:2] == signals.MAGIC and raw[2:14] == bytes([9]) * 12 and raw[14:16] == bytes([0, signals.OFFER])
    assert raw[16:24] == bytes.fromhex(SESSION) and raw[24] == 2 and raw[25] == 1 and raw[26:28] == (31).to_bytes(2, "big")
    said = bea.open_signal(offer)
    assert said == {"seat": 0, "name": "Aki", "kind": "offer", "session": SESSION, "text": "ufrag pwd fp a h,10.77.0.1,5000"}
    assert cyd.open_signal(offer)["text"] == "other"
    # the host knows each guest's key from its join: a guest's answer checks before the start
    answer = bea.make_signal("answer", SESSION, [{"seat": 0, "text": "mine"}])
    assert host.open_signal(answer) == {"seat": 1, "name": "Bea", "kind": "answer", "session": SESSION, "text": "mine"}
    # a chat line: for everyone, plain text, markup kept as the characters typed
    chat = cyd.make_signal("chat", SESSION, [{"text": "  <b>hi</b> & bye "}])
    assert host.open_signal(chat)["text"] == "<b>hi</b> & bye"


def _raw(link):
    data = link[len(signals.PREFIX):]
    return bytearray(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)))


def _link(raw):
    return signals.PREFIX + base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")


# every part of the layout, changed by one byte: magic, table id, sender, kind, session, entry count,
# entry seat, entry length, entry bytes, signature; and a byte added after the signature
PARTS = {"magic": 1, "table": 5, "sender": 14, "kind": 15, "session": 18, "count": 24, "seat": 25,
         "length": 27, "bytes": 30, "signature": -3}


@pytest.mark.parametrize("part", sorted(PARTS))
def test_a_change_to_any_part_of_a_signal_is_refused(seated, part):
    host, (bea, _cyd) = seated
    raw = _raw(host.make_signal("offer", SESSION, [{"seat": 1, "text": "ufrag pwd fp a"}]))
    raw[PARTS[part]] ^= 0x01
    with pytest.raises(signals.BadSignal):
        bea.open_signal(_link(raw))


def test_a_signal_with_bytes_after_its_signature_or_cut_short_is_refused(seated):
    host, (bea, _cyd) = seated
    raw = _raw(host.make_signal("offer", SESSION, [{"seat": 1, "text": "x"}]))
    for bad in (raw + b"\0", raw[:-1], raw[:20]):
        with pytest.raises(signals.BadSignal):
            bea.open_signal(_link(bad))
    for bad in ("s.!!", "s." + "A" * 5000, 42, "r.AAAA"):
        with pytest.raises(signals.BadSignal):
            bea.open_signal(bad)


def test_a_signal_in_another_seats_name_or_for_another_table_is_refused_naming_the_seat(seated):
    host, (bea, cyd) = seated
    # Cyd signs a signal that says it is from Bea: refused, and the page names whose it claims to be
    forged = _raw(cyd.make_signal("answer", SESSION, [{"seat": 0, "text": "x"}]))
    forged[14] = 1
    with pytest.raises(signals.BadSignal, match="not signed by Bea"):
        host.open_signal(_link(forged))
    other = Party.create("spooneye", 3, {}, NAMES, 0, master=_master(9, 0), table=bytes([8]) * 12)
    with pytest.raises(signals.BadSignal, match="another table"):
        bea.open_signal(other.make_signal("offer", SESSION, [{"seat": 1, "text": "x"}]))
    with pytest.raises(signals.BadSignal, match="another seat"):
        bea.open_signal(bea.make_signal("answer", SESSION, [{"seat": 0, "text": "x"}]))


def test_a_chat_line_is_one_bounded_line_of_text(seated):
    _host, (bea, _cyd) = seated
    for bad in ("", "   ", "a" * 201, "two\nlines", "bell\a", "rtl\u202eoverride"):
        with pytest.raises(ValueError):
            bea.make_signal("chat", SESSION, [{"text": bad}])
    assert bea.make_signal("chat", SESSION, [{"text": "a" * 200}])
    for bad in ("hello", "not-hex-session!"):
        with pytest.raises(ValueError):
            bea.make_signal(bad if bad == "hello" else "chat", bad, [{"text": "x"}])


def test_an_attached_signal_rides_on_the_message_link_and_the_bridge_reads_a_connection_link(seated):
    host, (bea, _cyd) = seated
    fresh = Party.load(bea.dump())
    answer = fresh.make_signal("answer", SESSION, [{"seat": 0, "text": "x"}])
    fresh.attach(0, answer)
    link = fresh.outbox()[-1]["link"]
    message, rider = link.split("~")
    assert rider == answer[len(signals.PREFIX):] and wire.link_bytes(message)
    with pytest.raises(ValueError):
        fresh.attach(5, answer)                 # only a message this player wrote
    info = bridge.METHODS["remote_link"]({"link": f"https://x.example/index.html#{answer}"})
    assert info == {"kind": "signal", "table": host.table_id}


def test_a_page_that_was_away_gets_exactly_the_messages_it_lacks(seated):
    host, _guests = seated
    everything = host.missing([0, 0, 0])
    assert everything == host.state["log"] + host.state["held"]
    assert host.missing([1, 1, 1]) == [link for link in host.state["log"][1:] if wire.decode(wire.link_bytes(link), 3).seq >= 1]
    for bad in ([0, 0], "all", [0, -1, 0], [0, 0.5, 0]):
        with pytest.raises(ValueError):
            host.missing(bad)
