"""`manage.py sueca_score`: the conformance contract on stdin/stdout, through the one engine."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

EXAMPLES = Path(__file__).parents[1] / "engine" / "conformance_examples.json"


def score(text: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "manage.py", "sueca_score"], input=text,
                          capture_output=True, text=True, check=False,
                          cwd=Path(__file__).parents[2])


def matches(result: dict, expected: dict) -> bool:
    if expected["ok"]:
        return result == expected
    return result["ok"] is False and result["deal"] == expected["deal"] and result["error"]


def test_the_examples_file_reproduces_every_expected_result():
    examples = json.loads(EXAMPLES.read_text())
    run = score(EXAMPLES.read_text())
    assert run.returncode == 0, run.stderr
    results = json.loads(run.stdout)
    assert len(results) == len(examples)
    for result, example in zip(results, examples, strict=True):
        assert matches(result, example["expected"]), example["name"]


def test_one_case_gives_one_result():
    run = score(json.dumps({"deals": [{"points": [73, 47]}]}))
    assert json.loads(run.stdout)["games"] == [1, 0]


def test_an_invalid_deal_is_a_result_not_a_crash():
    run = score(json.dumps({"deals": [{"points": [61, 59]}, {"points": [80, 30]}]}))
    assert run.returncode == 0
    result = json.loads(run.stdout)
    assert result["ok"] is False and result["deal"] == 1 and "120" in result["error"]


def test_invalid_rules_name_no_deal():
    run = score(json.dumps({"rules": {"tie": "sometimes"}, "deals": []}))
    result = json.loads(run.stdout)
    assert run.returncode == 0 and result["ok"] is False and result["deal"] is None


@pytest.mark.parametrize("text", ["{", "", "[1, 2]", '"case"', '{"deals": 3}', '{"deal": []}'])
def test_malformed_input_exits_2_with_a_message(text):
    run = score(text)
    assert run.returncode == 2
    assert run.stderr.strip() and not run.stdout


def test_a_bad_rule_value_is_quoted_as_json_not_as_python(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO('{"rules": {"last_trick_bonus": true}, '
                                                 '"deals": []}'))
    out = io.StringIO()
    call_command("sueca_score", stdout=out)
    assert json.loads(out.getvalue())["error"] == (
        "The bonus for the last trick is a whole number of card points, 0 for none, not true.")
