"""Sharing in the built site: the Share dialog's three links, challenge and position links opening,
the replay viewer, restart this deal, the Info panel's seed and the summary's "Show all hands"."""

import pytest

import pygames
from pygames import links
from pygames.cards import Rng
from tests.helpers.site import PHONE, open_app, wait_ready

FAST = "localStorage.setItem('pygames:settings:spades', JSON.stringify({speed: 'instant'}));"
MY_TURN = ("window.pygames.app.state && !window.pygames.app.busy"
           " && document.querySelector('#table:not(.waiting) [data-legal=true]')")


def call(page, method, args=None):
    return page.evaluate("([m, a]) => window.pygames.call(m, a)", [method, args or {}])


def random_game(seed, moves, until=None):
    """Spades after ``moves`` random moves, or at the first state ``until(game)`` accepts."""
    g = pygames.new_game("spades", seed=seed)
    rng = Rng(seed)
    for _ in range(moves):
        if until and until(g):
            return g
        legal = g.legal_moves()
        g.play(legal[rng.below(len(legal))])
    return g


def my_turn_in_deal_2(seed=5):
    """A Spades game in its second deal, a few moves in, with the person (seat 0) to play."""
    return random_game(seed, 400, until=lambda g: g.deal_number == 2 and g.move_count > g.deal_start + 6
                       and g.current_player == 0)


def fragment_of(url):
    return url.split("#", 1)[1]


def open_fast(page, site, fragment):
    page.add_init_script(FAST)
    return open_app(page, site, fragment)


def test_the_dialog_gives_three_kinds_of_link(page, site):
    g = my_turn_in_deal_2()
    open_fast(page, site, links.encode(g))
    page.wait_for_function(MY_TURN)
    page.locator("#btn-share").click()
    page.wait_for_selector("#dlg-share[open]")
    assert page.locator("#dlg-share input[value=position]").is_checked()
    assert not page.locator("#share-all").is_enabled()          # all hands: for a replay only
    shown = {}
    for kind in ("challenge", "position", "replay"):
        page.locator(f"#dlg-share input[value={kind}]").check()
        shown[kind] = fragment_of(page.locator("#share-link").input_value())
        assert page.locator("#share-note").inner_text().strip()
    page.locator("#share-all").check()
    shown["replay_all"] = fragment_of(page.locator("#share-link").input_value())
    assert shown["challenge"] == links.encode(g, moves=False)
    assert shown["position"] == links.encode(g)
    assert shown["replay"] == links.encode(g, replay=True) and "r=1" in shown["replay"]
    assert shown["replay_all"].endswith("&r=1&h=1")
    notes = set()
    for kind in ("challenge", "position", "replay"):
        page.locator(f"#dlg-share input[value={kind}]").check()
        notes.add(page.locator("#share-note").inner_text())
    assert len(notes) == 3                                       # each kind says what the recipient sees


