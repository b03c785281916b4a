"""tests/conftest.py: the end-to-end tests use the release binary unless RPN_BIN says
otherwise, and under CI=true a skip is a failure."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
TESTS = REPO / "tests"
RELEASE = REPO / ".build" / "release" / "rpn"

# Every Python file under tests/ that reads RPN_BIN, and the expression giving the binary it
# then runs (evaluated in that module after importing it).
RPN_BIN_READERS = {
    "tests/lsp/lsp_wire.py": "RPN",
    "tests/editors/editor_support.py": "RPN",
    "tests/numerics/test_degrees.py": "RPN",
    "tests/numerics/test_correct_rounding.py": "RPN",
    "tests/numerics/test_digits.py": "RPN",
    "tests/numerics/test_analysis.py": "RPN",
    "tests/cli/test_readme_examples.py": "RPN",
    "tests/shell/shell_support.py": "RPN",
    "tests/cli/cli_support.py": "RPN",
    "tests/grammar/rpn_grammar_support.py": "rpn_binary()",
}


def test_the_table_names_every_reader_of_rpn_bin():
    readers = {str(path.relative_to(REPO)) for path in TESTS.rglob("*.py")
               if re.search(r"""environ\.get\(\s*["']RPN_BIN|getenv\(\s*["']RPN_BIN|environ\[["']RPN_BIN""",
                            path.read_text(encoding="utf-8"))}
    readers.discard("tests/conftest.py")
    assert readers == set(RPN_BIN_READERS)


@pytest.mark.parametrize("module_path, expression", RPN_BIN_READERS.items())
def test_without_rpn_bin_the_tests_run_the_release_binary(module_path, expression):
    module = Path(module_path)
    program = (
        "import sys, os\n"
        f"sys.path[:0] = [{str(TESTS)!r}, {str(REPO / module.parent)!r}]\n"
        "import conftest\n"
        f"import {module.stem} as m\n"
        f"print(os.path.realpath(str(eval({expression!r}, vars(m)))))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "RPN_BIN"}
    proc = subprocess.run([sys.executable, "-c", program], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == os.path.realpath(RELEASE)


SAMPLE_TESTS = '''
import pytest

def test_passes():
    pass

def test_needs_a_missing_tool():
    pytest.skip("frobnicator is not installed")

@pytest.mark.xfail(strict=True, reason="a known disagreement")
def test_known_failure():
    assert False
'''


@pytest.mark.parametrize("ci, status, summary", [
    ("true", 1, "1 failed, 1 passed, 1 xfailed"),
    ("", 0, "1 passed, 1 skipped, 1 xfailed"),
])
def test_under_ci_a_skip_fails_the_run(tmp_path, ci, status, summary):
    shutil.copy(TESTS / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_sample.py").write_text(SAMPLE_TESTS)
    env = dict(os.environ, CI=ci)
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rfs",
                           "--rootdir", str(tmp_path), str(tmp_path)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == status, proc.stdout + proc.stderr
    assert summary in proc.stdout, proc.stdout
    if ci:
        assert "frobnicator is not installed" in proc.stdout
