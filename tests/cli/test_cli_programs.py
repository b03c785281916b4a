"""The command line and programs (issue 10): files with definitions, `--max-steps`, `--trace`,
`--expand`, `rpn check` of programs, words in `--json`, and the usage lines of `--help`.

Expected outputs are worked out by hand from the programs (columns counted in the source).
"""
from __future__ import annotations

import json
import re
import time

import pytest

from cli_support import RPN, on_terminal, rpn, text

HYP = ": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ; 3 4 hyp"


# --- Files with definitions ----------------------------------------------------------------

PROGRAM_FILE = """\
# The length of the hypotenuse, over several lines
: hyp ( a b -- c )
  a 2 ^      # a squared
  b 2 ^ +    # plus b squared
  √
;
: twice ( x -- y ) 2 × ;
3 4 hyp twice
"""


def test_a_file_with_definitions_over_several_lines(tmp_path):
    (tmp_path / "p.rpn").write_text(PROGRAM_FILE)
    assert text(rpn(str(tmp_path / "p.rpn"))) == (0, "10\n", "")
    assert text(rpn("-d", str(tmp_path / "p.rpn"))) == (0, "twice(hyp(3,4))\n", "")
    assert text(rpn("-d", "--expand", str(tmp_path / "p.rpn"))) == (0, "√(3^2+4^2)×2\n", "")


def test_a_semicolon_in_parentheses_without_dashes_ends_the_definition():
    # `( ; )` has no `--` word: no stack effect (grammar/rpn.ebnf, L1b), so `(` is an unknown
    # word and the `;` ends f; `)` and `dup` stand at the top level. The shell and the
    # language server read it so too.
    code, out, err = text(rpn("-e", ": f ( ; ) dup"))
    assert code == 1 and out == ""
    assert [line for line in err.splitlines() if "error" in line] == [
        "-e:1:5: error: unknown token '(': RPN needs no parentheses (a stack effect is written ( a b -- c ), "
        "with a '--' word; a comment starts with #)",
        "-e:1:9: error: unknown token ')'",
        "-e:1:11: error: dup needs 1 operand, found 0",
    ]
    # With a `--` it is f's stack effect, and the `;` inside it ends nothing.
    code, _, err = text(rpn("-e", ": f ( x -- ; ) dup"))
    assert code == 1 and "-e:1:1: error: ':' has no ';' to end its definition" in err


def test_an_error_inside_a_word_points_into_its_body(tmp_path):
    prog = tmp_path / "p.rpn"
    prog.write_text("# inverse\n: inverse ( x -- y ) 1 swap ÷ ;\n0 inverse\n")
    code, out, err = text(rpn(str(prog)))
    assert (code, out) == (1, "")
    assert err == (f"{prog}:2:29: error: division by zero\n"
                   ": inverse ( x -- y ) 1 swap ÷ ;\n"
                   "                            ^\n"
                   f"{prog}:3:3: note: in inverse, called here\n")


STATIC_ERRORS = """\
: b1 ( x -- y ) if 1 else 1 2 then ;
: m ( a -- b c ) 1 + ;
: l ( n -- ) 1 n for i i next ;
then
: r 1 - r ;
: c clear ;
: sq dup × ;
: a : b ; ;
0 if + then
"""

# (code, line, first column, last column), in source order.
STATIC_EXPECTED = [
    ("unbalanced-branches", 1, 17, 18),     # at the if
    ("stack-effect-mismatch", 2, 5, 16),    # the declared ( a -- b c )
    ("unbalanced-loop", 3, 18, 20),         # at the for: a declared effect must balance
    ("unmatched-keyword", 4, 1, 4),         # then with no if
    ("recursion-needs-effect", 5, 9, 9),    # the call of r in r
    ("unknown-stack-effect", 6, 5, 9),      # clear
    ("invalid-definition", 7, 3, 4),        # sq is built in
    ("nested-definition", 8, 5, 5),         # the second :
    ("unmatched-keyword", 8, 11, 11),       # the ; left over
    ("unbalanced-branches", 9, 3, 4),       # an if that leaves 1 entry fewer
    ("missing-operand", 9, 6, 6),           # + in code that never runs
]


