"""Phones and referees of a real event, in one asyncio loop (no thread per phone: a Python
client with threads does not reach 2,000 phones at their intervals on 2 cores).

A phone is already on its page (it starts with the ETag of its last poll) and does what htmx
does: it asks its page's live fragment with `HX-Request` and the last ETag in `If-None-Match`,
reads the live element of a new answer (the tag with `data-poll`), waits its
`hx-trigger="every Ns"` and asks its `hx-get`; a page without a live element (a match that
ended) sends the phone to the tournament's overview. The TV follows its `?i=` from screen to
screen the same way. A phone's latency runs from sending to the whole answer; how late the
loop sent a poll (`lag`) is reported so that a client that cannot keep up is seen.

A referee posts a deal at its table's link when it is due: at a real pace, one deal per table
every two to four minutes; at a stress pace, a fixed rate over all the tables in turn. A
referee's latency runs from when the post was due, so a queue in the server cannot hide.
A 409 (no match at the table, or its match over) leaves that table out for ten seconds.

The HTTP is a few lines over asyncio streams: gunicorn's sync workers close every connection
after the answer, so a request is a connection, read to its end.
"""

import asyncio
import gzip
import html
import json
import random
import re
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field

LIVE_TAG = re.compile(rb"<[^>]*\bdata-poll\b[^>]*>")
HX_GET = re.compile(rb'hx-get="([^"]*)"')
EVERY = re.compile(rb'hx-trigger="every (\d+)s"')
REAL_PACE = (120.0, 240.0)  # seconds between a table's deals
IDLE_SECONDS = 10.0
# Of the phones: what their owners look at. A café TV for every 16 tables (one screen's grid).
PAGE_SHARES = (("overview", 0.3), ("standings", 0.3), ("round", 0.15), ("scoreboard", 0.25))
TABLES_PER_TV = 16
BROWSER = {"Accept-Encoding": "gzip, deflate, br"}  # what every phone's browser sends


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (`share` in 0..1) of `values`; 0 for none."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def summary(latencies: list[float]) -> dict:
    return {f"p{n}_ms": round(percentile(latencies, n / 100) * 1000, 2) for n in (50, 95, 99)}


def phone_schedule(slug: str, phones: int, round_number: int, match_ids: list[int],
                   tables: int, seed: int = 0) -> list[tuple[str, float]]:
    """(first page, start offset in seconds) for each phone and each TV: the pages in
    PAGE_SHARES, the scoreboards spread over `match_ids`, one TV per TABLES_PER_TV tables,
    and the starts spread over the first five seconds (the pages' poll interval)."""
    pages = {"overview": f"/t/{slug}/", "standings": f"/t/{slug}/standings/",
             "round": f"/t/{slug}/rounds/{round_number}/"}
    rng, schedule, placed, cumulative = random.Random(seed), [], 0, 0.0
    for name, share in PAGE_SHARES:
        cumulative += share
        count, placed = round(phones * cumulative) - placed, round(phones * cumulative)
        for i in range(count):
            path = (f"/m/{match_ids[i % len(match_ids)]}/" if name == "scoreboard" and match_ids
                    else pages.get(name, pages["overview"]))
            schedule.append((path, rng.uniform(0, 5)))
    schedule += [(f"/t/{slug}/tv/", rng.uniform(0, 5))
                 for _ in range(max(1, tables // TABLES_PER_TV))]
    return schedule


def referee_schedule(tables: int, seconds: float, rate: float | None,
                     seed: int = 0) -> list[tuple[float, int]]:
    """(when, table index) of every post: at a stress `rate` (deals a second) the tables in
    turn; without one, each table every REAL_PACE seconds from a random start."""
    if rate:
        return [(i / rate, i % tables) for i in range(int(seconds * rate))]
    rng, posts = random.Random(seed), []
    for table in range(tables):
        when = rng.uniform(0, sum(REAL_PACE) / 2)  # as if the event had been going on
        while when < seconds:
            posts.append((when, table))
            when += rng.uniform(*REAL_PACE)
    return sorted(posts)


def live_element(body: bytes) -> tuple[str, float] | None:
    """The `hx-get` and poll seconds of the page's live element, or None without one."""
    tag = LIVE_TAG.search(body)
    if tag is None:
        return None
    url, every = HX_GET.search(tag[0]), EVERY.search(tag[0])
    if url is None or every is None:
        return None
    return html.unescape(url[1].decode()), float(every[1])


async def request(port: int, method: str, path: str, headers: dict,
                  body: bytes = b"", timeout: float = 30) -> tuple[int, dict, bytes]:
    reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), timeout)
    try:
        lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close",
                 *[f"{k}: {v}" for k, v in headers.items()]]
        if method == "POST":
            lines.append(f"Content-Length: {len(body)}")
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), timeout)
        first, *rest = head.decode("latin-1").split("\r\n")
        answer = {k.lower(): v for k, v in (line.split(": ", 1) for line in rest if ": " in line)}
        # The answer ends with its Content-Length, as a browser (or nginx) reads it, not when
        # the server closes the connection: that comes after what runs after the answer.
        status, length = int(first.split()[1]), answer.get("content-length")
        content = b"" if status in (204, 304) else await asyncio.wait_for(
            reader.readexactly(int(length)) if length is not None else reader.read(), timeout)
    finally:
        writer.close()
    return status, answer, unpacked(content, answer.get("content-encoding"))


