"""The referee's phone in a real browser: `python -m bench.referee_browser` (also run by `make bench`).

Chromium (Debian's /usr/bin/chromium, driven by Playwright) at 360x740, touch, as a phone,
in English, enters on a fresh database served by gunicorn, REPEATS times (BENCH_BROWSER_REPEATS,
default 5):

- on a fresh first-to-4 friendly: a typical deal (73-47), a 60-60, a revoke and a flag (which
  ends the match), tapping only what a referee would (bench/referee_taps.py);
- on a friendly with one deal played: a 73-47 saved, then undone from the saved message
  (Undo, Yes, undo it);
- at a tournament table whose next match is already placed (a 4-partnership knockout on one
  table): the flag that ends the first semi-final, the result screen, Next match; the next
  match must show with its round and both partnerships.

For each case: taps, scrolls (a tap on something off the screen), page loads (the page's
`load` events: a full navigation; the boosted htmx swaps are not) and the milliseconds from
the last tap (its touchstart, `performance.now()` in the page) to the first DOM change that
shows the saved state: a new #referee with the success message ("Deal saved.", "The last deal
was undone.") or the next match named. Prints a table and the targets of issue 13, met or
missed, and writes them under "referee_browser" in bench/results.json. See bench/README.md.

`build` and `measure` are what tests/browser/test_referee_bench.py runs once, in-process.
"""

import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

from bench.referee_taps import DEALS, PHONE, Count, settled, tap

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results.json"
CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
REPEATS = int(os.environ.get("BENCH_BROWSER_REPEATS", "5"))
TIMEOUT_MS = 15_000

# Each case as what the referee taps, (role, English name), and what shows it is done.
CASES = {
    **{deal: ([("button", name) for name in names], "saved") for deal, names in DEALS.items()},
    "undo": ([("link", "Undo"), ("button", "Yes, undo it")], "saved"),
    "handover": ([("button", "Flag A"), ("button", "Save the deal"), ("link", "Next match")],
                 "next"),
}
# What each case must take: (words, test of taps, scrolls, page loads).
TARGETS = {
    "73-47": ("<= 4 taps, no scroll, no page load", lambda t, s, p: t <= 4 and s == 0 and p == 0),
    "60-60": ("2 taps, no page load", lambda t, s, p: t <= 2 and p == 0),
    "revoke": ("2 taps, no page load", lambda t, s, p: t <= 2 and p == 0),
    "flag": ("2 taps, no page load", lambda t, s, p: t <= 2 and p == 0),
    "undo": ("2 taps, no scroll, no page load", lambda t, s, p: t <= 2 and s == 0 and p == 0),
    "handover": ("no scroll, no page load", lambda t, s, p: s == 0 and p == 0),
}

# In the page. Done: a #referee that replaced the one on screen before the last tap and
# shows a success message ("saved"), or the table's next match named with its round and both
# partnerships ("next"). Checked by a MutationObserver, so the time is the DOM's, not
# Playwright's polling. Runs through Playwright (the DevTools protocol), not under the page's
# Content-Security-Policy.
_DONE = """(kind, arg, root) => !!root && (kind === "saved"
    ? !!root.querySelector(".msg.success")
    : !!root.dataset.match && root.dataset.match !== String(arg.ended)
      && !!root.querySelector("[data-round]")
      && arg.names.every((name) => (root.querySelector(".board") || root).textContent
        .includes(name)))"""
ARM = """([kind, arg]) => {
  const done = __DONE__;
  const before = document.getElementById("referee");
  const bench = window.__bench = {tapped: null, shown: null};
  const tapped = () => { if (bench.tapped === null) bench.tapped = performance.now(); };
  for (const type of ["touchstart", "pointerdown", "click"]) {
    window.addEventListener(type, tapped, {capture: true, once: true});
  }
  const look = () => {
    const root = document.getElementById("referee");
    if (bench.shown === null && root !== before && done(kind, arg, root)) {
      bench.shown = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(look);
  observer.observe(document.documentElement, {childList: true, subtree: true, attributes: true});
}""".replace("__DONE__", _DONE)
# Done, or a full page load threw the observer away: then the DOM is asked directly.
SHOWN = """([kind, arg]) => window.__bench ? window.__bench.shown !== null
  : (__DONE__)(kind, arg, document.getElementById("referee"))""".replace("__DONE__", _DONE)


# The data -----------------------------------------------------------------------------------