def test_loops_that_change_the_depth():
    """Issue 19. `+` 3 times on 1 2 3 4: 3+4 = 7, 2+7 = 9, 1+9 = 10; `total` counts its rounds
    from the depth (4 - 1 = 3), so its effect varies and the call adds 3 times too; 10^6 pushes
    in a block then `depth`: 1000000 entries, the top the last counter, 10^6; `eat` on 1 2 3
    with bounds 1 5: 2+3 = 5, 1+5 = 6, then `+` finds 1 entry (column 20), in rounds 3 to 5."""
    assert text(rpn("-e", "1 2 3 4 1 3 for i + next")) == (0, "10\n", "")
    assert text(rpn("-e", ": total depth 1 - 1 swap for i + next ; 1 2 3 4 total")) == (0, "10\n", "")
    code, out, err = text(rpn("-e", "1 1000000 for i i next depth"))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) == 1_000_001 and lines[-2:] == ["1000000", "1000000"]
    code, out, err = text(rpn("-e", ": eat 1 swap for i + next ; 1 2 3 5 eat"))
    assert code == 1 and out == ""
    # One error per cause: the loop's three passes fail at the same +, reported once.
    assert err.count("-e:1:20: error: + needs 2 operands, found 1\n") == 1


@pytest.mark.parametrize("command", [[], ["check"]])
def test_static_errors_are_reported_with_file_line_column_and_caret(tmp_path, command):
    prog = tmp_path / "static.rpn"
    prog.write_text(STATIC_ERRORS)
    code, out, err = text(rpn(*command, str(prog)))
    assert code == 1 and out == ""
    # Each diagnostic: its headline, the source line, a caret under the token.
    lines = err.splitlines()
    source = STATIC_ERRORS.splitlines()
    assert len(lines) == 3 * len(STATIC_EXPECTED), err
    for i, (_, line, first, last) in enumerate(STATIC_EXPECTED):
        assert lines[3 * i].startswith(f"{prog}:{line}:{first}: error: ")
        assert lines[3 * i + 1] == source[line - 1]
        assert lines[3 * i + 2] == " " * (first - 1) + "^" * (last - first + 1)


def test_check_json_names_each_static_error(tmp_path):
    prog = tmp_path / "static.rpn"
    prog.write_text(STATIC_ERRORS)
    code, out, err = text(rpn("check", "--json", str(prog)))
    assert code == 1
    [report] = json.loads(out)
    assert [(d["code"], d["range"]["start"]["line"], d["range"]["start"]["column"], d["range"]["end"]["column"])
            for d in report["diagnostics"]] == STATIC_EXPECTED


def test_check_stops_an_endless_loop_with_a_warning(tmp_path):
    prog = tmp_path / "loop.rpn"
    prog.write_text(": spin begin 0 until ;\nspin\n")
    start = time.monotonic()
    code, out, err = text(rpn("check", str(prog)))
    assert time.monotonic() - start < 10
    assert code == 0 and out == ""
    # The call of spin is step 1, then 0 and until alternate: the 1,000,001st is an until.
    assert err.startswith(f"{prog}:1:16: warning: stopped after 1000000 steps, the step limit (checking runs a "
                          "program for 1000000 steps at most; ")


def test_check_max_steps(tmp_path):
    prog = tmp_path / "loop.rpn"
    prog.write_text("begin 0 until\n")
    code, out, err = text(rpn("check", "--max-steps", "11", str(prog)))
    # 0 and until alternate: the 12th step, an until (column 9), is not run.
    assert code == 0
    assert err.startswith(f"{prog}:1:9: warning: stopped after 11 steps, the step limit (checking runs a program for "
                          "11 steps at most")
    code, out, err = text(rpn("check", "--json", "--max-steps", "11", str(prog)))
    assert [d["code"] for d in json.loads(out)[0]["diagnostics"]] == ["step-limit"]


# --- --max-steps ----------------------------------------------------------------------------

