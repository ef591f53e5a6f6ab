"""Error messages: translatable templates with parameters, in a referee's words."""

import ast
from pathlib import Path

import pytest

from scoring.engine import (
    CaseError,
    DealError,
    RulesError,
    SuecaError,
    gettext_noop,
    rules_from,
    score_case,
)
from tests.engine.helpers import play, won

ENGINE = Path(__file__).resolve().parents[2] / "scoring" / "engine"
ERRORS = {"SuecaError", "DealError", "RulesError", "CaseError"}


def test_the_message_is_the_template_filled_with_its_params():
    error = DealError("Card points must add up to 120 (%(a)s + %(b)s = %(total)s).",
                      a=70, b=40, total=110)
    assert str(error) == "Card points must add up to 120 (70 + 40 = 110)."
    assert error.params == {"a": 70, "b": 40, "total": 110}


def test_a_message_without_params_is_the_template():
    assert str(DealError("Tricks must add up to 10.")) == "Tricks must add up to 10."


def test_a_deal_error_knows_the_position_of_the_deal():
    with pytest.raises(DealError) as caught:
        play(won(70), won(120, flag="A"), won(70))
    assert caught.value.index == 2
    assert str(caught.value) == "This match is finished: no more deals."


def test_a_rules_error_has_the_template_and_the_bad_value():
    with pytest.raises(RulesError) as caught:
        rules_from(overrides={"double_from": 130})
    assert caught.value.params == {"value": "130"}
    assert str(caught.value) == caught.value.template % {"value": 130}


@pytest.mark.parametrize("error", [DealError, RulesError, CaseError])
def test_every_engine_error_is_a_sueca_error(error):
    assert issubclass(error, SuecaError)


def test_gettext_noop_returns_the_message_untouched():
    assert gettext_noop("A flag needs 120 card points.") == "A flag needs 120 card points."


def _sentences(tree: ast.AST) -> list[ast.Constant]:
    """String constants that read as a message (docstrings aside)."""
    docstrings = {
        id(node.body[0].value) for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef) and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    return [
        node for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        and " " in node.value and node.value[:1].isupper() and id(node) not in docstrings
    ]


def _marked(tree: ast.AST) -> set[int]:
    return {
        id(arg) for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "gettext_noop"
        for arg in ast.walk(node.args[0])
    }


@pytest.mark.parametrize("path", sorted(ENGINE.glob("*.py")), ids=lambda p: p.name)
def test_every_engine_message_is_marked_for_translation(path):
    tree = ast.parse(path.read_text())
    marked = _marked(tree)
    unmarked = [node.value for node in _sentences(tree) if id(node) not in marked]
    assert unmarked == []


def test_every_raised_engine_error_carries_a_marked_message():
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if getattr(getattr(node, "func", None), "id", None) in ERRORS:
                message = node.args[0]
                if isinstance(message, ast.Call):  # else picked from a table of marked ones
                    assert getattr(message.func, "id", None) == "gettext_noop", (
                        ast.unparse(node))


@pytest.mark.parametrize(("rules", "shown"), [
    ({"last_trick_bonus": True}, "true"), ({"flag": None}, "null"), ({"tie": "x"}, '"x"'),
    ({"revoke": {"a": "b"}}, '{"a": "b"}'),
])
def test_a_bad_value_is_quoted_as_json_writes_it(rules, shown):
    result = score_case({"rules": rules, "deals": []})
    assert result["error"].endswith(f", not {shown}.")
