"""Both languages say everything: every English text (the engine's TEXTS and the page's word files)
has a Japanese one with the same parameters, nothing is Japanese-only, no key is defined twice, and
every playable game has its name and its rules panel in both languages. No browser needed."""

import re
from collections import defaultdict
from pathlib import Path

import pytest

from pygames.engine import Game
from pygames.games import GAME_IDS, game_class
from pygames.text import FIELD
from tests.helpers.words import EN, JA, catalogue, site_english, word_files

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "web" / "rules"
LANGUAGES = ("en", "ja")


def scope(key):
    return key.split(".")[0]


SCOPES = sorted({scope(k) for k in EN} | {scope(k) for k in JA})


def shape(template):
    """What a translation must keep: each parameter's name and how it is shown ({x:card} stays a
    card, {x:seat} a seat), and for each {n|one|many} the parameter counted."""
    typed, counted = set(), set()
    for name, kind, one, _many in FIELD.findall(template):
        if one:
            counted.add(name)
        else:
            typed.add((name, kind or None))
    return typed, counted


def test_the_catalogues_are_not_empty():
    assert len(EN) > 100 and len(JA) > 100
    assert "page.language" in EN and "page.language" in JA


@pytest.mark.parametrize("prefix", SCOPES)
def test_every_english_key_has_japanese(prefix):
    missing = sorted(k for k in EN if scope(k) == prefix and k not in JA)
    assert not missing, f"{len(missing)} {prefix}.* keys have no Japanese (web/lang/ja/): {missing[:12]}"


@pytest.mark.parametrize("prefix", SCOPES)
def test_every_japanese_key_exists_in_english(prefix):
    extra = sorted(k for k in JA if scope(k) == prefix and k not in EN)
    assert not extra, f"Japanese keys with no English: {extra[:12]}"


@pytest.mark.parametrize("prefix", SCOPES)
def test_japanese_keeps_the_parameters(prefix):
    wrong = []
    for key in sorted(k for k in EN if scope(k) == prefix and k in JA):
        (en_typed, en_counted), (ja_typed, ja_counted) = shape(EN[key]), shape(JA[key])
        names_en = {n for n, _ in en_typed} | en_counted
        names_ja = {n for n, _ in ja_typed} | ja_counted
        if names_en != names_ja:
            wrong.append(f"{key}: {sorted(names_en)} vs {sorted(names_ja)}")
        # a parameter shown as a card (or seat, or list) is shown the same way in Japanese
        kinds_en = {n: k for n, k in en_typed if k}
        kinds_ja = {n: k for n, k in ja_typed if k}
        if kinds_en != kinds_ja:
            wrong.append(f"{key}: shown as {kinds_en} vs {kinds_ja}")
        # Japanese needs no plural, but a count that only English words depend on is still a field
        if ja_counted - names_en:
            wrong.append(f"{key}: Japanese counts {sorted(ja_counted - names_en)}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_templates_are_well_formed(lang):
    """Every brace opens a field the renderers know ({x}, {x:card}, {x|one|many}); no stray ones."""
    bad = []
    for key, template in catalogue(lang).items():
        rest = FIELD.sub("", template)
        if "{" in rest or "}" in rest:
            bad.append(f"{key}: {template!r}")
        for name, kind, one, many in FIELD.findall(template):
            if kind and kind not in ("card", "cards", "seat"):
                bad.append(f"{key}: unknown kind {kind!r}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_key_is_in_two_files(lang):
    where = defaultdict(list)
    for name, words in word_files(lang).items():
        for key in words:
            where[key].append(name)
    if lang == "en":    # the engine's English comes from TEXTS: a word file must not say it again
        for key in site_english():
            where[key].append("engine TEXTS")
    twice = {k: v for k, v in where.items() if len(v) > 1}
    assert not twice, f"keys defined twice: {twice}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_engine_words_every_game_says_are_written_once(lang):
    """A word the engine says for several games (a move's card that is no card code, or not in the
    hand) is the engine's own (engine.*: Game.TEXTS and web/lang/<lang>/engine.json): no template of
    a game's engine words is another game's or the engine's too."""
    words = catalogue(lang)
    keys = set(Game.TEXTS) | {k for game in GAME_IDS for k in game_class(game).TEXTS}
    by_template = defaultdict(list)
    for key in sorted(keys):
        if key in words:
            by_template[words[key]].append(key)
    twice = {t: ks for t, ks in by_template.items() if len({scope(k) for k in ks}) > 1}
    assert not twice, f"engine words written in two places: {twice}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_is_a_non_empty_string(lang):
    for name, words in word_files(lang).items():
        for key, text in words.items():
            assert isinstance(text, str) and text.strip(), f"{name}: {key} is empty"


@pytest.mark.parametrize("game", GAME_IDS)  # the games the site ships
def test_every_game_has_a_title_and_rules_in_both_languages(game):
    for lang, words in (("en", EN), ("ja", JA)):
        assert words.get(f"{game}.title", "").strip(), f"no {game}.title in web/lang/{lang}/"
        panel = RULES / lang / f"{game}.html"
        assert panel.exists(), f"no rules panel {panel.relative_to(ROOT)}"
        html = panel.read_text(encoding="utf-8")
        assert "<h2>" in html and html.count("<p>") >= 2, f"{panel.relative_to(ROOT)} is not a rules panel"
    assert JA[f"{game}.title"] != EN[f"{game}.title"], f"{game}.title is not translated"


@pytest.mark.parametrize("game", GAME_IDS)  # the games the site ships
def test_the_rules_panels_say_it_in_their_language(game):
    en = RULES / "en" / f"{game}.html"
    ja = RULES / "ja" / f"{game}.html"
    if not (en.exists() and ja.exists()):
        pytest.fail(f"{game}: rules panels missing (see the title-and-rules test)")
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    assert not japanese.search(en.read_text(encoding="utf-8")), f"{en.name} (en) holds Japanese"
    text = re.sub(r"<[^>]+>", "", ja.read_text(encoding="utf-8"))
    assert len(japanese.findall(text)) > len(text) / 4, f"{ja.relative_to(ROOT)} is mostly not Japanese"


COUNTED_NOUNS = re.compile(r"\{(\w+)\} (cards|tricks|bags|masts|deals|turns|players|games|piles|melds)\b")
NEVER_ONE = {   # key: why its count is never 1, so the plural alone is right
    "spite_malice.ui.dry": "a fraction, {quiet}/{players} turns",
    "spooneye.ui.extension": "the extension is for 3 or 4 players",
}


def test_english_counts_take_their_plural_from_the_catalogue():
    """"1 cards" is never shown: a count before a noun picks the noun's form ({n} {n|card|cards})."""
    wrong = [f"{key}: {text}" for key, text in sorted(EN.items())
             if key not in NEVER_ONE and COUNTED_NOUNS.search(text)]
    assert not wrong, "\n".join(wrong)