def test_max_steps_stops_a_run_where_it_is():
    # 0 1 1000 run outside the loop; in it, steps go for (1), then i + next (2, 3, 4), ...:
    # step 101 is the read of i at column 16.
    code, out, err = text(rpn("--max-steps", "100", "-e", "0 1 1000 for i i + next"))
    assert (code, out) == (1, "")
    assert err == ("-e:1:16: error: stopped after 100 steps, the step limit (raise it with --max-steps N)\n"
                   "0 1 1000 for i i + next\n"
                   "               ^\n")


def test_max_steps_enough_steps_run_to_the_end():
    # 1 + 3 × 1000 steps.
    assert text(rpn("--max-steps", "3001", "-e", "0 1 1000 for i i + next")) == (0, "500500\n", "")
    assert text(rpn("--max-steps", "3000", "-e", "0 1 1000 for i i + next"))[0] == 1


def test_default_step_limits():
    # Plain evaluation: 10^9 steps, far more than these 3 × 4×10^6 + 1.
    assert text(rpn("-e", "0 1 4000000 for i i 2 mod + next")) == (0, "2000000\n", "")
    # With descriptions (trees kept): 10^7; steps alternate 0 and until, so the 10^7+1st is a 0.
    code, out, err = text(rpn("-d", "-e", "begin 0 until"))
    assert code == 1
    assert err.startswith("-e:1:7: error: stopped after 10000000 steps, the step limit (rpn -d runs 10^7 steps at most")
    assert "32 bytes a step" in err and "--max-steps N" in err
    code, out, err = text(rpn("--json", "-e", "begin 0 until"))
    [diagnostic] = json.loads(out)["diagnostics"]
    assert diagnostic["code"] == "step-limit"
    assert diagnostic["message"].startswith("stopped after 10000000 steps, the step limit (rpn --json runs 10^7 steps")
    # Given explicitly, it holds for descriptions too.
    code, out, err = text(rpn("-d", "--max-steps", "20", "-e", "begin 0 until"))
    assert err.startswith("-e:1:7: error: stopped after 20 steps, the step limit (raise it with --max-steps N)")


@pytest.mark.parametrize("value", ["0", "-5", "abc", "1.5", "", "1e9", "99999999999999999999999"])
@pytest.mark.parametrize("command", [["-e", "1"], ["-d", "-e", "1"], ["check", "-"], ["plot", "-e", "M"]])
def test_max_steps_must_be_a_positive_whole_number(command, value):
    code, out, err = text(rpn(*command, "--max-steps", value, stdin="1"))
    assert code == 64 and out == ""
    assert "--max-steps" in err and "positive whole number" in err


def test_plot_max_steps():
    # A function whose every sample loops without end: the plot stops and says why.
    program = ": spin ( x -- y ) begin 0 until x ; M spin"
    start = time.monotonic()
    code, out, err = text(rpn("plot", "--max-steps", "1000", "-e", program))
    assert time.monotonic() - start < 10
    assert code == 1
    assert "stopped after 1000 steps" in err
    assert text(rpn("plot", "-e", ": twice ( x -- y ) 2 × ; M twice"))[0] == 0


# --- --expand ---------------------------------------------------------------------------------

@pytest.mark.parametrize("args, out", [
    (["-d", "-e", HYP], "hyp(3,4)\n"),
    (["-d", "--expand", "-e", HYP], "√(3^2+4^2)\n"),
    (["-d", "--expand", "--ascii", "-e", HYP], "sqrt(3^2+4^2)\n"),
    (["-d", "-e", ": square dup × ; M square"], "square(M)\n"),
    (["-d", "--expand", "-e", ": square dup × ; M square"], "M×M\n"),
    (["--expand", "-e", HYP], "5\n"),
])
def test_expand(args, out):
    assert text(rpn(*args)) == (0, out, "")


def test_expand_in_json():
    assert json.loads(rpn("--json", "--expand", "-e", HYP).stdout)["description"] == "√(3^2+4^2)"
    assert json.loads(rpn("--json", "-e", HYP).stdout)["description"] == "hyp(3,4)"


