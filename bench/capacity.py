"""What an event of a given size needs, from what one request cost in the bench (issue 17,
item 6): web cores, database cores and Redis operations a second. Pure arithmetic, no server.

A phone's request and a referee's deal each have a measured cost: CPU milliseconds in the
gunicorn workers, in the database's backends, and Redis commands. The phones' cost is what
the workers, the database and Redis did in the mixed case at the stress pace, less what its
deals cost (the `table_deals` case alone): it includes the rebuilds of the live pages, which
at most LIVE_REBUILD_SECONDS allows, so it is an upper bound for more phones.
"""

from dataclasses import dataclass

PHONES = (1_000, 10_000, 50_000)
DEAL_RATES = (1, 4, 20)


@dataclass(frozen=True)
class Cost:
    """What one request costs: CPU ms of the workers and of the database, Redis commands."""

    worker_ms: float
    db_ms: float
    redis_ops: float

    @classmethod
    def of(cls, case: dict) -> "Cost":
        return cls(case["worker_cpu_ms"], case["db_cpu_ms"], case.get("redis_ops", 0.0))


def phones_cost(mixed: dict, deal: Cost) -> Cost:
    """One phone request's share of the mixed case, once its deals are taken out."""
    polls, posts = max(mixed["phones"]["requests"], 1), mixed["referees"]["requests"]
    total = mixed["cpu_seconds"]

    def share(whole_ms: float, per_deal: float) -> float:
        return max(whole_ms - posts * per_deal, 0.0) / polls

    return Cost(share(total["workers"] * 1000, deal.worker_ms),
                share(total["database"] * 1000, deal.db_ms),
                share(total.get("redis_ops", 0), deal.redis_ops))


def need(phone: Cost, deal: Cost, polls_per_phone: float, phones: int,
         deals_per_second: float) -> dict:
    """Web cores, database cores and Redis operations a second for `phones` phones, each
    polling `polls_per_phone` times a second, and `deals_per_second` deals."""
    polls = phones * polls_per_phone
    return {"phones": phones, "deals_per_s": deals_per_second,
            "web_cores": round((polls * phone.worker_ms + deals_per_second * deal.worker_ms)
                               / 1000, 2),
            "db_cores": round((polls * phone.db_ms + deals_per_second * deal.db_ms) / 1000, 2),
            "redis_ops_per_s": round(polls * phone.redis_ops
                                     + deals_per_second * deal.redis_ops)}


def table(phone: Cost, deal: Cost, polls_per_phone: float) -> list[dict]:
    return [need(phone, deal, polls_per_phone, phones, rate)
            for phones in PHONES for rate in DEAL_RATES]
