"""The tournament services import one another in one direction: a module never imports one
that imports it back, so each can be imported first and read from the bottom up."""

import ast
from pathlib import Path

import pytest

import tournaments.services

SERVICES = Path(tournaments.services.__file__).parent
PACKAGE = "tournaments.services"


def imported_services(module: str) -> set[str]:
    """The modules of tournaments.services that `module` imports (not through __init__)."""
    tree = ast.parse((SERVICES / f"{module}.py").read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == PACKAGE:
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PACKAGE + "."):
            found.add(node.module.removeprefix(PACKAGE + ".").split(".")[0])
    return found & modules()


def modules() -> set[str]:
    return {path.stem for path in SERVICES.glob("*.py") if path.stem != "__init__"}


def reaches(start: str, goal: str) -> bool:
    seen, todo = set(), list(imported_services(start))
    while todo:
        module = todo.pop()
        if module == goal:
            return True
        if module not in seen:
            seen.add(module)
            todo += imported_services(module)
    return False


@pytest.mark.parametrize("module", sorted(modules()))
def test_no_service_module_is_imported_back_by_what_it_imports(module):
    assert not reaches(module, module)

