"""`manage.py sueca_score` fed junk on stdin: a case of the right shape gives a result (exit 0,
{"ok": false, ...} when its rules or deals are wrong); anything else exits 2 with a message on
stderr and nothing on stdout. Never a traceback."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.case import CASE_KEYS
from tests.fuzz.strategies import FUZZ, HUGE_NUMBERS, json_junk

ROOT = Path(__file__).parents[2]
RULE_NAMES = ["flag", "flag_value", "flag_wins_partida", "double_from", "tie", "revoke",
              "rotation"]
FORMAT_NAMES = ["type", "target", "to_win", "deals", "extra_deals"]
GOOD_DEALS = [{"points": [70, 50]}, {"points": [120, 0], "flag": "A"}, {"revoke": "B"},
              {"points": [60, 60]}]

near_values = st.one_of(json_junk, st.sampled_from(HUGE_NUMBERS), st.sampled_from(
    ["tricks", "points", "none", "carry", "partida", "match", "clockwise", "first_to",
     "partidas", "fixed_deals", 0, 1, 4, 61, 120, True, False, None]))

# Cases of the documented shape whose rules, format, dealer or deals may be anything.
cases = st.fixed_dictionaries(
    {"deals": st.lists(st.one_of(st.sampled_from(GOOD_DEALS), json_junk,
                                 st.dictionaries(st.sampled_from(["points", "flag", "tricks",
                                                                  "revoke"]), near_values,
                                                 max_size=3)), max_size=6)},
    optional={
        "rules": st.one_of(json_junk, st.dictionaries(st.sampled_from(RULE_NAMES), near_values,
                                                      max_size=3)),
        "preset": st.one_of(json_junk, st.sampled_from(["portugal", "brasil", "nowhere"])),
        "format": st.one_of(json_junk, st.dictionaries(st.sampled_from(FORMAT_NAMES),
                                                       near_values, max_size=3)),
        "first_dealer": near_values,
    })
examples = cases.map(lambda case: {"name": "x", "case": case, "expected": {}})


def run(text: str) -> tuple[int, str, str]:
    """The command's exit status, stdout and stderr for `text` on its standard input."""
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        call_command("sueca_score", stdout=out, stderr=err)
        status = 0
    except SystemExit as exit_:
        status = exit_.code
    finally:
        sys.stdin = stdin
    return status, out.getvalue(), err.getvalue()


def assert_result(result: object) -> None:
    assert isinstance(result, dict)
    if result["ok"] is False:
        assert set(result) == {"ok", "deal", "error"}
        assert result["deal"] is None or isinstance(result["deal"], int)
        assert isinstance(result["error"], str) and result["error"]
    else:
        assert result["ok"] is True and isinstance(result["games"], list)


@given(item=st.one_of(cases, examples, st.lists(cases | examples, max_size=4)))
@FUZZ
def test_a_case_of_the_right_shape_always_gives_a_result(item):
    status, out, err = run(json.dumps(item))
    assert status == 0, err
    results = json.loads(out)
    for result in results if isinstance(item, list) else [results]:
        assert_result(result)


def malformed(item: object) -> bool:
    """Not a case, an example or a list of them (what docs/conformance.md calls malformed)."""
    def is_case(case):
        if isinstance(case, dict) and "case" in case and set(case) <= {"name", "case", "expected"}:
            case = case["case"]
        return (isinstance(case, dict) and set(case) <= set(CASE_KEYS)
                and isinstance(case.get("deals"), list))
    items = item if isinstance(item, list) else [item]
    return not all(is_case(case) for case in items)


@given(item=json_junk.filter(malformed) | st.dictionaries(
    st.text(max_size=8), json_junk, min_size=1).filter(malformed))
@FUZZ
def test_json_that_is_no_case_exits_2_with_a_message(item):
    status, out, err = run(json.dumps(item))
    assert (status, out) == (2, "")
    assert err.strip() and "Traceback" not in err


@given(text=st.one_of(
    st.text(max_size=50).filter(lambda t: not is_json(t)),
    st.integers(1000, 100_000).map(lambda depth: "[" * depth),
    st.integers(1000, 100_000).map(lambda depth: '{"deals": ' + "[" * depth),
    st.just("[" + "9" * 5000 + "]"),
    st.sampled_from(["", " ", "{", "}", "[1,", "nul", "\x00", '{"deals": []}{"deals": []}',
                     '{"deals": [}', "\ufeff{}"]),
))
@FUZZ
def test_text_that_is_not_json_exits_2_with_a_message(text):
    status, out, err = run(text)
    assert (status, out) == (2, "")
    assert err.strip() and "Traceback" not in err


def is_json(text: str) -> bool:
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


@pytest.mark.parametrize("data", [b"\x80{\xff}", '{"deals": []}'.encode("utf-16"),
                                  b"[" * 200_000])
def test_bytes_that_are_not_utf8_json_exit_2_in_a_real_process(data):
    run_ = subprocess.run([sys.executable, "manage.py", "sueca_score"], input=data,
                          capture_output=True, check=False, cwd=ROOT)
    assert (run_.returncode, run_.stdout) == (2, b""), run_.stderr[-500:]
    assert run_.stderr.strip() and b"Traceback" not in run_.stderr


def test_a_deeply_nested_input_is_malformed_not_a_crash():
    """It used to end in a RecursionError traceback."""
    status, out, err = run("[" * 100_000)
    assert (status, out) == (2, "")
    assert "not valid JSON" in err
