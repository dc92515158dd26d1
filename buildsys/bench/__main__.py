"""python -m buildsys.bench: the bench's measuring run, in .venv (started by `build.py bench`)."""

import sys

from buildsys.bench import measure

sys.exit(measure())
