"""Python code marks what people read, and translates it when it is read, not at import.

Two checks over the project's Python files (tests and migrations aside):
- a text shown to people is wrapped in gettext/gettext_lazy/ngettext where it is handed to
  Django: messages.success(request, "…"), ValidationError("…"), form.add_error(…, "…"),
  label=/help_text=/verbose_name=/empty_label="…";
- gettext (not gettext_lazy) is never called at import time, in a module or class body: it
  would translate once, into whatever language was active then;
- no translation call sits inside an f-string: xgettext (makemessages) does not read it, so
  its words never reach the catalogues and stay in English.
The engine (scoring/engine) marks its messages with its own gettext_noop; the Django layer
translates them with gettext(error.template) % error.params.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.i18n.catalogues import ROOT

SKIP_PARTS = {".venv", "tests", "migrations", "bench", "node_modules", "staticfiles"}
MARKERS = {"_", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy", "pgettext", "pgettext_lazy",
           "npgettext", "npgettext_lazy", "gettext_noop", "format_lazy"}
EAGER = {"gettext", "ngettext", "pgettext", "npgettext"}
MESSAGE_CALLS = {"debug", "info", "success", "warning", "error"}
TEXT_KEYWORDS = {"label", "help_text", "verbose_name", "verbose_name_plural", "empty_label"}


def python_files() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py")
                  if not SKIP_PARTS & set(p.relative_to(ROOT).parts[:-1]))


def is_text(node: ast.AST) -> bool:
    """A literal (or an f-string) with a word in it."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(re.search(r"[^\W\d_]{2,}", node.value))
    return isinstance(node, ast.JoinedStr)


def call_name(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def unmarked_texts(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = call_name(node)
        owner = node.func.value if isinstance(node.func, ast.Attribute) else None
        shown = []
        if name in MESSAGE_CALLS and isinstance(owner, ast.Name) and owner.id == "messages":
            shown = node.args[1:2]
        elif name == "ValidationError":
            shown = node.args[:1]
        elif name == "add_error":
            shown = node.args[1:2]
        shown += [k.value for k in node.keywords if k.arg in TEXT_KEYWORDS]
        found += [(n.lineno, ast.unparse(n)[:70]) for n in shown if is_text(n)]
    return found


def eager_calls(tree: ast.Module) -> list[tuple[int, str]]:
    names = {alias.asname or alias.name for node in ast.walk(tree)
             if isinstance(node, ast.ImportFrom) and node.module == "django.utils.translation"
             for alias in node.names if alias.name in EAGER}
    found = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue  # runs when called, in the request's language
            if isinstance(child, ast.Call) and isinstance(child.func, ast.Name) and child.func.id in names:
                found.append((child.lineno, ast.unparse(child)[:70]))
            visit(child)

    visit(tree)
    return found


def calls_in_fstrings(tree: ast.AST) -> list[tuple[int, str]]:
    return [(call.lineno, ast.unparse(call)[:70]) for node in ast.walk(tree)
            if isinstance(node, ast.JoinedStr) for call in ast.walk(node)
            if isinstance(call, ast.Call) and call_name(call) in MARKERS]


@pytest.mark.parametrize("path", python_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_texts_handed_to_django_are_marked_and_translated_when_read(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    unmarked = unmarked_texts(tree)
    eager = eager_calls(tree)
    assert not unmarked, (f"{path.relative_to(ROOT)}: texts people read are not marked for "
                          "translation (wrap them in gettext/gettext_lazy):\n  "
                          + "\n  ".join(f"line {n}: {t}" for n, t in unmarked))
    assert not eager, (f"{path.relative_to(ROOT)}: gettext runs at import time, so it translates "
                       "once into the wrong language; use gettext_lazy there:\n  "
                       + "\n  ".join(f"line {n}: {t}" for n, t in eager))
    hidden = calls_in_fstrings(tree)
    assert not hidden, (f"{path.relative_to(ROOT)}: makemessages cannot read a translation "
                        "inside an f-string; call it before, into a name:\n  "
                        + "\n  ".join(f"line {n}: {t}" for n, t in hidden))


@pytest.mark.parametrize("source, unmarked, eager", [
    ('messages.success(request, "Saved.")', 1, 0),
    ('messages.success(request, _("Saved."))', 0, 0),
    ('raise ValidationError(f"{x} is wrong")', 1, 0),
    ('name = forms.CharField(label="Name", help_text=_("Help"))', 1, 0),
    ('from django.utils.translation import gettext as _\nTITLE = _("Title")', 0, 1),
    ('from django.utils.translation import gettext as _\ndef f():\n    return _("Title")', 0, 0),
    ('from django.utils.translation import gettext_lazy as _\nTITLE = _("Title")', 0, 0),
    ('form.add_error(None, "#")', 0, 0),
])
def test_the_checks_find_what_they_should(source, unmarked, eager):
    tree = ast.parse(source)
    assert (len(unmarked_texts(tree)), len(eager_calls(tree))) == (unmarked, eager)


@pytest.mark.parametrize("source, hidden", [
    ('x = f"<b>{escape(_(\'No table\'))}</b>"', 1),
    ('word = _("No table")\nx = f"<b>{word}</b>"', 0),
])
def test_a_translation_inside_an_f_string_is_found(source, hidden):
    assert len(calls_in_fstrings(ast.parse(source))) == hidden
