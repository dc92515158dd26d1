"""The front end's generic modules know no game: everything about one game lives in its layout
(web/games/<game>.js and .css), its word files (web/lang/<lang>/<game>.json) and its rules panels
(web/rules/<lang>/<game>.html), so a new game touches only its own files. The layout contract the
page relies on is written down in web/games/README.md. No browser needed."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from pygames.games import GAME_IDS

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
GAME_FILES = ("games", "lang", "rules", "lessons")   # the folders whose files may be about one game
CODE = {".js", ".mjs", ".css", ".html", ".webmanifest"}
LANGUAGES = ("en", "ja")


def generic_files():
    """The front end's generic files: every source file of web/ outside games/, lang/ and rules/."""
    return sorted(p for p in WEB.rglob("*") if p.is_file() and p.suffix in CODE
                  and p.relative_to(WEB).parts[0] not in GAME_FILES)


def words(lang, name):
    return json.loads((WEB / "lang" / lang / f"{name}.json").read_text(encoding="utf-8"))


def game_names():
    """{game id: the ways a file could name it}: the id, and its English title."""
    return {g: (g, words("en", g)[f"{g}.title"]) for g in GAME_IDS}


def naming(names):
    """A pattern that finds any of ``names`` as a whole word, in any case ('#leopard?s=5',
    '"spades"', '/* Spades */'; not 'leopards' or 'spadesmith')."""
    return re.compile("|".join(rf"(?<![A-Za-z0-9_]){re.escape(n)}(?![A-Za-z0-9_])" for n in names), re.IGNORECASE)


def test_the_check_finds_a_game_wherever_it_is_named():
    names = naming([n for pair in game_names().values() for n in pair])
    for line in ('const ABOUT = { leopard: "..." };', "if (id === 'spades')", "// #spooneye?s=5",
                 "/* ---- Spite and Malice ---- */", "location.hash = `#skarney_gin`;", ".hand.Spades-hand {}"):
        assert names.search(line), line
    for line in ("const leopards = 1;", "SPADESMITH", "gameId", "skarney"):
        assert not names.search(line), line


def test_the_generic_files_are_found():
    rel = {p.relative_to(WEB).as_posix() for p in generic_files()}
    assert {"app.js", "shell/home.js", "table/cards.js", "shell/route.js", "index.html", "style.css"} <= rel
    assert not any(r.split("/")[0] in GAME_FILES for r in rel)


@pytest.mark.parametrize("path", generic_files(), ids=lambda p: p.relative_to(WEB).as_posix())
def test_a_generic_file_names_no_game(path):
    names = naming([n for pair in game_names().values() for n in pair])
    hits = [f"{path.relative_to(ROOT)}:{i}: {line.strip()}"
            for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if names.search(line)]
    assert not hits, ("a generic module names a game; what is one game's belongs in its layout, word file "
                      "or rules panel:\n  " + "\n  ".join(hits))


# ---- the home screen's tiles: each game's own words -------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAME_IDS)
def test_each_game_says_on_its_tile_what_it_is_in_its_own_word_file(game, lang):
    own = words(lang, game)
    for what in ("blurb", "players"):
        assert own.get(f"{game}.home.{what}", "").strip(), f"web/lang/{lang}/{game}.json lacks {game}.home.{what}"
    assert re.search(r"\d", own[f"{game}.home.players"]), "the players line says how many play"
    page = words(lang, "page")
    assert not [k for k in page if k.startswith("page.home.") and k.split(".")[2] in GAME_IDS]


@pytest.mark.parametrize("lang, line, colour, points, not_said", [
    ("en", "line", "colour", "5", "fill"),
    ("ja", "ライン", "色", "5", "埋め"),
])
def test_the_leopard_tile_says_lines_of_a_suit_or_colour_and_going_out_at_5(lang, line, colour, points, not_said):
    # docs/rules/leopard.md: lines of one suit or one colour score; you may go out at 5 or more
    blurb = words(lang, "leopard")["leopard.home.blurb"]
    assert line in blurb and colour in blurb and points in blurb and not_said not in blurb, blurb