# --- Words in --json --------------------------------------------------------------------------

HYP_WORD = {"name": "hyp", "effect": "( a b -- c )", "description": "hyp(a,b) = √(a^2+b^2)"}


@pytest.mark.parametrize("args, program, free", [
    (["--json"], HYP, []),
    (["--json", "-d"], HYP + " M", ["M"]),
])
def test_json_lists_words_and_keeps_them_out_of_the_variables(args, program, free):
    code, out, err = text(rpn(*args, "-e", program))
    assert code == 0 and err == ""
    result = json.loads(out)
    assert result["words"] == [HYP_WORD]
    assert result["variables"] == {}
    assert result["free"] == free
    assert set(result) == {"values", "exact", "inexact", "digits", "description", "variables", "free", "diagnostics", "words"}


def test_a_name_read_as_a_variable_before_its_definition_is_free():
    result = json.loads(rpn("--json", "-d", "-e", "f : f ( a -- b ) a 1 + ; 2 f").stdout)
    assert (result["description"], result["free"]) == ("f,f(2)", ["f"])


def test_json_words_with_an_inferred_effect_and_a_word_with_errors():
    result = json.loads(rpn("--json", "-e", ": square dup × ; : two 1 2 ; : bad 1 if 2 then ; 3 square").stdout)
    assert result["words"] == [
        {"name": "square", "effect": "( x -- x )", "description": "square(x) = x×x"},
        {"name": "two", "effect": "( -- x y )", "description": "two ( -- x y ): 1,2"},
        {"name": "bad", "effect": None, "description": "bad (has errors)"},
    ]


def test_check_json_lists_each_files_words(tmp_path):
    (tmp_path / "a.rpn").write_text(HYP + "\n")
    (tmp_path / "b.rpn").write_text("1 2 +\n")
    reports = json.loads(rpn("check", "--json", str(tmp_path / "a.rpn"), str(tmp_path / "b.rpn")).stdout)
    assert [(r["file"], r["words"], r["diagnostics"]) for r in reports] == [
        (str(tmp_path / "a.rpn"), [HYP_WORD], []), (str(tmp_path / "b.rpn"), [], [])]


# --- --trace ----------------------------------------------------------------------------------

TRACES = [
    # Inside a word: its tokens named after it; the call with the stack it starts from.
    (": square dup × ; 3 square", [
        "1:1     : square ( x -- x )",
        "1:18    3               1: 3",
        "1:20    call square     1: 3",
        "1:10    square: dup     2: 3  1: 3",
        "1:14    square: ×       1: 3×3 = 9",
        "9",
    ]),
    # Parameters are read by name; each level shows its description and value.
    (HYP, [
        "1:1     : hyp ( a b -- c )",
        "1:38    3               1: 3",
        "1:40    4               2: 3  1: 4",
        "1:42    call hyp        2: 3  1: 4",
        "1:20    hyp: a          1: 3",
        "1:22    hyp: 2          2: 3  1: 2",
        "1:24    hyp: ^          1: 3^2 = 9",
        "1:26    hyp: b          2: 3^2 = 9  1: 4",
        "1:28    hyp: 2          3: 3^2 = 9  2: 4  1: 2",
        "1:30    hyp: ^          2: 3^2 = 9  1: 4^2 = 16",
        "1:32    hyp: +          1: 3^2+4^2 = 25",
        "1:34    hyp: √          1: √(3^2+4^2) = 5",
        "5",
    ]),
    # A branch: the if takes its flag; the part that runs follows.
    (": clamp ( x -- y ) dup 9 > if drop 9 then ; 12 clamp", [
        "1:1     : clamp ( x -- y )",
        "1:45    12              1: 12",
        "1:48    call clamp      1: 12",
        "1:20    clamp: dup      2: 12  1: 12",
        "1:24    clamp: 9        3: 12  2: 12  1: 9",
        "1:26    clamp: >        2: 12  1: 12>9 = 1",
        "1:28    clamp: if       1: 12",
        "1:31    clamp: drop     (empty)",
        "1:36    clamp: 9        1: 9",
        "9",
    ]),
    # A loop at the top level: the counter, the body, next, until the end.
    ("0 1 3 for i i + next", [
        "1:1     0               1: 0",
        "1:3     1               2: 0  1: 1",
        "1:5     3               3: 0  2: 1  1: 3",
        "1:13    i               2: 0  1: 1",
        "1:15    +               1: 0+1 = 1",
        "1:17    next            1: 0+1 = 1",
        "1:13    i               2: 0+1 = 1  1: 2",
        "1:15    +               1: 0+1+2 = 3",
        "1:17    next            1: 0+1+2 = 3",
        "1:13    i               2: 0+1+2 = 3  1: 3",
        "1:15    +               1: 0+1+2+3 = 6",
        "1:17    next            1: 0+1+2+3 = 6",
        "6",
    ]),
    # Deep stacks show the top four levels and how many more there are.
    ("1 2 3 4 5 6", [
        "1:1     1               1: 1",
        "1:3     2               2: 1  1: 2",
        "1:5     3               3: 1  2: 2  1: 3",
        "1:7     4               4: 1  3: 2  2: 3  1: 4",
        "1:9     5               … 1 more  4: 2  3: 3  2: 4  1: 5",
        "1:11    6               … 2 more  4: 3  3: 4  2: 5  1: 6",
        "1", "2", "3", "4", "5", "6",
    ]),
]


