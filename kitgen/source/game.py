"""game.yaml (and the files it includes) -> Game.

Top-level keys common to every game are read here; each component section is
read by the reader registered for it in kitgen/sections.py.
"""

from __future__ import annotations

import re
import stat
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from ..budget import MAX_GAME_BYTES, MAX_INCLUDES, MAX_YAML_BYTES, MAX_YAML_VALUES
from ..errors import Diagnostic, Diagnostics, KitError, Span
from ..files import FileRefused, confine, list_folder, read_file, real_path
from ..model.game import COUNTER_SHEETS, ROUND_SHEETS, Game
from ..names import default_id_problem, did_you_mean
from ..patterns import bytes_pattern
from ..units import PAPERS, Paper, UnitError, paper_from_text
from .counters.layouts import SIDE_MARK_KEY, TYPE_SCALE_KEY, read_type_scale
from .fields import Context, Fields, as_text, expect_map
from .reading import kit_readings
from .spec import ANY, BOOLEAN, COLOUR, ID, TEXT, Choice, Key, Named, OneOrList, Spec
from .yamlnodes import Map, Node, Scalar, Seq, load_yaml, parse_yaml, read_yaml_bytes

GAME_FILE = "game.yaml"

# game.yaml's own keys; each section's key and type are in schema.section_types().
PALETTE = Key(
    "colours",
    Named(COLOUR, "names, each a colour"),
    "a palette usable wherever a colour is asked for",
)
GAME_ID = Key("id", ID, "names output/<id>/; default: the folder's name")
TITLE = Key("title", TEXT, "the game's name", required=True)
VERSION = Key("version", TEXT, "printed with the title", default="")
PAPER = Key(
    "paper", TEXT, "letter, a4, a4-letter, legal, tabloid, a3 or WIDTHxHEIGHT", default="letter"
)
FONT = Key("font", TEXT, "the default font family", default="Vera")
COUNTER_SHEET = Key(
    "counter_sheet",
    Choice(COUNTER_SHEETS),
    "square and rect counters of one size edge to edge (butted) or apart (gutters)",
    default="butted",
)
ROUND_SHEET = Key(
    "round_sheet",
    Choice(ROUND_SHEETS),
    "round counters and labels of one size in a square grid with crop marks at its lines, "
    "to cut square or punch (grid), or apart (gutters)",
    default="gutters",
)
SHARE_SHEETS = Key(
    "share_sheets",
    BOOLEAN,
    "a one-page component prints in the room on another file's last page printed the same way",
    default=True,
)
INCLUDE = Key("include", OneOrList(TEXT), "files merged in: lists concatenate, mappings merge")
TOP_KEYS = (
    PALETTE,
    GAME_ID,
    TITLE,
    VERSION,
    PAPER,
    FONT,
    COUNTER_SHEET,
    ROUND_SHEET,
    SHARE_SHEETS,
    INCLUDE,
    SIDE_MARK_KEY,
    TYPE_SCALE_KEY,
)


def game_keys(sections: Mapping[str, object]) -> Spec:
    """The root mapping's spec: the top keys and the sections this build reads."""
    return Spec(
        "game",
        *TOP_KEYS,
        *(Key(key, ANY, "a section") for key in sections),
        heading="game.yaml: top level",
    )


def find_game_file(path: Path) -> Path:
    """A game folder or its game.yaml -> the game.yaml path."""
    kind = path_kind(path)
    if kind == "dir":
        candidate = path / GAME_FILE
        if path_kind(candidate) == "missing":
            raise KitError(
                Diagnostic("error", Span(str(path)), "", f"no {GAME_FILE} in this folder")
            )
        return candidate  # anything else there is refused when it is read
    if kind == "missing":
        raise KitError(Diagnostic("error", Span(str(path)), "", "no such file or folder"))
    return path


