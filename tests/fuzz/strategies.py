"""Hypothesis strategies for bad input: junk text, junk JSON, and valid payloads with a fault.

Everything here is built to be refused (the tests say so when it is not): wrong types, huge
and negative numbers, NaN-like strings, NUL (PostgreSQL text refuses it), right-to-left
marks, emoji, strings longer than the field, missing and extra fields, nested junk.
"""

import re
import uuid

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

# Function-scoped fixtures (the club, its match...) are built once per test, not per example:
# that is safe because bad input writes nothing, which is exactly what every test asserts.
FUZZ = settings(max_examples=50, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.filter_too_much])

HUGE_NUMBERS = [10**30, -(10**30), 2**63, 2**63 - 1, -(2**63) - 1, 2**31, 2**15, 32768, -1]
NAUGHTY = [
    "", " ", "\t\n", "\x00", "a\x00b", "NaN", "nan", "-nan", "Infinity", "-Infinity", "inf",
    "1e400", "1e3", "-0", "0x1F", "1.5", "0.0001", "²", "½", "Ⅻ", "null", "None", "true",
    "[]", "{}", "[1, 2]", '{"a": 1}', "\u202eA\u202c", "\u200f\u200e", "\u061c", "\ufeff",
    "🂡🃏", "😀" * 40, "' OR 1=1 --", "<script>alert(1)</script>", "%00", "../../etc/passwd",
    "\r\n\r\n", "A" * 300, "9" * 5000, "e" * 70_000,
]
naughty = st.sampled_from(NAUGHTY)
huge_text = st.sampled_from([str(n) for n in HUGE_NUMBERS])
junk_text = st.one_of(naughty, huge_text, st.text(max_size=40))
no_spaces = st.characters(blacklist_categories=("Cs", "Cc", "Zs", "Zl", "Zp"))


def longer_than(length: int) -> st.SearchStrategy[str]:
    """Text longer than `length` characters even after stripping and joining spaces."""
    return st.tuples(st.text(no_spaces, min_size=1, max_size=8), st.integers(1, 40)).map(
        lambda drawn: (drawn[0] * (length + drawn[1]))[:length + drawn[1]])


def with_nul() -> st.SearchStrategy[str]:
    return st.tuples(st.text(max_size=10), st.text(max_size=10)).map(
        lambda parts: f"{parts[0]}\x00{parts[1]}")


# Junk JSON: every JSON type, nested, with huge numbers and NaN/Infinity (which Python's json
# module reads and writes).
json_scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.sampled_from(HUGE_NUMBERS),
                         st.floats(), junk_text)
json_junk = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.text(max_size=8) | st.sampled_from(["points", "flag", "tricks", "revoke"]), inner,
        max_size=4),
    max_leaves=12,
)


def not_an_int(text: str) -> bool:
    """What a Django IntegerField refuses (it drops a trailing ".0" and spaces first)."""
    try:
        int(re.sub(r"\.0*\s*$", "", text))
    except ValueError:
        return True
    return False


def not_a_uuid(text: str) -> bool:
    try:
        uuid.UUID(text.strip())
    except ValueError:
        return True
    return False


def bad_int(minimum: int | None = None, maximum: int | None = None,
            required: bool = True) -> st.SearchStrategy[str]:
    """A form value an integer field with these bounds must refuse."""
    options = [junk_text.filter(lambda s: s.strip() != "" and not_an_int(s))]
    if required:
        options.append(st.sampled_from(["", " "]))
    if minimum is not None:
        options.append(st.integers(max_value=minimum - 1).map(str))
    if maximum is not None:
        options.append(st.integers(min_value=maximum + 1).map(str))
        options.append(st.sampled_from([str(n) for n in HUGE_NUMBERS if n > maximum]))
    return st.one_of(options)


def bad_pair(most: int) -> st.SearchStrategy[list[str]]:
    """A's and B's values (one name, two values) that a pair field up to `most` must refuse:
    one of them bad, or not two of them."""
    fine = st.sampled_from(["", "0", str(most)])
    bad = bad_int(0, most, required=False)
    return st.one_of(st.tuples(bad, fine).map(list), st.tuples(fine, bad).map(list),
                     st.lists(fine, min_size=1, max_size=1), st.lists(fine, min_size=3, max_size=4))


def bad_choice(choices) -> st.SearchStrategy[str]:
    """A value that is none of `choices` (form values are strings)."""
    allowed = {str(c) for c in choices}
    return junk_text.filter(lambda s: s not in allowed)


def bad_text(max_length: int, required: bool = True) -> st.SearchStrategy[str]:
    """Text a CharField(max_length) must refuse: too long, with NUL, or blank when required."""
    options = [longer_than(max_length), with_nul()]
    if required:
        options.append(st.sampled_from(["", " ", "\t\n  "]))
    return st.one_of(options)


MISSING = object()


@st.composite
def broken(draw, valid: dict, breakers: dict, field_names=()) -> dict:
    """`valid` with one to three fields broken (or left out), plus a couple of unknown fields.

    `breakers` maps a field name to a strategy of values that field must refuse (MISSING
    leaves the field out). `field_names` are names no extra field may take.
    """
    data = dict(valid)
    for name in draw(st.lists(st.sampled_from(sorted(breakers)), min_size=1, max_size=3,
                              unique=True)):
        value = draw(breakers[name])
        if value is MISSING:
            data.pop(name, None)
        else:
            data[name] = value
    taken = {*valid, *breakers, *field_names, "save", "csrfmiddlewaretoken"}
    extra = draw(st.dictionaries(st.text(min_size=1, max_size=12).filter(lambda k: k not in taken),
                                 junk_text, max_size=2))
    return {**data, **extra}


def required(strategy: st.SearchStrategy) -> st.SearchStrategy:
    """Bad values of a required field: `strategy`, or the field left out."""
    return st.one_of(strategy, st.just(MISSING))


def foreign_ids(*ids: int) -> st.SearchStrategy[str]:
    """Ids that exist but are not allowed here, and ids no database holds."""
    options = [junk_text.filter(lambda s: s.strip() != "" and not_an_int(s)),
               st.sampled_from([str(n) for n in HUGE_NUMBERS]), st.integers(10**6, 10**9).map(str)]
    if ids:
        options.append(st.sampled_from([str(i) for i in ids]))
    return st.one_of(options)
