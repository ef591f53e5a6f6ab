"""Test vectors for the browser scorer (static/js/scorer.js), written by the Python engine.

Each vector is ``{"name", "case", "expected"}``: ``expected`` is what ``score_case`` gives
(``{"case_error": message}`` when the case is malformed), or ``{"name", "entry", "expected"}``:
the deal ``deal_entered`` makes of what a referee typed (``{"deal_error": message}`` when it
makes none), or ``{"name", "typed", "rules", "expected"}``: what ``deal_typed`` makes of an entry
under a table's rules (``{"preset", "rules"}``), the checks the referee's phone runs offline
before it keeps a deal (``{"deal_error": message}`` when the server would refuse it). The
entries checked include every deal of the conformance examples, typed as a referee types it.
They cover the conformance
examples, hand-picked edge cases and seeded random matches over every preset and format, and
the same for the games with other totals (the double pack, the bonuses) with their own seed,
so that adding them left every earlier vector as it was.
The engine is pure, so no Django is needed. Regenerate after changing the engine with

    python -m tests.engine.js_vectors

(from the repository root); tests/engine/test_js_scorer_agrees.py fails while the
committed file is out of date, and runs tests/js/scorer.test.mjs against it.
"""

import json
import random
import sys
from pathlib import Path

from scoring.engine import (
    PRESETS,
    CaseError,
    DealError,
    deal_entered,
    deal_typed,
    possible_points,
    rules_from,
    score_case,
)

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE / "conformance_examples.json"
VECTORS = HERE / "js_vectors.json"
SEED = 20261201
MATCHES_PER_PRESET_AND_FORMAT = 20
FORMATS = ("first_to", "partidas", "fixed_deals", "points")
# The presets of the classic game: one pack, no bonus (the others are variants, below).
CLASSIC = [name for name in PRESETS if rules_from(name).deal_total == 120]

# Rules, formats and seats the engine refuses, and cases that are not of the documented shape.
BAD_OPTIONS = [
    {"preset": "azores"}, {"preset": None}, {"preset": 3}, {"rules": [1]}, {"rules": "x"},
    {"rules": {"trump": "hearts"}}, {"rules": {"flag": "sweep"}}, {"rules": {"flag": None}},
    {"rules": {"flag_value": 0}}, {"rules": {"flag_value": 2.5}}, {"rules": {"flag_value": True}},
    {"rules": {"flag_wins_partida": 1}}, {"rules": {"double_from": 60}},
    {"rules": {"double_from": 121}}, {"rules": {"tie": "carry_on"}}, {"rules": {"revoke": 0}},
    {"rules": {"revoke": "game"}}, {"rules": {"revoke": [2]}}, {"rules": {"revoke": {"a": "b"}}},
    {"rules": {"rotation": "left"}}, {"rules": {"tie": "x", "flag": "y"}},
    {"format": {"type": "knockout"}}, {"format": {"type": None}}, {"format": [1]},
    {"format": {"type": "first_to", "deals": 8}}, {"format": {"target": 0}},
    {"format": {"type": "partidas", "to_win": -1}}, {"format": {"type": "fixed_deals", "deals": "8"}},
    {"format": {"type": "fixed_deals", "extra_deals": 1}}, {"format": {"type": "points", "target": 2.5}},
    {"format": {"rounds": 3}}, {"first_dealer": 4}, {"first_dealer": -1}, {"first_dealer": None},
    {"first_dealer": True}, {"first_dealer": "0"}, {"rules": {"revoke": [2.5, None, True, "x"]}},
    {"rules": {"flag": ["a\"b'c", "it's", "tab\there", "new\nline\\", "ç"]}},
    {"rules": {"tie": {"k": [{}], "j": []}}},
]
GOOD_OPTIONS = [
    {"rules": None}, {"format": None}, {"format": {"target": None}},
    {"format": {"type": "partidas", "deals": None}}, {"format": {"type": "points"}},
    {"rules": {"revoke": "partida"}, "format": {"type": "partidas", "to_win": 3}},
]
BAD_DEALS = [
    {}, [73, 47], "73-47", None, {"flag": "A"}, {"tricks": [5, 5]}, {"points": [73, 47], "revoke": "A"},
    {"revoke": "A", "flag": "B"}, {"revoke": "A", "tricks": [5, 5]}, {"points": [73, 47], "trump": "x"},
    {"points": [73]}, {"points": [73, 47, 0]}, {"points": ["73", "47"]}, {"points": [True, 119]},
    {"points": 73}, {"points": [73, 47], "tricks": [10]}, {"points": [73, 47], "tricks": [True, 9]},
    {"points": [120, 0], "flag": "a"}, {"points": [120, 0], "flag": 0}, {"points": [120, 0], "flag": True},
    {"revoke": "C"}, {"revoke": ["A"]}, {"revoke": ["A", "B"]}, {"revoke": []}, {"revoke": {"side": "A"}},
    {"revoke": "it's"}, {"revoke": ["it's", "\x7f"]}, {"points": [-10, 130]}, {"points": [70, 40]},
    {"points": [1, 119]}, {"points": [119, 1]}, {"points": [73, 47], "tricks": [-1, 11]},
    {"points": [73, 47], "tricks": [5, 4]},
    {"points": [50, 70], "tricks": [1, 9]}, {"points": [39, 81], "tricks": [1, 9]},
    {"points": [110, 10], "flag": "A"}, {"points": [120, 0], "flag": "B"},
    {"points": [120, 0], "flag": "A", "tricks": [9, 1]}, {"points": [120, 0], "tricks": [4, 6]},
]
MORE_DEALS = [
    {"points": [73, 47], "flag": None, "tricks": None}, {"points": None, "revoke": "B"},
    {"points": [120, 0], "tricks": [10, 0]}, {"points": [0, 120], "tricks": [5, 5]},
    {"points": [120, 0], "tricks": [5, 5], "flag": "A"}, {"points": [0, 120], "flag": "B"},
]
MALFORMED = [[], "case", None, {"deals": {}}, {"rules": {}}, {"deals": [], "extra": 1}]


