"""The words a person can be shown, by language: the page's word files (web/lang/<lang>/*.json) and
the engine's English templates (tests of both languages, in the engine and in the page)."""

import json
from pathlib import Path

from pygames.engine import Game
from pygames.games import GAME_IDS, game_class
from pygames.remote.texts import TEXTS as REMOTE_TEXTS

LANG = Path(__file__).resolve().parent.parent.parent / "web" / "lang"


def word_files(lang):
    """{file name: {key: template}} of web/lang/<lang>/."""
    return {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted((LANG / lang).glob("*.json"))}


def site_english():
    """The engine's English templates of the games the site ships (a test-only game has no page)."""
    texts = dict(Game.TEXTS) | REMOTE_TEXTS
    for game in GAME_IDS:
        texts.update(game_class(game).TEXTS)
    return texts


def catalogue(lang):
    """Every template a person can be shown in ``lang``: the word files, plus (English) the engine's."""
    merged = site_english() if lang == "en" else {}
    for words in word_files(lang).values():
        merged.update(words)
    return merged


EN, JA = catalogue("en"), catalogue("ja")
