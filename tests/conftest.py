"""Shared test helpers: write a game from YAML text, build it, read the result back."""

from __future__ import annotations

import ast
import functools
import json
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from kitgen.build import check, draw, font_book, load, manifest_for, plan
from kitgen.cli import UNREAD_NOTE, main
from kitgen.errors import Diagnostics, KitError
from kitgen.layout.plan import make_whole
from kitgen.model.game import Settings
from kitgen.units import PAPERS

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"


@dataclass
class Run:
    exit_code: int
    stdout: str
    stderr: str


def run_cli(*args: str) -> Run:
    """Run the real CLI in-process; stderr kept apart from stdout."""
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return Run(result.exit_code, result.stdout, result.stderr)


def diagnostic_lines(stderr: str) -> list[str]:
    """A check's lines less the note that rules and scenarios wait for the game's own
    errors (tests/test_cli.py tests that note; these tests read the messages)."""
    return [line for line in stderr.splitlines() if line != UNREAD_NOTE]


def write_game(folder: Path, yaml_text: str, files: dict[str, str] | None = None) -> Path:
    """A game folder with game.yaml (dedented) and any extra files."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(textwrap.dedent(yaml_text).lstrip(), encoding="utf-8")
    for name, text in (files or {}).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return folder


@dataclass
class Planned:
    game: object
    docs: list
    diags: Diagnostics
    settings: Settings


def plan_game(folder: Path, paper: str = "letter", **settings) -> Planned:
    """Load, check and plan a game in-process (no PDF). Raises KitError on input errors.
    A game of content/ is planned once per test session for each paper and settings (a
    larger kit takes seconds of CPU, and many tests read one): read what it gives,
    never change it."""
    if _shared(folder, settings):
        return _planned_once(Path(folder), paper, _key(settings))
    return _plan(folder, paper, settings)


def build_pdfs(folder: Path, paper: str = "letter", **settings) -> tuple[Planned, dict, dict]:
    """Plan and draw: (planned, {file name: pdf bytes}, manifest). A game of content/ is
    built once per test session for each paper and settings, as plan_game says."""
    if _shared(folder, settings):
        return _built_once(Path(folder), paper, _key(settings))
    return build_fresh(folder, paper, **settings)


def plan_fresh(folder: Path, paper: str = "letter", **settings) -> Planned:
    """plan_game, planned anew: for a test that watches the planning (a spy put in with
    monkeypatch), or plans twice to compare."""
    return _plan(folder, paper, settings)


def build_fresh(folder: Path, paper: str = "letter", **settings) -> tuple[Planned, dict, dict]:
    """build_pdfs, planned and drawn anew: for a test that builds twice to compare."""
    return _drawn(_plan(folder, paper, settings))


def _plan(folder: Path, paper: str, settings: dict) -> Planned:
    diags = Diagnostics()
    game = load(folder, diags)
    check(game, diags)
    s = Settings(paper=PAPERS[paper], **settings)
    docs = make_whole(plan(game, s, font_book(game), diags))  # every op, to read
    return Planned(game, docs, diags, s)


def _drawn(p: Planned) -> tuple[Planned, dict, dict]:
    pdfs = draw(p.game, p.docs, p.settings)
    return p, pdfs, manifest_for(p.game, p.settings, p.docs, pdfs)


def _shared(folder: Path, settings: dict) -> bool:
    """A seed game (content/ is never changed by a test), with settings a cache can key."""
    try:
        hash(tuple(settings.items()))
    except TypeError:
        return False
    return Path(folder).resolve().parent == CONTENT


def _key(settings: dict) -> tuple:
    """The settings that differ from a build's defaults (duplex="none" is no setting)."""
    usual = Settings(paper=PAPERS["letter"])
    return tuple(sorted((k, v) for k, v in settings.items() if getattr(usual, k) != v))


@functools.cache
def _planned_once(folder: Path, paper: str, settings: tuple) -> Planned:
    return _plan(folder, paper, dict(settings))


@functools.cache
def _built_once(folder: Path, paper: str, settings: tuple) -> tuple[Planned, dict, dict]:
    return _drawn(_planned_once(folder, paper, settings))


# Where a check sweeps every kit in content/, the fast tier reads back this one kit and
# the slow tier the rest (the goldens of tests/golden hold every kit in the fast tier).
FAST_KIT = "ryamon"


def one_kit_fast(games) -> list:
    """A sweep's kits as parameters: FAST_KIT in the fast tier, the others marked slow."""
    return [g if g == FAST_KIT else pytest.param(g, marks=pytest.mark.slow) for g in games]