def test_a_challenge_link_opens_the_same_deal_from_the_start(warm_page, page, site):
    g = my_turn_in_deal_2(seed=17)
    open_fast(page, site, links.encode(g))
    challenge = call(page, "share_links")["challenge"]
    other = warm_page(name="other")
    other.add_init_script(FAST)
    open_app(other, site, challenge)
    state = call(other, "state")
    fresh = pygames.new_game("spades", seed=17)
    assert state["view"]["move_count"] == 0 and state["view"]["zones"] == fresh.view(0)["zones"]
    cards = other.locator("#table .hand [data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert sorted(cards) == sorted(fresh.view(0)["zones"]["hand0"])


def test_a_position_link_opens_at_that_position(warm_page, page, site):
    g = my_turn_in_deal_2(seed=23)
    open_fast(page, site, links.encode(g))
    page.wait_for_function(MY_TURN)
    position = call(page, "share_links")["position"]
    mine = call(page, "state")["view"]
    other = warm_page(name="other")
    open_app(other, site, position)
    assert call(other, "state")["view"] == mine


def test_an_old_version_link_opens_and_a_newer_one_says_why_not(page, site):
    g = random_game(9, 20)
    old = links.encode(g).replace("v=2&", "")                    # version 1: before versions
    open_fast(page, site, old)
    opened = links.decode(call(page, "state")["link"])             # the bots may have gone on since
    assert opened.move_choices[:20] == g.move_choices
    page.goto(f"{site}index.html?lang=en#spades?v=99&s=1")          # a full load, not a hash change
    wait_ready(page)
    page.wait_for_selector("#notice:not([hidden])")
    assert "newer version" in page.locator("#notice").inner_text()


def _counter_step(page):
    return int(page.locator(".replay-counter").get_attribute("data-step"))


def test_the_replay_viewer_steps_jumps_and_leaves_the_own_game_untouched(page, site):
    page.add_init_script(FAST)
    open_app(page, site, "spades?v=2&s=31")
    page.wait_for_function(MY_TURN)
    own = call(page, "state")
    g = random_game(5, 75)
    assert g.deal_number == 2
    replay = links.encode(g, replay=True)
    page.evaluate("f => { location.hash = f; }", replay)
    page.wait_for_selector("#replay[open]")
    page.wait_for_function("document.querySelector('.replay-counter').dataset.step === '0'")
    assert page.locator(".replay-counter").inner_text() == "Move 0 of 75"
    assert page.locator("#replay section.table .hand [data-card]").count() == 13
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.querySelector('.replay-counter').dataset.step === '1'")
    page.locator(".replay-next").click()
    page.wait_for_function("document.querySelector('.replay-counter').dataset.step === '2'")
    page.locator(".replay-back").click()
    page.wait_for_function("document.querySelector('.replay-counter').dataset.step === '1'")
    page.keyboard.press("End")
    page.wait_for_function("document.querySelector('.replay-counter').dataset.step === '75'")
    shown = page.locator("#replay section.table .hand [data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert sorted(shown) == sorted(g.view(0)["zones"]["hand0"])
    start2 = call(page, "replay_view", {"link": replay, "step": 0})["deal_starts"][1]
    page.locator(".replay-start").click()                          # from deal 1, jump to deal 2
    page.wait_for_function("document.querySelector('.replay-counter').dataset.step === '0'")
    assert page.locator(".replay-deal option").all_inner_texts()[:2] == ["Deal 1", "Deal 2"]
    page.locator(".replay-deal").select_option(str(start2))
    page.wait_for_function(f"document.querySelector('.replay-counter').dataset.step === '{start2}'")
    assert page.locator("#replay section.table .hand [data-card]").count() == 13
    # the sharer did not choose "show all hands": nothing offers it, no hidden card is listed
    assert page.locator(".replay-reveal-pick").is_hidden()
    assert page.locator(".replay-zone").count() == 0
    page.locator(".replay-next").focus()
    page.keyboard.press("Home")
    page.wait_for_function("document.querySelector('.replay-counter').dataset.step === '0'")
    # the status line names the sharer's seat as the table does: "you", never "South", and
    # says whose turn it is, not that a bot is thinking (a replay has none)
    mine = next(k for k in range(8) if call(page, "replay_view", {"link": replay, "step": k})["view"]["current_player"] == 0)
    assert mine > 0
    first = call(page, "replay_view", {"link": replay, "step": 0})["view"]["current_player"]
    seat_word = {1: "West", 2: "North", 3: "East"}[first]
    page.wait_for_function(f"document.querySelector('.replay-status').textContent === 'Next to play: {seat_word}'")
    for k in range(1, mine + 1):
        page.locator(".replay-next").click()
        page.wait_for_function(f"document.querySelector('.replay-counter').dataset.step === '{k}'")
    status = page.locator(".replay-status").inner_text()
    assert status == "Next to play: you", status
    page.keyboard.press("Home")
    page.wait_for_function("document.querySelector('.replay-counter').dataset.step === '0'")
    page.locator(".replay-play").click()                         # play through, paced, then pause
    page.wait_for_function("Number(document.querySelector('.replay-counter').dataset.step) >= 2")
    page.locator(".replay-play").click()
    assert page.locator(".replay-play").get_attribute("aria-pressed") == "false"
    page.locator(".replay-close").click()
    page.wait_for_selector("#replay", state="detached")
    assert call(page, "state") == own
    assert fragment_of(page.url) == own["link"]


def test_a_replay_with_all_hands_shows_every_seats_cards(page, site):
    g = random_game(5, 75)
    open_fast(page, site, links.encode(g, replay=True, reveal=True))
    page.wait_for_selector("#replay[open]")
    assert page.locator(".replay-reveal-pick").is_visible()
    assert page.locator(".replay-reveal").is_checked()            # it opens as it was shared
    page.wait_for_function("document.querySelectorAll('.replay-zone').length === 3")
    for seat in (1, 2, 3):
        zone = page.locator(f".replay-zone[data-zone=hand{seat}] [data-card]")
        assert sorted(zone.evaluate_all("cs => cs.map(c => c.dataset.card)")) == sorted(
            pygames.new_game("spades", seed=5).view(None)["zones"][f"hand{seat}"])


def test_a_replay_calls_a_deal_what_the_game_calls_it(page, site):
    """Spite and Malice calls each deal a game (its summary, its score sheet): so does its replay."""
    import random
    g = pygames.new_game("spite_malice", seed=2, players=2, options={"payoff": 13})
    rng = random.Random(2)
    while g.deal_number < 2:
        legal = g.legal_moves()
        g.play(legal[rng.randrange(len(legal))])
    open_fast(page, site, links.encode(g, replay=True))
    page.wait_for_selector("#replay[open]")
    assert page.locator(".replay-deal option").all_inner_texts() == ["Game 1", "Game 2"]


def test_a_replay_draws_no_control_of_the_live_table(page, site):
    """Nothing is played in a replay: a layout's move buttons (Leopard's Go out) and what they say
    about the seat's options are not drawn, though the table around them is, at the sharer's own turn."""
    from tests.gameprops import random_game as any_game
    g = any_game("leopard", 3, 20, players=2)
    replay = links.encode(g, replay=True)
    open_fast(page, site, replay)
    page.wait_for_selector("#replay[open]")
    mine = next(k for k in range(1, 20) if call(page, "replay_view", {"link": replay, "step": k})["view"]["current_player"] == 0)
    for k in range(1, mine + 1):
        page.locator(".replay-next").click()
        page.wait_for_function(f"document.querySelector('.replay-counter').dataset.step === '{k}'")
    assert page.locator(".replay-status").inner_text() == "Next to play: you"
    assert page.locator("#replay section.table .lp-actions").count() == 1      # drawn, its controls not shown
    assert page.locator("#replay section.table button[data-move]").count() >= 1
    assert not page.locator("#replay section.table button[data-move]").first.is_visible()
    assert not page.locator("#replay section.table .lp-why").is_visible()
    assert page.locator("#replay section.table .lp-hand [data-card]").first.is_visible()


def test_restart_deal_goes_back_to_the_deals_first_move(page, site):
    g = my_turn_in_deal_2(seed=41)
    open_fast(page, site, links.encode(g))
    page.wait_for_function(MY_TURN)
    assert page.locator("#btn-restart").is_enabled()
    page.locator("#btn-restart").click()
    page.wait_for_selector("#dlg-ask[open]")
    page.locator("#ask-yes").click()
    page.wait_for_function(f"window.pygames.app.state.view.move_count < {g.move_count}")
    page.wait_for_function(MY_TURN)                  # the bots bid again up to the person's first turn
    state = call(page, "state")
    assert state["view"]["deal"] == 2 and g.deal_start <= state["view"]["move_count"] < g.move_count
    again = links.decode(state["link"])
    assert again.move_choices[:g.deal_start] == g.move_choices[:g.deal_start]    # earlier deals kept
    expected = pygames.new_game("spades", seed=41)
    for index, _ in g.move_choices[:g.deal_start]:
        expected.play_index(index)
    assert again.deal_start == g.deal_start
    # the same 13 cards as when the deal began (no card is played before the person's first bid)
    assert sorted(state["view"]["zones"]["hand0"]) == sorted(expected.view(0)["zones"]["hand0"])
    assert len(state["view"]["zones"]["hand0"]) == 13


def test_the_info_panel_shows_the_seed(page, site):
    open_fast(page, site, "spades?v=2&s=123456")
    page.locator("#btn-info").click()
    page.wait_for_selector("#dlg-info[open]")
    assert page.locator("#info-seed").inner_text() == "123456"
    # the format named is the one the link below is written in (a plain challenge: v=2)
    assert page.locator("#info-format").inner_text() == "version 2"
    assert fragment_of(page.locator("#info-link").input_value()) == "spades?v=2&p=4&s=123456"
    assert "open source" in page.locator("#dlg-info").inner_text()


def _last_card_of_deal_1(seed):
    """Spades where the person's next card ends deal 1 (the last trick, seat 0 playing last)."""
    def ends_deal(g):
        if g.deal_number != 1 or g.current_player != 0:
            return False
        legal = g.legal_moves()
        if len(legal) != 1:
            return False
        after = pygames.links.decode(links.encode(g))
        after.play(legal[0])
        return after.deal_number == 2
    for s in range(seed, seed + 40):
        g = random_game(s, 200, until=ends_deal)
        if ends_deal(g):
            return g
    raise AssertionError("no seed gives the person the deal's last card")


def test_after_a_deal_the_summary_shows_all_hands(page, site):
    g = _last_card_of_deal_1(3)
    open_fast(page, site, links.encode(g))
    page.wait_for_function(MY_TURN)
    page.locator("#table .hand [data-legal=true]").first.click(position={"x": 8, "y": 14})
    page.wait_for_selector("#dlg-summary[open] #summary-all-hands")
    page.locator("#summary-all-hands").click()
    page.wait_for_selector("#replay[open]")
    page.wait_for_function("document.querySelectorAll('.replay-zone').length === 3")
    assert page.locator(".replay-counter").inner_text() == f"Move 0 of {g.move_count}"
    dealt = pygames.new_game("spades", seed=g.seed).view(None)["zones"]
    for seat in (1, 2, 3):
        zone = page.locator(f".replay-zone[data-zone=hand{seat}] [data-card]")
        assert sorted(zone.evaluate_all("cs => cs.map(c => c.dataset.card)")) == sorted(dealt[f"hand{seat}"])
    page.keyboard.press("End")                                   # the deal's last step, still deal 1
    page.wait_for_function(f"document.querySelector('.replay-counter').dataset.step === '{g.move_count}'")
    assert page.locator(".replay-deal-pick").is_hidden()
    page.locator(".replay-close").click()
    page.wait_for_selector("#replay", state="detached")
    assert call(page, "state")["view"]["deal"] == 2


def test_a_link_box_shows_its_whole_link_on_a_phone(warm_page, site):
    """The Info panel's challenge link wraps to three lines on a phone: its box grows to show them
    all (a line was cut in half), and so does the Share dialog's."""
    page = warm_page(**PHONE)
    open_fast(page, site, "spades?v=2&s=1828959527")
    page.locator("#btn-more").click()                  # a phone's bar: these actions are under Menu
    page.locator("#btn-info").click()
    page.wait_for_selector("#dlg-info[open]")
    cut = "id => { const e = document.getElementById(id); return [e.scrollHeight, e.clientHeight]; }"
    whole, shown = page.evaluate(cut, "info-link")
    assert whole > 50 and whole <= shown, (whole, shown)          # three lines, all of them shown
    page.keyboard.press("Escape")
    page.locator("#btn-more").click()
    page.locator("#btn-share").click()
    page.wait_for_selector("#dlg-share[open]")
    whole, shown = page.evaluate(cut, "share-link")
    assert whole <= shown, (whole, shown)