def expect(case: object) -> dict:
    try:
        return score_case(case)
    except CaseError as error:
        return {"case_error": str(error)}


def entered(entry: dict) -> dict:
    try:
        return deal_entered(**{k: tuple(v) if isinstance(v, list) else v
                               for k, v in entry.items()}).as_dict()
    except DealError as error:
        return {"deal_error": str(error)}


def typed(rules: dict, entry: dict) -> dict:
    parsed = rules_from(rules["preset"], rules.get("rules"))
    try:
        return deal_typed(parsed, **{k: tuple(v) if isinstance(v, list) else v
                                     for k, v in entry.items()}).as_dict()
    except DealError as error:
        return {"deal_error": str(error)}


# The tables whose rules change what a referee may type: the pack, what a flag is, the bonuses.
TYPED_RULES = [
    {"preset": "portugal"}, {"preset": "points_flag"}, {"preset": "double_pack"},
    {"preset": "brasil_last_trick"},
    {"preset": "portugal", "rules": {"last_trick_bonus": 10, "maria_de_copas": 6}},
    {"preset": "points_flag", "rules": {"last_trick_bonus": 10, "maria_de_copas": 6}},
]


def _as_typed(deal: object) -> list[dict]:
    """A deal of the conformance shape as a referee types it: both sides' points, or one side's
    (the other left blank), with its flag, tricks and bonus sides; a revoke as it is."""
    if not isinstance(deal, dict) or not isinstance(deal.get("points"), list | type(None)):
        return []
    if deal.get("revoke") is not None:
        return [{"revoke": deal["revoke"]}] if isinstance(deal["revoke"], str) else []
    points = deal.get("points")
    if points is None or len(points) != 2 or not all(type(p) is int for p in points):
        return []
    rest = {k: v for k, v in deal.items() if k in ("flag", "tricks", "last_trick", "queen_of_hearts")
            and v is not None}
    if "tricks" in rest and (not isinstance(rest["tricks"], list) or len(rest["tricks"]) != 2
                             or not all(type(t) is int for t in rest["tricks"])):
        return []
    return [{"points": points, **rest}, {"points": [points[0], None], **rest},
            {"points": [None, points[1]], **rest}]