def path_kind(path: Path) -> str:
    """'dir', 'file', 'other' or 'missing'; a path the system cannot even look up (too
    long, a NUL in it) is an input error naming it, not a crash."""
    try:
        mode = path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "missing"
    except (OSError, ValueError) as exc:
        shown = str(path) if len(str(path)) <= 80 else str(path)[:60] + "..."
        reason = getattr(exc, "strerror", None) or str(exc)
        raise KitError(
            Diagnostic(
                "error", Span(shown.replace("\0", "\\0")), "", f"cannot read this path: {reason}"
            )
        ) from None
    return "dir" if stat.S_ISDIR(mode) else "file" if stat.S_ISREG(mode) else "other"


def load_game_tree(game_file: Path) -> tuple[Map, list[Path]]:
    """Load game.yaml and merge its include: files (recursively) into one mapping."""
    files: list[Path] = []
    diags = Diagnostics()
    folder = real_path(game_file.parent)
    data = _read(folder, game_file.name, Span(str(folder / game_file.name), 1, 1), "", diags)
    diags.raise_if_errors()
    total = [0, MAX_YAML_VALUES]  # bytes read, values the files may still hold
    root = _load_with_includes(folder / game_file.name, data, folder, files, diags, total)
    diags.raise_if_errors()
    assert root is not None
    return root, files


def _read(folder: Path, name: str, span: Span, where: str, diags: Diagnostics, base=None):
    try:
        return read_yaml_bytes(folder, name, base)
    except FileRefused as exc:
        diags.error(span, where, exc.message, exc.hint)
        return None


def _load_with_includes(
    path: Path, data: bytes, folder: Path, files: list[Path], diags: Diagnostics, total: list
) -> Map | None:
    files.append(path)
    total[0] += len(data)
    values = total[1:]
    try:
        node = parse_yaml(data, str(path), values)
    finally:
        total[1] = values[0]
    if not isinstance(node, Map):
        diags.error(node.span, "", "a game file must be a mapping of keys")
        return None
    inc = node.pop("include")
    if inc is None:
        return node
    ctx = Context(diags, folder)
    items = inc.items if isinstance(inc, Seq) else [inc]
    for i, item in enumerate(items):
        where = f"include[{i}]" if isinstance(inc, Seq) else "include"
        name = as_text(ctx, item, where)
        if name is None:
            continue
        try:
            target = confine(folder, name, path.parent)
        except FileRefused as exc:
            diags.error(item.span, where, exc.message, exc.hint)
            continue
        if target in files:
            diags.error(item.span, where, f"{name!r} is included twice (or includes itself)")
            continue
        if len(files) >= MAX_INCLUDES:
            diags.error(item.span, where, f"more than {MAX_INCLUDES} included files")
            continue
        sub_data = _read(folder, name, item.span, where, diags, path.parent)
        if sub_data is None:
            continue
        if total[0] + len(sub_data) > MAX_GAME_BYTES:
            diags.error(
                item.span,
                where,
                f"the game's files come to more than the {MAX_GAME_BYTES:,} bytes allowed",
                "see docs/security.md for the caps",
            )
            return node
        try:
            sub = _load_with_includes(target, sub_data, folder, files, diags, total)
        except KitError as exc:
            diags.extend(exc.diagnostics)
            continue
        if sub is not None:
            _merge_into(node, sub, diags)
    return node


def _merge_into(target: Map, extra: Map, diags: Diagnostics) -> None:
    """Lists concatenate, mappings merge, anything else defined twice is an error."""
    for key, node in extra.entries.items():
        span = extra.key_spans[key]
        first = target.entries.get(key)
        if first is None:
            target.put(key, span, node)
            continue
        if isinstance(first, Seq) and isinstance(node, Seq):
            first.items.extend(node.items)
        elif isinstance(first, Map) and isinstance(node, Map):
            _merge_into(first, node, diags)
        else:
            diags.error(span, key, f"{key!r} is already defined at {target.key_spans[key]}")


_NAMES_GAME = bytes_pattern(rb"^game\s*:", re.M)  # a scenario kept beside its game


