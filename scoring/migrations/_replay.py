"""What the data migrations that store a replay of every match share (the migration loader
skips a module whose name starts with "_")."""

from scoring import engine

CHUNK = 500  # matches read and written at a time


def replay_matches(apps, store, fields: list[str]) -> None:
    """Replay each match's active deals: `store(match, state, tally)` puts on the match what it
    keeps of them, and `fields` are written."""
    Match = apps.get_model("scoring", "Match")
    Deal = apps.get_model("scoring", "Deal")
    ids = list(Match.objects.order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), CHUNK):
        matches = list(Match.objects.filter(pk__in=ids[start:start + CHUNK])
                       .only("rules", "format", "first_dealer", *fields))
        deals = {}
        for match_id, number, data in (Deal.objects.filter(match__in=matches, active=True)
                                       .order_by("number").values_list("match_id", "number", "data")):
            deals.setdefault(match_id, []).append((number, engine.deal_from(data)))
        for match in matches:
            rules = engine.rules_from(overrides=match.rules)
            store(match, *engine.replay_tally(rules, engine.format_from(match.format),
                                              match.first_dealer, deals.get(match.pk, [])))
        Match.objects.bulk_update(matches, fields)