def build(repeats: int) -> list[dict]:
    """What `repeats` runs of every case need, made through the real services; one dict per
    run: the referee tokens, and the match the handover ends and the partnerships of the one
    waiting for its table."""
    from django.contrib.auth.models import User

    from scoring import engine, services
    from scoring.models import RefereeLink
    from sueca_club import services as club_services
    from tournaments import services as tournament_services
    from tournaments.models import Pairing, Tournament

    tag = uuid.uuid4().hex[:6]
    user = User.objects.create_user(f"browserbench-{tag}", "", uuid.uuid4().hex)
    club = club_services.club_create(name=f"Clube Browser Bench {tag}", town="Porto", by=user)
    rules, fmt = engine.rules_from("portugal"), engine.format_from(None)
    plan = []
    for run in range(repeats):
        lines = "\n".join(f"Jogadora {run}-{i}a & Jogador {run}-{i}b" for i in range(8))
        partnerships = club_services.partnerships_bulk_add(club=club, text=lines)
        friendly, undo = (services.match_create(club=club, a=partnerships[i], b=partnerships[i + 1],
                                                rules=rules, fmt=fmt, first_dealer=0, by=user)
                          for i in (0, 2))
        services.deal_record(match_id=undo.pk, deal=engine.deal_from({"points": [80, 40]}),
                             key=uuid.uuid4().hex)
        tournament = tournament_services.tournament_create(
            club=club, name=f"Browser Bench {tag} {run}", rules=rules, fmt=fmt,
            structure=Tournament.Structure.KNOCKOUT, tables_count=1, by=user)
        tournament_services.entries_register(tournament=tournament, partnerships=partnerships[4:])
        tournament_services.tournament_start(tournament=tournament)
        link = tournament.tables.select_related("link").get().link
        waiting = (Pairing.objects.filter(round__tournament=tournament, match=None)
                   .select_related("a__partnership", "b__partnership").get())
        plan.append({
            "deals": RefereeLink.objects.get(match=friendly).token,
            "undo": RefereeLink.objects.get(match=undo).token,
            "handover": link.token,
            "next": {"ended": link.match_id, "names": [waiting.a.partnership.display_name,
                                                       waiting.b.partnership.display_name]},
        })
    return plan


# The measure --------------------------------------------------------------------------------

def run_case(page, steps: list[tuple[str, str]], kind: str, arg=None) -> dict:
    """Tap `steps` on the page as it stands; what it took, up to the state `kind` shows."""
    loads, navigations, count = [], [], Count()

    def loaded(_page):
        loads.append(1)

    def navigated(frame):  # also fires for a boosted swap's pushState: not a page load
        if frame == page.main_frame:
            navigations.append(frame.url)

    page.on("load", loaded)
    page.on("framenavigated", navigated)
    try:
        page.evaluate("() => { window.__benchCase = true; }")
        for role, name in steps[:-1]:
            tap(page, name, count, role)
        role, name = steps[-1]
        page.get_by_role(role, name=name, exact=True).wait_for()
        page.evaluate(ARM, [kind, arg])
        started = time.perf_counter()
        tap(page, name, count, role)
        page.wait_for_function(SHOWN, arg=[kind, arg], polling="raf", timeout=TIMEOUT_MS)
        wall_ms = (time.perf_counter() - started) * 1000
        page.wait_for_load_state("load")  # a full load (if any) is done and counted
        timing = page.evaluate("() => window.__bench ? [window.__bench.tapped,"
                               " window.__bench.shown] : null")
        reloaded = not page.evaluate("() => window.__benchCase === true")
    finally:
        page.remove_listener("load", loaded)
        page.remove_listener("framenavigated", navigated)
    in_page = timing is not None and None not in timing
    return {"taps": count.taps, "scrolls": count.scrolls,
            "page_loads": max(len(loads), 1 if reloaded else 0), "off_screen": count.off_screen,
            "frame_navigations": len(navigations),
            "ms": round(timing[1] - timing[0], 1) if in_page else round(wall_ms, 1),
            "wall_ms": round(wall_ms, 1)}


def measure_once(new_page, run: dict) -> dict[str, dict]:
    """Every case once, on the data of one run of `build`; `new_page()` opens a phone."""
    from playwright.sync_api import expect

    found = {}
    page = new_page()
    page.goto(f"/r/{run['deals']}/")
    expect(page.locator("[data-pad]")).to_be_visible()  # referee.js has set up the keypad
    for deal in DEALS:
        found[deal] = run_case(page, *CASES[deal])
        expect(page.get_by_text("Deal saved.").first).to_be_visible()
        settled(page)
    expect(page.get_by_role("heading", name="Match result")).to_be_visible()  # the flag ended it

    page.goto(f"/r/{run['undo']}/")
    run_case(page, *CASES["73-47"])  # the deal that is undone: not measured
    expect(page.get_by_text("2 deals played")).to_be_visible()
    found["undo"] = run_case(page, *CASES["undo"])
    expect(page.get_by_text("The last deal was undone.")).to_be_visible()
    expect(page.get_by_text("1 deal played")).to_be_visible()

    page.goto(f"/r/{run['handover']}/")
    found["handover"] = run_case(page, *CASES["handover"], run["next"])
    expect(page.get_by_text("0 deals played")).to_be_visible()
    return found


