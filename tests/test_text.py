"""Engine text is message keys with parameters: every key the engine can emit has an English
template, every template's parameters are supplied, and the page renders templates as Python does."""

import re
from pathlib import Path

import pytest

import pygames
from pygames.cards import Rng
from pygames.text import english_catalogue, fields, render

PKG = Path(pygames.__file__).parent
# message("key", ...), IllegalMove("key"...), with a plain or an f-string key
EMITS = re.compile(r"""(?:message|IllegalMove)\(\s*(f?)["']([\w.{}\[\]"'()+ -]+?)["']""")


def emitted_key_patterns():
    """(file, key or regex) of every message key written in the engine's source."""
    out = []
    for path in sorted(PKG.rglob("*.py")):
        for fstring, key in EMITS.findall(path.read_text()):
            if fstring and "{" in key:
                out.append((path.name, re.compile(re.sub(r"\\\{.*?\\\}", r"\\w+", re.escape(key)) + "$")))
            else:
                out.append((path.name, key))
    return out


def test_every_key_written_in_the_engine_has_an_english_text():
    catalogue = english_catalogue()
    patterns = emitted_key_patterns()
    assert len(patterns) > 20
    for where, key in patterns:
        if isinstance(key, str) and key.startswith("hint."):
            continue      # a hint's reason: its words are the page's (each game's web/lang/*/<game>.json, tests/test_hint.py)
        if isinstance(key, str):
            assert key in catalogue, f"{where}: {key!r} has no English text"
        else:
            assert any(key.match(k) for k in catalogue), f"{where}: no English text matches {key.pattern!r}"


def messages_in(value):
    if isinstance(value, dict):
        if "key" in value and isinstance(value["key"], str):
            yield value
        for v in value.values():
            yield from messages_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from messages_in(v)


@pytest.mark.parametrize("game_id", pygames.registered())
def test_every_message_in_views_has_a_text_and_its_parameters(game_id):
    catalogue = english_catalogue()
    rng = Rng(3)
    seen = set()
    for seed in range(3):
        g = pygames.new_game(game_id, seed=seed)
        for step in range(3000):
            if g.is_over:
                break
            if step % 7:
                legal = g.legal_actions()
                g.apply_action(legal[rng.below(len(legal))])
                continue
            for msg in messages_in(g.view(g.current_player)):
                key = msg["key"]
                assert key in catalogue, f"{key!r} has no English text"
                missing = fields(catalogue[key]) - set(msg)
                assert not missing, f"{key!r} lacks parameters {missing}"
                assert "{" not in render(msg)
                seen.add(key)
            legal = g.legal_actions()
            g.apply_action(legal[rng.below(len(legal))])


def test_templates_render_counts_minus_signs_cards_and_nested_messages():
    cat = {"a": "{n} {n|bag|bags}, {p}, {c:card} {cs:cards}, {s:seat}: {why}", "b": "because {x}"}
    msg = {"key": "a", "n": 1, "p": -70, "c": "TD", "cs": ["AS", "QH"], "s": 2,
           "why": {"key": "b", "x": "yes"}}
    assert render(msg, cat) == "1 bag, \u221270, 10\u2666 A\u2660 Q\u2665, Player 3: because yes"
    assert render({"key": "a", "n": 2, "p": 3, "c": "2C", "cs": [], "s": 0, "why": {"key": "b", "x": 1}},
                  cat).startswith("2 bags, 3, 2\u2663")
    assert render({"key": "unknown"}, cat) == "unknown"


def test_refusals_carry_a_key_and_an_english_text():
    g = pygames.new_game("spades", seed=1)
    with pytest.raises(pygames.IllegalMove) as info:
        g.play({"type": "bid", "bid": 0})
    assert info.value.key == "spades.refuse.zero_bid"
    assert info.value.message == {"key": "spades.refuse.zero_bid"}
    assert "Nil" in str(info.value)
