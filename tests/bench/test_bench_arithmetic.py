"""`make bench`'s pure parts, without a server (but for a phone's polls, against a stub that
answers 304): the percentile, the phones' and referees'
schedules, reading a page's live element, the capacity arithmetic and the targets. Never a
duration: the bench measures those."""

import asyncio
import time

import pytest

from bench import capacity, phones, report


def test_the_percentile_is_the_nearest_rank():
    values = [float(n) for n in range(1, 101)]
    assert phones.percentile(values, 0.50) == 51
    assert phones.percentile(values, 0.95) == 96
    assert phones.percentile(values, 0.99) == 100
    assert phones.percentile([], 0.95) == 0.0
    assert phones.summary([0.001, 0.002]) == {"p50_ms": 2.0, "p95_ms": 2.0, "p99_ms": 2.0}


def test_two_phones_a_partnership_spread_over_the_pages_and_one_tv_per_16_tables():
    schedule = phones.phone_schedule("regional", 2 * 1024, 5, list(range(100, 356)), 512)
    paths = [path for path, _ in schedule]
    assert len([p for p in paths if p != "/t/regional/tv/"]) == 2048
    assert paths.count("/t/regional/tv/") == 32
    assert abs(paths.count("/t/regional/standings/") - 2048 * 0.3) <= 1
    assert abs(paths.count("/t/regional/rounds/5/") - 2048 * 0.15) <= 1
    assert {p for p in paths if p.startswith("/m/")} == {f"/m/{m}/" for m in range(100, 356)}
    assert all(0 <= offset <= 5 for _, offset in schedule)  # within the first poll interval


def test_a_real_pace_is_one_deal_per_table_every_two_to_four_minutes():
    posts = phones.referee_schedule(512, 600, None)
    per_table = {}
    for when, table in posts:
        per_table.setdefault(table, []).append(when)
    gaps = [b - a for times in per_table.values() for a, b in zip(times, times[1:], strict=False)]
    assert gaps and all(120 <= gap <= 240 for gap in gaps)
    assert posts == sorted(posts) and all(0 <= when < 600 for when, _ in posts)


def test_a_stress_pace_is_a_fixed_rate_over_the_tables_in_turn():
    posts = phones.referee_schedule(3, 2, 4.0)
    assert posts == [(0.0, 0), (0.25, 1), (0.5, 2), (0.75, 0), (1.0, 1), (1.25, 2),
                     (1.5, 0), (1.75, 1)]


def test_a_phone_polls_what_the_live_element_says():
    body = (b'<main><div id="tv" class="t-tv" hx-get="/t/x/tv/?i=2&amp;a=1" '
            b'hx-trigger="every 10s" hx-swap="outerHTML" data-poll data-screen="round">')
    assert phones.live_element(body) == ("/t/x/tv/?i=2&a=1", 10.0)
    assert phones.live_element(b'<div id="scoreboard" >') is None  # a match that ended


def test_a_phone_waits_its_poll_interval_between_polls():
    polls = []

    async def not_modified(reader, writer):
        polls.append(await reader.readuntil(b"\r\n\r\n"))
        writer.write(b"HTTP/1.1 304 Not Modified\r\nConnection: close\r\n\r\n")
        await writer.drain()
        writer.close()

    async def one_phone():
        server = await asyncio.start_server(not_modified, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        tally, start = phones.Tally(), time.monotonic()
        async with server:
            await phones._phone(port, "/t/x/", '"v1"', 0.25, start, start + 1.0, tally, "/t/x/")
        return tally

    tally = asyncio.run(one_phone())
    assert 1 <= len(polls) <= 4  # one at 0, then one every 0.25 s at most (not back to back)
    assert tally.statuses == {304: len(polls)} and b'If-None-Match: "v1"' in polls[0]


def test_capacity_adds_the_phones_polls_and_the_deals():
    phone, deal = capacity.Cost(2.0, 0.5, 1.0), capacity.Cost(10.0, 4.0, 3.0)
    need = capacity.need(phone, deal, polls_per_phone=0.2, phones=10_000, deals_per_second=4)
    assert need == {"phones": 10_000, "deals_per_s": 4, "web_cores": 4.04, "db_cores": 1.02,
                    "redis_ops_per_s": 2012}
    rows = capacity.table(phone, deal, 0.2)
    assert [(r["phones"], r["deals_per_s"]) for r in rows] == [
        (p, d) for p in (1_000, 10_000, 50_000) for d in (1, 4, 20)]


def test_the_phones_cost_is_the_mixed_case_less_its_deals():
    mixed = {"phones": {"requests": 1000}, "referees": {"requests": 40},
             "cpu_seconds": {"workers": 3.4, "database": 0.36, "redis_ops": 2120}}
    cost = capacity.phones_cost(mixed, capacity.Cost(10.0, 4.0, 3.0))
    assert cost == capacity.Cost(pytest.approx(3.0), pytest.approx(0.2), pytest.approx(2.0))


def _case(**values):
    return {"ratio": 1.0, "p95_ms": 1.0, "worker_cpu_ms": 1.0, "db_cpu_ms": 0.0, **values}


def test_the_latency_targets_count_only_at_1024_partnerships_and_3_workers():
    mixed = {"phones": {"requests": 10, "p95_ms": 300.0},
             "referees": {"requests": 4, "p95_ms": 90.0}}
    run = {"size": 256, "workers": 3, "peak_rss_mb": {1: 100.0},
           "cases": {"overview_304": _case(ratio=0.7), "mixed_stress": mixed}}
    found = {what: (met, applies) for what, _, met, applies in report.targets(run)}
    assert found["overview_304 >= 0.8 x baseline"] == (False, True)
    assert found["phones p95 < 250 ms at 4 deals/s"] == (False, False)
    assert found["referees p95 < 150 ms at 4 deals/s"] == (True, False)
    run["size"] = 1024
    found = {what: (met, applies) for what, _, met, applies in report.targets(run)}
    assert found["phones p95 < 250 ms at 4 deals/s"] == (False, True)


def test_a_mixed_case_whose_referees_sent_nothing_misses_its_target():
    """No table in play (the next round never drawn) is nothing measured, not a fast p95."""
    idle = {"phones": {"requests": 4124, "p95_ms": 3.3}, "referees": {"requests": 0, "p95_ms": 0.0}}
    run = {"size": 1024, "workers": 3, "peak_rss_mb": {1: 100.0},
           "cases": {"mixed_stress": idle}}
    found = {what: (met, applies) for what, _, met, applies in report.targets(run)}
    assert found["phones p95 < 250 ms at 4 deals/s"] == (True, True)
    assert found["referees p95 < 150 ms at 4 deals/s"] == (False, True)


@pytest.mark.parametrize(("drawn", "met"), [(1, True), (0, False)])
def test_a_round_ended_by_round_end_must_be_followed_by_the_next_one(drawn, met):
    run = {"size": 64, "workers": 3, "peak_rss_mb": {1: 100.0},
           "cases": {"round_end": _case(match_ends=16, rounds_drawn=drawn)}}
    found = {what: (met, applies) for what, _, met, applies in report.targets(run)}
    assert found["round_end: the next round drawn"] == (met, True)
    run["cases"]["round_end"]["match_ends"] = 0  # a later run's deals end no match
    assert "round_end: the next round drawn" not in {what for what, *_ in report.targets(run)}
