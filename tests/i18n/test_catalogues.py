"""The translation catalogues in locale/: complete, compiled, and in step with the code.

The committed .mo files are what the site runs on (`make run` needs no GNU gettext), so
they must say exactly what the .po files say. The check against the code runs Django's
makemessages into a scratch copy of the project (it needs GNU gettext's xgettext; CI
installs it): a string marked in a template or in Python and missing from the catalogues,
or a catalogue entry whose string is gone, fails here. The fix for both is `make messages`
and translating what it adds.
"""

from __future__ import annotations

import gettext
import os
import re
import shutil
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import override_settings

from tests.i18n.catalogues import (
    DOMAINS,
    LOCALE,
    LOCALES,
    PLURAL_FORMS,
    ROOT,
    TRANSLATED,
    catalogues,
    header,
    messages,
    read_po,
)

FIX = "run `make messages`, translate what it adds in locale/pt_PT and locale/pt_BR, then run it again"


def makefile_variable(name: str) -> list[str]:
    text = (ROOT / "Makefile").read_text()
    match = re.search(rf"^{name}\s*:?=\s*(.*)$", text, re.M)
    assert match, f"the Makefile has no {name} line"
    return match[1].split()


def test_the_makefile_refreshes_and_compiles_the_three_catalogues():
    assert set(makefile_variable("MESSAGES_LOCALES")) == set(LOCALES)
    recipe = (ROOT / "Makefile").read_text().split("\nmessages:", 1)[1].split("\n\n", 1)[0]
    assert "makemessages" in recipe and "-d djangojs" in recipe and "compilemessages" in recipe


@pytest.mark.parametrize("locale", LOCALES)
def test_each_language_has_a_compiled_catalogue(locale):
    folder = LOCALE / locale / "LC_MESSAGES"
    assert (folder / "django.po").is_file(), f"no {folder / 'django.po'}: {FIX}"
    assert (folder / "django.mo").is_file(), f"no {folder / 'django.mo'}: {FIX}"


@pytest.mark.parametrize("path", catalogues(), ids=lambda p: str(p.relative_to(LOCALE)))
def test_the_catalogue_header_names_its_language_and_plural_rule(path):
    locale = path.parents[1].name
    entries = read_po(path)
    head = next(e for e in entries if e.msgid == "" and e.msgctxt is None)
    assert "fuzzy" not in head.flags, f"{path}: the header is fuzzy, so msgfmt would skip it"
    fields = header(entries)
    assert fields["Language"] == locale
    assert "charset=UTF-8" in fields["Content-Type"]
    assert fields["Plural-Forms"] == PLURAL_FORMS[locale]


@pytest.mark.parametrize("path", [p for p in catalogues() if p.parents[1].name in TRANSLATED],
                         ids=lambda p: str(p.relative_to(LOCALE)))
def test_portuguese_catalogues_have_nothing_untranslated_fuzzy_or_obsolete(path):
    entries = read_po(path)
    untranslated = [e.msgid for e in messages(entries) if not e.translated]
    fuzzy = [e.msgid for e in messages(entries) if "fuzzy" in e.flags]
    obsolete = [e.msgid for e in entries if e.obsolete]
    assert not untranslated, f"{path}: untranslated ({FIX}):\n  " + "\n  ".join(untranslated)
    assert not fuzzy, (f"{path}: fuzzy entries are guesses by msgmerge and are not used; check "
                       "each translation and remove its `#, fuzzy` line:\n  " + "\n  ".join(fuzzy))
    assert not obsolete, f"{path}: obsolete (#~) entries: {FIX}"


PLACEHOLDER = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?[sdifr]")


def placeholders(text: str) -> set[str]:
    text = text.replace("%%", "")
    return {m[1] or m[0] for m in PLACEHOLDER.finditer(text)}


@pytest.mark.parametrize("path", catalogues(), ids=lambda p: str(p.relative_to(LOCALE)))
def test_translations_keep_the_placeholders_of_the_original(path):
    wrong = []
    for e in messages(read_po(path)):
        if e.msgid_plural is None:
            if e.msgstr and placeholders(e.msgstr) != placeholders(e.msgid):
                wrong.append(f"{e.msgid!r} -> {e.msgstr!r}")
            continue
        allowed = placeholders(e.msgid) | placeholders(e.msgid_plural)
        for index, text in sorted(e.msgstr_plural.items()):
            # the singular may leave the count out ("The group winner…"); no form may invent one
            if text and (not placeholders(text) <= allowed
                         or (index > 0 and placeholders(text) != placeholders(e.msgid_plural))):
                wrong.append(f"{e.msgid_plural!r} -> [{index}] {text!r}")
    assert not wrong, f"{path}: placeholders differ:\n  " + "\n  ".join(wrong)


