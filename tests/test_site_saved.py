"""Saved games (web/saved.js): an unfinished game a link replaces is kept and comes back from
Settings' Saved games, and a broken link brings back the saved game."""

from tests.helpers.site import kept_games, open_app, play_first_legal, state, wait_ready


def saved_games(page):
    """The Saved games dialog's entries (from Settings)."""
    page.locator("#btn-settings").click()
    page.wait_for_selector("#dlg-settings[open]")
    page.locator("#settings-saved").click()
    page.wait_for_selector("#dlg-saved[open]")
    return page.locator("#saved-list [data-saved-index]").all_inner_texts()


def open_link(page, fragment):
    page.evaluate("f => { location.hash = f; }", fragment)
    seed = fragment.split("s=")[1]
    page.wait_for_function(f"new URLSearchParams(window.pygames.app.state.link.split('?')[1]).get('s') === '{seed}'")


def seed_shown(seed):
    return f"new URLSearchParams(window.pygames.app.state.link.split('?')[1]).get('s') === '{seed}'"


def test_links_in_a_row_keep_every_unfinished_game_and_each_comes_back(page, site):
    """With your game G, open link L1 (play on it), then L2: both G and L1 are kept, newest
    first, and either comes back from Settings' Saved games - after a reload too; the game on the
    table takes its place in the list; a damaged entry is said and dropped, the others stay."""
    open_app(page, site, "spades?s=44")
    play_first_legal(page)
    open_link(page, "spades?s=45")
    assert "Your own unfinished game is kept" in page.locator("#notice").inner_text()
    play_first_legal(page)
    open_link(page, "spades?s=48")              # L2: the person bids first, so no bot moves before them
    first, mine = kept_games(page)                               # newest first: L1, then G
    assert "s=45" in first["save"] and "s=44" in mine["save"] and first["moves"] > 0 and mine["moves"] > 0
    page.locator("#notice .notice-action").click()              # the notice opens the list
    page.wait_for_selector("#dlg-saved[open]")
    entries = page.locator("#saved-list [data-saved-index]")
    assert entries.count() == 2
    entries.nth(1).click()                                       # the older one: your own game
    page.wait_for_function(seed_shown(44))
    assert state(page)["view"]["move_count"] >= mine["moves"]    # as it was (the bots may go on)
    page.reload()
    wait_ready(page)
    assert "s=44" in state(page)["link"]
    assert len(saved_games(page)) == 1                           # L1 (L2 has no move: nothing to keep)
    page.locator("#saved-list [data-saved-index]").first.click()
    page.wait_for_function(seed_shown(45))
    assert state(page)["view"]["move_count"] >= first["moves"]
    assert ["s=44" in k["save"] for k in kept_games(page)] == [True]    # G took L1's place

    page.evaluate("""() => { const k = JSON.parse(localStorage.getItem('pygames:kept:spades'));
      localStorage.setItem('pygames:kept:spades', JSON.stringify([{save: 'spades?s=1&m=%%%', deal: 1, moves: 3, at: 0}, ...k])); }""")
    assert len(saved_games(page)) == 2
    page.locator("#saved-list [data-saved-index]").first.click()
    page.wait_for_function("document.getElementById('toast')?.textContent.includes('damaged')")
    assert "s=45" in state(page)["link"]                         # nothing changed on the table
    assert ["s=44" in k["save"] for k in kept_games(page)] == [True]


def test_a_broken_link_brings_back_the_saved_game(page, site):
    open_app(page, site, "spades?s=46")
    play_first_legal(page)
    mine = state(page)["link"]
    open_app(page, site, "spades?s=46&n=3&m=___")       # the same page: the app answers the hashchange
    page.wait_for_function("document.getElementById('notice').innerText.includes('could not be opened')",
                           timeout=30_000)
    assert state(page)["link"] == mine
