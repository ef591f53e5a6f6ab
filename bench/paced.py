"""Referees posting at a fixed pace (wrk has no rate limit; wrk2 is not in Debian).

Each referee posts a deal every `period` seconds on its own connection, starting staggered
across the first period. Latency is counted from the moment the post was due, not from when
it was sent, so a slow server cannot hide its queue (no coordinated omission).
"""

import http.client
import json
import threading
import time
import uuid
from collections import Counter

from bench.phones import summary


def paced_posts(port: int, tokens: list[str], *, seconds: float, period: float) -> dict:
    start = time.monotonic() + 0.2
    deadline = start + seconds
    latencies: list[float] = []
    statuses: Counter = Counter()
    lock = threading.Lock()

    def referee(index: int, token: str) -> None:
        due, sent = start + period * index / len(tokens), 0
        while due < deadline:
            time.sleep(max(0.0, due - time.monotonic()))
            a = 15 + (index + sent) % 91
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                connection.request("POST", f"/api/v1/referee/{token}/deals",
                                   json.dumps({"points": [a, 120 - a]}),
                                   {"Content-Type": "application/json",
                                    "Idempotency-Key": uuid.uuid4().hex})
                response = connection.getresponse()
                response.read()
                connection.close()
                status = response.status
            except OSError:
                status = 0  # counted as an error
            with lock:
                latencies.append(time.monotonic() - due)
                statuses[status] += 1
            sent += 1
            due = start + period * (index / len(tokens) + sent)

    threads = [threading.Thread(target=referee, args=(i, t), daemon=True)
               for i, t in enumerate(tokens)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=max(0.0, deadline - time.monotonic()) + 15)
    return {"requests": len(latencies), "rps": len(latencies) / seconds, **summary(latencies),
            "created": statuses.get(201, 0), "unanswered": statuses.get(0, 0),
            "errors": sum(n for status, n in statuses.items() if not 200 <= status < 400)}
