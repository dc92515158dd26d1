"""A remote table in the real page: a person joins a Skarney Gin table from a phone and plays its
first deal to the end by passing links alone - the static site and nothing else - and so does a
person at a Spades table of four; the others at those tables are simulated players running the
engine's own remote-table calls (``pygames.remote.api``, what the page's worker runs). Two browsers
pass links to each other (an invitation, a join, the host's answer), and a link opened twice, a message for
another table, a full storage and a hostile invitation do no harm."""

import json
import re

import pytest

from pygames import ai
from pygames.remote import api
from tests.conftest import FILL, PHONE, open_app, wait_ready

pytestmark = pytest.mark.heavy            # tens of seconds a test: run first (conftest.py)

OPENED = "Number(document.documentElement.dataset.remoteOpened || 0)"
STATUS = "window.pygames.app.state"
# a dialog wholly on screen (a phone's too)
FITS = "d => { const r = d.getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth && r.bottom <= innerHeight; }"


def outbox(page):
    return page.locator("[data-remote-link]").evaluate_all("els => els.map(e => e.dataset.remoteLink)")


def open_link(page, link):
    """Open a remote link in ``page`` as a person would (the address changes); wait until the page
    has dealt with it."""
    before = page.evaluate(f"l => {{ const before = {OPENED}; location.hash = l; return before; }}", link)
    page.wait_for_function(f"{OPENED} > {before} && !window.pygames.app.busy", timeout=60_000, polling=20)


LINES = set()                 # every line a page showed to post with a message (the tests below read them)


def deliver(sender, receivers, links=None):
    """Everything ``sender`` has to post (``links``, when already read), opened by each receiver;
    then marked posted (``sender`` None: links from elsewhere, nothing to mark). Each message a page
    shows comes with a line a person can read, posted with it."""
    links = outbox(sender) if links is None else links
    if sender is not None and links:
        lines = sender.locator("#remote-panel .remote-message > .remote-line").all_inner_texts()
        assert len(lines) == len(links) and all(line.strip() for line in lines), (lines, links)
        LINES.update(lines)
    for link in links:
        for page in receivers:
            open_link(page, link)
    if links and sender is not None:
        sender.locator("#remote-posted").click()
        sender.wait_for_function("!document.querySelector('[data-remote-link]')")
    return len(links)


FRIEND = 'Bea & "Co" &amp;'       # a name is plain text: shown as typed, never read as HTML
# the bytes a QR code of each version (1-40) holds in byte mode at error correction level L
QR_BYTES_L = [17, 32, 53, 78, 106, 134, 154, 192, 230, 271, 321, 367, 425, 458, 520, 586, 644, 718, 792, 858,
              929, 1003, 1091, 1171, 1273, 1367, 1465, 1528, 1628, 1732, 1840, 1952, 2068, 2188, 2303, 2431,
              2563, 2699, 2809, 2953]


def create_table(host, site, game="skarney_gin", friend=FRIEND):
    open_app(host, site, game)
    host.locator("#btn-settings").click()
    host.locator("#settings-remote").click()
    host.wait_for_selector("#dlg-remote[open]")
    host.locator("#dlg-remote input").nth(0).fill("Aki")
    host.locator("#dlg-remote input").nth(1).fill(friend)
    host.locator("#remote-create").click()
    host.wait_for_selector("[data-remote-link]")
    return outbox(host)[0]


def confirm_seats(host):
    """The host confirms every seat whose friend has joined (as after hearing each one's words)."""
    host.wait_for_selector("[data-confirm]")
    while host.locator("[data-confirm]").count():
        before = host.locator("[data-confirm]").count()
        host.locator("[data-confirm]").first.click()
        host.wait_for_function(f"document.querySelectorAll('[data-confirm]').length < {before} && !window.pygames.app.busy")


def join_table(guest, site, invitation, seat=1):
    guest.goto(f"{site}index.html#{invitation}")
    wait_ready(guest)
    guest.wait_for_selector("#dlg-remote-join[open]")
    assert guest.locator("#dlg-remote-join").evaluate(FITS)       # on a phone too
    guest.locator(f"#dlg-remote-join [data-seat='{seat}']").click()
    guest.wait_for_selector("[data-remote-link]")


