"""The bench's figures: kept by name while it runs, written to a JSON file, compared with an
earlier run's (--compare)."""

import json
import os
import sys
from datetime import datetime, timezone
from pathlib import Path

from buildsys.runtime import PYODIDE_VERSION

FIGURES = {}          # what the bench measured, by name: written to bench.json for --compare


def parse_playouts(report):
    """pygames.bench.report's lines -> {game: {"deals_per_s", "actions_per_s"}}."""
    out = {}
    for line in str(report).splitlines():
        parts = line.split()
        if len(parts) == 5 and parts[2] == "deals/s":
            out[parts[0]] = {"deals_per_s": float(parts[1]), "actions_per_s": float(parts[3])}
    return out


def flat_figures(figures, prefix=""):
    """Nested figures -> {"a.b.c": number}."""
    out = {}
    for key, value in (figures or {}).items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(flat_figures(value, name + "."))
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            out[name] = value
    return out


def write_figures():
    """Write FIGURES to $PYGAMES_BENCH_JSON; with $PYGAMES_BENCH_COMPARE, print new / old ratios."""
    FIGURES["meta"] = {"when": datetime.now(timezone.utc).isoformat(timespec="seconds"), "cores": os.cpu_count(),
                       "pyodide": PYODIDE_VERSION, "python": sys.version.split()[0]}
    path = os.environ.get("PYGAMES_BENCH_JSON")
    if path:
        Path(path).write_text(json.dumps(FIGURES, indent=1) + "\n")
        print(f"figures written to {path}")
    old_path = os.environ.get("PYGAMES_BENCH_COMPARE")
    if old_path:
        compare_figures(json.loads(Path(old_path).read_text()), FIGURES, old_path)


def compare_figures(old, new, label="old"):
    """Print each figure both runs have: old, new and new / old."""
    a, b = (flat_figures({k: v for k, v in f.items() if k != "meta"}) for f in (old, new))
    print(f"compared with {label} (ratio = this run / that one; times: lower is better, rates: higher):")
    for name in sorted(set(a) & set(b)):
        ratio = f"{b[name] / a[name]:6.2f}x" if a[name] else "   n/a"
        print(f"  {name:<44} {a[name]:12.4g} -> {b[name]:12.4g}  {ratio}")
    for name in sorted(set(a) ^ set(b)):
        print(f"  {name:<44} only in {'this run' if name in b else label}")
