"""POST /api/v1/referee/<token>/deals and /undo with bad bodies, content types and headers:
always a 4xx with {"error": ...}, never a 500, and nothing recorded."""

import json
import uuid
from urllib.parse import quote

import pytest
from django.conf import settings as django_settings
from hypothesis import assume, given
from hypothesis import strategies as st

from scoring import engine
from scoring.engine.basics import is_int
from tests.conftest import make_match
from tests.fuzz.checks import NothingWritten, assert_api_refusal
from tests.fuzz.strategies import FUZZ, HUGE_NUMBERS, json_junk, junk_text, naughty

VALID_DEALS = [{"points": [70, 50]}, {"points": [0, 120], "flag": "B"}, {"revoke": "A"},
               {"points": [60, 60]}, {"points": [95, 25], "tricks": [8, 2]}]
ENVELOPE = {"trump": "", "match": None, "confirmed": False}
CONTENT_TYPES = ["application/json", "text/plain", "application/x-www-form-urlencoded",
                 "multipart/form-data; boundary=xyz", "application/json; charset=latin-1",
                 "application/xml", "", "image/png"]


FIELDS = {"points", "flag", "revoke", "tricks", "tie", "trump", "match", "confirmed"}


class Refused(Exception):
    pass


def _number(value: object, most: int) -> int | None:
    if isinstance(value, str):
        value = value.strip()
        if value == "":
            return None
        if not (value.isascii() and value.isdigit() and len(value) <= 3):
            raise Refused
        value = int(value)
    if value is None:
        return None
    if not is_int(value) or not 0 <= value <= most:
        raise Refused
    return value


def _pair(value: object, most: int) -> tuple:
    if value is None or value == []:
        return (None, None)
    if not isinstance(value, list) or len(value) != 2:
        raise Refused
    return tuple(_number(item, most) for item in value)


def _choice(value: object, choices: str) -> str | None:
    if value in (None, "", [], {}):  # a form's empty values
        return None
    if not isinstance(value, str) or value not in choices:
        raise Refused
    return value


def recordable(body: object, match_id: int) -> bool:
    """Whether the API should record `body` on match `match_id`, by the rules of docs/api.md,
    written out again here: an object of the referee form's fields, with JSON's types."""
    if not isinstance(body, dict) or set(body) - FIELDS:
        return False
    match = body.get("match")
    if (type(body.get("confirmed", False)) is not bool
            or (match is not None and (not is_int(match) or match != match_id))):
        return False
    try:
        if _choice(body.get("revoke"), "AB"):
            return True  # a revoke: the other fields of the deal are ignored, trump and tie too
        if type(body.get("tie", False)) is not bool:
            return False
        _choice(body.get("trump"), "SHDC")
        deal = engine.deal_entered(_pair(body.get("points"), 120),
                                   flag=_choice(body.get("flag"), "AB"),
                                   revoke=_choice(body.get("revoke"), "AB"),
                                   tricks=_pair(body.get("tricks"), 10), tie=body.get("tie", False))
        engine.check_deal(deal, engine.rules_from())
    except (Refused, engine.SuecaError):
        return False
    return True


@st.composite
def bad_deal_bodies(draw):
    """Mostly near-misses of a valid deal, so the checks past the JSON parsing are reached."""
    kind = draw(st.sampled_from(["junk", "object", "field", "extra", "numbers", "envelope",
                                 "empty"]))
    deal = dict(draw(st.sampled_from(VALID_DEALS)))
    if kind == "junk":
        return draw(json_junk)
    if kind == "object":
        return draw(st.dictionaries(st.text(max_size=10), json_junk, max_size=5))
    if kind == "field":
        deal[draw(st.sampled_from(["points", "flag", "tricks", "revoke"]))] = draw(json_junk)
    elif kind == "extra":
        deal[draw(st.text(min_size=1, max_size=20))] = draw(json_junk)
    elif kind == "numbers":
        numbers = st.integers() | st.sampled_from(HUGE_NUMBERS) | st.integers(-5, 125)
        deal = {"points": draw(st.lists(numbers, min_size=0, max_size=3))}
        if draw(st.booleans()):
            deal["tricks"] = draw(st.lists(numbers, min_size=0, max_size=3))
    elif kind == "envelope":
        deal[draw(st.sampled_from(sorted(ENVELOPE)))] = draw(json_junk)
    else:
        deal = draw(st.fixed_dictionaries({}, optional={"trump": st.just("S"),
                                                        "confirmed": st.booleans()}))
    return deal