def measure(new_page, plan: list[dict]) -> dict[str, dict]:
    """Every case once per run of the plan: the largest count seen (they should not vary) and
    the median time."""
    runs = [measure_once(new_page, run) for run in plan]
    results = {}
    for case in CASES:
        seen = [found[case] for found in runs]
        taps, scrolls, loads = (max(r[key] for r in seen) for key in ("taps", "scrolls",
                                                                       "page_loads"))
        words, met = TARGETS[case]
        results[case] = {
            "taps": taps, "scrolls": scrolls, "page_loads": loads,
            "ms": round(statistics.median(r["ms"] for r in seen), 1),
            "ms_runs": [r["ms"] for r in seen], "wall_ms_runs": [r["wall_ms"] for r in seen],
            "frame_navigations": max(r["frame_navigations"] for r in seen),
            "off_screen": sorted({name for r in seen for name in r["off_screen"]}),
            "target": words, "met": met(taps, scrolls, loads),
        }
    return results


def report(results: dict[str, dict], repeats: int) -> list[str]:
    """Print the table; the cases whose target was missed."""
    print(f"\nReferee phone (Chromium 360x740, touch), {repeats} run(s) per case")
    heading = f"ms (median of {repeats})"
    print(f"{'case':<10}| {'taps':>4} | {'scrolls':>7} | {'page loads':>10} | {heading:>17} | target")
    for case, r in results.items():
        print(f"{case:<10}| {r['taps']:>4} | {r['scrolls']:>7} | {r['page_loads']:>10} | "
              f"{r['ms']:>17.1f} | {'met   ' if r['met'] else 'MISSED'} {r['target']}"
              + (f" (off screen: {', '.join(r['off_screen'])})" if r["off_screen"] else ""))
    return [case for case, r in results.items() if not r["met"]]


# On its own ---------------------------------------------------------------------------------

def why_not() -> str | None:
    """Why this machine cannot run the browser bench (None: it can)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -e '.[dev]')"
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


def run(repeats: int = REPEATS) -> dict:
    """A fresh database (SQLite, or PostgreSQL's `sueca_browserbench` next to DATABASE_URL's),
    the data, gunicorn, the measure; returns what goes into results.json."""
    from playwright.sync_api import sync_playwright

    from bench.run import Database, Server, bench_env, log, step

    with tempfile.TemporaryDirectory(prefix="sueca-browserbench-") as tmp:
        folder = Path(tmp)
        database = Database(os.environ.get("DATABASE_URL", ""), folder,
                            default_name="sueca_browserbench")
        env = bench_env(database.url, folder)
        try:
            database.create()
            step(f"referee phone: building {repeats} run(s) of matches (setup, not measured)",
                 [sys.executable, "-m", "bench.referee_browser", "--build",
                  str(folder / "plan.json"), str(repeats)], env, 600)
            plan = json.loads((folder / "plan.json").read_text())
            step("referee phone: collecting static files",
                 [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], env, 600)
            with Server(env, folder) as server:
                log(f"bench: referee phone on {server.base} (Chromium {CHROMIUM})")
                with sync_playwright() as playwright:
                    browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                         args=LAUNCH_ARGS)
                    contexts = []

                    def new_page():
                        context = browser.new_context(base_url=server.base, **PHONE)
                        context.set_default_timeout(TIMEOUT_MS)
                        contexts.append(context)
                        return context.new_page()

                    try:
                        results = measure(new_page, plan)
                    finally:
                        for context in contexts:
                            context.close()
                        browser.close()
        finally:
            database.drop()
    return {"repeats": repeats, "database": "PostgreSQL" if database.admin_url else "SQLite",
            "cases": results}


def _build_main(path: str, repeats: str) -> None:
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    Path(path).write_text(json.dumps(build(int(repeats))))


def main() -> int:
    from bench.run import BenchError, log

    if sys.argv[1:2] == ["--build"]:
        _build_main(*sys.argv[2:4])
        return 0
    if (reason := why_not()) is not None:
        log(f"bench: referee phone skipped: {reason}")
        return 1
    try:
        found = run()
    except KeyboardInterrupt:
        log("bench: interrupted (cleaned up)")
        return 130
    except BenchError as error:
        log(f"bench: {error}")
        return 1
    missed = report(found["cases"], found["repeats"])
    stored = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    RESULTS.write_text(json.dumps({**stored, "referee_browser": found}, indent=2) + "\n")
    print(f"\nwrote referee_browser in {RESULTS.relative_to(ROOT)}; "
          + ("all targets met" if not missed else f"{len(missed)} target(s) missed"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
