"""The pipeline: load -> read -> check -> plan -> draw -> write, one call per stage."""

from __future__ import annotations

import functools
import gc
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from . import __version__
from .budget import MAX_PAGES
from .errors import Diagnostic, Diagnostics, GameUnread, KitError, Span
from .files import real_path
from .layout.env import PlanEnv
from .layout.frame import frame_document, mark_footers
from .layout.impose import print_mode, sheet_fill
from .layout.kit.contents import stock
from .layout.kit.notes import plan_notes
from .layout.kit.share import share_sheets
from .layout.plan import Document, Item
from .model.game import Game, Settings
from .output import (
    MANIFEST,
    Encoded,
    json_text,
    manifest_chunks,
    safe_name,
    sha256,
    to_json,
    write_kit,
)
from .records import field, record
from .render.fonts import FontBook, FontError
from .render.pdf import render_document
from .render.rl_private import font_file_at_fault
from .sections import SECTIONS
from .source.game import (
    GAME_FILE,
    GAME_KEY,
    SCENARIO_DIR,
    find_game_file,
    path_kind,
    read_game,
    scenario_game,
    scenario_path,
)
from .source.yamlnodes import Map, Scalar, describe, load_yaml

FONTS_DIR = real_path(Path(__file__)).parent.parent / "fonts"
ROUNDED_BOXES = 4096  # manifest boxes kept rounded: a sheet's slots, not a whole map's cells


@record(frozen=False)
class BuildResult:
    """What a build made: the game, its diagnostics, the kit folder and the manifest."""

    game: Game
    diagnostics: Diagnostics
    folder: Path
    manifest: dict = field(default_factory=dict)  # as written, less its items


def load(path: Path, diags: Diagnostics) -> Game:
    """Read a game (or the game of a scenario file); raises KitError if the input has errors."""
    path, scenario = scenario_path(path)
    try:
        if scenario is not None:
            _has_game(path, scenario)
        game = read_game(find_game_file(path), SECTIONS, diags, icon_names)
        # `kitgen check <game>/scenarios/x.yaml` checks that scenario only; a game without
        # a rules: section still has its scenarios/ read. Imported only then: the rules
        # engine is a good part of kitgen's start-up time.
        if scenario is not None or (
            "rules" not in game.sections and (game.folder / SCENARIO_DIR).is_dir()
        ):
            from .source.rules.rules import with_scenarios

            game = with_scenarios(game, scenario, diags)
        if scenario is not None:
            _forget_other_scenarios(game, scenario, diags)
    except KitError as exc:  # a file that could not be parsed at all
        diags.extend(exc.diagnostics)  # once each: extend skips those already there
        raise KitError(diags.items) from None
    if not _only_scenarios_broken(game, diags) and diags.has_errors():
        raise (GameUnread if _rules_wait(game, diags, scenario) else KitError)(diags.items)
    return game  # the check stage adds the rules' errors and raises then


def _has_game(path: Path, scenario: Path) -> None:
    """Raises KitError at the scenario's `game:` unless `path` (the game it names, or the
    folder above its scenarios/ folder) is a game: a game file other than the scenario
    itself, or a folder holding a game.yaml."""
    kind = path_kind(path)
    if kind == "dir" and path_kind(path / GAME_FILE) != "missing":
        return
    if kind == "file" and real_path(path) != real_path(scenario):
        return
    named = scenario_game(scenario)
    if named is None:  # in a scenarios/ folder, naming no game
        raise KitError(
            Diagnostic(
                "error",
                Span(str(scenario), 1, 1),
                "",
                f"no {GAME_FILE} in the folder above scenarios/ ({path.name!r})",
                "put the scenario in its game's scenarios/ folder, or name the game with game:",
            )
        )
    game, span = named
    node = load_yaml(scenario)  # read cleanly already by scenario_game
    value = node.get(GAME_KEY) if isinstance(node, Map) else None
    if not isinstance(value, Scalar) or value.value is None or isinstance(value.value, bool):
        shown = describe(value) if value is not None else "nothing"
        message = f"expected the game's folder as text, got {shown}"
    elif kind == "file":
        message = "names this scenario file itself, not its game"
    else:
        message = f"no game at {game.as_posix()!r}"
    raise KitError(
        Diagnostic(
            "error",
            span,
            GAME_KEY,
            message,
            "name the game's folder or its game.yaml, relative to this scenario file",
        )
    )