def _typed_entries() -> list[dict]:
    """What a referee can type on the phone, possible or not, and every deal of the conformance
    examples and of the hand-picked bad deals typed the referee's way."""
    typed_points = [[119, None], [None, 119], [1, None], [None, 1], [239, None], [None, 239],
                    [0, None], [120, None], [240, None], [130, None], [73, None], [60, 60],
                    [70, 40], [2, None], [3, None], [None, None]]
    entries = [{"points": p} for p in typed_points]
    entries += [{"points": p, "flag": f} for p in ([120, None], [None, 0], [110, None], [None, None],
                                                    [240, None]) for f in "AB"]
    entries += [{"points": p, "tricks": t} for p in ([40, None], [38, None], [80, None], [120, None],
                                                     [0, None]) for t in ([1, None], [None, 8],
                                                                          [10, None], [5, 5], [4, 4])]
    entries += [{"points": [120, None], "flag": "A", "tricks": t} for t in ([10, None], [9, None])]
    entries += [{"points": [73, None], "last_trick": lt, "queen_of_hearts": q}
                for lt in (None, "A", "B") for q in (None, "A", "B")]
    entries += [{"flag": f, "last_trick": lt, "queen_of_hearts": q}
                for f in "AB" for lt in (None, "A", "B") for q in (None, "A", "B")]
    entries += [{"points": [3, None], "queen_of_hearts": "A"},
                {"points": [2, None], "queen_of_hearts": "A"},
                {"points": [0, None], "queen_of_hearts": "B"}, {"tie": True},
                {"tie": True, "points": [61, None]}, {"revoke": "A"},
                {"revoke": "B", "flag": "A", "points": [119, None]}, {}]
    examples = json.loads(EXAMPLES.read_text())
    deals = [deal for example in examples for deal in example["case"].get("deals", [])]
    deals += BAD_DEALS + MORE_DEALS + DOUBLE_PACK_DEALS + BONUS_DEALS
    for deal in deals:
        entries += [entry for entry in _as_typed(deal) if entry not in entries]
    return entries


def _entries() -> list[dict]:
    """What a referee can type: either side's points or both, a flag, 60-60, tricks, a revoke."""
    typed = [[None, None], [73, None], [None, 47], [73, 47], [120, None], [None, 0], [60, None],
             [0, None], [None, 120], [50, 50]]
    tricks = [[None, None], [7, None], [None, 3], [10, 0]]
    entries = [{"points": p, "flag": f, "tricks": t} for p in typed for f in (None, "A", "B")
               for t in tricks]
    entries += [{"points": p, "tie": True} for p in typed[:4]]
    entries += [{"points": p, "revoke": side, "flag": "A"} for p in typed[:3] for side in "AB"]
    entries += [{}, {"tie": False}, {"revoke": "C"}, {"flag": "A", "tie": True}]
    return entries + _variant_entries()


def _random_rules(rng: random.Random) -> dict:
    choices = {
        "flag": ["tricks", "points"], "flag_value": [1, 3, 4, 6], "flag_wins_partida": [False, True],
        "double_from": [61, 90, 91, 100, 120], "tie": ["none", "carry"],
        "revoke": [1, 2, 4, "partida", "match"], "rotation": ["counterclockwise", "clockwise"],
    }
    return {key: rng.choice(values) for key, values in choices.items() if rng.random() < 0.35}


def _random_format(rng: random.Random, kind: str) -> dict:
    options = {
        "first_to": {"target": [1, 4, 6, 10]}, "partidas": {"to_win": [1, 2, 3], "target": [2, 4, 5]},
        "fixed_deals": {"deals": [1, 4, 8, 12], "extra_deals": [False, True]},
        "points": {"target": [120, 300, 500]},
    }[kind]
    fmt = {key: rng.choice(values) for key, values in options.items() if rng.random() < 0.6}
    return {"type": kind, **fmt} if kind != "first_to" or rng.random() < 0.5 else fmt


def _with_tricks(rng: random.Random) -> dict:
    tricks = rng.randint(0, 10)
    points = rng.choice(sorted(possible_points(tricks)))
    return {"points": [points, 120 - points], "tricks": [tricks, 10 - tricks]}


def _random_deal(rng: random.Random) -> object:
    side = rng.choice("AB")
    roll = rng.random()
    if roll < 0.40:
        a = rng.choice([x for x in range(121) if x not in (1, 119)])
        return {"points": [a, 120 - a]}
    if roll < 0.55:
        return {"points": [60, 60]}
    if roll < 0.65:
        return _with_tricks(rng)
    if roll < 0.72:
        points = [120, 0] if side == "A" else [0, 120]
        return {"points": points, "flag": side}
    if roll < 0.76:
        return {"points": [120, 0], "tricks": [10, 0]} if side == "A" else {"points": [0, 120]}
    if roll < 0.86:
        return {"revoke": side}
    return rng.choice(BAD_DEALS) if roll < 0.875 else rng.choice(MORE_DEALS)


