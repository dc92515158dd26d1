"""The parts of build.py, one job a module (build.py is the one entry point and reads as their table
of contents). Standard library only; pip, npm, Node.js and apt-get run as subprocesses.

    common     the paths (dist/, the bench site, .cache/), logging, running a command, file hashes
    runtime    the pinned downloads: Pyodide from npm, micropip from PyPI, axe-core for the tests
    wheel      the engine wheel (pip), and the same precompiled by the runtime's own Python (Node.js)
    stdlib     the standard library trimmed to what the site imports, traced in the runtime (Node.js)
    page       what the build writes into the page: the game registry, languages, the prerendered home
    offline    the service worker's file list and the build's id
    site       assembling dist/ (and the bench site beside it) from the parts above
    server     the local static server (serve, the tests, the bench)
    chromium   finding (or installing) Chromium and its headless shell; launching it
    venv       .venv with the test tools
    testrun    the test command: mypy, then pytest
    bench/     the benchmark: page loads, engine and bot speed, its figures file, OpenSpiel beside us
    soak       the long checks
    node.py    running a cached build step in Node.js
    scripts/   the scripts those steps run, in Node.js, in the runtime's Python, or in another venv
"""