# one round trip a page: its links to post and what the deal loop needs of its view
GLANCE = """() => {
  const view = window.pygames.app.state && window.pygames.app.state.view;
  const links = [...document.querySelectorAll('[data-remote-link]')].map((e) => e.dataset.remoteLink);
  return {links, view: view && {deal: view.deal, is_over: view.is_over, seat: view.seat,
          current_player: view.current_player, can_move: Boolean(view.legal_moves && view.legal_moves.length)}};
}"""


class Simulated:
    """A player simulated in CPython by the engine's own remote-table calls (``pygames.remote.api``,
    what the page's worker runs): it posts links that the pages open and opens theirs, so a table of
    four needs fewer browsers. Each move is the Easy bot's choice from its own view."""

    def __init__(self, answer):
        self.answer = answer

    @classmethod
    def create(cls, game, names, seat=0):
        return cls(api.create(game, len(names), {}, names, seat))

    @classmethod
    def join(cls, invitation, seat):
        return cls(api.join(invitation, seat))

    @property
    def status(self):
        return self.answer["status"]

    def links(self):
        return [o["link"] for o in self.status["outbox"]]

    def open(self, link):
        self.answer = api.open_link(self.answer["state"], link)
        assert self.answer["outcome"] not in ("refused", "cheat", "stopped"), self.answer["text"]
        joins = self.status["joins"]
        if self.status["seat"] == self.status["host"] and len({j["seat"] for j in joins}) == self.status["players"] - 1:
            for join in joins:         # a simulated host takes every seat's words as read out to it
                self.answer = api.confirm(self.answer["state"], join["seat"], join["digest"])

    def posted(self):
        box = self.status["outbox"]
        if box:
            self.answer = api.posted(self.answer["state"], box[-1]["seq"] + 1)

    def glance(self):
        view = self.status["view"]
        return {"links": self.links(), "view": view and {
            "deal": view["deal"], "is_over": view["is_over"], "seat": view["seat"],
            "current_player": view["current_player"], "can_move": bool(view.get("legal_moves"))}}

    def play(self, seed):
        view = self.status["view"]
        self.answer = api.play(self.answer["state"], ai.choose_move(view, "easy", seed=seed))


def deliver_all(pages, simulated=()):
    """Every page's (and simulated player's) messages opened by all the others, until nobody has
    anything left to post; returns (links passed, each one's glance once all is delivered, pages
    first)."""
    total = 0
    while True:
        passed = 0
        for sender in [*pages, *simulated]:
            links = sender.links() if isinstance(sender, Simulated) else sender.evaluate(GLANCE)["links"]
            for sim in simulated:
                if sim is not sender:
                    for link in links:
                        sim.open(link)
            if isinstance(sender, Simulated):
                deliver(None, list(pages), links)
                sender.posted()
            else:
                deliver(sender, [p for p in pages if p is not sender], links)
            passed += len(links)
        total += passed
        if not passed:
            return total, [p.evaluate(GLANCE) for p in pages] + [s.glance() for s in simulated]


def play_first_deal(pages, heard=None, simulated=(), before_move=None):
    """The people at ``pages`` (and the ``simulated`` players) play the first deal to its end (each
    move the Easy bot's choice from that player's own view, played in a page as a click would),
    passing every message to all the others; with ``heard`` (a set), every line each page's live
    region said is added to it as (page index, line); ``before_move(page)`` checks a page each time
    before it moves."""
    moves = 0
    for _ in range(3000):
        passed, glances = deliver_all(pages, simulated)
        if heard is not None:
            for i, p in enumerate(pages):
                heard.update((i, line) for line in p.locator("#announce p").all_inner_texts())
        views = [g["view"] for g in glances]
        if all(v and (v["deal"] > 1 or v["is_over"]) for v in views):
            break
        mover = next((p for p, v in zip([*pages, *simulated], views)
                      if v and v["can_move"] and v["current_player"] == v["seat"]), None)
        if mover is None:
            assert passed, "nobody can move and no message is waiting"
            continue
        if isinstance(mover, Simulated):
            mover.play(seed=moves)
        else:
            if before_move is not None:
                before_move(mover)
            view = mover.evaluate(STATUS)["view"]
            mover.evaluate("m => window.pygames.play(m)", ai.choose_move(view, "easy", seed=moves))
            mover.wait_for_function(f"!window.pygames.app.busy && (document.querySelector('[data-remote-link]')"
                                    f" || window.pygames.app.state.view.move_count > {view['move_count']})")
        moves += 1
    return moves


