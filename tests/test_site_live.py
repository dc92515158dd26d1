"""Live remote tables in real browsers: the pages connect by the invitation and the joins alone and
every message then travels browser to browser. Each test runs its own browser and server inside a
network namespace it makes (tests/helpers/netns.py), with an empty ICE server list and host candidates
only, so nothing leaves this machine; where no namespace can be made the tests skip and never run
on the machine's real network. Every other browser test opens no peer connection at all
(tests/conftest.py takes the constructor away)."""

import pytest

from tests.helpers import netns
from tests.helpers.live_driver import run_isolated

pytestmark = [pytest.mark.heavy, pytest.mark.browser]


def drive(scenario, dist):
    reason = netns.problem()
    if reason:
        pytest.skip(f"live tables are tested only inside a network namespace: {reason}")
    return run_isolated(scenario, timeout=900)


def check_played_live(result):
    players = result["players"]
    # every page ended the deal with it verified, the same scores, nothing stopped, no page error
    assert result["verified"] == ["1"] * players, result
    assert all(s == result["scores"][0] for s in result["scores"])
    assert not any(result["stopped"]) and not any(result["errors"]), result
    # after the joins nobody opened a message link, and no page asked for one to be posted (the driver
    # fails if one does): only a reconnection's two connection links were passed
    assert result["message_links_after_joins"] == 0
    assert result["links_after_joins"] == result["connection_links"], result
    # every connection ran over the namespace's own addresses, never anything else
    assert result["addresses"] and set(result["addresses"]) <= set(netns.ADDRESSES), result["addresses"]


def test_two_pages_play_a_skarney_gin_deal_live_through_a_reload_and_messages_sent_twice(dist):
    result = drive("skarney_gin", dist)
    check_played_live(result)
    assert result["reloaded"] and result["connection_links"] == 2, (result["moves"], result["connection_links"])
    assert result["resent"] >= 10         # every message again, shuffled, changed nothing (the driver checks)
    assert result["chat"] == 'Aki <b>well played</b> & "thanks"'     # a chat line, signed, shown as text


@pytest.mark.soak          # four cold pages and a whole deal: python3 build.py soak --browser
def test_four_pages_play_a_spades_deal_live(dist):
    result = drive("spades", dist)
    check_played_live(result)
    assert result["moves"] >= 56          # four bids and 52 cards