def _forget_other_scenarios(game: Game, scenario: Path, diags: Diagnostics) -> None:
    """`kitgen check <game>/scenarios/x.yaml` checks x alone: what the rules section found
    reading the other scenario files is not this check's business."""
    own = real_path(scenario)
    diags.keep(lambda d: _scenario_file(d, game) in (None, own))


def _only_scenarios_broken(game: Game, diags: Diagnostics) -> bool:
    """True when every error is in a scenario file: the game itself read cleanly, so the
    scenarios (whose readers skip what they cannot read) are still checked against the
    rules, and a typo'd key does not hide the broken rules behind it."""
    errors = [d for d in diags if d.is_error]
    return bool(errors) and all(_scenario_file(d, game) is not None for d in errors)


def _rules_wait(game: Game, diags: Diagnostics, scenario: Path | None) -> bool:
    """True when an error in the game's own files (not a scenario's) keeps rules or
    scenarios that the game has from being checked."""
    if "rules" not in game.sections and not (game.folder / SCENARIO_DIR).is_dir():
        return False
    own = real_path(scenario) if scenario is not None else None
    return any(
        d.is_error
        and _scenario_file(d, game) is None
        and (d.span is None or own is None or _resolved(d.span.file) != own)
        for d in diags
    )


def _scenario_file(d: Diagnostic, game: Game) -> Path | None:
    """The scenario file (resolved) a diagnostic points into; None when it is elsewhere."""
    if d.span is None:
        return None
    file = _resolved(d.span.file)
    return file if file.is_relative_to(_resolved(str(game.folder / SCENARIO_DIR))) else None


def _resolved(file: str) -> Path:
    """A diagnostic's file, resolved once for all the diagnostics in it (thousands, when a
    scenario names thousands of cells that are not there)."""
    return _resolved_absolute(os.path.abspath(file))  # the key must not hang on the cwd


@functools.lru_cache(maxsize=64)
def _resolved_absolute(file: str) -> Path:
    return real_path(Path(file))


def scenario_view(path: Path, diags: Diagnostics) -> list[Diagnostic]:
    """What `kitgen check` shows for `path`: for a scenario file, the game's errors and the
    scenario's own warnings; the game's warnings (write-in blanks ...) belong to a check of
    the game and would bury the scenario's."""
    _, scenario = scenario_path(path)
    if scenario is None:
        return list(diags)
    own = real_path(scenario)
    return [
        d
        for d in diags
        if d.severity == "error" or (d.span is not None and _resolved(d.span.file) == own)
    ]


def check(game: Game, diags: Diagnostics) -> None:
    """Checks that need the whole game: its font, then each section's own rules."""
    try:
        font_book(game).face(game.font)
    except FontError as exc:
        diags.error(game.font_span or game.span, "font", exc.message, exc.hint)
    for key in game.sections:
        SECTIONS[key].check(game, game.section(key), diags)
    diags.raise_if_errors()


def font_book(game: Game) -> FontBook:
    return FontBook([FONTS_DIR], game=game.folder)