def mo_catalogue(path: Path) -> dict:
    with path.open("rb") as handle:
        catalogue = dict(gettext.GNUTranslations(handle)._catalog)
    catalogue.pop("", None)  # the header
    return catalogue


def po_catalogue(path: Path) -> dict:
    """What msgfmt puts in the .mo: translated, not fuzzy entries."""
    catalogue: dict = {}
    for e in messages(read_po(path)):
        if not e.translated or "fuzzy" in e.flags:
            continue
        key = e.msgid if e.msgctxt is None else f"{e.msgctxt}\x04{e.msgid}"
        if e.msgid_plural is None:
            catalogue[key] = e.msgstr
        else:
            catalogue.update({(key, index): text for index, text in e.msgstr_plural.items()})
    return catalogue


@pytest.mark.parametrize("path", catalogues(), ids=lambda p: str(p.relative_to(LOCALE)))
def test_the_compiled_catalogue_is_compiled_from_the_current_po_file(path):
    mo = path.with_suffix(".mo")
    assert mo.is_file(), f"{mo} is missing: {FIX}"
    compiled, source = mo_catalogue(mo), po_catalogue(path)
    stale = sorted(str(k) for k in compiled.keys() ^ source.keys())[:20]
    changed = sorted(str(k) for k in compiled.keys() & source.keys() if compiled[k] != source[k])[:20]
    assert not stale and not changed, (
        f"{mo} is not compiled from {path.name} (run `make messages` or "
        f"`manage.py compilemessages`): differing entries:\n  " + "\n  ".join(stale + changed))


# --- in step with the code -----------------------------------------------------------------

SCRATCH_SKIP = {".git", ".venv", "locale", "node_modules", "staticfiles", "test-artifacts",
                ".hypothesis", ".pytest_cache", ".ruff_cache", "__pycache__"}


def msgids(path: Path) -> set[tuple]:
    if not path.is_file():
        return set()
    return {(e.msgctxt, e.msgid, e.msgid_plural) for e in messages(read_po(path))}


@pytest.fixture(scope="module")
def fresh_catalogues(tmp_path_factory):
    """The catalogues makemessages makes today from a scratch copy of the project."""
    if not (shutil.which("xgettext") and shutil.which("msgmerge")):
        pytest.skip("GNU gettext is not installed (apt-get install gettext): cannot run "
                    "makemessages to compare the catalogues with the code; CI installs it")
    scratch = tmp_path_factory.mktemp("makemessages") / "project"
    shutil.copytree(ROOT, scratch, symlinks=True,
                    ignore=lambda folder, names: [n for n in names if n in SCRATCH_SKIP])
    (scratch / "locale").mkdir()
    here = Path.cwd()
    os.chdir(scratch)
    try:
        with override_settings(LOCALE_PATHS=[scratch / "locale"]):
            for domain in DOMAINS:
                call_command("makemessages", locale=list(LOCALES), domain=domain,
                             ignore_patterns=makefile_variable("MESSAGES_IGNORE"),
                             no_location=True, no_obsolete=True, verbosity=0)
    finally:
        os.chdir(here)
    return scratch / "locale"


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("locale", LOCALES)
def test_the_catalogue_lists_exactly_the_strings_marked_in_the_code(fresh_catalogues, locale, domain):
    relative = Path(locale) / "LC_MESSAGES" / f"{domain}.po"
    wanted, committed = msgids(fresh_catalogues / relative), msgids(LOCALE / relative)
    missing = sorted(m[1] for m in wanted - committed)
    gone = sorted(m[1] for m in committed - wanted)
    assert not missing and not gone, (
        f"locale/{relative} is out of date ({FIX}).\n"
        + ("Marked in the code, missing from the catalogue:\n  " + "\n  ".join(missing) + "\n"
           if missing else "")
        + ("In the catalogue, no longer in the code:\n  " + "\n  ".join(gone) if gone else "")
    )