@pytest.mark.parametrize("program, lines", TRACES)
def test_trace(program, lines):
    assert text(rpn("--trace", "-e", program)) == (0, "\n".join(lines) + "\n", "")


def at(position):
    """A trace line's position column: at least 8 wide, at least 2 spaces after it."""
    return position + " " * max(2, 8 - len(position))


def test_trace_in_a_file_gives_lines_and_several_sources_their_names(tmp_path):
    prog = tmp_path / "p.rpn"
    prog.write_text(": twice ( x -- y )\n  2 ×\n;\ntwice\n")
    code, out, err = text(rpn("--trace", "-e", "5", str(prog)))
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        at("-e:1:1") + "5               1: 5",
        at(f"{prog}:1:1") + ": twice ( x -- y )",
        at(f"{prog}:4:1") + "call twice      1: 5",
        at(f"{prog}:2:3") + "twice: 2        2: 5  1: 2",
        at(f"{prog}:2:5") + "twice: ×        1: 5×2 = 10",
        "10",
    ]


def test_trace_lines_are_bounded():
    # A description that doubles with every `dup +`, a number of 200 digits: each line stays short.
    program = "1" + " dup +" * 40 + " " + "7" * 200 + " dup"
    code, out, err = text(rpn("--trace", "-e", program))
    assert code == 0
    lines = out.splitlines()[:-3]  # the three values follow the trace
    assert len(lines) == 1 + 2 * 40 + 2
    for line in lines:
        assert len(line) <= 320, line
    # The number (columns 243 to 442): its token cut to 24 columns, its value abbreviated.
    assert lines[-2].startswith("1:243   " + "7" * 23 + "…  2: 1+1+1+")
    assert lines[-2].endswith(" = 777777…7777 (200 digits)")
    assert lines[-1].startswith("1:444   dup             3: 1+1+1+")


@pytest.mark.parametrize("program, total", [
    ("0 1 40000 for i i + next", 800020000),              # a description 40000 deep
    ("0 →s 1 40000 for i s i + →s next s", 800020000),    # entries that read a variable
])
def test_a_long_trace_takes_time_in_proportion_to_its_length(program, total):
    """160,000 lines: each costs about the same however long the run has been."""
    start = time.monotonic()
    result = rpn("--trace", "-e", program, timeout=120)
    assert time.monotonic() - start < 15
    lines = result.stdout.decode().splitlines()
    assert len(lines) >= 3 * 40000 and lines[-1] == str(total)