def post(client, token, body: bytes | str, *, path="deals", content_type="application/json",
         **headers):
    headers.setdefault("Idempotency-Key", str(uuid.uuid4()))
    return client.generic("POST", f"/api/v1/referee/{token}/{path}", body,
                          content_type=content_type, headers=headers)


@given(body=bad_deal_bodies())
@FUZZ
def test_a_bad_deal_body_is_a_json_4xx_and_records_nothing(client, referee_link, body):
    assume(not recordable(body, referee_link.match_id))
    with NothingWritten():
        assert_api_refusal(post(client, referee_link.token, json.dumps(body)))


@st.composite
def raw_bodies(draw):
    return draw(st.one_of(
        st.binary(max_size=200),
        st.text(max_size=200).map(str.encode),
        naughty.map(lambda s: s.encode("utf-8")),
        st.sampled_from([b"", b"{", b"NaN", b"[1e400]", b'{"points": [70, 50]', b"\xff\xfe{",
                         b'{"points": [70, 50]}\x00', "{\"points\": [70, 50]}".encode("utf-16")]),
        st.integers(900, 50_000).map(lambda depth: b"[" * depth + b"]" * depth),
        st.integers(900, 50_000).map(lambda depth: b'{"points":' * depth),
        st.just(b'{"points": [' + b"9" * 5000 + b", 50]}"),
    ))


def parsed(raw: bytes) -> object:
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        return None


@given(raw=raw_bodies(), content_type=st.sampled_from(CONTENT_TYPES))
@FUZZ
def test_a_body_that_is_not_one_json_deal_is_a_json_400(client, referee_link, raw, content_type):
    assume(not recordable(parsed(raw), referee_link.match_id))
    with NothingWritten():
        assert_api_refusal(post(client, referee_link.token, raw, content_type=content_type))


def test_a_form_encoded_deal_is_refused_not_guessed(client, referee_link):
    with NothingWritten():
        response = post(client, referee_link.token, "points=70&points=50",
                        content_type="application/x-www-form-urlencoded")
        assert "JSON" in assert_api_refusal(response)


def test_a_deeply_nested_body_is_a_400_not_a_crash(client, referee_link):
    with NothingWritten():
        message = assert_api_refusal(post(client, referee_link.token, "[" * 100_000))
    assert "JSON" in message


def test_a_body_over_the_upload_limit_is_a_json_400(client, referee_link):
    too_big = b" " * (django_settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1) + b'{"points": [70, 50]}'
    with NothingWritten():
        assert_api_refusal(post(client, referee_link.token, too_big))


@pytest.mark.parametrize("match_id", [10**30, 2**63, -1, 0, 1.5, "1", True, [1]])
def test_a_match_id_no_database_holds_is_refused_not_a_crash(client, referee_link, match_id):
    with NothingWritten():
        assert_api_refusal(post(client, referee_link.token,
                                json.dumps({"points": [70, 50], "match": match_id})))


def bad_keys():
    """Idempotency-Key values the API refuses: blank, over 64 characters, not printable ASCII."""
    return st.one_of(
        st.sampled_from(["", " ", "\t", "\x00", "k\x00", "é", "🔑", "\u202ekey", "a\x7f", "a\nb"]),
        st.text(min_size=65, max_size=300).filter(lambda k: len(k.strip()) > 64),
        st.text(min_size=1, max_size=64).filter(
            lambda k: not (k.strip().isascii() and k.strip().isprintable() and k.strip())),
    )


@given(key=bad_keys(), path=st.sampled_from(["deals", "undo"]))
@FUZZ
def test_a_bad_idempotency_key_is_refused_before_anything_is_written(client, referee_link, key,
                                                                    path):
    with NothingWritten():
        message = assert_api_refusal(post(client, referee_link.token,
                                          json.dumps({"points": [70, 50]}), path=path,
                                          **{"Idempotency-Key": key}))
    assert "Idempotency-Key" in message


@given(key=st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), min_size=1,
                   max_size=64).filter(str.strip))