def _random_match(rng: random.Random, preset: str, kind: str) -> dict:
    case: dict = {"preset": preset, "format": _random_format(rng, kind), "deals": []}
    if rules := _random_rules(rng):
        case["rules"] = rules
    if rng.random() < 0.7:
        case["first_dealer"] = rng.randint(0, 3)
    # Play until the match ends (sometimes one deal beyond), the engine refuses a deal, or
    # (a third of the time) mid-match, to see the next dealer and pending ties.
    for _ in range(rng.randint(1, 30) if rng.random() < 0.35 else 60):
        case["deals"].append(_random_deal(rng))
        result = score_case(case)
        if not result["ok"] or (result["finished"] and rng.random() < 0.85):
            break
    return case


def _hand_picked() -> list[tuple[str, dict]]:
    deals = [{"points": [73, 47]}]
    cases = [(f"bad options {i}", {**options, "deals": deals}) for i, options in enumerate(BAD_OPTIONS)]
    cases += [(f"good options {i}", {**options, "deals": deals}) for i, options in enumerate(GOOD_OPTIONS)]
    cases += [(f"bad deal {i}", {"deals": [{"points": [61, 59]}, deal]}) for i, deal in enumerate(BAD_DEALS)]
    cases += [(f"deal {i}", {"deals": [deal]}) for i, deal in enumerate(MORE_DEALS)]
    cases += [(f"malformed {i}", case) for i, case in enumerate(MALFORMED)]
    cases += [(f"{tricks} tricks, {points} points", {"deals": [{"points": [points, 120 - points],
                                                                "tricks": [tricks, 10 - tricks]}]})
              for tricks in range(11) for points in range(121) if points % 7 == tricks % 7]
    return cases


# The games with other totals (RULES.md, "Variants with other totals").
VARIANTS = [
    ("double_pack", {}), ("brasil_last_trick", {}), ("brasil", {"deck": "double"}),
    ("portugal", {"maria_de_copas": 4}), ("carry_ties", {"last_trick_bonus": 10, "maria_de_copas": 6}),
    ("points_flag", {"last_trick_bonus": 130}), ("strict_revoke", {"maria_de_copas": 1}),
]
BAD_VARIANT_OPTIONS = [
    {"rules": {"deck": "triple"}}, {"rules": {"deck": None}}, {"rules": {"deck": ["double"]}},
    {"rules": {"deck": 2}}, {"rules": {"last_trick_bonus": -1}}, {"rules": {"last_trick_bonus": True}},
    {"rules": {"last_trick_bonus": 2.5}}, {"rules": {"maria_de_copas": "10"}},
    {"rules": {"maria_de_copas": None}}, {"rules": {"deck": "double", "last_trick_bonus": 10}},
    {"preset": "double_pack", "rules": {"maria_de_copas": 4}}, {"rules": {"double_from": 181}},
    {"preset": "double_pack", "rules": {"double_from": 91}},
    {"preset": "double_pack", "rules": {"double_from": 241}}, {"first_dealer": 7},
    {"preset": "double_pack", "first_dealer": 8}, {"preset": "double_pack", "first_dealer": -1},
    {"rules": {"deck": "triple", "double_from": 10}}, {"rules": {"deck": "double", "tie": "x"}},
    {"rules": {"deck": "double", "double_from": None}}, {"rules": {"double_from": None}},
]
GOOD_VARIANT_OPTIONS = [
    {"preset": "double_pack", "first_dealer": 7}, {"rules": {"deck": "double", "double_from": 121}},
    {"rules": {"deck": "double", "double_from": 240}},
    {"rules": {"deck": "single", "last_trick_bonus": 0}},
    {"preset": "double_pack", "rules": {"last_trick_bonus": 0, "maria_de_copas": 0}},
]
# Deals under the double pack (after a good one), and under both bonuses of 10 and 6.
DOUBLE_PACK_DEALS = [
    {"points": [73, 47]}, {"points": [1, 239]}, {"points": [239, 1]}, {"points": [240, 0]},
    {"points": [240, 0], "flag": "A"}, {"points": [120, 0], "flag": "A"}, {"points": [238, 2], "flag": "A"},
    {"points": [240, 0], "tricks": [10, 0]}, {"points": [240, 0], "tricks": [5, 5]},
    {"points": [0, 240], "tricks": [6, 4]}, {"points": [88, 152], "tricks": [1, 9]},
    {"points": [87, 153], "tricks": [1, 9]}, {"points": [120, 120]}, {"points": [121, 119]},
    {"points": [180, 60]}, {"points": [181, 59]}, {"points": [-2, 242]},
    {"points": [120, 120], "last_trick": "A"}, {"points": [120, 120], "queen_of_hearts": "B"},
]
BONUS_DEALS = [
    {"points": [73, 47]}, {"points": [73, 47], "last_trick": "A"},
    {"points": [73, 47], "queen_of_hearts": "B"},
    {"points": [73, 47], "last_trick": "A", "queen_of_hearts": "B"},
    {"points": [59, 61], "last_trick": "A", "queen_of_hearts": "A"},
    {"points": [60, 60], "last_trick": "A", "queen_of_hearts": "B"},
    {"points": [62, 58], "last_trick": "B", "queen_of_hearts": "B"},
    {"points": [120, 0], "last_trick": "A", "queen_of_hearts": "B"},
    {"points": [120, 0], "last_trick": "B", "queen_of_hearts": "A"},
    {"points": [120, 0], "flag": "A", "last_trick": "B", "queen_of_hearts": "A"},
    {"points": [120, 0], "flag": "A", "last_trick": "A", "queen_of_hearts": "A"},
    {"points": [0, 120], "tricks": [0, 10], "last_trick": "B", "queen_of_hearts": "A"},
    {"points": [3, 117], "last_trick": "A", "queen_of_hearts": "A"},
    {"points": [2, 118], "last_trick": "A", "queen_of_hearts": "A"},
    {"points": [40, 80], "tricks": [1, 9], "last_trick": "A", "queen_of_hearts": "A"},
    {"points": [35, 85], "tricks": [1, 9], "last_trick": "A", "queen_of_hearts": "A"},
    {"points": [73, 47], "last_trick": "C", "queen_of_hearts": "A"},
    {"points": [73, 47], "last_trick": ["A"], "queen_of_hearts": "A"},
    {"revoke": "A", "last_trick": "B"}, {"revoke": "A", "queen_of_hearts": None},
    {"points": [110, 10], "last_trick": "A", "queen_of_hearts": "A", "tricks": [9, 1]},
]