def test_trace_goes_with_describe_but_not_json():
    code, out, err = text(rpn("--trace", "-d", "-e", "3 4 +"))
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "3+4"
    code, out, err = text(rpn("--trace", "--json", "-e", "1"))
    assert code == 64 and out == "" and "--trace" in err


def test_trace_shows_errors_after_the_lines():
    code, out, err = text(rpn("--trace", "-e", "1 0 ÷"))
    assert code == 1
    assert out.splitlines() == ["1:1     1               1: 1",
                                "1:3     0               2: 1  1: 0",
                                "1:5     ÷               1: 1÷0"]
    assert err.startswith("-e:1:5: error: division by zero")


@pytest.mark.parametrize("args, named", [
    (["--trace"], "--trace"), (["--expand"], "--expand"), (["--max-steps", "5"], "--max-steps"),
])
def test_options_of_runs_are_refused_by_the_shell(args, named):
    """On a terminal with no program, the shell would start: options about runs are refused."""
    code, shown = on_terminal([RPN, *args], env={"NO_COLOR": "1"})
    assert code == 64
    assert "rpn: error: " + named + " needs a program" in shown.decode()


# --- --help -----------------------------------------------------------------------------------

def help_sections(args):
    out = rpn(*args, "--help").stdout.decode()
    usage = out[out.index("USAGE:"):out.index("\n\n", out.index("USAGE:"))]
    options = out[out.index("OPTIONS:"):]
    names = re.findall(r"^  (-\w, )?(--[\w-]+)", options, re.M)
    return usage, [(short.strip(", ") or None, long) for short, long in names if long not in ("--help", "--version")]


def usage_entries(usage):
    """The usage lines by command: a line starting with `rpn` and the lines indented under it."""
    entries = []
    for line in usage.removeprefix("USAGE:").splitlines():
        if line.strip().startswith("rpn "):
            entries.append(line.strip())
        else:
            entries[-1] += " " + line.strip()
    return entries


@pytest.mark.parametrize("command", [[], ["check"], ["plot"], ["tokens"], ["lsp"]])
def test_usage_lines_show_every_option(command):
    """Every option of a command is in its usage, and in the entry `rpn --help` gives it."""
    usage, options = help_sections(command)
    main_usage, _ = help_sections([])
    entries = usage_entries(main_usage)
    if command:
        [main_entry] = [entry for entry in entries if entry.startswith(f"rpn {command[0]} ")]
    else:
        # The main command is two forms: a program's evaluation, then the shell's.
        main_entry = entries[0] + " " + entries[1]
    assert options
    for short, long in options:
        for where in (usage, main_entry):
            assert re.search(rf"(?<![\w-]){re.escape(long)}(?![\w-])", where) or \
                (short and re.search(rf"(?<![\w-]){re.escape(short)}(?![\w-])", where)), (long, where)


def test_undecided_ifs_on_a_deep_stack_are_checked_in_linear_time(tmp_path):
    # Each line leaves an entry, and its if decides on M, which has no value: both parts run
    # and merge into if(M<0,1,2). They can change only the entries the if takes (none here),
    # so only those are kept aside, not the whole stack: 300,000 lines took minutes before.
    prog = tmp_path / "ifs.rpn"
    prog.write_text("M 0 < if 1 else 2 then\n" * 300_000)
    code, out, err = text(rpn("check", "--max-steps", "2000000", str(prog), timeout=60))
    assert (code, out, err) == (0, "", "")
    code, out, err = text(rpn("-d", "-e", "5 7 M 0 < if + else × then 1 +"))
    assert (code, out) == (0, "if(M<0, 5+7, 5×7)+1\n"), err


# Fractions made and dropped by a loop fill the value store until it is compacted; an if on M,
# which has no value yet, keeps the entries its parts reach aside while both parts run, and
# the second part's loop compacts the store again. Every value kept anywhere must survive it
# (issue 16: the stacks kept aside were missed, and every front end died with SIGILL).
COMPACTED = ("1 3000 for j 1 j 2 + / drop next "
             "1 3 / M if 1 1100 for i 1 i 2 + / drop next 1 + else 2 + then")


