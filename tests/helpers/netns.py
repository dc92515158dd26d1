"""A network namespace of the test's own, for pages that open peer connections (the live tables).

``unshare -n`` gives a process a network of its own with nothing in it; the setup brings up its
loopback and a veth pair (10.77.0.1/24 and 10.77.0.2/24, a default route through the pair) so that
WebRTC finds an interface and gathers host candidates on it, and IPv6 off so those two addresses are
all it can use. Nothing sent in the namespace can leave it: it has no link to the machine's network.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess

ADDRESSES = ("10.77.0.1", "10.77.0.2")
SETUP = " && ".join([
    "ip link set lo up",
    "sysctl -qw net.ipv6.conf.all.disable_ipv6=1",
    "sysctl -qw net.ipv6.conf.default.disable_ipv6=1",
    "ip link add v0 type veth peer name v1",
    f"ip addr add {ADDRESSES[0]}/24 dev v0",
    f"ip addr add {ADDRESSES[1]}/24 dev v1",
    "ip link set v0 up",
    "ip link set v1 up",
    f"ip route add default via {ADDRESSES[1]} dev v0",
])


def problem() -> str | None:
    """Why no namespace can be made here (None: one can)."""
    for tool in ("unshare", "ip", "sysctl"):
        if not shutil.which(tool):
            return f"`{tool}` is not installed"
    try:
        done = subprocess.run(["unshare", "-n", "sh", "-c", f"{SETUP} && ip -4 addr show dev v0"],
                              capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"`unshare -n` failed ({e})"
    if done.returncode or ADDRESSES[0] not in done.stdout:
        return f"cannot make a network namespace (needs root): {(done.stderr or done.stdout).strip()[:200]}"
    return None


def run(argv: list[str], timeout: float, cwd=None, env=None) -> subprocess.CompletedProcess:
    """``argv`` run inside a fresh namespace (the setup above first), its output captured."""
    command = f"{SETUP} && exec {' '.join(shlex.quote(str(a)) for a in argv)}"
    return subprocess.run(["unshare", "-n", "sh", "-c", command], capture_output=True, text=True,
                          timeout=timeout, cwd=cwd, env=env)