def plan(
    game: Game,
    settings: Settings,
    fonts: FontBook,
    diags: Diagnostics,
    facts: dict[str, str | None] | None = None,
) -> list[Document]:
    """Every document's pages; a counter sheet's ops are made as it is drawn (see
    plan.Pieces). `facts` gathers the build facts found in planning and drawing (type
    set below the scale's floor ...)."""
    env = PlanEnv(game, settings, fonts, diags)
    if facts is not None:
        env.facts = facts
    docs: list[Document] = []
    for key in game.sections:
        model = game.section(key)
        try:
            docs.extend(SECTIONS[key].plan(model, env))
        except FontError as exc:
            raise KitError(Diagnostic("error", game.span, key, exc.message, exc.hint)) from None
        pages = sum(len(d.pages) for d in docs)
        if pages > MAX_PAGES:  # what the read-time caps let through, bounded here
            raise KitError(
                Diagnostic(
                    "error",
                    getattr(model, "span", None) or game.span,
                    key,
                    f"the kit comes to {pages:,} pages, more than the {MAX_PAGES:,} allowed",
                    "see docs/security.md for the caps",
                )
            )
    if game.share_sheets:
        docs = share_sheets(docs, settings.paper, fonts.width)
    docs.extend(plan_notes(game, env))  # the words of the kit's readings, on a page of its own
    for key in game.sections:
        SECTIONS[key].finish(game.section(key), docs, env)
    face = fonts.face(game.font)
    proof = " · ".join(run_facts(settings)) if settings.proof else None
    for doc in docs:
        safe_name(doc.name)
        frame_document(doc, game.title, settings.paper, face, proof)
    mark_footers(docs, settings.paper, face, fonts)
    diags.raise_if_errors()
    return docs


def run_facts(settings: Settings) -> list[str]:
    """What the command line chose that shapes generated content: the seed and the
    optional adjustments (build facts: the terminal, the manifest, proof sheets)."""
    facts = [f"seed {settings.seed}"] if settings.seed is not None else []
    if settings.use:
        facts.append("with " + ", ".join(settings.use))
    return facts


def _piece_of(text: str) -> str:
    """The piece a text names: what stands before its first '.', then its first ':'."""
    head, _, _ = text.partition(".")
    piece, _, _ = head.partition(":")
    return piece


def fact_lines(found: dict[str, str | None]) -> list[str]:
    """The build facts as the terminal prints them: each on its own line, but the facts
    of a group (one per piece text whose ink was adjusted for contrast) as one line that
    counts them and names the pieces (the part of each fact's path before its first dot);
    the manifest lists every fact."""
    lines: list[str] = []
    groups: dict[str, list[str]] = {}
    for text, group in found.items():
        if group is None:
            lines.append(text)
        else:
            groups.setdefault(group, []).append(text)
    for group, texts in groups.items():
        pieces = sorted(
            {_piece_of(t) for t in texts},
            key=lambda p: [int(n) if n.isdigit() else n for n in re.split(r"([0-9]+)", p)],
        )
        count = f"{len(texts)} piece text" + ("s" if len(texts) > 1 else "")
        lines.append(f"{group} on {count} ({', '.join(pieces)}); manifest.json lists each")
    return lines


def build_facts(docs: list[Document]) -> dict[str, list[str]]:
    """Each document's build facts (its pages' `proof` notes, each once), by file."""
    out: dict[str, list[str]] = {}
    for doc in docs:
        facts = list(dict.fromkeys(p.proof for p in doc.pages if p.proof))
        if facts:
            out[f"{doc.name}.pdf"] = facts
    return out


def draw(
    game: Game,
    docs: list[Document],
    settings: Settings,
    release: bool = False,
    progress: Callable[[str], None] | None = None,
    only: dict[str, list[int]] | None = None,
) -> dict[str, bytes]:
    """Each document's PDF; with `release`, page ops are dropped as they are drawn;
    `progress` hears of each file before it is drawn; `only`: by file, the pages to draw
    (a served edit's), the files not named left out."""
    pdfs = {}
    for n, doc in enumerate(docs, start=1):
        name = f"{doc.name}.pdf"
        if only is not None and name not in only:
            continue
        if progress is not None:
            progress(f"{game.id}: drawing {name} ({n} of {len(docs)})")
        try:
            pdfs[name] = render_document(
                doc, settings.paper, game.title, _paint_icon, release,
                None if only is None else only[name],
            )  # fmt: skip
        except Exception as exc:
            file = font_file_at_fault(exc)
            if file is None:
                raise  # not the input's fault: the CLI reports an internal error
            raise KitError(
                Diagnostic(
                    "error",
                    game.font_span or game.span,
                    "font",
                    f"broken font file {file}: its glyphs cannot be embedded ({exc})",
                    "replace the file with a good copy of the font",
                )
            ) from None
    return pdfs