@pytest.mark.parametrize("lang, mast, nest", [("en", "mast", "crow's nest"), ("ja", "マスト", "からすの巣")])
def test_the_spooneye_tile_says_you_capture_masts(lang, mast, nest):
    # docs/rules/spooneye.md: a raise at exactly 21 takes the mast and one opponent mast
    blurb = words(lang, "spooneye")["spooneye.home.blurb"]
    assert mast in blurb and "21" in blurb and nest not in blurb, blurb


# ---- the layout contract ------------------------------------------------------------------------

def layout_members_read():
    """The layout members the generic modules read: ``layout.x``, ``layout?.x``, ``layouts[id]?.x``."""
    found = set()
    pattern = re.compile(r"\b(?:layout|LAYOUTS\[[^\]]+\]|layouts\[[^\]]+\])\??\.(\w+)")
    for path in generic_files():
        if path.suffix == ".js":
            found |= set(pattern.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_layout_member_the_page_reads_is_documented():
    readme = (WEB / "games" / "README.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `(\w+)", readme, re.MULTILINE)) | set(re.findall(r"^\| `\w+`, `(\w+)`", readme, re.MULTILINE))
    read = layout_members_read()
    assert {"render", "status", "sourceOf", "targetOf", "playerLabels", "picture"} <= read, read
    assert not read - documented, f"read by the page but not in web/games/README.md: {sorted(read - documented)}"


def test_layouts_ask_the_engine_through_ctx_not_through_the_test_hook():
    """window.pygames is the browser tests' hook; a layout has ctx.query for the game's questions."""
    for path in sorted((WEB / "games").glob("*.js")):
        assert "window.pygames" not in path.read_text(encoding="utf-8"), path.name


# ---- a kept snapshot holds only its pages that are not all zeros (web/shell/snapshot.js) --------------------

PACKING = """
import { pack, unpack } from "./web/shell/snapshot.js";
const page = 4096;
const filled = (length, pages) => {            // length bytes, zero but for a byte in each of pages
  const bytes = new Uint8Array(length);
  for (const p of pages) bytes[Math.min(p * page + 7, length - 1)] = p % 250 + 1;
  return bytes;
};
const cases = [filled(10 * page, [0, 1, 2, 5, 9]), filled(10 * page + 3, [3, 10]), filled(8 * page, []),
               filled(page * 3 + 4, [0, 1, 2, 3]), Uint8Array.from({ length: 3 * page }, (_, i) => i % 7)];
const out = cases.map((bytes) => {
  const kept = pack(bytes);
  const back = unpack(kept, bytes.length);
  return { length: bytes.length, kept: kept.length, same: back.length === bytes.length && back.every((b, i) => b === bytes[i]) };
});
const damaged = [[new TextEncoder().encode("not a snapshot of Python"), 100], [pack(cases[0]).subarray(0, 100), cases[0].length],
                 [pack(cases[0]), NaN], [new Uint8Array([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), page],
                 [Uint8Array.from([...pack(cases[0]), 0]), cases[0].length]].map(([kept, length]) => {
  try { unpack(kept, length); return "read"; } catch (err) { return err.message; }
});
console.log(JSON.stringify({ out, damaged }));
"""


def test_a_snapshot_keeps_only_its_filled_pages_and_comes_back_whole():
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed (python3 build.py test installs everything else; node comes with the machine)")
    run = subprocess.run([node, "--input-type=module", "-e", PACKING], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert all(case["same"] for case in result["out"]), result["out"]
    # five pages of ten kept (and a map); an all-zero heap keeps nothing but its map
    assert [case["kept"] for case in result["out"][:3]] == [4 + 3 * 8 + 5 * 4096, 4 + 2 * 8 + 4096 + 3, 4]
    assert result["damaged"] == ["the kept snapshot is damaged"] * 5