def check_deal_verified(pages):
    texts = [p.locator("#remote-panel").inner_text() for p in pages]
    assert not any("stopped" in t for t in texts), texts
    finals = [p.evaluate(STATUS)["view"] for p in pages]
    assert all(v["deal"] > 1 or v["is_over"] for v in finals)
    # every page scored the deal alike (0-0 is a real result: a Skarney Gin deal ending with equal hands
    # scores nothing)
    assert all(v["scores"] == finals[0]["scores"] for v in finals)
    # every page replayed the deal from the revealed deck and found nobody cheating
    assert {p.locator("#remote-verified").get_attribute("data-verified") for p in pages} == {"1"}


def check_table_whole(page):
    """The table keeps its whole height above the remote panel (on a phone the page scrolls): nothing
    of it is cut off, the person's hand included."""
    assert page.locator("#table").evaluate("t => t.scrollHeight <= t.clientHeight + 1")
    hand = page.locator("#table .sg-me").bounding_box()
    assert hand["y"] + hand["height"] <= page.locator("#remote-panel").bounding_box()["y"] + 1


def check_cards_drawn(page):
    """Every card the page draws is one its view shows (a card not yet opened is drawn face down,
    never as some other card), and a one-deck game draws no card twice; then the table is whole."""
    drawn = page.locator("#table [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    faces = [c for c in drawn if c and c != "??"]
    assert len(faces) == len(set(faces)), sorted(c for c in faces if faces.count(c) > 1)
    shown = json.dumps(page.evaluate(STATUS)["view"])
    assert all(f'"{c}"' in shown for c in faces), [c for c in faces if f'"{c}"' not in shown]
    check_table_whole(page)


def check_status_on_screen(page):
    """On a wide screen the panel takes one row below the table: the game's status line stays on
    screen, and the panel says who waits for what in one line beside its buttons."""
    assert page.evaluate("document.getElementById('status').getBoundingClientRect().bottom <= innerHeight + 1")
    head = page.locator("#remote-panel .remote-head").bounding_box()
    leave = page.locator("#remote-panel .remote-leave").bounding_box()
    assert head["height"] < 50 and abs((head["y"] + head["height"] / 2) - (leave["y"] + leave["height"] / 2)) < 12


@pytest.mark.heavy
def test_a_person_on_a_phone_plays_a_deal_of_skarney_gin_by_links(warm_page, site):
    """The friend joins from a phone and plays a whole deal by links: every message out of the page
    is opened by the host, a simulated player running the engine calls the page's worker runs, and
    every message of the host's by the page (pages pass links to each other in the tests below)."""
    aki = Simulated.create("skarney_gin", ["Aki", FRIEND])
    invitation = aki.links()[0]
    aki.posted()
    bea = warm_page(**PHONE, name="bea")
    join_table(bea, site, invitation)
    assert f"{FRIEND} (you)" in bea.locator("#remote-panel").inner_text()
    # the page's status line says whom the table waits for (a person, never "your bot")
    assert bea.locator("#status").inner_text() == "Waiting for Aki to confirm the seats."
    heard = set()
    # the deck is a fair shuffle of both people's secrets, another every run: a deal took 40 to 86
    # moves in five runs, and once 9
    assert play_first_deal([bea], heard, simulated=[aki], before_move=check_cards_drawn) >= 4
    check_deal_verified([bea])
    assert aki.status["verified_deals"] >= 1 and not aki.status["stopped"], aki.status
    assert aki.status["view"]["scores"] == bea.evaluate(STATUS)["view"]["scores"]
    # the page's screen reader heard the other player's moves as their links arrived, by name
    assert any(line.startswith("Aki ") for _i, line in heard), sorted(heard)[:20]
    # each message the friend posted said what it is: its moves as the host reads them and whom the
    # table waits for next ("Bea refused K♠ — Aki to play"), or what else it carries
    assert any(re.fullmatch(rf"{re.escape(FRIEND)} .+ — Aki to play", line) for line in LINES), sorted(LINES)[:10]
    assert f"{FRIEND} takes a seat at the table." in LINES
    # the seats carry the players' own names (plain text: the quotes and ampersands as typed)
    assert "Aki" in bea.locator("#table .sg-opp").inner_text()
    assert FRIEND in bea.locator("#remote-panel").inner_text()


@pytest.mark.heavy
def test_a_person_plays_a_deal_of_spades_by_links_with_three_others(warm_page, site):
    """Four seats, one of them a browser: the other three are simulated players running the same
    engine calls the page's worker does (four browsers cost a minute here for nothing more)."""
    names = ["Aki", "Bea", "Cyd", "Dov"]
    host = Simulated.create("spades", names)
    invitation = host.links()[0]
    host.posted()
    cyd = warm_page(name="cyd")
    join_table(cyd, site, invitation, seat=2)
    others = [host, Simulated.join(invitation, 1), Simulated.join(invitation, 3)]
    assert "Cyd (you)" in cyd.locator("#remote-panel").inner_text()
    assert play_first_deal([cyd], simulated=others, before_move=check_status_on_screen) >= 52
    check_deal_verified([cyd])
    final = cyd.evaluate(STATUS)["view"]
    for sim in others:       # every seat verified the deal and scored it alike
        assert sim.status["verified_deals"] >= 1 and not sim.status["stopped"], sim.status
        assert sim.status["view"]["scores"] == final["scores"]
    # the page names every other seat by the name its player was given, the partnerships too
    assert all(name in cyd.locator("#table").inner_text() for name in ("Aki", "Bea", "Dov"))
    assert cyd.locator(".team-name").all_inner_texts() == ["You & Aki", "Dov & Bea"]
    # the deal was shuffled by all four: no seed to show, no deal to restart
    assert cyd.locator("#btn-info").is_disabled() and cyd.locator("#btn-restart").is_disabled()


@pytest.mark.heavy
def test_a_link_twice_another_tables_message_and_a_broken_link_change_nothing(warm_page, site):
    aki, bea = warm_page(name="aki"), warm_page(name="bea")
    invitation = create_table(aki, site)
    # a remote table's deal has no seed to show and no restart: those buttons are the own game's
    assert aki.locator("#btn-info").is_disabled() and aki.locator("#btn-restart").is_disabled()
    assert aki.locator("#remote-posted").inner_text() == "I have posted it"      # one message: the invitation
    # one invitation a seat, to send each friend alone: the friend's link names their seat
    aki.locator("#remote-seat-links").click()
    aki.wait_for_selector("[data-seat-link='1']")
    own = aki.locator("[data-seat-link='1']").input_value().split("#", 1)[1]
    assert own.startswith(invitation + ".1.")
    bea.goto(f"{site}index.html#{own}")
    wait_ready(bea)
    bea.wait_for_selector("#dlg-remote-join[open]")
    assert bea.locator("#dlg-remote-join [data-seat]").count() == 1
    assert f"as {FRIEND}" in bea.locator("#dlg-remote-join").inner_text()
    # behind the dialog, the home screen: not a game of the friend's own with bots playing on
    assert bea.evaluate("document.documentElement.dataset.view") == "home"
    bea.locator("#dlg-remote-join [data-seat='1']").click()
    bea.wait_for_selector("[data-remote-link]")
    join = outbox(bea)[0]
    open_link(aki, join)
    # the host sees the join with the four words the friend's page shows, and confirms the seat by them
    words = bea.locator("#remote-words").get_attribute("data-words")
    assert len(words.split()) == 4 and words in bea.locator("#remote-words").inner_text()
    assert aki.locator("#remote-seats li[data-words]").get_attribute("data-words") == words
    assert words in aki.locator("#remote-seats li[data-words]").inner_text()
    assert aki.locator("#remote-status").inner_text().startswith("Confirm each friend's seat")
    confirm_seats(aki)
    aki.wait_for_function("!document.getElementById('remote-seats')")
    before = aki.evaluate("localStorage.length")
    open_link(aki, join)                                       # twice: already applied, nothing lost
    assert aki.locator("#toast").inner_text() == f"{FRIEND} has already joined this table."
    open_link(aki, invitation)                                 # its own invitation: the table is here
    assert aki.locator("#toast").inner_text() == "You are already at this table: this link is its invitation."
    open_link(aki, "r.AAAA")                                   # damaged
    assert "cannot be opened" in aki.locator("#toast").inner_text()
    assert aki.evaluate("localStorage.length") == before
    other = Simulated.create("spooneye", ["Cyd", "Dov"])       # another table, which aki has not joined
    open_link(aki, Simulated.join(other.links()[0], 1).links()[0])
    assert "not joined" in aki.locator("#toast").inner_text()
    assert aki.evaluate("localStorage.length") == before
    # the home screen lists the table, above the games; its button opens it again
    aki.locator("#home-link").click()
    aki.wait_for_selector("#remote-tables [data-remote-table]")
    assert "Skarney Gin" in aki.locator("#remote-tables").inner_text()
    assert aki.evaluate("document.querySelector('#remote-tables').compareDocumentPosition("
                        "document.querySelector('.home-tiles')) & Node.DOCUMENT_POSITION_FOLLOWING")
    aki.locator("#remote-tables [data-remote-table]").first.click()
    aki.wait_for_function("!document.getElementById('remote-panel').hidden && document.documentElement.dataset.view !== 'home'")
    # its address names it, so a reload shows the same table again (not the person's own game)
    assert aki.evaluate("location.hash").startswith("#table:")
    names = aki.locator("#remote-panel .remote-names").inner_text()
    aki.reload()
    wait_ready(aki)
    aki.wait_for_function("!document.getElementById('remote-panel').hidden")
    assert aki.locator("#remote-panel .remote-names").inner_text() == names
    # an address naming a table this browser does not have: said so, the home screen instead
    aki.evaluate("location.hash = 'table:AAAAAAAAAAAAAAAAAAAAAA'")
    aki.wait_for_function("document.documentElement.dataset.view === 'home'")
    assert "not joined" in aki.locator("#toast").inner_text()


def test_cancel_leaves_a_name_cleared_and_markup_in_a_name_is_refused_with_a_reason(page, site):
    open_app(page, site, "spooneye")
    page.locator("#btn-settings").click()
    page.locator("#settings-remote").click()
    dialog = page.get_by_role("dialog", name="Play friends by link")      # named by its title
    assert dialog.evaluate(FITS)
    # Cancel closes the dialog even with a name left empty (no "fill out this field" in the way)
    dialog.locator("input").nth(0).fill("")
    dialog.locator("button[value=cancel]").click()
    page.wait_for_selector("#dlg-remote", state="detached")
    assert page.locator("[data-remote-link]").count() == 0
    page.locator("#btn-settings").click()
    page.locator("#settings-remote").click()
    page.locator("#dlg-remote input").nth(1).fill("<img src=x onerror=alert(1)>")
    page.locator("#remote-create").click()
    page.wait_for_function("document.querySelector('#toast') && !document.querySelector('#toast').hidden")
    assert "name" in page.locator("#toast").inner_text()
    assert page.locator("[data-remote-link]").count() == 0 and page.locator("#remote-panel img").count() == 0


def test_a_game_tile_starts_a_remote_table_and_its_dialog_chooses_how_many_play(page, site):
    """The home screen's "Friends by link" opens the game and the new table's dialog; a game for 2-4
    players offers each count, a seat's name a line, names typed so far kept."""
    open_app(page, site)
    page.wait_for_function("document.documentElement.dataset.view === 'home'")
    page.locator(".home-tile[data-game=spooneye] .home-remote").click()
    dialog = page.get_by_role("dialog", name="Play friends by link")
    dialog.wait_for()
    assert page.evaluate("window.pygames.app.gameId") == "spooneye"
    assert dialog.locator("#remote-players option").all_inner_texts() == ["2", "3", "4"]
    names = dialog.locator("input[name^=name]")
    assert dialog.locator("#remote-players").input_value() == "2" and names.count() == 2
    names.nth(1).fill("Bea")
    page.select_option("#remote-players", "3")
    assert names.evaluate_all("e => e.map(x => x.value)") == ["Me", "Bea", "Friend 2"]
    # a browser without peer connections (as every test's but the live tests', tests/conftest.py)
    # cannot offer a live table: the choice is off, and the table goes by links
    assert dialog.locator("#remote-live").is_disabled() and not dialog.locator("#remote-live").is_checked()
    page.locator("#remote-create").click()
    page.wait_for_selector("[data-remote-link]")
    assert page.locator("#remote-panel .remote-names").inner_text() == "Me (you) · Bea · Friend 2"
    assert "~" not in outbox(page)[0] and page.locator("#live-part").count() == 0
    # every link to post shows as a QR code too: the encoder's smallest code for the whole URL
    url = page.locator("[data-remote-link]").first.input_value()
    page.locator("#remote-panel .remote-qr").first.click()
    qr = page.get_by_role("dialog", name="Scan with a phone")
    qr.wait_for()
    modules = int(qr.locator("svg").get_attribute("data-modules"))
    version = next(v for v, cap in enumerate(QR_BYTES_L, start=1) if cap >= len(url.encode()))
    assert modules == 17 + 4 * version and qr.locator("svg path").get_attribute("d").count("M") > modules * modules // 4
    assert qr.evaluate(FITS)
    qr.get_by_role("button", name="Close").click()
    qr.wait_for(state="detached")
    # a game for one count only (Skarney Gin, 2) asks no count
    page.locator("#remote-panel .remote-leave").click()
    page.locator("#home-link").click()
    page.locator(".home-tile[data-game=skarney_gin] .home-remote").click()
    page.get_by_role("dialog", name="Play friends by link").wait_for()
    assert page.locator("#remote-players").count() == 0 and page.locator("#dlg-remote input[name^=name]").count() == 2
    page.locator("#dlg-remote button[value=cancel]").click()
    # Settings keeps the STUN servers a live table asks for its public address (none: this network only)
    page.locator("#btn-settings").click()
    assert page.locator("#settings-stun").input_value() == "stun:stun.l.google.com:19302"
    page.locator("#settings-stun").fill("stun:stun.example.org:3478\nnot a server")
    page.locator("#settings-apply").click()
    # kept when the dialog closes (its close event): only the servers, not what is no server
    page.wait_for_function("localStorage.getItem('pygames:stun') === 'stun:stun.example.org:3478'")
    page.reload()
    wait_ready(page)
    page.locator("#btn-settings").click()
    assert page.locator("#settings-stun").input_value() == "stun:stun.example.org:3478"
    page.locator("#settings-stun").fill("")
    page.locator("#settings-apply").click()
    page.wait_for_function("localStorage.getItem('pygames:stun') === ''")


def test_a_link_opened_in_another_tab_moves_this_tab_on_and_nothing_is_signed_twice(warm_page, site):
    """A link tapped in a chat opens a tab of its own: the tab already showing the table follows it
    (the browser's storage event), and a call made where that news has not arrived starts from what
    the browser keeps, never from the tab's older state (which would drop what the other tab applied)."""
    first = warm_page(name="aki")
    invitation = create_table(first, site, "spooneye", friend="Bea")
    first.locator("#remote-posted").click()
    first.wait_for_function("!document.querySelector('[data-remote-link]')")
    table = first.evaluate("JSON.parse(localStorage.getItem('pygames:remote:tables'))[0]")
    kept = f"localStorage.getItem('pygames:remote:{table}')"
    bea = Simulated.join(invitation, 1)
    second = first.context.new_page()       # the same browser, another tab (its storage kept, as warm_page would not)
    second.goto(f"{site}index.html#{bea.links()[0]}")
    wait_ready(second)
    confirm_seats(second)
    second.wait_for_function("(document.getElementById('remote-status') || {}).textContent === 'Waiting for Bea.'")
    first.wait_for_function("(document.getElementById('remote-status') || {}).textContent === 'Waiting for Bea.'")
    assert outbox(first) == outbox(second) and len(outbox(first)) == 2       # the same messages to post
    bea.posted()
    for link in outbox(second):                                # Bea's shuffle, answering Aki's
        bea.open(link)
    # the first tab misses the news this time (a write of its own raises no storage event there)
    newer = {"state": first.evaluate(kept)}
    for link in bea.links():
        newer = api.open_link(newer["state"], link)
        assert newer["outcome"] == "applied"
    first.evaluate(f"v => localStorage.setItem('pygames:remote:{table}', v)", newer["state"])
    assert first.locator("#remote-status").inner_text() == "Waiting for Bea."    # still the older state
    seq = first.locator("[data-remote-link]").last.get_attribute("data-seq")
    first.locator("#remote-posted").click()                     # a call: it starts from the kept state
    first.wait_for_function(f"!document.querySelector('[data-remote-link][data-seq=\"{seq}\"]')")
    after = api.state(first.evaluate(kept))["status"]
    expected = api.posted(newer["state"], int(seq) + 1)["status"]            # Bea's shuffle kept, then posted
    assert after["waiting"] == expected["waiting"] and after["outbox"] == expected["outbox"]


def stopped_table():
    """A table stopped by a cheat (a swapped card), as the cheated player's page keeps it."""
    from pygames.remote.selfplay import selfplay
    report = selfplay("skarney_gin", 2, seed=2, options={"target": 100}, cheat="swap-card", deals=1)
    party = next(p for p in report.parties if p.state["stopped"] and p.seat != report.culprit)
    return party.table_id, party.dump(), party.state["stopped"]["message"]


# page.evaluate(KEEP, [table, state]): a remote table's state stored in this browser, as its page keeps it
KEEP = ("([table, state]) => { localStorage.setItem('pygames:remote:' + table, state);"
        " localStorage.setItem('pygames:remote:tables', JSON.stringify([table])); }")


def test_a_stopped_table_says_why_in_the_pages_language(warm_page, site):
    table, state, message = stopped_table()
    for settings, lang, words in (({}, "en", f"Bea's move {message['n']} names a card other than the one it takes"),
                                  (PHONE, "ja", f"Bea の {message['n']} 手目は、取ったカードと違うカードを名乗っています")):
        page = warm_page(**settings)
        page.goto(f"{site}index.html?lang={lang}")
        wait_ready(page)
        page.evaluate(KEEP, [table, state])
        page.evaluate("t => { location.hash = 'table:' + t; }", table)
        page.wait_for_function("!document.getElementById('remote-panel').hidden")
        text = page.locator("#remote-panel").inner_text()
        assert words in text, text
        assert words in page.locator("#status").inner_text()        # not "Bea is playing": nobody is
        page.close()


def test_a_full_storage_makes_room_from_finished_tables_and_else_changes_nothing(warm_page, site):
    aki, bea = warm_page(name="aki"), warm_page(name="bea")
    invitation = create_table(aki, site)
    join_table(bea, site, invitation)
    table = aki.evaluate("JSON.parse(localStorage.getItem('pygames:remote:tables'))[0]")
    # an old finished table of aki's (the ended mark is what the page keeps for a table over or stopped)
    aki.evaluate("""t => {
      localStorage.setItem('pygames:remote:OLD', 'y'.repeat(300000));
      localStorage.setItem('pygames:remote:tables', JSON.stringify([t, 'OLD']));
      localStorage.setItem('pygames:remote:ended', JSON.stringify(['OLD']));
    }""", table)
    assert aki.evaluate(FILL)
    before = aki.evaluate("t => localStorage.getItem('pygames:remote:' + t)", table)
    join = outbox(bea)[0]
    open_link(aki, join)                        # the state grows: the finished table makes room
    confirm_seats(aki)
    assert "Bea" in aki.locator("#remote-panel .remote-names").inner_text()
    stored = aki.evaluate("""t => [localStorage.getItem('pygames:remote:' + t),
      localStorage.getItem('pygames:remote:OLD'), localStorage.getItem('pygames:remote:tables'),
      localStorage.getItem('pygames:remote:ended')]""", table)
    assert stored[0] != before and len(stored[0]) > len(before)
    assert stored[1] is None and stored[2] == f'["{table}"]' and stored[3] == "[]"
    # bea's storage full, and no finished table to make room: aki's next message is refused with a
    # reason, and nothing changes; once the person has made room, the same link applies
    link = outbox(aki)[-1]                     # its newest (the first is the invitation)
    assert bea.evaluate(FILL)
    kept = bea.evaluate("t => localStorage.getItem('pygames:remote:' + t)", table)
    bea.set_viewport_size(PHONE["viewport"])
    open_link(bea, link)
    toast = bea.evaluate("() => { const t = document.getElementById('toast'), b = t.getBoundingClientRect();"
                         " return {text: t.innerText, left: b.left, right: b.right}; }")
    assert "storage is full" in toast["text"]
    assert 0 <= toast["left"] and toast["right"] <= 390 and toast["right"] - toast["left"] > 300, toast   # not a narrow column
    assert bea.evaluate("t => localStorage.getItem('pygames:remote:' + t)", table) == kept
    bea.evaluate("() => { for (const k of Object.keys(localStorage)) if (k.startsWith('filler:')) localStorage.removeItem(k); }")
    open_link(bea, link)
    assert bea.evaluate("t => localStorage.getItem('pygames:remote:' + t)", table) != kept
    assert "storage is full" not in bea.locator("#remote-panel").inner_text()


def test_a_finished_match_offers_a_new_one_with_the_same_players(warm_page, site):
    """At the end of a remote match any player can start the next: the same game and options, each
    seat's name as before, the person at seat 1 of the new table; its invitation is theirs to post."""
    from pygames.remote.selfplay import selfplay
    report = selfplay("spooneye", 2, seed=1, options={"rules": "basic"})      # a whole match
    bea = report.parties[1]
    assert bea.summary()["over"]
    page = warm_page(**PHONE)
    open_app(page, site)
    page.evaluate(KEEP, [bea.table_id, bea.dump()])
    page.evaluate("t => { location.hash = 'table:' + t; }", bea.table_id)
    page.wait_for_selector("#remote-again")
    assert "The match is over." in page.locator("#remote-panel").inner_text()
    # the status line gives the result, and does not send the person to New game (their own game)
    status = page.locator("#status").inner_text()
    assert "25" in status and "New game" not in status, status
    page.locator("#remote-again").click()
    dialog = page.get_by_role("dialog", name="Play friends by link")
    assert dialog.locator("input[name^=name]").evaluate_all("fields => fields.map((f) => f.value)") == ["Bea", "Aki"]
    page.locator("#remote-create").click()
    page.wait_for_function("document.querySelector('#remote-panel .remote-names').textContent === 'Bea (you) · Aki'")
    assert "The match is over." not in page.locator("#remote-panel").inner_text()
    aki = Simulated.join(outbox(page)[0], 1)            # the invitation, opened by the other player
    assert aki.status["game"] == "spooneye" and aki.status["options"]["rules"] == "basic"
    assert aki.status["names"] == ["Bea", "Aki"] and aki.status["seat"] == 1