def slow_ones(names, slow: set[str]) -> list:
    """Parameters for a sweep whose cases named in `slow` take seconds each (inputs at
    their caps): those marked for the slow tier, the rest in the fast tier."""
    assert slow <= set(names), f"no such cases: {sorted(slow - set(names))}"
    return [pytest.param(n, marks=pytest.mark.slow) if n in slow else n for n in names]


@functools.cache
def seed_game(game: str) -> object:
    """A game in content/ loaded and checked once per test session (no plan): for the
    tests that read its model. Read it, never change it."""
    diags = Diagnostics()
    game_model = load(CONTENT / game, diags)
    check(game_model, diags)
    return game_model


def seed_kit(game: str) -> tuple[Planned, dict, dict]:
    """A kit in content/ planned and drawn once per test session, on the game's own paper
    (as `make kits` prints it): (planned, {file name: pdf bytes}, manifest). Shared by
    the tests that read the kits back: read it, never change it."""
    folder = CONTENT / game
    if not folder.is_dir():  # a game built only for the docs' pictures (docs/examples/)
        return _own_paper_kit(ROOT / "docs" / "examples" / game)
    paper = seed_game(game).paper  # type: ignore[attr-defined]
    named = [name for name, p in PAPERS.items() if p == paper]  # shared with build_pdfs
    return build_pdfs(folder, named[0]) if named else _own_paper_kit(folder)


@functools.cache
def _own_paper_kit(folder: Path) -> tuple[Planned, dict, dict]:
    diags = Diagnostics()
    game_model = load(folder, diags)
    check(game_model, diags)
    s = Settings(paper=game_model.paper)
    docs = make_whole(plan(game_model, s, font_book(game_model), diags))  # every op, to read
    return _drawn(Planned(game_model, docs, diags, s))


@functools.cache
def parsed(source: str) -> ast.Module:
    """A module's syntax tree, parsed once per test session for each text: the house
    tests walk every module of kitgen/ (about a second of CPU a parse of the tree).
    Read it, never change it."""
    return ast.parse(source)


def pixel_at(pdf: bytes, page: int, x: float, y: float, dpi: float = 144) -> tuple:
    """The colour a PDF page renders at point (x, y), origin bottom-left: what prints."""
    image, height = _rendered(pdf, page, dpi)
    k = dpi / 72
    return image.getpixel((round(x * k), round((height - y) * k)))


