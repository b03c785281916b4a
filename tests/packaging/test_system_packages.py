"""scripts/install-system-packages installs exactly the packages that are not installed.

dpkg keeps a record of packages that were removed but whose configuration files remain
(`Status: deinstall ok config-files`); `dpkg -s` succeeds for them although nothing is
installed. The script must install those. dpkg, dpkg-query, apt-get and sudo are stand-ins
on PATH that behave as dpkg documents (dpkg-query(1): db:Status-Status is the third word of
Status; -W exits 1 for a package dpkg has never heard of) and record what apt-get is asked.
"""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "install-system-packages"

# What dpkg's database says about each package (the Status field), None: never heard of.
STATUS = {
    "installed-pkg": "install ok installed",
    "removed-pkg": "deinstall ok config-files",   # apt-get remove: configuration kept
    "purged-pkg": "purge ok not-installed",
    "half-pkg": "install ok half-configured",
    "marked-for-removal-pkg": "deinstall ok installed",  # still installed until apt runs
}

FAKE_DPKG_QUERY = r'''#!/usr/bin/env python3
import json, sys
status = json.loads(open(sys.argv[0] + ".json").read())
args = sys.argv[1:]
fmt = "${binary:Package}\t${Version}\n"
packages = []
i = 0
while i < len(args):
    a = args[i]
    if a in ("-W", "--show"): pass
    elif a.startswith("-f") or a.startswith("--showformat"):
        if "=" in a: fmt = a.split("=", 1)[1]
        elif a == "-f" or a == "--showformat": i += 1; fmt = args[i]
        else: fmt = a[2:]
    elif a.startswith("-"): sys.exit(f"fake dpkg-query: unsupported option {a}")
    else: packages.append(a)
    i += 1
code = 0
for p in packages:
    s = status.get(p)
    if s is None:
        print(f"dpkg-query: no packages found matching {p}", file=sys.stderr); code = 1; continue
    want, err, state = s.split()
    sys.stdout.write(fmt.replace("${db:Status-Status}", state).replace("${db:Status-Abbrev}", want[0] + state[0] + " ")
                        .replace("${Status}", s).replace("${binary:Package}", p).replace("${Package}", p)
                        .replace("${Version}", "1.0").replace("\\n", "\n").replace("\\t", "\t"))
sys.exit(code)
'''

FAKE_DPKG = r'''#!/usr/bin/env python3
import json, sys
status = json.loads(open(sys.argv[0] + ".json").read())
if sys.argv[1] not in ("-s", "--status"): sys.exit("fake dpkg: unsupported " + sys.argv[1])
code = 0
for p in sys.argv[2:]:
    s = status.get(p)
    if s is None:
        print(f"dpkg-query: package '{p}' is not installed and no information is available", file=sys.stderr); code = 1
    else:
        print(f"Package: {p}\nStatus: {s}\n")
sys.exit(code)
'''

FAKE_APT_GET = '''#!/bin/sh
echo "$@" >> "$0.log"
'''

FAKE_SUDO = '''#!/bin/sh
exec "$@"
'''


@pytest.fixture
def fake_bin(tmp_path: Path) -> Path:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    import json
    for name, text in {"dpkg-query": FAKE_DPKG_QUERY, "dpkg": FAKE_DPKG,
                       "apt-get": FAKE_APT_GET, "sudo": FAKE_SUDO}.items():
        path = bin_dir / name
        path.write_text(text)
        path.chmod(path.stat().st_mode | stat.S_IXUSR)
        (bin_dir / (name + ".json")).write_text(json.dumps(STATUS))
    return bin_dir


def run_script(fake_bin: Path, *packages: str) -> list[str]:
    env = dict(os.environ, PATH=f"{fake_bin}:/usr/bin:/bin")
    proc = subprocess.run([str(SCRIPT), *packages], env=env, capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    log = fake_bin / "apt-get.log"
    return log.read_text().splitlines() if log.exists() else []


@pytest.mark.parametrize("package, installs", [
    ("installed-pkg", False),
    ("removed-pkg", True),
    ("purged-pkg", True),
    ("half-pkg", True),
    ("never-heard-of-pkg", True),
    ("marked-for-removal-pkg", False),
])
def test_installs_a_package_unless_it_is_installed(fake_bin, package, installs):
    calls = run_script(fake_bin, package)
    install_calls = [c.split() for c in calls if " install " in f" {c} "]
    if installs:
        assert len(install_calls) == 1, calls
        assert install_calls[0][-1] == package, calls
    else:
        assert calls == [], f"apt-get was run for an installed package: {calls}"


def test_installs_only_the_missing_ones_in_one_apt_get_call(fake_bin):
    calls = run_script(fake_bin, "installed-pkg", "removed-pkg", "never-heard-of-pkg")
    install_calls = [c.split() for c in calls if " install " in f" {c} "]
    assert len(install_calls) == 1, calls
    assert install_calls[0][-2:] == ["removed-pkg", "never-heard-of-pkg"], calls


def test_nothing_to_do_runs_no_apt_get(fake_bin):
    assert run_script(fake_bin, "installed-pkg") == []