def check_folder(ctx: Context, folder: Path, files: Sequence[Path]) -> None:
    """What in the game folder a build would skip without a word: a warning at each YAML
    file that game.yaml does not include (through any include) and that names no game
    of its own (a scenario kept beside it), and at a `scenarios` that is not a folder.
    A game folder that cannot be listed is a warning at game.yaml."""
    at = Span(str(folder / GAME_FILE), 1, 1)
    try:
        names = list_folder(folder, ".", (".yaml", ".yml"))
    except FileRefused as exc:
        hint = "files game.yaml does not include cannot be looked for; " + exc.hint
        ctx.warning(at, "", exc.message, hint.strip("; "))
        return
    read = {real_path(p) for p in files}
    for name in names:
        path = folder / name
        if path.name == GAME_FILE or real_path(path) in read:
            continue
        try:
            if _NAMES_GAME.search(read_file(folder, name, MAX_YAML_BYTES).data):
                continue
        except FileRefused:
            pass  # said as it is: the file is not read
        ctx.warning(
            Span(str(path), 1, 1),
            "",
            f"not read with the game: {GAME_FILE} does not include it",
            f"add it to include: in {GAME_FILE}, or move it out of the game folder",
        )
    scenarios = folder / SCENARIO_DIR
    if path_kind(scenarios) not in ("dir", "missing"):
        ctx.warning(
            Span(str(scenarios), 1, 1),
            "",
            f"{SCENARIO_DIR!r} is not a folder: the game has no scenarios",
            f"make {SCENARIO_DIR}/ a folder of scenario files, or rename the file",
        )


class SectionReader(Protocol):
    """What reads one section of game.yaml (the build hands in kitgen.sections')."""

    def read(self, ctx: Context, node: Node, path: str) -> object: ...


def read_game(
    game_file: Path,
    sections: Mapping[str, SectionReader],
    diags: Diagnostics,
    icons: Callable[[], Sequence[str]] = tuple,
) -> Game:
    """Read the whole game; section readers add their diagnostics to diags. `icons()`: the
    names of the built-in icons (sorted), for the readers' checks and hints."""
    root, files = load_game_tree(game_file)
    folder = game_file.parent
    ctx = Context(diags, folder, icons=icons)
    ctx.extra["root"] = root  # what a section may look up elsewhere (the rules' words)
    spec = game_keys(sections)
    f = Fields(ctx, root, "", spec)
    ctx.palette = f.get(PALETTE, _read_palette) or {}
    game_id = f.id(GAME_ID)
    if game_id is None:
        game_id = real_path(folder).name  # `kitgen build .` names the folder itself
        problem = default_id_problem(game_id, "folder name", "game")
        if problem is not None:
            ctx.error(root, "id", *problem)
    title = f.text(TITLE, default=game_id)
    version = f.text(VERSION)
    paper = f.get(PAPER, _read_paper)
    if isinstance(paper, str):  # absent, or refused: the declared default
        paper = PAPERS[paper]
    font = f.text(FONT)
    font_node = f.node_of(FONT)
    counter_sheet = f.choice(COUNTER_SHEET)
    round_sheet = f.choice(ROUND_SHEET)
    share_sheets = f.boolean(SHARE_SHEETS)
    side_mark = f.choice(SIDE_MARK_KEY, default="band")
    side_mark_node = f.node_of(SIDE_MARK_KEY)
    type_scale = f.get(TYPE_SCALE_KEY, read_type_scale) or ()
    models: dict[str, Any] = {}  # each registered reader's model, typed by its Section
    for key, section in sections.items():
        node = f.node_of(spec.keys[key])
        if node is not None:
            models[key] = section.read(ctx, node, key)
    f.allow(INCLUDE.name)
    f.close()
    check_folder(ctx, folder, files)
    return Game(
        id=game_id,
        title=title,
        folder=folder,
        span=root.span,
        version=version,
        paper=paper,
        font=font,
        palette=dict(ctx.palette),
        sections=tuple(models),
        **models,
        files=tuple(files),
        font_span=font_node.span if font_node else None,
        id_span=_id_span(root),
        counter_sheet=counter_sheet,
        round_sheet=round_sheet,
        share_sheets=share_sheets,
        side_mark=side_mark,
        side_mark_span=side_mark_node.span if side_mark_node is not None else None,
        type_scale=type_scale,
        readings=tuple(kit_readings(ctx).notes),
    )


