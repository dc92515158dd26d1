"""Sound (web/features/sound.js): off until turned on in Settings, then heard as cards are played,
and the choice kept."""

from tests.helpers.site import MY_TURN, open_app, wait_ready


def open_settings(page):
    page.locator("#btn-settings").click()
    page.wait_for_selector("#dlg-settings[open]")

# an init script: every AudioContext the page makes, and every sound it schedules, counted
AUDIO_LOG = """(() => {
  const log = window.audioLog = { contexts: 0, noises: 0, tones: 0 };
  const Real = window.AudioContext;
  const counted = (node, kind) => { const start = node.start.bind(node); node.start = (...a) => { log[kind] += 1; return start(...a); }; return node; };
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); log.contexts += 1; }
    createBufferSource() { return counted(super.createBufferSource(), "noises"); }
    createOscillator() { return counted(super.createOscillator(), "tones"); }
  };
})();"""


def test_sound_is_off_until_turned_on_in_settings_then_a_card_played_is_heard_and_it_is_kept(page, site):
    """Sound is off at first: playing a card makes no AudioContext at all. Turned on in Settings, a
    card played schedules a sound (Web Audio, made in the page), and the choice survives a reload."""
    page.add_init_script(AUDIO_LOG)
    open_app(page, site, "spite_malice?v=2&s=573")       # you play first, holding AS 2D 3H JC KS
    page.wait_for_function(MY_TURN)
    page.locator(".sm-hand [data-card='AS']").click()    # an Ace: one click starts a centre pile
    page.wait_for_function("window.pygames.app.state.view.move_count === 1 && !window.pygames.app.busy")
    assert page.evaluate("window.audioLog") == {"contexts": 0, "noises": 0, "tones": 0}

    open_settings(page)
    assert not page.locator("#settings-sound").is_checked()
    page.locator("#settings-sound").check()
    page.locator("#settings-apply").click()
    page.wait_for_selector("#dlg-settings:not([open])", state="attached")
    page.wait_for_function("window.audioLog.tones > 0")  # the chime that says it is on
    before = page.evaluate("window.audioLog")
    assert before["contexts"] == 1
    page.locator(".sm-hand [data-card='2D']").click()
    page.locator("[data-target='centre:0']").click()
    page.wait_for_function("window.pygames.app.state.view.move_count === 2")
    page.wait_for_function(f"window.audioLog.noises > {before['noises']}")   # the card was heard
    assert page.evaluate("window.audioLog.contexts") == 1                    # one context, kept

    page.reload()
    wait_ready(page)
    assert page.evaluate("localStorage.getItem('pygames:sound')") == "on"
    open_settings(page)
    assert page.locator("#settings-sound").is_checked()
