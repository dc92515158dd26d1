"""The bench's live-table figures: four pages of one browser play a Spades deal over data channels in
a network namespace of their own (tests/helpers/live_driver.py, as the live tests run it), and one
page alone applies the messages of a Spades deal's last tricks as they come live."""

import os
import statistics
import sys

from buildsys.bench.figures import FIGURES
from buildsys.common import ROOT

LATE = 36        # moves of the deal made before the page takes over: what it applies is late in the deal


def live_figures():
    """From a click to the move drawn on every other page (median, 90th percentile), and applying one
    move's message in the page late in the deal, at that table of four pages sharing this machine."""
    sys.path.insert(0, str(ROOT))
    from tests.helpers import netns
    from tests.helpers.live_driver import run_isolated
    reason = netns.problem()
    if reason:
        print(f"live table: n/a ({reason})")
        return
    try:
        result = run_isolated("spades", timeout=1800)
    except RuntimeError as e:      # a benchmark reports, it does not fail
        print(f"live table: failed ({str(e).strip().splitlines()[-1:]})")
        return
    lat = sorted(result["latencies_ms"])
    late = [ms for times in result["apply_ms"] for ms in times[-11:-1]]   # the last moves but the deal's end
    p90 = lat[min(len(lat) - 1, int(len(lat) * 0.9))]
    FIGURES["live_ms"] = {"click_to_drawn_median": statistics.median(lat), "click_to_drawn_p90": p90,
                          "apply_late_four_pages_median": statistics.median(late)}
    print(f"a live Spades table of four pages ({result['moves']} moves, {result['seconds']:.0f} s, load average "
          f"{os.getloadavg()[0]:.1f}): from a click to the move drawn on the other pages median "
          f"{statistics.median(lat):.0f} ms, 90th percentile {p90:.0f} ms (goal: median <= 250 ms); applying a "
          f"move's message late in the deal median {statistics.median(late):.0f} ms while the three other pages "
          f"apply it too")


def late_deal(seed=3):
    """Seat 1 of a simulated four-player Spades table (pygames.remote.selfplay) once ``LATE`` moves of the
    deal are made: its stored state, and what it did next in order, ``["open", link]`` or ``["play", move]``."""
    from pygames.remote import selfplay
    from pygames.remote.party import Party
    taken: dict = {}
    opened, played = Party.open, Party.play

    def take(party, op, value):
        if party.seat == 1 and "state" not in taken and len(party.ledger.moves) >= LATE:
            taken.update(state=party.dump(), ops=[])
        if party.seat == 1 and "state" in taken:
            taken["ops"].append([op, value])

    def spy_open(party, link):
        take(party, "open", link)
        return opened(party, link)

    def spy_play(party, move):
        take(party, "play", move)
        return played(party, move)

    Party.open, Party.play = spy_open, spy_play
    try:
        selfplay.selfplay("spades", seed=seed, deals=1)
    finally:
        Party.open, Party.play = opened, played
    return taken


def one_page_apply(browser, server):
    """A page alone at a live table (as each player's own browser is) applies the messages of the last
    tricks of a Spades deal as they come (``liveDeliver``, what a channel's message does) and makes its
    own moves: how long from a message's arrival to its move drawn, late in the deal."""
    sys.path.insert(0, str(ROOT))
    from pygames.remote import api
    from tests.helpers.site import NO_PEER_CONNECTIONS, open_app
    taken = late_deal()
    table = api.state(taken["state"])["table"]
    context = browser.new_context(service_workers="block")
    context.add_init_script(NO_PEER_CONNECTIONS)
    page = context.new_page()
    open_app(page, server.url)
    page.evaluate("""([table, state]) => {
      localStorage.setItem(`pygames:remote:${table}`, state);
      localStorage.setItem("pygames:remote:tables", JSON.stringify([table]));
    }""", [table, taken["state"]])
    open_app(page, server.url, f"table:{table}")
    idle = "document.documentElement.dataset.remoteBusy !== '1'"
    for op, value in taken["ops"]:
        if op == "open":
            page.evaluate("l => window.pygames.liveDeliver(l)", value)
        else:
            page.wait_for_function("window.pygames.app.state && window.pygames.app.state.view.legal_moves.length > 0",
                                   timeout=60_000, polling=20)
            page.evaluate("m => window.pygames.play(m)", value)
        page.wait_for_function(idle, timeout=60_000, polling=20)
    times = [int(x) for x in page.evaluate("document.documentElement.dataset.liveApplyMs || ''").split(",") if x]
    context.close()
    late = times[:-1]       # the deal's last move ends it: the deal's verification is not a move's
    if not late:
        print("one page applying a live deal's messages: failed (no move was applied)")
        return
    FIGURES.setdefault("live_ms", {})["apply_late_median"] = statistics.median(late)
    print(f"one page applying the messages of a Spades deal's last {len(late)} moves as they come live: median "
          f"{statistics.median(late):.0f} ms, longest {max(late)} ms, from a message's arrival to its move "
          f"drawn (goal: median <= 50 ms) [{', '.join(map(str, late))}]")
