"""Live remote tables played in real browsers, run inside a network namespace of its own.

``tests/test_site_live.py`` (and ``build.py bench --only live``) run this module as
``unshare -n sh -c '<loopback and a veth pair up>; exec python -m tests.helpers.live_driver SCENARIO'``: in
that namespace the only interfaces are ``lo`` and the pair 10.77.0.1/10.77.0.2, so whatever WebRTC
gathers and sends stays on this machine. It serves ``dist/`` on the namespace's loopback, opens one
browser context a player (each its own storage, as separate people), makes a live table, joins it
by the invitation alone, plays the first deal with every message travelling on the live channels,
and prints one JSON line: what each page ended with, the links opened by hand, the addresses the
connections used and the timings the bench reports.

Scenarios: ``skarney_gin`` (two players; the guest's page is reloaded mid-deal, reconnects by one
connection link each way, and a page is sent every message again out of order) and ``spades``
(four players).
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from buildsys.chromium import find_headless_shell, launch_chromium
from buildsys.common import DIST
from buildsys.server import serving
from pygames import ai
from tests.helpers import netns
from tests.helpers.site import open_app, wait_ready

LIVE_ARGS = ["--disable-features=WebRtcHideLocalIpsWithMdns"]   # host candidates, never mDNS names
NO_STUN = "localStorage.setItem('pygames:stun', '');"             # an empty ICE server list
NAMES = ["Aki", "Bea", "Cyd", "Dee"]
SETTLE_MS = 60_000
# the guest's page reloads after this many moves: early, as the fair deck makes each run's deal
# another, and one has ended after 9 moves
RELOAD_AFTER = 4

SNAP = """() => {
  const panel = document.getElementById('remote-panel');
  const root = document.documentElement.dataset;
  const view = window.pygames.app.state && window.pygames.app.state.view;
  return {counts: panel ? panel.dataset.counts || '' : '', busy: root.remoteBusy === '1' || Boolean(window.pygames.app.busy),
          links: document.querySelectorAll('[data-remote-link]').length,
          view: view && {deal: view.deal, is_over: view.is_over, seat: view.seat, move_count: view.move_count,
                         current_player: view.current_player, can_move: Boolean(view.legal_moves && view.legal_moves.length)}};
}"""
OPENED = "Number(document.documentElement.dataset.remoteOpened || 0)"


def fail(message: str) -> None:
    raise SystemExit(f"live_driver: {message}")


BY_HAND: list[str] = []          # every link this driver opened in a page, as a person would


def open_link(page, link: str) -> None:
    BY_HAND.append(link)
    before = page.evaluate(f"l => {{ const before = {OPENED}; location.hash = l; return before; }}", link)
    page.wait_for_function(f"{OPENED} > {before} && document.documentElement.dataset.remoteBusy !== '1'",
                           timeout=SETTLE_MS, polling=20)


def link_of(page, selector: str, containing: str = "") -> str:
    page.wait_for_function("([s, c]) => [...document.querySelectorAll(s)].some((e) => e.value.includes(c))",
                           arg=[selector, containing], timeout=SETTLE_MS, polling=20)
    return page.locator(selector).evaluate_all(
        "(els, c) => els.map((e) => e.value.split('#')[1]).find((l) => l.includes(c))", containing)


def connected(page, seat: int) -> None:
    page.wait_for_selector(f"[data-live-seat='{seat}'][data-live='on']", timeout=SETTLE_MS)


def counts_of(snap) -> list[int]:
    return [int(c) for c in snap["counts"].split(",")] if snap["counts"] else []


def settle(pages) -> list[dict]:
    """Wait until every page has applied every message any page wrote and none is working: the
    messages per seat agree everywhere (each page counts its own as soon as it writes one)."""
    for _ in range(10_000):
        snaps = [p.evaluate(SNAP) for p in pages]
        counts = [counts_of(s) for s in snaps]
        if all(c == counts[0] for c in counts) and not any(s["busy"] for s in snaps):
            return snaps
        most = [max(col) for col in zip(*counts)] if all(counts) else None
        for page, snap, c in zip(pages, snaps, counts):
            if snap["busy"] or c != most:
                try:
                    page.wait_for_function("([c, b]) => { const p = document.getElementById('remote-panel');"
                                           " const busy = document.documentElement.dataset.remoteBusy === '1';"
                                           " return (p && p.dataset.counts) !== c || (b && !busy); }",
                                           arg=[snap["counts"], snap["busy"]], timeout=SETTLE_MS, polling=10)
                except Exception:
                    fail(f"the pages did not agree within {SETTLE_MS // 1000} s: {[s['counts'] for s in snaps]}")
                break
    fail("the pages never settled")
    return []


def create_live_table(host, site: str, game: str, players: int) -> str:
    open_app(host, site, game)
    host.locator("#btn-settings").click()
    host.locator("#settings-remote").click()
    host.wait_for_selector("#dlg-remote[open]")
    if host.locator("#remote-players").count():
        host.locator("#remote-players").select_option(str(players))
    for seat in range(players):
        host.locator("#dlg-remote input[name^=name]").nth(seat).fill(NAMES[seat])
    if not host.locator("#remote-live").is_checked():
        fail("a new remote table is not live by default in a browser with WebRTC")
    host.locator("#remote-create").click()
    return link_of(host, "[data-remote-link]", "~")            # the invitation, carrying the offers


def join_live_table(guest, site: str, invitation: str, seat: int) -> str:
    guest.goto(f"{site}index.html#{invitation}")
    wait_ready(guest)
    guest.wait_for_selector("#dlg-remote-join[open]")
    guest.locator(f"#dlg-remote-join [data-seat='{seat}']").click()
    return link_of(guest, "[data-remote-link]", "~")           # the join, carrying the answer


def confirm_seats(host) -> None:
    host.wait_for_selector("[data-confirm]")
    while host.locator("[data-confirm]").count():
        before = host.locator("[data-confirm]").count()
        host.locator("[data-confirm]").first.click()
        host.wait_for_function(f"document.querySelectorAll('[data-confirm]').length < {before}"
                               " && document.documentElement.dataset.remoteBusy !== '1'")


def reconnect(page, host_page, host_seat: int, name: str) -> int:
    """A reloaded page's connection link opened by the host, the host's answer by the page: the two
    links a reconnection costs. Meanwhile the host's page names the player who is away. Returns how
    many links were passed."""
    host_page.wait_for_function("n => (document.getElementById('live-away')?.textContent || '').includes(n)", arg=name,
                                timeout=SETTLE_MS)
    wait_ready(page)
    offer = link_of(page, "[data-live-link]", "s.")
    open_link(host_page, offer)
    answer = link_of(host_page, "[data-live-link]", "s.")
    open_link(page, answer)
    connected(page, host_seat)
    return 2


def resend_out_of_order(page, seed: int) -> int:
    """Every message the page has, sent to it again through its live carrier's own delivery, in a
    shuffled order (what a page that reconnects twice, or a relaying host, may do)."""
    links = page.evaluate("""async () => {
      const table = location.hash.slice('#table:'.length);
      const state = localStorage.getItem('pygames:remote:' + table);
      const status = (await window.pygames.call('remote_state', {state})).status;
      return (await window.pygames.call('remote_missing', {state, counts: status.counts.map(() => 0)})).links;
    }""")
    random.Random(seed).shuffle(links)
    before = page.evaluate(SNAP)
    for link in links:
        page.evaluate("l => window.pygames.liveDeliver(l)", link)
    page.wait_for_function("document.documentElement.dataset.remoteBusy !== '1'", timeout=SETTLE_MS)
    after = page.evaluate(SNAP)
    if after["counts"] != before["counts"] or after["view"]["move_count"] != before["view"]["move_count"]:
        fail(f"messages sent again changed the table: {before['counts']} -> {after['counts']}")
    return len(links)


def chat(sender, reader) -> str:
    """A chat line typed at one page, as the other shows it (text, never markup)."""
    line = '<b>well played</b> & "thanks"'
    sender.locator("#live-chat-input").fill(line)
    sender.locator("#live-chat-input").press("Enter")
    reader.wait_for_function("l => [...document.querySelectorAll('#live-chat-lines li')].some((li) => li.textContent.includes(l))",
                             arg=line, timeout=SETTLE_MS)
    if reader.locator("#live-chat-lines b").count():
        fail("a chat line was shown as markup")
    return reader.locator("#live-chat-lines li").last.text_content()


def shoot(pages, label: str) -> None:
    """Screenshots of every page when LIVE_SHOTS names a folder (to look at the live table; LIVE_LOCALE,
    such as ja-JP, gives the pages that language)."""
    folder = os.environ.get("LIVE_SHOTS")
    if folder:
        for i, page in enumerate(pages):
            page.screenshot(path=os.path.join(folder, f"live-{label}-{i}.png"), full_page=True)


def play(scenario: str) -> dict:
    game, players = {"skarney_gin": ("skarney_gin", 2), "spades": ("spades", 4)}[scenario]
    out: dict = {"scenario": scenario, "players": players}
    with serving(DIST) as server, sync_playwright() as pw:
        site = server.url
        browser = launch_chromium(pw, find_headless_shell(), args=LIVE_ARGS)
        pages = []
        for _ in range(players):
            context = browser.new_context(service_workers="block", locale=os.environ.get("LIVE_LOCALE") or None)
            context.add_init_script(NO_STUN)
            page = context.new_page()
            page.set_viewport_size({"width": 390, "height": 844} if len(pages) % 2 else {"width": 1280, "height": 800})
            page.console_errors = []
            page.on("pageerror", lambda e, p=page: p.console_errors.append(str(e)))
            pages.append(page)
        host = pages[0]
        invitation = create_live_table(host, site, game, players)
        for seat, guest in enumerate(pages[1:], start=1):
            join = join_live_table(guest, site, invitation, seat)
            open_link(host, join)
            connected(host, seat)
        confirm_seats(host)
        joined = len(BY_HAND)
        latencies, moves, reloaded, extra_links = [], 0, False, 0
        for _ in range(4000):
            snaps = settle(pages)
            views = [s["view"] for s in snaps]
            if all(v and (v["deal"] > 1 or v["is_over"]) for v in views):
                break
            if any(s["links"] for s in snaps):
                fail(f"a page asks for links to be posted at a live table: {[s['links'] for s in snaps]}")
            mover = next((i for i, v in enumerate(views) if v and v["can_move"] and v["current_player"] == v["seat"]), None)
            if mover is None:
                fail(f"nobody can move and the pages agree: {views}")
            if scenario == "skarney_gin" and not reloaded and moves >= RELOAD_AFTER:
                reloaded = True                    # the guest's page reloads in the middle of the deal
                pages[1].reload()
                shoot(pages, "reload")
                extra_links += reconnect(pages[1], host, 0, NAMES[1])
                continue
            page = pages[mover]
            view = page.evaluate("window.pygames.app.state.view")
            counts = counts_of(snaps[mover])
            t0 = page.evaluate("m => { const t = Date.now(); window.pygames.play(m); return t; }",
                               ai.choose_move(view, "easy", seed=moves))
            moves += 1
            after = settle(pages)
            if counts_of(after[mover])[mover] > counts[mover]:      # the move's message went out
                drawn = [int(p.evaluate("document.documentElement.dataset.liveMoveAt || 0")) for j, p in enumerate(pages) if j != mover]
                if all(d >= t0 for d in drawn):
                    latencies.append(max(drawn) - t0)
        else:
            fail("the deal did not end")
        shoot(pages, "end")
        if scenario == "skarney_gin":
            out["resent"] = resend_out_of_order(pages[1], 7)
            out["chat"] = chat(host, pages[1])
        out["moves"] = moves
        out["reloaded"] = reloaded
        out["message_links_after_joins"] = sum(link.startswith("r.") for link in BY_HAND[joined:])
        out["links_after_joins"] = len(BY_HAND) - joined
        out["connection_links"] = extra_links
        out["latencies_ms"] = latencies
        out["apply_ms"] = [[int(x) for x in p.evaluate("document.documentElement.dataset.liveApplyMs || ''").split(",") if x]
                           for p in pages]
        out["verified"] = [p.locator("#remote-verified").get_attribute("data-verified") if p.locator("#remote-verified").count() else None
                           for p in pages]
        out["scores"] = [p.evaluate("window.pygames.app.state.view.scores") for p in pages]
        out["stopped"] = [p.evaluate("Boolean(document.querySelector('#remote-panel') && /stopped/.test(document.querySelector('#remote-panel').innerText))") for p in pages]
        out["addresses"] = sorted({a for p in pages for a in (p.evaluate("document.documentElement.dataset.liveAddresses || ''").split(",")) if a})
        out["errors"] = [p.console_errors for p in pages]
        browser.close()
    return out


def run_isolated(scenario: str, timeout: float) -> dict:
    """This module run for ``scenario`` inside a network namespace of its own (``netns.run``, which
    the caller has checked can be made): the JSON line it prints. RuntimeError when it fails."""
    root = str(Path(__file__).resolve().parents[2])
    done = netns.run([sys.executable, "-m", "tests.helpers.live_driver", scenario], timeout=timeout, cwd=root,
                     env={**os.environ, "PYTHONPATH": root})
    if done.returncode:
        raise RuntimeError(f"the live table failed:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    started = time.perf_counter()
    result = play(sys.argv[1])
    result["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(result))
