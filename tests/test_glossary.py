"""One word for one thing, in Japanese: for each game's glossary (tests/glossary.py), every Japanese
text of the game whose English renders a term uses the term's chosen word, and no Japanese text of
the game uses a rejected synonym. The texts: the game's keys in web/lang/ja/*.json (its table words,
lessons, hints and the Japanese of its engine TEXTS, against web/lang/en and the TEXTS in
pygames/games/<game>.py) and its rules panel, web/rules/ja/<game>.html against web/rules/en/."""

import json
import re
from pathlib import Path

import pytest

from pygames.games import GAME_IDS, game_class
from tests.glossary import GLOSSARY

ROOT = Path(__file__).resolve().parent.parent
# what the English says without its fields ({square}) and markup: a term there is no word of the text
NOT_WORDS = re.compile(r"\{[^}]*\}|<[^>]+>")
# a refusal that lists the moves by their code names (initial_meld, layoff): no words to translate
CODE_NAMES = (".refuse.not_a_move",)


def words(lang):
    merged = {}
    for path in sorted((ROOT / "web" / "lang" / lang).glob("*.json")):
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def of_game(key, game):
    return key.startswith(f"{game}.") or f".{game}." in key


def texts(game):
    """[(where, English, Japanese)] of every text of ``game`` shown in Japanese."""
    english = dict(game_class(game).TEXTS) | words("en")
    japanese = words("ja")
    pairs = [(f"web/lang/ja: {key}", english[key], text) for key, text in japanese.items()
             if of_game(key, game) and key in english and not key.endswith(CODE_NAMES)]
    rules = [(ROOT / "web" / "rules" / lang / f"{game}.html").read_text(encoding="utf-8") for lang in ("en", "ja")]
    return pairs + [(f"web/rules/ja/{game}.html", *rules)]


def test_every_game_has_a_glossary():
    assert set(GLOSSARY) == set(GAME_IDS)


@pytest.mark.parametrize("game", sorted(GLOSSARY))
def test_each_thing_has_one_japanese_word_in_its_game(game):
    pairs = texts(game)
    assert len(pairs) > 20, "the game's texts were not found"
    wrong = []
    for thing, pattern, chosen, rejected in GLOSSARY[game]:
        said = 0
        for where, english, japanese in pairs:
            if re.search(pattern, NOT_WORDS.sub(" ", english), re.IGNORECASE):
                said += 1
                if chosen not in japanese:
                    wrong.append(f"{where}: {thing!r} is not {chosen}: {japanese[:90]}")
            wrong += [f"{where}: {thing!r} is {r}, not {chosen}" for r in rejected if r in japanese]
        assert said, f"no {game} text says {thing!r}: a term the game does not use"
    assert not wrong, "\n".join(wrong)