def _variant_entries() -> list[dict]:
    """What a referee types in the double pack and in the bonus games."""
    typed = [[None, None], [173, None], [None, 67], [240, None], [None, 0], [120, None], [73, None]]
    entries = [{"points": p, "flag": f, "deck": "double"} for p in typed for f in (None, "A", "B")]
    entries += [{"points": p, "tie": True, "deck": "double"} for p in typed[:2]]
    entries += [{"points": [73, None], "tricks": [None, 4], "deck": "double"},
                {"revoke": "B", "deck": "double", "last_trick": "A"}]
    sides = [(lt, q) for lt in (None, "A", "B") for q in (None, "A", "B", "C")]
    entries += [{"points": [61, None], "last_trick": lt, "queen_of_hearts": q} for lt, q in sides]
    entries += [{"flag": "B", "last_trick": "B", "queen_of_hearts": "B"},
                {"tie": True, "last_trick": "A", "queen_of_hearts": "B"}]
    return entries


def _variant_deal(rng: random.Random, rules: dict) -> object:
    """A deal of a variant game: mostly possible, sometimes missing a bonus side or not."""
    parsed = rules_from(rules["preset"], rules.get("rules"))
    deck, whole = parsed.deck, parsed.pack.points
    side = rng.choice("AB")
    roll = rng.random()
    if roll < 0.12:
        return {"revoke": side}
    if roll < 0.20:
        deal: dict = {"points": [whole, 0] if side == "A" else [0, whole], "flag": side}
        swept = side
    else:
        tricks = rng.randint(0, 10)
        a = rng.choice(sorted(possible_points(tricks, deck)))
        if roll < 0.30:
            a = whole // 2
        deal = {"points": [a, whole - a]}
        if rng.random() < 0.3 and a in possible_points(tricks, deck):
            deal["tricks"] = [tricks, 10 - tricks]
        swept = {10: "A", 0: "B"}.get(tricks) if "tricks" in deal else None
    if parsed.last_trick_bonus and rng.random() < 0.97:
        deal["last_trick"] = swept or rng.choice("AB")
    if parsed.maria_de_copas and rng.random() < 0.97:
        holders = [s for s, p in zip("AB", deal["points"], strict=True) if p >= 2 and p != 3]
        deal["queen_of_hearts"] = swept or rng.choice(holders if rng.random() < 0.95 else "AB")
    return deal