@FUZZ
def test_any_printable_ascii_key_is_a_key_and_its_retry_gets_the_first_answer(client, club,
                                                                             pair_a, pair_b, key):
    link = make_match(club, pair_a, pair_b).referee_links.get()
    first = post(client, link.token, json.dumps({"points": [70, 50]}),
                 **{"Idempotency-Key": key})
    again = post(client, link.token, json.dumps({"points": [70, 50]}),
                 **{"Idempotency-Key": key})
    assert first.status_code == again.status_code == 201
    assert first.content == again.content
    assert link.match.deals.count() == 1


@given(tag=st.one_of(junk_text, st.text(max_size=20).map(lambda s: f'"m{{pk}}-{s}"'),
                     st.sampled_from(['"m{pk}-²"', '"m{pk}-٣"', '"m{pk}-' + "9" * 5000 + '"',
                                      '"m{pk}-99999999999999999999999"', '"m{pk}--1"', "*",
                                      'W/"m{pk}-1"', '"m{pk}-1", "m{pk}-2"'])))
@FUZZ
def test_a_junk_if_match_never_crashes_and_a_refusal_writes_nothing(client, club, pair_a, pair_b,
                                                                   tag):
    match = make_match(club, pair_a, pair_b)
    link = match.referee_links.get()
    tag = tag.replace("{pk}", str(match.pk))
    response = post(client, link.token, json.dumps({"points": [70, 50]}), **{"If-Match": tag})
    if response.status_code == 201:  # not a version this match ever had: ignored
        assert match.deals.count() == 1
    else:
        assert_api_refusal(response)
        assert not match.deals.exists()


@given(token=st.one_of(junk_text.filter(lambda t: "/" not in t and t.strip() not in ("", ".", "..")),
                       st.text(min_size=65, max_size=100)),
       path=st.sampled_from(["deals", "undo"]))
@FUZZ
def test_a_token_that_is_no_link_is_a_json_404(client, referee_link, token, path):
    assume(token != referee_link.token and "/" not in token)  # a "/" is another URL
    with NothingWritten():
        response = post(client, quote(token, safe=""), json.dumps({"points": [70, 50]}),
                        path=path)
        assert_api_refusal(response)
        assert response.status_code == 404


@given(raw=raw_bodies() | bad_deal_bodies().map(lambda b: json.dumps(b).encode()))
@FUZZ
def test_undo_reads_only_the_match_its_body_names_and_with_nothing_to_undo_says_so(
        client, referee_link, raw):
    with NothingWritten():
        message = assert_api_refusal(post(client, referee_link.token, raw, path="undo"))
    assert message in ("There is no deal to undo.", "match must be the id of a match.",
                       "That undo was for an earlier match at this table: nothing was undone.",
                       "That undo was for another match: nothing was undone.",
                       'The body of an undo is empty, or {"match": <id>}: the match it was '
                       "made for.") or (message.startswith("Unknown entry ")
                                        and message.endswith(" in an undo."))


def test_an_unknown_token_is_a_json_404(client, db):
    """docs/api.md promises {"error": ...}; it used to be the HTML 404 page."""
    response = post(client, "not-a-token", json.dumps({"points": [70, 50]}))
    assert response.status_code == 404
    assert "referee link" in assert_api_refusal(response)


def test_a_token_with_a_nul_is_a_json_404_not_a_database_error(client, referee_link):
    """PostgreSQL refuses to even look up text with a NUL in it: that was a 500."""
    response = post(client, referee_link.token + "%00", json.dumps({"points": [70, 50]}))
    assert response.status_code == 404
    assert_api_refusal(response)


@pytest.mark.parametrize("key", ["k\x00", "k\x7f", "k\n1"])
def test_a_key_with_a_control_character_is_refused(client, referee_link, key):
    """A NUL in the key reached the database, which PostgreSQL refuses: that was a 500."""
    with NothingWritten():
        response = post(client, referee_link.token, json.dumps({"points": [70, 50]}),
                        **{"Idempotency-Key": key})
    assert "Idempotency-Key" in assert_api_refusal(response)


@pytest.mark.parametrize("version", ["²", "٣", "9" * 5000])
def test_an_if_match_with_digits_int_cannot_read_is_refused_not_a_crash(client, referee_link,
                                                                        version):
    """str.isdigit() takes "²" and 5,000 digits; int() refused them with a 500."""
    with NothingWritten():
        response = post(client, referee_link.token, json.dumps({"points": [70, 50]}),
                        **{"If-Match": f'"m{referee_link.match_id}-{version}"'})
    assert "If-Match" in assert_api_refusal(response)
