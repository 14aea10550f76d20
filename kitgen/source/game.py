"""game.yaml (and the files it includes) -> Game.

Top-level keys common to every game are read here; each component section is
read by the reader registered for it in kitgen/sections.py.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import Diagnostic, Diagnostics, KitError, Span
from ..model.game import Game
from ..units import PAPERS, Paper, UnitError, paper_from_text
from .fields import ID_PATTERN, Context, Fields, as_text, did_you_mean, expect_map
from .yamlnodes import Map, Node, Scalar, Seq, load_yaml

GAME_FILE = "game.yaml"
MAX_INCLUDES = 64


def find_game_file(path: Path) -> Path:
    """A game folder or its game.yaml -> the game.yaml path."""
    if path.is_dir():
        candidate = path / GAME_FILE
        if not candidate.is_file():
            raise KitError(
                Diagnostic("error", Span(str(path)), "", f"no {GAME_FILE} in this folder")
            )
        return candidate
    if not path.exists():
        raise KitError(Diagnostic("error", Span(str(path)), "", "no such file or folder"))
    return path


def load_game_tree(game_file: Path) -> tuple[Map, list[Path]]:
    """Load game.yaml and merge its include: files (recursively) into one mapping."""
    files: list[Path] = []
    diags = Diagnostics()
    root = _load_with_includes(game_file.resolve(), game_file.parent.resolve(), files, diags)
    diags.raise_if_errors()
    assert root is not None
    return root, files


def _load_with_includes(
    path: Path, folder: Path, files: list[Path], diags: Diagnostics
) -> Map | None:
    node = load_yaml(path)
    files.append(path)
    if not isinstance(node, Map):
        diags.error(node.span, "", "a game file must be a mapping of keys")
        return None
    entry = node.entries.pop("include", None)
    if entry is None:
        return node
    ctx = Context(diags, folder)
    inc = entry[1]
    items = inc.items if isinstance(inc, Seq) else [inc]
    for i, item in enumerate(items):
        where = f"include[{i}]" if isinstance(inc, Seq) else "include"
        name = as_text(ctx, item, where)
        if name is None:
            continue
        target = (path.parent / name).resolve()
        if not target.is_relative_to(folder):
            diags.error(item.span, where, f"{name!r} is outside the game folder")
        elif target in files:
            diags.error(item.span, where, f"{name!r} is included twice (or includes itself)")
        elif len(files) >= MAX_INCLUDES:
            diags.error(item.span, where, f"more than {MAX_INCLUDES} included files")
        elif not target.is_file():
            diags.error(item.span, where, f"file not found: {name!r}")
        else:
            try:
                sub = _load_with_includes(target, folder, files, diags)
            except KitError as exc:
                diags.extend(exc.diagnostics)
                continue
            if sub is not None:
                _merge_into(node, sub, diags)
    return node


def _merge_into(target: Map, extra: Map, diags: Diagnostics) -> None:
    """Lists concatenate, mappings merge, anything else defined twice is an error."""
    for key, (span, node) in extra.entries.items():
        if key not in target.entries:
            target.entries[key] = (span, node)
            continue
        first_span, first = target.entries[key]
        if isinstance(first, Seq) and isinstance(node, Seq):
            first.items.extend(node.items)
        elif isinstance(first, Map) and isinstance(node, Map):
            _merge_into(first, node, diags)
        else:
            diags.error(span, key, f"{key!r} is already defined at {first_span}")


def read_game(game_file: Path, sections: dict, diags: Diagnostics) -> Game:
    """Read the whole game; section readers add their diagnostics to diags."""
    root, files = load_game_tree(game_file)
    folder = game_file.parent
    ctx = Context(diags, folder)
    f = Fields(ctx, root, "")
    palette_node = f.raw("colours")
    ctx.palette = _read_palette(ctx, palette_node)
    game_id = f.id("id", default=None, required=False)
    if game_id is None:
        game_id = folder.resolve().name  # `kitgen build .` names the folder itself
        if not ID_PATTERN.match(game_id):
            ctx.error(
                root,
                "id",
                f"the folder name {game_id!r} cannot serve as the game id",
                "add id: with letters, digits, '-', '_' or '.'",
            )
    title = f.text("title", required=True, default=game_id)
    version = f.text("version", default="")
    paper = _read_paper(ctx, f.raw("paper"))
    font = f.text("font", default="Vera")
    font_node = f.raw("font")
    models = {}
    for key, section in sections.items():
        node = f.raw(key)
        if node is not None:
            models[key] = section.read(ctx, node, key)
    f.allow("include")
    f.close()
    return Game(
        id=game_id,
        title=title,
        folder=folder,
        span=root.span,
        version=version,
        paper=paper,
        font=font,
        palette=dict(ctx.palette),
        sections=models,
        files=tuple(files),
        font_span=font_node.span if font_node else None,
    )


def _read_paper(ctx: Context, node: Node | None) -> Paper:
    """A named paper or a custom WIDTHxHEIGHT; letter when absent or wrong."""
    if node is None:
        return PAPERS["letter"]
    text = as_text(ctx, node, "paper")
    if text is None:
        return PAPERS["letter"]
    try:
        return paper_from_text(text)
    except UnitError as exc:
        # A custom size (WxH) gets no guess at a paper name.
        hint = did_you_mean(text, PAPERS, exc.hint) if "x" not in text.lower() else exc.hint
        ctx.error(node, "paper", exc.message, hint)
        return PAPERS["letter"]


def _read_palette(ctx: Context, node: Node | None) -> dict[str, str]:
    from ..colours import ColourError, parse_colour

    palette: dict[str, str] = {}
    m = expect_map(ctx, node, "colours")
    if m is None:
        return palette
    for name, (_, value) in m.entries.items():
        text = as_text(ctx, value, f"colours.{name}")
        if text is None:
            continue
        try:
            palette[name] = parse_colour(text, palette)
        except ColourError as exc:
            ctx.error(value, f"colours.{name}", exc.message, exc.hint)
    return palette


SCENARIO_DIR = "scenarios"
GAME_KEY = "game"  # a scenario's own key naming its game


def scenario_path(path: Path) -> tuple[Path, Path | None]:
    """(game folder or file, scenario file or None): a YAML file other than game.yaml
    that names its game (`game:`, relative to the file) or stands in <game>/scenarios/
    is a scenario of that game, from whatever folder kitgen runs in."""
    if path.suffix in (".yaml", ".yml") and path.name != GAME_FILE and path.is_file():
        named = scenario_game(path)
        if named is not None:
            return named[0], path
        folder = path.resolve().parent
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
    if not isinstance(value, Scalar) or not isinstance(value.value, str):
        return None
    return path.parent / value.value, value.span


def scenario_pack(path: Path) -> list[Path] | None:
    """The YAML files of a folder of scenarios (a folder with no game.yaml), name order."""
    if not path.is_dir() or (path / GAME_FILE).is_file():
        return None
    files = sorted(p for p in path.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())
    return files or None