def icon_names() -> list[str]:
    # The icon library is imported when a reader first meets an icon.
    from .render.icons import icon_names as names

    return names()


def _paint_icon(*args) -> None:
    # The icon library is imported when a document first draws an icon.
    from .render.icons import paint_icon

    paint_icon(*args)


def manifest_for(
    game: Game, settings: Settings, docs: list[Document], pdfs: dict[str, bytes]
) -> dict:
    manifest = manifest_head(game, settings, docs, pdfs)
    manifest["items"] = manifest_items(docs)
    return manifest


def manifest_head(
    game: Game, settings: Settings, docs: list[Document], pdfs: dict[str, bytes]
) -> dict:
    """The manifest without its items."""
    facts = build_facts(docs)
    files = [
        {
            "path": f"{doc.name}.pdf",
            "pages": len(doc.pages) or 1,
            "sha256": sha256(pdfs[f"{doc.name}.pdf"]),
            "mode": print_mode(doc),
            "stock": stock(doc),
            "landscape": [n for n, page in enumerate(doc.pages, 1) if page.size is not None],
            **({"fill": fill} if (fill := sheet_fill(doc, settings.paper)) else {}),
            **({"facts": facts[f"{doc.name}.pdf"]} if f"{doc.name}.pdf" in facts else {}),
        }
        for doc in docs
    ]
    return {
        "kitgen": __version__,
        "game": game.id,
        "title": game.title,
        "paper": settings.paper.name,
        "page_size": [round(v, 4) for v in settings.paper.size],
        "duplex": settings.duplex,
        "seed": settings.seed,
        "proof": settings.proof,
        "facts": run_facts(settings),
        "files": files,
    }


def manifest_items(docs: list[Document]) -> list[dict]:
    """The manifest's items as values (serve, export, pictures): the lines the manifest
    is written with, read back, so an entry is made one way (manifest_item_lines)."""
    return [json.loads(line) for line in manifest_item_lines(docs)]


def _entry(item: Item, file: str, number: int, bbox: list[float]) -> dict:
    entry = {
        "kind": item.kind,
        "id": item.id,
        "piece": item.piece,
        "file": file,
        "page": number,
        "side": item.side,
        "bbox": bbox,
    }
    entry.update(item.extra)
    return entry


ITEM_KEYS = frozenset({"kind", "id", "piece", "file", "page", "side", "bbox"})


def manifest_item_lines(docs: list[Document]) -> Iterator[Encoded]:
    """Each item's manifest entry as JSON text, as json.dumps writes the entry (its
    fields, then its extra ones), from one template: the keys every entry has written
    once, each distinct box encoded once (a few times faster than encoding each entry:
    ten thousand counters' entries were a twentieth of their build). An item whose extra
    fields reuse one of those keys, or whose texts are not all text, is encoded from its
    entry as a whole. tests/test_fast_paths.py holds the plain entries as the oracle."""
    encoded: dict[tuple, str] = {}  # box -> its JSON: the same few slots on every sheet
    for doc in docs:
        name = f"{doc.name}.pdf"
        file = json_text(name)
        for number, page in enumerate(doc.pages, start=1):
            for item in page.items:
                extra = item.extra
                box = tuple(item.bbox)
                bbox = encoded.get(box)
                if bbox is None:
                    bbox = to_json([round(v, 4) for v in box])
                    if len(encoded) < ROUNDED_BOXES:
                        encoded[box] = bbox
                if extra and not ITEM_KEYS.isdisjoint(extra):
                    yield _plain_line(item, name, number)
                    continue
                try:
                    kind, ident = json_text(item.kind), json_text(item.id)
                    piece, side = json_text(item.piece), json_text(item.side)
                except TypeError:  # not text: json writes it as it writes any value
                    yield _plain_line(item, name, number)
                    continue
                rest = ", " + to_json(extra)[1:] if extra else "}"
                yield Encoded(
                    f'{{"kind": {kind}, "id": {ident}, "piece": {piece}, "file": {file}, '
                    f'"page": {number}, "side": {side}, "bbox": {bbox}{rest}'
                )


