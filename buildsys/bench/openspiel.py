"""DeepMind's OpenSpiel beside us, in a venv of its own (.cache/open-spiel, made on first use): its
Spades random playouts per second (scripts/openspiel_playouts.py), and hard against its ISMCTS
(research/vs_openspiel.py, `bench --only openspiel`)."""

import subprocess
import sys

from buildsys.common import CACHE, ROOT, SCRIPTS, log, run

OPEN_SPIEL = "open_spiel==2.0.2"    # DeepMind's C++ games with Python bindings: the Spades yardstick


def open_spiel_python():
    """The Python of the open-spiel venv (.cache/open-spiel), made on first use."""
    venv = CACHE / "open-spiel"
    py = venv / "bin" / "python"
    if not (venv / ".installed").exists():
        run([sys.executable, "-m", "venv", str(venv)])
        run([str(py), "-m", "pip", "install", "-q", OPEN_SPIEL])
        (venv / ".installed").write_text(OPEN_SPIEL + "\n")
    return py


def open_spiel_match(pairs):
    """Hard against OpenSpiel's ISMCTS on OpenSpiel's Spades (research/vs_openspiel.py), in its venv."""
    return subprocess.call([str(open_spiel_python()), str(ROOT / "research" / "vs_openspiel.py"), "--pairs", str(pairs)],
                           cwd=ROOT)


def open_spiel_spades(seconds=2.0):
    """OpenSpiel's Spades random playouts per second, ``(deals, actions)``, from its own venv
    (.cache/open-spiel, made on first use); None when it cannot be installed here."""
    try:
        py = open_spiel_python()
        out = subprocess.run([str(py), str(SCRIPTS / "openspiel_playouts.py"), str(seconds)], check=True,
                             capture_output=True, text=True).stdout.split()
        return float(out[0]), float(out[1])
    except (subprocess.CalledProcessError, OSError, IndexError, ValueError) as e:
        log(f"OpenSpiel not measured: {e}")
        return None
