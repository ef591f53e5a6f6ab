"""Every word a person reads in a template is marked for translation.

Each template is read with Django's own template lexer. What is translated or not text is
taken out: comments, {% translate %} tags, {% blocktranslate %}…{% endblocktranslate %}
blocks, variables and other tags, <script> and <style> contents, HTML comments and tags.
Any letter left over is a word nobody translated. The attributes people read (alt, title,
aria-label, placeholder…) are checked the same way, and so are quoted texts passed to a
tag or a filter (``with empty="No match"``, ``default:"none"``) unless wrapped in ``_()``.
"""

from __future__ import annotations

import html
import re

import pytest
from django.template.base import Lexer, TokenType

from tests.i18n.catalogues import ROOT

TEMPLATES = ROOT / "templates"
HOLE = "\x00"  # where a variable or a tag stood: not a letter, so it never forms a word

# Not language: the same in every language the site offers. Keep this list short.
ALLOWED_PHRASES = ("Sueca Club",)
ALLOWED_WORDS = {"A", "B", "TV"}

READ_ATTRIBUTES = ("alt", "title", "aria-label", "aria-description", "aria-roledescription",
                   "aria-valuetext", "placeholder", "label", "summary")
WORD = re.compile(r"[^\W\d_]+")  # letters only, any script
NOT_TEXT_BLOCKS = {"body_class"}  # {% block %}s that base.html puts inside an attribute
BLOCK_OPEN = {"blocktranslate", "blocktrans"}
BLOCK_CLOSE = {"endblocktranslate", "endblocktrans"}
QUOTED = re.compile(r"""(?<!_\()(?P<q>["'])(?P<text>(?:(?!(?P=q)).)*)(?P=q)""")


def template_files() -> list:
    return sorted(p for ext in ("html", "txt") for p in TEMPLATES.rglob(f"*.{ext}"))


def words(text: str) -> list[str]:
    for phrase in ALLOWED_PHRASES:
        text = text.replace(phrase, " ")
    return [w for w in WORD.findall(text) if w not in ALLOWED_WORDS]


def reading_text(source: str) -> tuple[str, list[str]]:
    """The template with every translated or computed part replaced by a hole; and the
    quoted texts found in tags and variables outside ``_()``."""
    parts: list[str] = []
    quoted: list[str] = []
    depth = 0  # inside a {% blocktranslate %}
    in_comment = False
    not_text = 0  # inside a {% block %} of NOT_TEXT_BLOCKS
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.COMMENT:
            continue
        bits = token.contents.split() if token.token_type == TokenType.BLOCK else []
        name = bits[0] if bits else ""
        if not_text:
            not_text += (name == "block") - (name == "endblock")
            continue
        if name == "block" and bits[1:2] and bits[1] in NOT_TEXT_BLOCKS:
            not_text = 1
            continue
        if in_comment:
            in_comment = name != "endcomment"
            continue
        if name == "comment":
            in_comment = True
            continue
        if name in BLOCK_OPEN:
            depth += 1
            parts.append(HOLE)
            continue
        if name in BLOCK_CLOSE:
            depth -= 1
            continue
        if depth:
            continue
        if token.token_type == TokenType.TEXT:
            parts.append(token.contents)
            continue
        parts.append(HOLE)
        if token.token_type == TokenType.VAR or name not in {"translate", "trans", "load", "extends",
                                                             "include", "url", "static", "block"}:
            quoted += [m["text"] for m in QUOTED.finditer(token.contents)
                       if re.search(r"\s", m["text"]) and len(words(m["text"])) > 0]
        elif name == "include":
            # the template's name is a path; what it is given with `with` is text
            _, _, given = token.contents.partition(" with ")
            quoted += [m["text"] for m in QUOTED.finditer(given) if words(m["text"])]
    return "".join(parts), quoted


def unmarked(source: str) -> list[str]:
    """What a reader would see untranslated, as short excerpts."""
    text, quoted = reading_text(source)
    problems = [f"quoted text in a tag: {q!r}" for q in quoted]
    if re.match(rf"[\s{HOLE}]*[\w:-]+=", text):  # a list of attributes, included inside a tag
        text = f"<x {text}>"
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.S)
    text = re.sub(r"<(script|style)\b[^>]*>.*?</\1\s*>", " ", text, flags=re.S | re.I)
    for tag in re.finditer(r"<[A-Za-z][^>]*>", text):
        for attr in re.finditer(r"""\s([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""", tag[0]):
            name, value = attr[1].lower(), attr[2] if attr[2] is not None else attr[3]
            if name in READ_ATTRIBUTES and words(html.unescape(value)):
                problems.append(f"attribute {name}={value!r}")
            if name == "value" and re.search(r"type\s*=\s*[\"']?(submit|button|reset)", tag[0], re.I) \
                    and words(html.unescape(value)):
                problems.append(f"button value={value!r}")
    text = re.sub(r"<[^>]*>", " ", text)
    text = html.unescape(text)
    for line in text.splitlines():
        if words(line):
            problems.append(f"text {' '.join(line.replace(HOLE, '…').split())!r}")
    return problems


@pytest.mark.parametrize("path", template_files(), ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_every_word_of_the_template_is_marked_for_translation(path):
    problems = unmarked(path.read_text(encoding="utf-8"))
    assert not problems, (
        f"{path.relative_to(ROOT)} shows words that are not marked for translation "
        "(wrap them in {% translate %} or {% blocktranslate %}; names that are the same in "
        "every language go in ALLOWED_PHRASES or ALLOWED_WORDS of this test):\n  "
        + "\n  ".join(problems)
    )


@pytest.mark.parametrize("source, expected", [
    ("<p>Hello</p>", ["text 'Hello'"]),
    ('<img alt="A card">', ["attribute alt='A card'"]),
    ('<input placeholder="Seed">', ["attribute placeholder='Seed'"]),
    ('{% include "x.html" with empty="No match" %}', ["quoted text in a tag: 'No match'"]),
    ('{{ empty|default:"No match here" }}', ["quoted text in a tag: 'No match here'"]),
])
def test_the_check_finds_what_is_not_marked(source, expected):
    assert unmarked(source) == expected


@pytest.mark.parametrize("source", [
    '{% load i18n %}<p>{% translate "Hello" %}</p>',
    "<p>{% blocktranslate with n=3 %}Hello {{ n }}{% endblocktranslate %}</p>",
    "<p>{% blocktranslate count counter=2 %}one{% plural %}many{% endblocktranslate %}</p>",
    '<img alt="{% translate \'A card\' %}" src="{{ url }}">',
    "{# a note #}{% comment %}Draft text{% endcomment %}<!-- html note -->",
    "<script>const hello = 'world';</script><style>p { color: red }</style>",
    '<a class="brand" href="/">♠♥ Sueca Club</a> <span>A</span>–<span>B</span> 60-60',
    '{% include "scoring/_x.html" with empty=_("No match") %}{{ x|default:_("None at all") }}',
    '{% if m.format.type == "partidas" %}{{ when|date:"SHORT_DATE_FORMAT" }}{% endif %}',
    '{% block body_class %}referee wide{% endblock %}',
    '{% if live %} hx-get="{{ url }}" hx-trigger="every 5s" data-poll{% endif %}',
])
def test_the_check_lets_translated_and_non_language_text_through(source):
    assert unmarked(source) == []
