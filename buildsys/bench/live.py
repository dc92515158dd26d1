"""The bench's live-table figures: four pages of one browser play a Spades deal over data channels in
a network namespace of their own (tests/helpers/live_driver.py, as the live tests run it)."""

import os
import statistics
import sys

from buildsys.bench.figures import FIGURES
from buildsys.common import ROOT


def live_figures():
    """From a click to the move drawn on every other page (median, 90th percentile), and applying one
    move's message in the page late in the deal."""
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
                          "apply_late_median": statistics.median(late)}
    print(f"a live Spades table of four pages ({result['moves']} moves, {result['seconds']:.0f} s, load average "
          f"{os.getloadavg()[0]:.1f}): from a click to the move drawn on the other pages median "
          f"{statistics.median(lat):.0f} ms, 90th percentile {p90:.0f} ms (goal: median <= 250 ms); applying a "
          f"move's message late in the deal median {statistics.median(late):.0f} ms (goal <= 50 ms)")