@functools.lru_cache(maxsize=4)
def _rendered(pdf: bytes, page: int, dpi: float) -> tuple:
    """A page rendered once for all the pixels a test reads from it (a 576-dpi page takes
    seconds; a test reading a hundred pixels took minutes)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    return doc[page].render(scale=dpi / 72).to_pil().convert("RGB"), doc[page].get_height()


@dataclass(frozen=True)
class Word:
    """A word as printed: its text and its box in points (left, bottom, right, top)."""

    text: str
    box: tuple[float, float, float, float]


def pdf_words(pdf: bytes) -> list[list[Word]]:
    """Every page's words, read back from the PDF's text layer (pypdfium2), in print order.
    A reading's mark (†2) is set apart from its word by a thin space, not a space: the gap
    the text layer reads as one (a generated space) before it, or between it and the
    punctuation after it, joins them into one word ("deck†2", "†1,").
    A PDF is read once per test session (a seed kit's are read by dozens of tests): the
    lists are the caller's own, the words shared (frozen)."""
    return [list(page) for page in _words_once(pdf)]


@functools.lru_cache(maxsize=128)
def _words_once(pdf: bytes) -> tuple[tuple[Word, ...], ...]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    pages = tuple(tuple(_page_words(page.get_textpage())) for page in doc)
    doc.close()
    return pages


def _page_words(text) -> list[Word]:
    import pypdfium2.raw as raw

    n = text.count_chars()
    every = _chars(text, n)
    # Only a gap can be generated (the text layer's own space or line break): asking each
    # character cost a C call apiece.
    made = [
        not c.strip() and raw.FPDFText_IsGenerated(text.raw, i) == 1 for i, c in enumerate(every)
    ]
    words: list[Word] = []
    chars: list[tuple[str, tuple[float, float, float, float]]] = []
    for i, char in enumerate(every):
        if char.strip():
            chars.append((char, text.get_charbox(i)))
        elif made[i] and _thin(every, made, i, chars, text.get_charbox):
            continue  # the gap at a reading's mark: not a word break
        if (not char.strip() or i == n - 1) and chars:
            boxes = [b for _, b in chars]
            box = (
                min(b[0] for b in boxes),
                min(b[1] for b in boxes),
                max(b[2] for b in boxes),
                max(b[3] for b in boxes),
            )
            words.append(Word("".join(c for c, _ in chars), box))
            chars = []
    return words


def _chars(text, n: int) -> list[str]:
    """The page's characters, one per index: the whole range in one call where it holds
    one code unit a character (a character past the BMP takes two), else one by one."""
    whole = text.get_text_range(0, n)
    if len(whole) == n:
        return list(whole)
    return [text.get_text_range(i, 1) for i in range(n)]


_MARK_END = re.compile("\u2020[0-9]*$")


def _thin(every: list[str], made: list[bool], i: int, chars: list, box=None) -> bool:
    """Whether the gap the text layer made at `i` (a space, or a line break for the
    mark's raised baseline) is a reading mark's: before a † that follows on (`box` gives
    a character's box: a † that starts a line of its own is a word of its own), or after
    a mark's digits before punctuation."""
    j = i + 1
    while j < len(every) and made[j] and not every[j].strip():
        j += 1
    after = every[j] if j < len(every) else ""
    word = "".join(c for c, _ in chars)
    if after == "\u2020" and chars and box is not None:
        return -1.0 <= box(j)[0] - chars[-1][1][2] <= 8.0
    return bool(chars) and (
        after == "\u2020" or (bool(_MARK_END.search(word)) and after in ",.;:)")
    )


# What style.typeset prints for the YAML's plain characters, read back as the YAML has
# them (`text.translate(PLAIN)`): a real minus and a range's en dash as the hyphen, a
# typographic apostrophe or single quote as the straight one, a no-break space as a space.
PLAIN = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2019": "'", "\u2018": "'", "\u00a0": " "})


def unmarked_glyphs(glyphs: list) -> list:
    """A face's glyphs less its reading marks: each † and the digits set at its size
    (a mark is set small by design: style.MARK_SCALE of its text)."""
    marks = {round(g.size, 2) for g in glyphs if g.char == "\u2020"}
    return [
        g
        for g in glyphs
        if g.char != "\u2020" and not (g.char.isdigit() and round(g.size, 2) in marks)
    ]


def pdf_text(pdf: bytes) -> list[str]:
    """Every page's text as printed, its runs of white space made one space."""
    return [" ".join(w.text for w in page) for page in pdf_words(pdf)]


NOTES_HEAD = "Notes on this edition Where the source"  # the notes' heading over its intro


def book_pages(pdfs: dict, manifest: dict) -> list[str]:
    """The rulebook's pages' text in reading order (a booklet's page is half a sheet:
    its manifest item says which sheet and where), without the sheets' labels and feet
    and without the pages' running heads and numbers (a text run on reads as one)."""
    halves = sorted(
        (i for i in manifest["items"] if i["kind"] == "rulebook-page"),
        key=lambda i: i["book_page"],
    )
    sheets = pdf_words(pdfs["rulebook.pdf"])
    out = []
    for item in halves:
        x0, y0, x1, y1 = item["bbox"]
        words = sheets[item["page"] - 1]
        out.append(" ".join(w.text for w in words if x0 - 1 <= w.box[0] and w.box[2] <= x1 + 1
                            and y0 + 14 <= w.box[1] and w.box[3] <= y1 - 16))  # fmt: skip
    return out


def kit_notes(pdfs: dict, manifest: dict) -> tuple[str, dict[str, str]]:
    """The text of the kit's one notes page (Notes on this edition: the rulebook's last
    section, from its heading on, else notes.pdf), and every other text by file (the
    rulebook's without its notes)."""
    texts = {n: " ".join(pdf_text(pdf)) for n, pdf in pdfs.items() if n.endswith(".pdf")}
    if "notes.pdf" in texts:
        return texts.pop("notes.pdf"), texts
    rules, head, notes = " ".join(book_pages(pdfs, manifest)).partition(NOTES_HEAD)
    texts["rulebook.pdf"] = rules
    return head + notes, texts


def errors_of(folder: Path, **settings) -> list[str]:
    """The diagnostics (as printed) of a game expected to fail."""
    with pytest.raises(KitError) as info:
        plan_game(folder, **settings)
    return [str(d) for d in info.value.diagnostics]


def read_manifest(kit: Path) -> dict:
    return json.loads((kit / "manifest.json").read_text())


@pytest.fixture
def game_dir(tmp_path: Path) -> Path:
    return tmp_path / "game"
