"""Taps and scrolls a referee needs per deal at 360x740: `python -m bench.referee_taps URL TOKEN`.

Enters, on the referee link TOKEN of the server at URL (a fresh first-to-4 match), a typical
deal (73-47), a 60-60, a revoke and a flag (which ends the match), tapping only what a referee
would. A tap on something outside the screen counts as a scroll. Prints one line per deal.
tests/browser/test_referee_fits_one_screen.py runs the same measure; bench/referee_browser.py
(`make bench`) adds the page loads and the time to the saved deal, an undo and a handover.
"""

import sys
from dataclasses import dataclass, field

VIEWPORT = {"width": 360, "height": 740}
PHONE = {"viewport": VIEWPORT, "is_mobile": True, "has_touch": True, "locale": "en-GB"}
# Each deal as the buttons a referee taps, by their English names.
DEALS = {
    "73-47": ["7", "3", "Next: check the deal", "Save the deal"],
    "60-60": ["60-60", "Save the deal"],
    "revoke": ["Revoke B", "Save the deal"],
    "flag": ["Flag A", "Save the deal"],
}


@dataclass
class Count:
    taps: int = 0
    scrolls: int = 0
    off_screen: list[str] = field(default_factory=list)


def on_screen(box) -> bool:
    return (box is not None and box["x"] >= 0 and box["y"] >= 0
            and box["x"] + box["width"] <= VIEWPORT["width"]
            and box["y"] + box["height"] <= VIEWPORT["height"])


def tap(page, name: str, count: Count, role: str = "button") -> None:
    button = page.get_by_role(role, name=name, exact=True)
    button.wait_for()
    # Where the page stands now (a boosted swap scrolls #referee to the top by itself).
    if not on_screen(button.bounding_box()):
        count.scrolls += 1
        count.off_screen.append(name)
    button.tap()
    count.taps += 1


def settled(page) -> None:
    """Wait for htmx to finish the swap: it scrolls the new page to the top as it settles,
    20 ms after "Deal saved." is already in the page (a referee cannot tap that fast; a
    loaded test machine's next tap could, and would find the buttons still scrolled away)."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")


def measure(page, path: str) -> dict[str, Count]:
    """Open the referee page at `path` and enter every deal of DEALS; what each one took."""
    page.goto(path)
    counts = {}
    for deal, names in DEALS.items():
        count = Count()
        for name in names:
            tap(page, name, count)
        page.get_by_text("Deal saved.").first.wait_for()
        settled(page)
        counts[deal] = count
    return counts


def main(url: str, token: str) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_context(base_url=url, **PHONE).new_page()
        for deal, count in measure(page, f"/r/{token}/").items():
            print(f"{deal:>7}: {count.taps} taps, {count.scrolls} scrolls"
                  + (f" ({', '.join(count.off_screen)} off screen)" if count.off_screen else ""))
        browser.close()


if __name__ == "__main__":
    main(*sys.argv[1:3])