def unpacked(content: bytes, encoding: str | None) -> bytes:
    """The body as the browser reads it, gzipped or not."""
    return gzip.decompress(content) if encoding == "gzip" else content


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)
    finished: int = 0  # referees: posts whose answer says the match is over

    def result(self, seconds: float) -> dict:
        errors = sum(n for status, n in self.statuses.items()
                     if status == 0 or (status >= 400 and status != 409))
        return {"requests": len(self.latencies), "rps": round(len(self.latencies) / seconds, 1),
                **summary(self.latencies), "errors": errors,
                "statuses": {str(k): v for k, v in sorted(self.statuses.items())},
                "lag_p95_ms": round(percentile(self.lags, 0.95) * 1000, 2)}


async def _phone(port: int, path: str, etag: str, every: float, start: float, deadline: float,
                 tally: Tally, overview: str) -> None:
    headers = {"HX-Request": "true", "If-None-Match": etag, **BROWSER}
    due = start
    while due < deadline:
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        sent = time.monotonic()
        tally.lags.append(sent - due)
        try:
            status, answer, body = await request(port, "GET", path, headers)
        except (TimeoutError, OSError):
            status, answer, body = 0, {}, b""
        done = time.monotonic()
        tally.latencies.append(done - sent)
        tally.statuses[status] += 1
        if status == 200:
            live = live_element(body)
            if live is None:  # nothing to poll (a match that ended): the overview
                path, every, headers = overview, 5.0, BROWSER
            else:
                path, every = live
                headers = {"HX-Request": "true", "If-None-Match": answer.get("etag", ""),
                           **BROWSER}
        due = done + every


async def _referee_posts(port: int, tokens: list[str], posts: list[tuple[float, int]],
                         start: float, tally: Tally) -> None:
    idle_until: dict[int, float] = {}
    rng = random.Random(len(posts))

    async def post(when: float, table: int) -> None:
        due = start + when
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        if idle_until.get(table, 0) > time.monotonic():
            return
        a = rng.randint(15, 105)
        body = json.dumps({"points": [a, 120 - a]}).encode()
        try:
            status, _, content = await request(
                port, "POST", f"/api/v1/referee/{tokens[table]}/deals",
                {"Content-Type": "application/json", "Idempotency-Key": uuid.uuid4().hex}, body)
        except (TimeoutError, OSError):
            status, content = 0, b""
        tally.latencies.append(time.monotonic() - due)
        tally.statuses[status] += 1
        if status == 409:
            idle_until[table] = time.monotonic() + IDLE_SECONDS
        elif status == 201 and json.loads(content).get("finished"):
            tally.finished += 1

    await asyncio.gather(*(post(when, table) for when, table in posts))


async def _event(port: int, phones: list[tuple[str, float, str, float]], overview: str,
                 tokens: list[str], posts: list[tuple[float, int]],
                 seconds: float) -> tuple[Tally, Tally]:
    start = time.monotonic() + 0.2
    phone_tally, referee_tally = Tally(), Tally()
    await asyncio.gather(
        *(_phone(port, path, etag, every, start + offset, start + seconds, phone_tally,
                 overview) for path, offset, etag, every in phones),
        _referee_posts(port, tokens, posts, start, referee_tally))
    return phone_tally, referee_tally


def event(port: int, *, phones: list[tuple[str, float, str, float]], overview: str,
          tokens: list[str], rate: float | None, seconds: float) -> dict:
    """Phones (`phone_schedule`'s, each with the ETag and poll seconds of its last poll) and
    the tables' referees (`referee_schedule` at `rate`) for `seconds`: each side apart."""
    posts = referee_schedule(len(tokens), seconds, rate) if tokens else []
    phone_tally, referee_tally = asyncio.run(
        _event(port, phones, overview, tokens, posts, seconds))
    phone, referee = phone_tally.result(seconds), referee_tally.result(seconds)
    referee["created"] = referee_tally.statuses.get(201, 0)
    referee["unanswered"] = referee_tally.statuses.get(0, 0)
    referee["match_ends"] = referee_tally.finished
    worst = phone if phone["p95_ms"] >= referee["p95_ms"] else referee
    return {"requests": phone["requests"] + referee["requests"],
            "rps": phone["rps"] + referee["rps"], "p50_ms": worst["p50_ms"],
            "p95_ms": worst["p95_ms"], "p99_ms": worst["p99_ms"],
            "errors": phone["errors"] + referee["errors"],
            "phones": phone, "referees": referee, "created": referee["created"],
            "unanswered": referee["unanswered"]}


async def _in_turn(port: int, requests: list[tuple[str, str, dict, bytes]]) -> list:
    timed = []
    for method, path, headers, body in requests:
        sent = time.monotonic()
        status, _, content = await request(port, method, path, headers, body)
        timed.append((path, status, time.monotonic() - sent, content))
    return timed


def in_turn(port: int, requests: list[tuple[str, str, dict, bytes]]) -> list:
    """Each request after the last one's answer: (path, status, seconds, body) of each."""
    return asyncio.run(_in_turn(port, requests))
