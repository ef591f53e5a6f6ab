"""The browser scorer (static/js/scorer.js) gives what the Python engine gives.

The vectors are the engine's own results (tests/engine/js_vectors.py writes them); Node's
test runner checks the scorer against them (tests/js/scorer.test.mjs).
"""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.engine.js_vectors import VECTORS, dumps, vectors

ROOT = Path(__file__).resolve().parents[2]


def test_the_committed_vectors_are_the_engines_current_results():
    assert VECTORS.read_text() == dumps(vectors()), (
        "tests/engine/js_vectors.json is out of date with the engine: "
        "run `python -m tests.engine.js_vectors` and commit it"
    )


def test_the_vectors_cover_every_kind_of_result():
    expected = [v["expected"] for v in json.loads(VECTORS.read_text())]
    assert any("case_error" in e for e in expected)
    results = [e for e in expected if "ok" in e]
    assert any(e["ok"] and e["finished"] for e in results)
    assert any(e["ok"] and not e["finished"] for e in results)
    assert any(not e["ok"] and e["deal"] is None for e in results)
    assert any(not e["ok"] and e["deal"] is not None for e in results)


def test_node_agrees_with_the_engine():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not on PATH: the JS scorer is checked where Node 20 is installed (CI)")
    run = subprocess.run([node, "--test", "tests/js/"], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, f"node --test tests/js/ failed:\n{run.stdout}\n{run.stderr}"
