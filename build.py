#!/usr/bin/env python3
"""Build, serve, test and benchmark the pygames static site.

    python3 build.py build               wheel + Pyodide runtime + web/ -> dist/ (and the bench's pages beside it)
    python3 build.py serve [--port N] [--gzip]  build, then serve dist/ at http://localhost:N (default 8000)
    python3 build.py test [pytest args]  venv + test deps + Chromium + build, then pytest
    python3 build.py bench               page-ready vs bare Pyodide boot; playouts per second per game
    python3 build.py soak [--matches N]  10000 checked random matches a game, longer fuzz; --browser too

Standard library only; pip, npm and apt-get run as subprocesses. Downloads (the pinned Pyodide npm
package, the pinned micropip wheel) are kept in .cache/, so builds after the first work offline.
Each command is a short function here; the parts they call are the modules of buildsys/ (its
docstring lists them).
"""

import argparse
import os
import sys

from buildsys import bench as benchmark, chromium, server, site, soak as soaking, testrun, venv
from buildsys.bench import openspiel
from buildsys.common import DIST, ROOT


def build_command(args):
    """dist/: the site as deployed (buildsys/site.py)."""
    site.build()
    return 0


def serve_command(args):
    """Build, then serve dist/ on localhost until Ctrl+C (buildsys/server.py)."""
    site.build()
    server.serve_forever(DIST, args.port, gzip=args.gzip)
    return 0


def test_command(pytest_args):
    """.venv with the test tools, Chromium, a fresh build, then mypy and pytest (buildsys/testrun.py)."""
    py = venv.ensure_venv()
    env = chromium.browser_test_env(py)
    site.build()
    return testrun.run_tests(py, env, pytest_args)


def bench_command(args):
    """Speed figures (buildsys/bench/); hard against OpenSpiel's ISMCTS with --only openspiel."""
    if args.only == "openspiel":
        return openspiel.open_spiel_match(args.pairs)
    return benchmark.bench(args.json, args.compare, args.only)


def soak_command(args):
    """The long checks, not part of `test` (buildsys/soak.py)."""
    return soaking.soak(args.matches, args.games, args.workers, args.fuzz_scale, args.browser)


def parser():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("build", help="build dist/")
    p_serve = sub.add_parser("serve", help="build, then serve dist/ on localhost")
    p_serve.add_argument("--port", type=int, default=8000)
    p_serve.add_argument("--gzip", action="store_true", help="compress text as GitHub Pages does (e.g. for Lighthouse)")
    sub.add_parser("test", help="set up .venv and Chromium, build, run pytest (extra args go to pytest)")
    p_bench = sub.add_parser("bench", help="print page-ready and engine speed figures")
    p_bench.add_argument("--json", default=".cache/bench.json", help="write the figures here (default .cache/bench.json)")
    p_bench.add_argument("--compare", default="", metavar="OLD.json", help="print ratios to an earlier run's figures")
    p_bench.add_argument("--only", choices=["load", "bots", "remote", "live", "openspiel"], default="",
                         help="only the page-load figures (cold, warm, stages), only bot time per move, only "
                              "a remote table's shuffle (made and checked, CPython and the page), only a live "
                              "table's speed (four pages, in a network namespace), or only hard "
                              "against OpenSpiel's ISMCTS on its Spades (research/vs_openspiel.py)")
    p_bench.add_argument("--pairs", type=int, default=40, help="--only openspiel: duplicate deal pairs")
    p_soak = sub.add_parser("soak", help="long checks: 10000 random matches a game, a longer fuzz, --browser")
    p_soak.add_argument("--matches", type=int, default=10_000, help="random matches per game (default 10000)")
    p_soak.add_argument("--games", default="", help="comma-separated game ids (default: every playable game)")
    p_soak.add_argument("--workers", type=int, default=None, help="processes (default: one a core)")
    p_soak.add_argument("--fuzz-scale", type=int, default=None,
                        help="Hypothesis examples x this (default: matches / 500, at most 20; 0 skips)")
    p_soak.add_argument("--browser", action="store_true", help="also the browser soak (tests/test_site_soak.py)")
    return parser


COMMANDS = {"build": build_command, "serve": serve_command, "bench": bench_command, "soak": soak_command}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    os.chdir(ROOT)
    if argv[:1] == ["test"]:  # everything after `test` goes to pytest untouched
        return test_command(argv[1:])
    args = parser().parse_args(argv)
    return COMMANDS[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
