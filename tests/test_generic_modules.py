"""The engine's generic modules know no game: a game id written in their code - a string or a
name, not a comment or a docstring's example - fails here. What is one game's lives in
pygames/games/<id>.py and pygames/ai/<id>.py, reached through the registry (pygames.games)."""

import ast
import re
from pathlib import Path

import pytest

from pygames.games import GAME_IDS

PKG = Path(__file__).resolve().parent.parent / "pygames"
GENERIC = ["__init__.py", "engine.py", "bridge.py", "links.py", "text.py", "cards.py", "arena.py",
           "ai/__init__.py", "ai/ismcts.py", "ai/hints.py", "ai/play.py",
           *sorted(p.relative_to(PKG).as_posix() for p in (PKG / "remote").glob("*.py"))]


def code_words(source):
    """Every string constant (docstrings left out) and every identifier in ``source``."""
    tree = ast.parse(source)
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node.value
        elif isinstance(node, ast.Name):
            yield node.id
        elif isinstance(node, ast.Attribute):
            yield node.attr


NAMES_A_GAME = re.compile("|".join(rf"(?<![a-z0-9_]){g}(?![a-z0-9_])" for g in GAME_IDS))


def games_named(source):
    return sorted({w for w in code_words(source) if NAMES_A_GAME.search(w.lower())})


def test_the_check_finds_a_game_in_code_and_not_in_a_docstring():
    source = ('"""spades, as an example."""\nx = "leopard"\ny = "#skarney_gin?s=5"\nz = "hint.spite_malice.look"\n'
              'def f():\n    return games.spooneye\nleopards = "spadesmith"\n')
    assert games_named(source) == ["#skarney_gin?s=5", "hint.spite_malice.look", "leopard", "spooneye"]


@pytest.mark.parametrize("name", GENERIC)
def test_a_generic_module_names_no_game(name):
    hits = games_named((PKG / name).read_text(encoding="utf-8"))
    assert not hits, f"pygames/{name} names a game: {hits}; what is one game's belongs in its own modules"