def _id_span(root: Node) -> Span:
    """Where the game's id was written: its id:, else its title: (the id is then the
    folder's name), else the file."""
    if isinstance(root, Map):
        for key in ("id", "title"):
            node = root.get(key)
            if node is not None:
                return node.span
    return root.span


def _read_paper(ctx: Context, node: Node, path: str) -> Paper | None:
    """A named paper or a custom WIDTHxHEIGHT; None (the declared default) when wrong."""
    text = as_text(ctx, node, path)
    if text is None:
        return None
    try:
        return paper_from_text(text)
    except UnitError as exc:
        # A custom size (WxH) gets no guess at a paper name.
        hint = did_you_mean(text, PAPERS, exc.hint) if "x" not in text.lower() else exc.hint
        ctx.error(node, path, exc.message, hint)
        return None


def _read_palette(ctx: Context, node: Node, path: str) -> dict[str, str]:
    from ..colours import ColourError, parse_colour

    palette: dict[str, str] = {}
    m = expect_map(ctx, node, path)
    if m is None:
        return palette
    for name, value in m.entries.items():
        text = as_text(ctx, value, f"{path}.{name}")
        if text is None:
            continue
        try:
            palette[name] = parse_colour(text, palette)
        except ColourError as exc:
            ctx.error(value, f"{path}.{name}", exc.message, exc.hint)
    return palette


SCENARIO_DIR = "scenarios"
GAME_KEY = "game"  # a scenario's own key naming its game


def scenario_path(path: Path) -> tuple[Path, Path | None]:
    """(game folder or file, scenario file or None): a YAML file other than game.yaml
    that names its game (`game:`, relative to the file) or stands in <game>/scenarios/
    is a scenario of that game, from whatever folder kitgen runs in."""
    if path.suffix in (".yaml", ".yml") and path.name != GAME_FILE and path_kind(path) == "file":
        named = scenario_game(path)
        if named is not None:
            game, _ = named
            return game, path
        folder = real_path(path).parent
        if folder.name == SCENARIO_DIR:
            return folder.parent, path
    return path, None


def scenario_game(path: Path) -> tuple[Path, Span] | None:
    """The game a scenario file names with `game:` (a folder or a game file, relative to
    the scenario), and where it says so; None when it names none."""
    try:
        node = load_yaml(path)
    except KitError:
        return None  # the scenario's reader reports what is wrong with it
    value = node.get(GAME_KEY) if isinstance(node, Map) else None
    if value is None:
        return None
    # `game: 5` names a folder called 5; a list, a mapping or null names none, and the
    # file is a scenario all the same (the loader says what is wrong with its game:)
    text = value.raw if isinstance(value, Scalar) else ""
    if isinstance(value, Scalar) and (value.value is None or isinstance(value.value, bool)):
        text = ""
    return path.parent / text, value.span


def scenario_pack(path: Path) -> list[Path] | None:
    """The YAML files of a folder of scenarios (a folder with no game.yaml), name order."""
    # looked at through path_kind and the one folder lister: a path too long to look up
    # is an input error naming it, and a listed name is checked like any game file
    if path_kind(path) != "dir" or path_kind(path / GAME_FILE) != "missing":
        return None
    try:
        names = list_folder(path, ".", (".yaml", ".yml"))
    except FileRefused as exc:  # a folder of scenarios that cannot be listed
        raise KitError(Diagnostic("error", Span(str(path)), "", exc.message, exc.hint)) from None
    return [path / name for name in names] or None  # an odd entry is refused when read


def not_a_file(path: Path) -> Diagnostic | None:
    """Why the entry `path` of a folder of scenarios cannot be read as a file (a folder,
    a link to nothing, a pipe), as read_file says it; None for a regular file."""
    if path_kind(path) == "file":
        return None
    try:
        read_file(path.parent, path.name, MAX_YAML_BYTES)
    except FileRefused as exc:
        return Diagnostic("error", Span(str(path), 1, 1), "", exc.message, exc.hint)
    return None