@pytest.mark.parametrize("m, value", [("1", "4/3"), ("0", "7/3")])
def test_compaction_inside_an_undecided_if_keeps_the_entries_kept_aside(m, value, tmp_path):
    # 1/3 + 1 = 4/3 when M is not 0, 1/3 + 2 = 7/3 when it is.
    assert text(rpn("--fractions", "--set", f"M={m}", "-e", COMPACTED)) == (0, f"{value}\n", "")
    code, out, err = text(rpn("-e", COMPACTED))
    assert (code, out) == (1, "")
    assert err.startswith("-e:1:40: error: variable 'M' is unset\n"), err
    assert text(rpn("-d", "-e", COMPACTED)) == (0, "if(M, 1÷3+1, 1÷3+2)\n", "")
    # The same code as a word: run, and checked.
    prog = tmp_path / "w.rpn"
    prog.write_text(f": w ( -- r ) {COMPACTED} ;\nw\n")
    assert text(rpn("--fractions", "--set", f"M={m}", str(prog))) == (0, f"{value}\n", "")
    assert text(rpn("check", str(prog))) == (0, "", "")


# Runs a command from a small process of its own and reports the command's peak RSS: a child
# forked from this test process would start its peak at this process's size (Linux counts the
# forked copy's pages), which by now can be a gigabyte.
PEAK_OF = """
import os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
print(usage.ru_maxrss, os.waitstatus_to_exitcode(status), file=sys.stderr)
"""


def test_ten_million_values_stay_small(tmp_path):
    # Issue 16: 10^7 numbers on the stack peaked at 408 MB (43 bytes a value): the values were
    # gathered into one array before printing. A value costs its 8-byte entry; the output is
    # written as it is formatted. (The source itself is 2 bytes a value.)
    import subprocess
    import sys
    prog = tmp_path / "ones.rpn"
    prog.write_text("1 " * 10_000_000 + "depth\n")
    with open(tmp_path / "out", "wb") as out:
        measured = subprocess.run([sys.executable, "-c", PEAK_OF, RPN, str(prog)], stdout=out, stderr=subprocess.PIPE,
                                  stdin=subprocess.DEVNULL, timeout=120)
    peak_kib, status = (int(field) for field in measured.stderr.split()[-2:])
    output = (tmp_path / "out").read_bytes()
    assert status == 0
    assert output.count(b"\n") == 10_000_001 and output.endswith(b"\n10000000\n")
    assert peak_kib / 1024 < 300, f"peak {peak_kib / 1024:.0f} MB for 10^7 values"


# --- Functions of variables, and names ending in "?" -----------------------------------------

FAC = ": fac ( n -- f ) n 2 < if 1 else n n 1 - fac × then ; "
PARITY = (": even? ( n -- f ) n 0 = if 1 else n 1 - odd? then ; "
          ": odd? ( n -- f ) n 0 = if 0 else n 1 - even? then ; ")


@pytest.mark.parametrize("args, expected", [
    # 6! = 720: a function called on a variable is valued once the variable has its value, as
    # `rpn -d` describes it, fac(M); it was a recursion-limit error run in place on M.
    (["--set", "M=6", "-e", FAC + "M fac"], "720\n"),
    (["--set", "M=6", "-d", "-e", FAC + "M fac"], "fac(M)\n"),
    # 1 + 2 + 3 = 6: a loop bounded by the argument, called on M = 3.
    (["--set", "M=3", "-e", ": total ( n -- s ) 0 1 n for i i + next ; M total"], "6\n"),
    # f(1) = 1 fails nowhere: the else part's division is not f's to report for x = 1.
    (["--set", "x=1", "-e", ": f ( a -- r ) a if 1 else 0 0 ÷ then ; x f"], "1\n"),
    # Mutual recursion on names ending in "?": 10 is even, 7 is odd.
    (["-e", PARITY + "10 even? 7 even? 7 odd?"], "1\n0\n1\n"),
])
def test_functions_of_variables_and_predicates(args, expected):
    assert text(rpn(*args)) == (0, expected, "")
