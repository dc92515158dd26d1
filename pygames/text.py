"""The engine's words for people: message keys with parameters, and their English texts.

A message is a dict ``{"key": "spades.set", "bid": 7, "took": 5}``. Each game declares its English
templates once (``Game.TEXTS``); the front end renders the same templates (and, later, other
languages) through one ``t(key, params)``; Python users read the English fallback made here.

Template syntax, shared with ``web/shell/i18n.js``:

* ``{name}``        the parameter; a negative number is written with a true minus sign (U+2212), a
                    list is joined with ", ", a nested message (a dict with "key") is rendered
* ``{name:card}``   a card code shown as a person reads it ("TD" -> "10♦"); ``{name:cards}`` a list
* ``{name:seat}``   a seat number shown as a name (here "Player 1"; the page uses the table's names)
* ``{name|one|many}`` the word for a count: "one" when the parameter is 1, else "many"
"""

from __future__ import annotations

import re
import reprlib
from typing import Any, Callable

from .cards import HIDDEN, SUIT_SYMBOLS

_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong = 3, 60, 60, 60
FIELD = re.compile(r"\{(\w+)(?::(\w+))?(?:\|([^|}]*)\|([^}]*))?\}")


def shown(value: object, limit: int = 40) -> str:
    """``value`` as a message may echo it: its repr cut to ``limit`` characters. An echoed value never
    grows with the input: a huge number is told by its size (Python will not even print an integer
    past 4,300 digits), a long or deeply nested value is cut."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 100:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = _SHORT.repr(value)
    except (ValueError, RecursionError):
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"


def message(key: str, **params: Any) -> dict[str, Any]:
    """A message dict: the key and its parameters, e.g. ``{"key": "spades.set", "bid": 7}``."""
    return {"key": key, **params}


def card_text(code: object) -> str:
    if code == HIDDEN or not isinstance(code, str) or len(code) != 2:
        return str(code)
    rank = "10" if code[0] == "T" else code[0]
    return rank + SUIT_SYMBOLS.get(code[1], code[1])


def _value(value: Any, kind: str | None, catalogue: dict[str, str]) -> str:
    if isinstance(value, dict) and "key" in value:
        return render(value, catalogue)
    if kind == "card":
        return card_text(value)
    if kind == "cards":
        return " ".join(card_text(c) for c in value)
    if kind == "seat" and isinstance(value, int):
        return f"Player {value + 1}"
    if isinstance(value, list):
        return ", ".join(_value(v, None, catalogue) for v in value)
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)) and value < 0:
        return "\u2212" + str(-value)
    return str(value)


def render(msg: dict[str, Any], catalogue: dict[str, str] | None = None) -> str:
    """English text of a message dict (its key if no text is known)."""
    if catalogue is None:
        catalogue = english_catalogue()
    template = catalogue.get(str(msg.get("key")))
    if template is None:
        return str(msg.get("key"))

    def field(m: re.Match[str]) -> str:
        name, kind, one, many = m.groups()
        value = msg.get(name)
        if one is not None:
            return one if value == 1 else many
        return _value(value, kind, catalogue)

    return FIELD.sub(field, template)


def fields(template: str) -> set[str]:
    """The parameter names a template uses."""
    return {m.group(1) for m in FIELD.finditer(template)}


_SOURCE: list[Callable[[], dict[str, str]]] = []    # set by the game registry (pygames.games)


def use_catalogue(source: Callable[[], dict[str, str]]) -> None:
    """Where :func:`english_catalogue` comes from: the registry knows every game's ``TEXTS`` (this
    module imports no game, so the engine can render its messages without an import circle)."""
    _SOURCE[:] = [source]


def english_catalogue() -> dict[str, str]:
    """Every English template: the engine's own and each registered game's."""
    return _SOURCE[0]() if _SOURCE else {}
