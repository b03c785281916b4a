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
# Another apt holds the lock for the first N calls (N in $0.locked), as apt says it.
if [ -f "$0.locked" ]; then
    left=$(cat "$0.locked")
    if [ "$left" -gt 0 ]; then
        echo $((left - 1)) > "$0.locked"
        echo "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt-get)" >&2
        exit 100
    fi
fi
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


def run_script(fake_bin: Path, *packages: str, succeeds: bool = True, **env_vars: str) -> list[str]:
    env = dict(os.environ, PATH=f"{fake_bin}:/usr/bin:/bin", RPN_APT_LOCK_RETRY="0.05", **env_vars)
    proc = subprocess.run([str(SCRIPT), *packages], env=env, capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)
    assert (proc.returncode == 0) == succeeds, proc.stdout + proc.stderr
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


def test_every_apt_get_call_waits_for_the_dpkg_lock(fake_bin):
    calls = run_script(fake_bin, "never-heard-of-pkg")
    assert [c.split()[:2] for c in calls] == [["-o", "DPkg::Lock::Timeout=600"]] * 2, calls


def test_a_lock_held_by_another_apt_is_waited_for(fake_bin):
    (fake_bin / "apt-get.locked").write_text("3")  # update fails three times, then gets through
    calls = run_script(fake_bin, "never-heard-of-pkg")
    assert sum(" update " in f" {c} " for c in calls) == 4, calls
    assert sum(" install " in f" {c} " for c in calls) == 1, calls
    assert calls[-1].split()[-1] == "never-heard-of-pkg", calls


def test_a_lock_held_past_the_deadline_fails_with_apt_s_message(fake_bin):
    (fake_bin / "apt-get.locked").write_text("1000000")
    env = dict(os.environ, PATH=f"{fake_bin}:/usr/bin:/bin", RPN_APT_LOCK_RETRY="0.05", RPN_APT_LOCK_WAIT="1")
    proc = subprocess.run([str(SCRIPT), "never-heard-of-pkg"], env=env, capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)
    assert proc.returncode == 100, proc.stderr
    assert "Could not get lock" in proc.stderr and "waiting" in proc.stderr


def test_a_failure_that_is_no_lock_is_not_tried_again(fake_bin):
    (fake_bin / "apt-get").write_text('#!/bin/sh\necho "$@" >> "$0.log"\necho "E: Unable to locate package nope" >&2\nexit 100\n')
    calls = run_script(fake_bin, "never-heard-of-pkg", succeeds=False)
    assert len(calls) == 1, calls