def _plain_line(item: Item, file: str, number: int) -> Encoded:
    return Encoded(to_json(_entry(item, file, number, [round(v, 4) for v in item.bbox])))


def build(
    path: Path,
    out_root: Path,
    settings_for: Callable[[Game], Settings],
    log: Callable[[str], None] = lambda _: None,
    png_dpi: float | None = None,
    pieces: bool = False,
    progress: Callable[[str], None] | None = None,
) -> BuildResult:
    """Build one game into out_root/<game id>/. Raises KitError on input errors. With
    `png_dpi`, every page is also written as a PNG (`pieces`: every piece face too);
    `progress` hears of each file as it is drawn."""
    with no_cycle_collection():
        return _build(path, out_root, settings_for, log, png_dpi, pieces, progress)


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """A build makes hundreds of thousands of small objects and next to no reference
    cycles; the cycle collector would scan them again and again (a tenth of the time
    of a ten-thousand-counter build). What cycles there are go at the next collection."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _build(
    path: Path,
    out_root: Path,
    settings_for: Callable[[Game], Settings],
    log: Callable[[str], None],
    png_dpi: float | None = None,
    pieces: bool = False,
    progress: Callable[[str], None] | None = None,
) -> BuildResult:
    diags = Diagnostics()
    game = load(path, diags)
    log(f"{game.id}: read {len(game.files)} file(s)")
    check(game, diags)
    settings = settings_for(game)
    found: dict[str, str | None] = {}
    docs = plan(game, settings, font_book(game), diags, facts=found)
    log(f"{game.id}: planned {len(docs)} document(s), {sum(len(d.pages) for d in docs)} page(s)")
    fitted = {  # --fit: each scaled map says so, once however many copies it prints
        i.extra["map"]: i.extra["scale"]
        for d in docs
        for pg in d.pages
        for i in pg.items
        if i.kind == "map" and i.extra.get("true_size") is False
    }
    for map_id, scale in fitted.items():
        log(f"{game.id}: map {map_id} scaled 1:{1 / scale:.2f} to fit one sheet (not true size)")
    # the plan's ops are not needed again once drawn
    pdfs = draw(game, docs, settings, release=True, progress=progress)
    for file, notes in build_facts(docs).items():
        log(f"{game.id}: {file}: {'; '.join(notes)}")
    for line in fact_lines(found):
        log(f"{game.id}: {line}")
    manifest = manifest_head(game, settings, docs, pdfs)
    for entry in manifest["files"]:
        if "fill" in entry:
            full = ", ".join(f"{f:.0%}" for f in entry["fill"])
            log(f"{game.id}: {entry['path']}: {len(entry['fill'])} sheet(s), {full} full")
    manifest["facts"] = [*manifest["facts"], *found]
    files: dict[str, bytes | Iterable[bytes]] = dict(pdfs)
    if png_dpi is not None:  # rendered from the PDFs just drawn: no second drawing path
        from .raster import kit_pictures

        items = manifest_items(docs)
        pngs, manifest["pictures"] = kit_pictures(items, pdfs, png_dpi, pieces)
        files.update(pngs)
        log(f"{game.id}: rendered {len(pngs)} picture(s) at {png_dpi:g} dpi")
    files[MANIFEST] = manifest_chunks({**manifest, "items": manifest_item_lines(docs)})
    folder = write_kit(out_root, game.id, files)
    log(f"{game.id}: wrote {len(files)} file(s) to {folder}")
    return BuildResult(game, diags, folder, manifest)
