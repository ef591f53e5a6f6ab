"""A box that scrolls sideways (a wide table, a bracket) on a phone can be scrolled from the
keyboard and is named to a screen reader: it takes the focus (tabindex="0") and is a region
with a name, as axe's scrollable-region-focusable rule asks. The ladder's tables were not."""

import re
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
SCROLLING = re.compile(r'<[a-z]+ class="[^"]*\b(scroll-x|bracket-scroll|table-scroll)\b[^"]*"[^>]*>')


def scrolling_boxes() -> list[tuple[str, str]]:
    return [(str(path.relative_to(TEMPLATES)), found.group())
            for path in sorted(TEMPLATES.rglob("*.html"))
            for found in SCROLLING.finditer(path.read_text())]


def test_every_box_that_scrolls_sideways_takes_the_focus_and_has_a_name():
    boxes = scrolling_boxes()
    assert len(boxes) >= 8
    wrong = [(name, tag) for name, tag in boxes
             if 'tabindex="0"' not in tag or 'role="region"' not in tag
             or not re.search(r'aria-label(ledby)?="[^"]+"', tag)]
    assert not wrong, wrong
