"""`make bench`'s referee phone (bench/referee_browser.py), run once at its smallest: the taps,
scrolls and page loads of each case. Never a duration: the bench reports those."""

from bench import referee_browser


def test_the_referee_bench_counts_taps_scrolls_and_page_loads(new_phone):
    plan = referee_browser.build(repeats=1)
    results = referee_browser.measure(new_phone, plan)
    print({case: (r["taps"], r["scrolls"], r["page_loads"], r["off_screen"])
           for case, r in results.items()})
    assert {case: (r["taps"], r["scrolls"], r["page_loads"]) for case, r in results.items()} == {
        "73-47": (4, 0, 0), "60-60": (2, 0, 0), "revoke": (2, 0, 0), "flag": (2, 0, 0),
        "undo": (2, 0, 0), "handover": (3, 0, 0),
    }
    assert all(r["met"] for r in results.values())
