"""The PDF document every printable is drawn on (fpdf2): fonts, fitted text, QR codes.

Fonts, in order of preference:
1. Roboto from the `font-roboto` package (PyPI, Apache 2.0): installs with pip, so a fresh
   `make run` has it. fpdf2 embeds (a subset of) it, so any Unicode text prints.
2. DejaVu Sans from Debian's fonts-dejavu-core, where the package is missing.
3. fpdf2's core Helvetica, with text reduced to Latin-1 (Portuguese fits in it).
"""

import logging
from functools import cache
from pathlib import Path

import segno
from fpdf import FPDF

logging.getLogger("fontTools").setLevel(logging.WARNING)  # it logs every glyph it subsets
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
FAMILY = "Sueca"


@cache
def font_files() -> dict[str, str] | None:
    """The regular ("") and bold ("B") TrueType files to embed, or None for the core font."""
    try:
        import font_roboto
    except ImportError:
        pass
    else:
        files = font_roboto.font_files
        if "Roboto" in files and "RobotoBold" in files:
            return {"": files["Roboto"], "B": files["RobotoBold"]}
    regular, bold = DEJAVU / "DejaVuSans.ttf", DEJAVU / "DejaVuSans-Bold.ttf"
    if regular.exists() and bold.exists():
        return {"": str(regular), "B": str(bold)}
    return None


class Document(FPDF):
    """An A4 (or A3) document in millimetres with the project's font and a few helpers."""

    def __init__(self, *, orientation: str = "P", paper: str = "A4", title: str = ""):
        super().__init__(orientation=orientation, unit="mm", format=paper)
        self.set_auto_page_break(False)
        self.set_margins(12, 12, 12)
        self.set_title(title)
        self.set_creator("Sueca Club")
        files = font_files()
        self.unicode = files is not None
        if files:
            for style, path in files.items():
                self.add_font(FAMILY, style, path)
        self.family = FAMILY if files else "helvetica"

    def font(self, size: float, bold: bool = False) -> None:
        self.set_font(self.family, "B" if bold else "", size)

    def clean(self, text: object) -> str:
        text = str(text if text is not None else "")
        if self.unicode:
            return text
        text = text.replace("–", "-").replace("—", "-").replace("…", "...").replace("·", "-")
        return text.encode("latin-1", "replace").decode("latin-1")

    def fit(self, text: object, width: float) -> str:
        """`text`, cut with an ellipsis to fit `width` in the current font."""
        text = self.clean(text)
        if self.get_string_width(text) <= width:
            return text
        ellipsis = self.clean("…")
        while text and self.get_string_width(text + ellipsis) > width:
            text = text[:-1]
        return text.rstrip() + ellipsis

    def put(self, x: float, y: float, w: float, h: float, text: object, *, size: float,
            bold: bool = False, align: str = "L", border: int | str = 0) -> None:
        """One line of text in a box, cut to fit."""
        self.font(size, bold)
        self.set_xy(x, y)
        self.cell(w, h, self.fit(text, w - 2), border=border, align=align)

    def qr(self, data: str, x: float, y: float, size: float) -> None:
        """A QR code drawn as vector squares (crisp at any size), with its quiet zone."""
        code = segno.make(data, error="m")
        rows = list(code.matrix_iter(scale=1, border=4))
        module = size / len(rows)
        self.set_fill_color(0, 0, 0)
        for r, row in enumerate(rows):
            c = 0
            while c < len(row):
                if row[c]:
                    start = c
                    while c < len(row) and row[c]:
                        c += 1
                    self.rect(x + start * module, y + r * module, (c - start) * module, module,
                              style="F")
                else:
                    c += 1

    def content(self) -> bytes:
        return bytes(self.output())
