"""Helpers for the translation tests: where the catalogues are, and a small .po reader.

No third-party package: a .po file is read here, a .mo file with Python's ``gettext``.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"
LOCALES = ("pt_PT", "pt_BR", "en")
TRANSLATED = ("pt_PT", "pt_BR")  # en is the source language: its catalogue may stay empty
DOMAINS = ("django", "djangojs")
PLURAL_FORMS = {
    "pt_PT": "nplurals=2; plural=(n != 1);",
    # Not gettext's usual (n > 1) for Brazil: "0 mãos jogadas", as Brazilians write it, not
    # "0 mão jogada".
    "pt_BR": "nplurals=2; plural=(n != 1);",
    "en": "nplurals=2; plural=(n != 1);",
}


@dataclass
class Entry:
    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: str = ""
    msgstr_plural: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.msgctxt, self.msgid)

    @property
    def strings(self) -> list[str]:
        return list(self.msgstr_plural.values()) if self.msgid_plural is not None else [self.msgstr]

    @property
    def translated(self) -> bool:
        return bool(self.strings) and all(self.strings)


def read_po(path: Path) -> list[Entry]:
    """The entries of a .po file, the header (msgid "") included, obsolete ones marked."""
    entries: list[Entry] = []
    current: Entry | None = None
    target: str | None = None

    def finish() -> None:
        nonlocal current
        if current is not None:
            entries.append(current)
        current = None

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            finish()
            target = None
            continue
        if line.startswith("#,"):
            if current is not None and target is not None:
                finish()
            current = current or Entry()
            current.flags.update(flag.strip() for flag in line[2:].split(","))
            continue
        if line.startswith("#"):
            continue
        match = re.match(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*\")$", line)
        if match:
            keyword, index, literal = match.groups()
            if keyword in ("msgctxt", "msgid") and current is not None and target not in (None, "msgctxt"):
                finish()
            current = current or Entry()
            current.obsolete = current.obsolete or obsolete
            target = keyword if index is None else f"msgstr[{index}]"
            text = ast.literal_eval(literal)
        elif line.startswith('"') and target is not None and current is not None:
            text = ast.literal_eval(line)
        else:
            raise ValueError(f"{path}: cannot read {raw!r}")
        if target == "msgctxt":
            current.msgctxt = (current.msgctxt or "") + text
        elif target == "msgid":
            current.msgid += text
        elif target == "msgid_plural":
            current.msgid_plural = (current.msgid_plural or "") + text
        elif target == "msgstr":
            current.msgstr += text
        else:
            number = int(target[7:-1])
            current.msgstr_plural[number] = current.msgstr_plural.get(number, "") + text
    finish()
    return entries


def header(entries: list[Entry]) -> dict[str, str]:
    head = next((e for e in entries if e.msgid == "" and e.msgctxt is None), None)
    if head is None:
        return {}
    pairs = (line.split(":", 1) for line in head.msgstr.splitlines() if ":" in line)
    return {name.strip(): value.strip() for name, value in pairs}


def messages(entries: list[Entry]) -> list[Entry]:
    """The real messages: no header, no obsolete entries."""
    return [e for e in entries if not e.obsolete and not (e.msgid == "" and e.msgctxt is None)]


def catalogues() -> list[Path]:
    return sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))
