"""What the build writes into the page from the engine and web/: the game registry (games/index.js),
index.html's stylesheet and module-preload links, each language's words merged into one file, and the
home screen's English tiles prerendered into index.html."""

import json
import os
import re
import shutil
import sys

from buildsys.common import ROOT, WEB, log
from buildsys.node import run_script


def shipped_games():
    """The games the site ships: the games of the engine's own package (GAME_IDS; a test may register
    a game of its own, which has no table layout) - the one list the site is made from. Each game's
    rules and bots are imported here, so a module that fails to import stops the build with its
    traceback."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pygames.games import GAME_IDS, bots_module, game_class
    for game_id in GAME_IDS:
        game_class(game_id)
        bots_module(game_id)
    return GAME_IDS


def register_games(site):
    """Write what the site needs to know of the games, from the engine's list: the layout index
    (games/index.js) and the stylesheet links in index.html. A game without a layout, or a layout
    without a game, stops the build."""
    layouts = {p.stem for p in (WEB / "games").glob("*.js")} - {"common"}
    games = shipped_games()
    odd = set(games) ^ layouts
    if odd:
        sys.exit(f"build.py: an engine game without a table layout, or a layout without a game: {', '.join(sorted(odd))}")
    lines = ["// Made by build.py from the engine's games: one table layout each.\n"]
    lines += [f'import {g} from "./{g}.js";\n' for g in games]
    lines.append(f"\nexport const LAYOUTS = {{ {', '.join(games)} }};\n")
    (site / "games" / "index.js").write_text("".join(lines))
    page = site / "index.html"
    links = "".join(f'<link rel="stylesheet" href="games/{g}.css">\n' for g in games
                    if (WEB / "games" / f"{g}.css").exists())
    links += "".join(f'<link rel="modulepreload" href="{m}">\n' for m in page_modules(site))
    links += '<link rel="preload" href="lang/en.json" as="fetch" crossorigin="anonymous">\n'   # the words, always
    html = page.read_text()
    if "<!-- game stylesheets -->\n" not in html:
        sys.exit("build.py: web/index.html lacks the <!-- game stylesheets --> line")
    page.write_text(html.replace("<!-- game stylesheets -->\n", links))


def page_modules(site):
    """Every module app.js imports, directly or not (static imports), in the site's paths: index.html
    names them all (modulepreload), so the browser fetches them at once instead of one level of
    imports after another."""
    found, todo = [], ["app.js"]
    while todo:
        path = todo.pop()
        if path in found or not (site / path).is_file():
            continue
        found.append(path)
        text = (site / path).read_text(encoding="utf-8")
        for target in re.findall(r'^\s*(?:import|export)\b[^;]*?\bfrom\s*"(\.{1,2}/[^"]+)"|^\s*import\s*"(\.{1,2}/[^"]+)"', text, re.M):
            rel = next(t for t in target if t)
            todo.append(os.path.normpath(os.path.join(os.path.dirname(path), rel)).replace(os.sep, "/"))
    return found[1:]      # app.js itself is the page's module script


def write_languages(site):
    """Merge each language's word files (web/lang/<lang>/*.json: the page's, each layout's, each
    feature's) into one lang/<lang>.json that the page fetches. A key in two files is an error."""
    folder = site / "lang"
    for lang_dir in sorted(p for p in folder.iterdir() if p.is_dir()) if folder.exists() else []:
        merged, origin = {}, {}
        for part in sorted(lang_dir.glob("*.json")):
            for key, text in json.loads(part.read_text(encoding="utf-8")).items():
                if key in merged:
                    sys.exit(f"build.py: {lang_dir.name} key {key!r} is in {origin[key]} and {part.name}")
                merged[key], origin[key] = text, part.name
        (folder / f"{lang_dir.name}.json").write_text(
            json.dumps(merged, ensure_ascii=False, indent=0, sort_keys=True) + "\n", encoding="utf-8")
        shutil.rmtree(lang_dir)


def prerender_home(site):
    """Put the home screen's English tiles into index.html's #home (drawn by home.js itself, run by
    Node.js: scripts/prerender_home.mjs), so that a plain English first visit paints them before any
    module has loaded: the largest paint does not wait for the page's scripts and words. Without
    Node.js, or if it fails, the page draws them itself once its modules run."""
    node = shutil.which("node")
    if not node:
        log("warning: no Node.js: the home screen is drawn by the page (a later first paint)")
        return
    result = run_script(node, "prerender_home.mjs", site)
    if result.returncode:
        log(f"warning: the home screen was not prerendered: {result.stderr.strip()[-300:]}")
        return
    out = json.loads(result.stdout)
    page = site / "index.html"
    html = page.read_text(encoding="utf-8")
    empty = '<section id="home" class="home" aria-label="Games" data-t-aria-label="page.games" hidden></section>'
    if empty not in html:
        sys.exit("build.py: web/index.html lacks the empty #home section")
    page.write_text(html.replace(empty, empty.replace(" hidden>", f' hidden data-prerendered="{out["mark"]}">')
                                 .replace("</section>", out["html"] + "</section>")), encoding="utf-8")