def _variant_match(rng: random.Random, preset: str, rules: dict, kind: str) -> dict:
    case: dict = {"preset": preset, "format": _random_format(rng, kind), "deals": []}
    extra = {**rules, **_random_rules(rng)}
    if rules_from(preset, rules).deck == "double" and "double_from" in extra:
        extra["double_from"] = 2 * extra["double_from"] - 1  # in the double pack's points
    if extra:
        case["rules"] = extra
    if rng.random() < 0.7:
        case["first_dealer"] = rng.randint(0, rules_from(preset, extra).pack.players - 1)
    for _ in range(rng.randint(1, 30) if rng.random() < 0.35 else 60):
        case["deals"].append(_variant_deal(rng, case))
        result = score_case(case)
        if not result["ok"] or (result["finished"] and rng.random() < 0.85):
            break
    return case


def _variant_cases() -> list[tuple[str, dict]]:
    deals = [{"points": [73, 47]}]
    cases = [(f"bad variant options {i}", {**options, "deals": deals})
             for i, options in enumerate(BAD_VARIANT_OPTIONS)]
    cases += [(f"good variant options {i}", {**options, "deals": []})
              for i, options in enumerate(GOOD_VARIANT_OPTIONS)]
    cases += [(f"double pack deal {i}", {"preset": "double_pack", "deals": [{"points": [121, 119]}, deal]})
              for i, deal in enumerate(DOUBLE_PACK_DEALS)]
    bonuses = {"last_trick_bonus": 10, "maria_de_copas": 6}
    cases += [(f"bonus deal {i} {flag}", {"rules": {**bonuses, "flag": flag}, "deals": [deal]})
              for i, deal in enumerate(BONUS_DEALS) for flag in ("tricks", "points")]
    cases += [(f"double pack {tricks} tricks, {points} points",
               {"preset": "double_pack", "deals": [{"points": [points, 240 - points],
                                                    "tricks": [tricks, 10 - tricks]}]})
              for tricks in range(11) for points in range(241) if points % 13 == tricks % 13]
    cases += [(f"queen with {tricks} tricks, {points} points",
               {"rules": {"maria_de_copas": 2}, "deals": [{"points": [points, 120 - points],
                                                           "tricks": [tricks, 10 - tricks],
                                                           "queen_of_hearts": "A"}]})
              for tricks in range(11) for points in range(121) if points % 5 == tricks % 5]
    rng = random.Random(SEED + 1)
    for preset, rules in VARIANTS:
        for kind in FORMATS:
            for n in range(MATCHES_PER_PRESET_AND_FORMAT):
                cases.append((f"random {preset} {rules} {kind} {n}",
                              _variant_match(rng, preset, rules, kind)))
    return cases


def vectors() -> list[dict]:
    examples = json.loads(EXAMPLES.read_text())
    named = [(f"example: {e['name']}", e["case"]) for e in examples] + _hand_picked()
    rng = random.Random(SEED)
    for preset in CLASSIC:
        for kind in FORMATS:
            for n in range(MATCHES_PER_PRESET_AND_FORMAT):
                named.append((f"random {preset} {kind} {n}", _random_match(rng, preset, kind)))
    named += _variant_cases()
    return ([{"name": name, "case": case, "expected": expect(case)} for name, case in named]
            + [{"name": f"entry {i}", "entry": entry, "expected": entered(entry)}
               for i, entry in enumerate(_entries())]
            + [{"name": f"typed {i} {j}", "typed": entry, "rules": rules, "expected": typed(rules, entry)}
               for j, rules in enumerate(TYPED_RULES) for i, entry in enumerate(_typed_entries())])


def dumps(items: list[dict]) -> str:
    """One vector a line, so that a regenerated file diffs readably."""
    return "[\n" + ",\n".join(json.dumps(item) for item in items) + "\n]\n"


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else VECTORS
    items = vectors()
    target.write_text(dumps(items))
    print(f"{len(items)} vectors written to {target}")
