"""The kitgen command line. The only place that decides how the process exits:
0 ok (warnings allowed), 1 the input has errors, 2 usage errors."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

import click

from . import __version__
from .build import build as run_build
from .build import check as run_check
from .build import font_book, load, plan, scenario_view
from .errors import Diagnostic, Diagnostics, GameUnread, KitError, Span, in_reading_order
from .files import real_path
from .layout.plan import make_whole
from .model.game import Game, Settings
from .output import OutputError
from .patterns import pattern
from .progress import Progress
from .raster import TooManyPixels
from .source.game import GAME_KEY, not_a_file, path_kind, scenario_pack, scenario_path
from .units import (
    PAPER_NAMES,
    UnitError,
    finite_number,
    inch,
    mm,
    paper_from_text,
    papers_warning,
    parse_length,
)

EXIT_INPUT = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3

EXAMPLES = """
\b
Examples:
  kitgen build content/mygame            build one game into output/mygame/
  kitgen build content/* --paper a4      every game, on A4
  kitgen build content/mygame --paper 148mmx210mm   on a custom paper (A5)
  kitgen build content/mygame --duplex long --back-offset 0.5,-0.3
  kitgen check content/mygame            validate without writing anything
  kitgen check content/mygame/scenarios/raid.yaml   one scenario
"""


# C0 and C1 control characters but tab and newline: from a game's YAML they could move
# the cursor, recolour or retitle the terminal, or rewrite what was printed before.
_CONTROL = pattern(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _echo(text: str = "", **kwargs) -> None:
    """click.echo with control characters shown escaped (\\x1b): everything kitgen
    prints may hold text from a game."""
    click.echo(_CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", str(text)), **kwargs)


# Diagnostics listed at most when there are errors, the first in reading order: a game
# with thousands of mistakes (a for_each gone wrong) gets a screenful to start on, then
# their count. Warnings alone are all listed (`kitgen check` lists each write-in blank).
MAX_SHOWN = 50


def _report(diags: Diagnostics | list, quiet: bool = False) -> None:
    items = in_reading_order(diags)  # as KitError orders them: top to bottom, file by file
    # once each as printed: one file named two ways reads alike
    shown: dict[str, Diagnostic] = {}
    for d in items:
        shown.setdefault(str(d), d)
    items = list(shown.values())
    listed = [d for d in items if d.is_error or not quiet]
    errors = sum(1 for d in items if d.is_error)
    most = MAX_SHOWN if errors else len(listed)
    for d in listed[:most]:
        _echo(str(d), err=True)
    if len(listed) > most:
        _echo(_more(listed[most:]), err=True)
    warnings = len(items) - errors
    if errors or (warnings and not quiet):
        _echo(f"{errors} error(s), {warnings} warning(s)", err=True)


def _more(rest: list[Diagnostic]) -> str:
    """The line that stands for the diagnostics past MAX_SHOWN."""
    errors = sum(1 for d in rest if d.is_error)
    counts = ((errors, "error"), (len(rest) - errors, "warning"))
    said = [f"{n} more {word}{'s' if n > 1 else ''}" for n, word in counts if n]
    fix = " (fix the ones above first)" if errors else ""
    return f"... and {' and '.join(said)}{fix}"


def _bleed_option(ctx, param, value):
    if value is None:
        return None
    try:
        bleed = parse_length(value)
    except UnitError as exc:
        raise click.BadParameter(
            f"{exc.message} ({exc.hint})" if exc.hint else exc.message
        ) from None
    if not 0 <= bleed <= inch(1):
        raise click.BadParameter(f"{value!r}: a bleed from 0 to 1in (1/8in or 3mm are usual)")
    return bleed


def _paper_option(ctx, param, value):
    """A named paper or a custom WIDTHxHEIGHT (200mmx300mm, 8.5x11in)."""
    if value is None:
        return None
    try:
        return paper_from_text(value)
    except UnitError as exc:
        raise click.BadParameter(
            f"{exc.message} ({exc.hint})" if exc.hint else exc.message
        ) from None


def _offset_option(ctx, param, value):
    """'X,Y' in millimetres -> points."""
    if value is None:
        return (0.0, 0.0)
    try:
        x_text, y_text = value.split(",")
        x, y = finite_number(x_text), finite_number(y_text)
    except ValueError:
        raise click.BadParameter(f"{value!r}: write X,Y in millimetres, e.g. 0.5,-1") from None
    if abs(x) > 10 or abs(y) > 10:
        raise click.BadParameter(f"{value!r}: an offset over 10 mm is a printer setup problem")
    return (mm(x), mm(y))


def _guard(fn):
    """Input errors exit 1 with their diagnostics; anything unexpected exits 3, briefly."""

    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except KitError as exc:
            _report(exc.diagnostics)
            sys.exit(EXIT_INPUT)
        except (click.ClickException, click.exceptions.Exit, SystemExit, click.Abort):
            raise
        except KeyboardInterrupt as exc:
            _echo(_interrupted(exc), err=True)
            sys.exit(130)
        except Exception as exc:  # a bug in kitgen, not in the input
            if os.environ.get("KITGEN_DEBUG"):
                import traceback  # only here: a run without a bug never needs it

                traceback.print_exc()
            _echo(
                f"kitgen: internal error: {type(exc).__name__}: {exc}\n"
                "please report it (set KITGEN_DEBUG=1 for details)",
                err=True,
            )
            sys.exit(EXIT_INTERNAL)

    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper


def _interrupted(exc: KeyboardInterrupt) -> str:
    """What an interrupt left: the kits already written (an interrupt during the swap
    that puts a new kit in place lets it finish: see output.Interrupted) and the
    previous output of the one being built."""
    written = getattr(exc, "written", ())
    if not written:
        return "interrupted; previous output left as it was"
    done = ", ".join(str(f) for f in written)
    return f"interrupted; written before the interrupt: {done}; anything else left as it was"


@click.group(epilog=EXAMPLES, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kitgen")
def main() -> None:
    """Turn YAML game definitions into print-and-play kits."""


@main.command(epilog=EXAMPLES)
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))  # --png may give one
@click.option(
    "-o",
    "--output",
    "out_root",
    default="output",
    show_default=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder for the kits.",
)
@click.option(
    "--paper",
    callback=_paper_option,
    default=None,
    metavar="|".join(PAPER_NAMES) + "|WxH",
    help="Paper for every sheet (default: the game's own, else letter); "
    "a custom size as WIDTHxHEIGHT, e.g. 148mmx210mm.",
)
@click.option(
    "--duplex",
    type=click.Choice(["none", "long", "short"]),
    default="none",
    show_default=True,
    help="Backs on their own pages for a duplex printer.",
)
@click.option(
    "--back-offset",
    callback=_offset_option,
    default=None,
    metavar="X,Y",
    help="Shift duplex back pages by X,Y mm (read it off the calibration page).",
)
@click.option(
    "--bleed",
    callback=_bleed_option,
    default=None,
    metavar="LEN",
    help="Bleed around pieces, e.g. 1/8in or 3mm.",
)
@click.option(
    "--seed",
    type=click.IntRange(0, 2**31 - 1),
    default=None,
    help="Seed for generated content (in the manifest; on the sheets with --proof).",
)
@click.option("--fit", is_flag=True, help="Scale big maps onto one sheet instead of tiling.")
@click.option(
    "--with",
    "use",
    multiple=True,
    metavar="ID",
    help="Apply a generator's optional adjustment to the rosters printed (repeatable).",
)
@click.option(
    "--png",
    "png_dpi",
    is_flag=False,
    flag_value="150",
    default=None,
    metavar="[DPI]",
    help="Also write every page as a PNG under png/ in the kit's output folder, at DPI "
    "36 to 600 (default 150).",
)
@click.option(
    "--pieces",
    is_flag=True,
    help="With --png: also one PNG per piece face, png/pieces/<kind>/<id>-<side>.png.",
)
@click.option(
    "--proof",
    is_flag=True,
    help="Proof sheets: print build facts (seed, type sizes, checks made) on the sheets too.",
)
@click.option("-q", "--quiet", is_flag=True, help="Only errors.")
@_guard
def build(
    paths,
    out_root,
    paper,
    duplex,
    back_offset,
    bleed,
    seed,
    fit,
    use,
    png_dpi,
    pieces,
    proof,
    quiet,
) -> None:
    """Build kits (PDFs and manifest.json) from game folders or game.yaml files."""
    png_dpi, paths = _png_dpi(png_dpi, paths)
    if not paths:
        raise click.UsageError("Missing argument 'PATHS...'.")
    if pieces and png_dpi is None:
        png_dpi = 150  # piece pictures are cut from page pictures: --pieces implies --png
    diags_all: list = []
    _check_with(paths, use)

    def settings_for(game: Game) -> Settings:
        return Settings(
            paper=paper or game.paper,
            duplex=duplex,
            bleed=bleed,
            back_offset=back_offset,
            seed=seed,
            fit=fit,
            use=tuple(dict.fromkeys(use)),
            proof=proof,
        )

    progress: Progress | None = None

    def log(message: str) -> None:
        if quiet:
            return
        if progress is not None:
            progress.done()  # a line of its own, not after the progress line
        _echo(f"kitgen: {message}", err=True)

    papers = () if paper is not None else _papers(paths)
    if papers_warning(papers) and not quiet:
        click.echo(f"kitgen: warning: {papers_warning(papers)}", err=True)
    # a terminal message only: a kit never mentions another kit
    build_settings = _one_kit_a_folder(settings_for, out_root)

    failed = False
    written: list[Path] = []
    for path in paths:
        progress = None if quiet else Progress(sys.stderr)
        try:
            result = run_build(path, out_root, build_settings, log, png_dpi, pieces, progress)
            diags_all.extend(result.diagnostics)
            written.append(result.folder)
        except KeyboardInterrupt as exc:
            exc.written = [*written, *getattr(exc, "written", ())]  # type: ignore[attr-defined]
            raise
        except KitError as exc:
            diags_all.extend(exc.diagnostics)
            failed = True
        except OutputError as exc:  # -o names a place that cannot be written: a usage error
            _report(diags_all, quiet)
            _echo(f"kitgen: error: {exc} (choose another folder with -o)", err=True)
            sys.exit(EXIT_USAGE)
        except TooManyPixels as exc:  # counted before rendering: a lower --png is the fix
            _report(diags_all, quiet)
            _echo(f"kitgen: error: --png {png_dpi}: {exc}", err=True)
            sys.exit(EXIT_USAGE)
        finally:
            if progress is not None:
                progress.done()
    _report_build(diags_all, quiet)
    if failed:
        sys.exit(EXIT_INPUT)


def _one_kit_a_folder(
    settings: Callable[[Game], Settings], out_root: Path
) -> Callable[[Game], Settings]:
    """`settings`, refusing a game whose kit would replace one built before it in the run
    (ids alike, or alike but for case on macOS): nothing may be lost. A game named twice
    is built twice alike."""
    kits: dict[str, Game] = {}

    def checked(game: Game) -> Settings:
        first = kits.setdefault(game.id.casefold(), game)
        if real_path(first.folder) != real_path(game.folder):
            raise KitError(_same_output(game, first, out_root))
        return settings(game)

    return checked


def _same_output(game: Game, first: Game, out_root: Path) -> Diagnostic:
    """At the second game's id (or title, when the folder's name is its id), naming
    where the first game's is."""
    return Diagnostic(
        "error",
        game.id_span or game.span,
        "id",
        f"game id {game.id!r} names the kit folder {str(out_root / first.id)!r} of the "
        f"game at {str(first.id_span or first.span)}, built before it in this run",
        "give one of the two games another id:, or build them with different -o folders",
    )


def _papers(paths) -> tuple[tuple[str, str], ...]:
    """(title, paper) of each game a build of several reads; a game that does not read
    is left to its build to report."""
    if len(paths) < 2:
        return ()
    found = []
    for path in paths:
        try:
            game = load(path, Diagnostics())
        except KitError:
            continue
        found.append((game.title, game.paper.name))
    return tuple(found)


def _report_build(diags: list, quiet: bool) -> None:
    """A kit's write-in blanks are by design, and there may be dozens: a build counts
    them in one line so that the warnings that need a fix stand out."""
    blanks = sum(1 for d in diags if d.is_write_in)
    _report([d for d in diags if not d.is_write_in], quiet)
    if blanks and not quiet:
        _echo(
            f"{blanks} write-in blank(s): values the source lost print as lines to fill in "
            "(kitgen check lists each)",
            err=True,
        )


def _check_with(paths, use) -> None:
    """Every --with name must be an optional adjustment of a generator in one of the
    games (a game without it just rolls its rosters without it), checked before any
    kit is written."""
    if not use:
        return
    optional: list[str] = []
    for path in paths:
        try:
            game = load(path, Diagnostics())
        except KitError:
            continue  # the build reports it
        optional += [a.id for g in game.generators for a in g.adjust if a.optional]
    for name in use:
        if name not in optional:
            raise click.BadParameter(
                f"no generator has an optional adjustment {name!r} "
                f"(optional: {', '.join(dict.fromkeys(optional)) or 'none'})",
                param_hint="--with",
            )


def _png_dpi(value: str | None, paths: tuple[Path, ...]) -> tuple[int | None, tuple]:
    """--png's resolution. `--png content/game` (the README's `--png [DPI]` read as taking
    the game next) builds that game at 150 dpi; any other word is a usage error that says
    where the pictures go, never "not a valid integer range"."""
    if value is None:
        return None, paths
    if re.fullmatch(r"[0-9]+", value):
        if not 36 <= int(value) <= 600:
            raise click.BadParameter(f"{value} is not in the range 36<=x<=600", param_hint="--png")
        return int(value), paths
    _, scenario = scenario_path(Path(value))
    if path_kind(Path(value)) != "missing" and scenario is None:
        return 150, (Path(value), *paths)  # a game folder or file: --png took no resolution
    raise click.BadParameter(
        f"takes a resolution in dpi (36 to 600), not {value!r}: the PNGs go under png/ in "
        "each kit's output folder (choose it with -o DIR); write --png alone for 150 dpi",
        param_hint="--png",
    )


UNREAD_NOTE = (
    "note: the rules and scenarios are checked once the game's own files read without "
    "errors: fix the errors above, then check again"
)


@main.command(epilog=EXAMPLES)
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("-q", "--quiet", is_flag=True, help="Only errors.")
@_guard
def check(paths, quiet) -> None:
    """Validate games without writing anything."""
    found: list = []
    notes: list[str] = []  # what the reading skipped on purpose (blank rows), for the summary
    failed = unread = False
    files = [f for path in paths for f in (scenario_pack(path) or [path])]
    counts = [0, 0, 0]  # games, the scenarios they hold, scenario files named alone
    for path in files:
        diags = Diagnostics()  # per path: one game's errors must not stop the next from loading
        if path not in paths:  # in a pack: a scenario, or reported
            odd = not_a_file(path)
            if odd is not None:
                found.append(odd)
                failed = True
                continue
            _, scenario = scenario_path(path)
            if scenario is None:
                found.append(_not_a_scenario(path))
                failed = True
                continue
        try:
            game = load(path, diags)
        except KitError as exc:
            diags.extend(exc.diagnostics)
            failed = True
            unread = unread or isinstance(exc, GameUnread)
            found.extend(scenario_view(path, diags))
            continue
        try:
            run_check(game, diags)
            # what a build would warn about (text that does not fit ...) comes from laying
            # the kit out: plan it, on the game's own paper, make every op, draw nothing
            make_whole(plan(game, Settings(paper=game.paper), font_book(game), diags))
            _count_checked(counts, path, game)
        except KitError as exc:  # its errors may not be in diags yet (the page cap's)
            diags.extend(exc.diagnostics)
            failed = True
        found.extend(scenario_view(path, diags))
        notes += [n for n in diags.notes if n not in notes]
    _report(found, quiet)
    if unread and not quiet:  # say what was not looked at, so a short list is not read as all
        _echo(UNREAD_NOTE, err=True)
    for note in notes if not quiet else ():
        _echo(f"note: {note}", err=True)
    if failed:
        sys.exit(EXIT_INPUT)
    if not quiet:
        _echo(f"ok: {_checked(*counts)}", err=True)


def _count_checked(counts: list[int], path: Path, game: Game) -> None:
    _, scenario = scenario_path(path)
    if scenario is not None:
        counts[2] += 1
    else:
        counts[0] += 1
        counts[1] += len(game.rules.scenarios) if game.rules is not None else 0


def _checked(games: int, held: int, alone: int) -> str:
    """'1 game with 2 scenarios checked', '1 scenario checked': what `check` looked at."""
    from .model.rules import agree

    parts = []
    if games:
        held_text = f" with {held} {agree(held, 'scenarios')}" if held else ""
        parts.append(f"{games} {agree(games, 'games')}{held_text}")
    if alone:
        parts.append(f"{alone} {agree(alone, 'scenarios')}")
    return " and ".join(parts) + " checked"


def _not_a_scenario(path: Path) -> Diagnostic:
    return Diagnostic(
        "error",
        Span(str(path), 1, 1),
        GAME_KEY,
        "a scenario outside its game's scenarios/ folder names its game",
        "add game: with the game's folder, relative to this file, e.g. game: ../my-game",
    )


@main.command()
@click.option(
    "--scenario", is_flag=True, help="The schema of scenario files instead of game files."
)
@click.option(
    "-o",
    "--output",
    "out",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Write to FILE instead of standard output.",
)
@_guard
def schema(scenario, out) -> None:
    """Write the JSON Schema of game files (or scenario files), for editors.

    Point a file at it with a first line such as
    `# yaml-language-server: $schema=kitgen.schema.json` (docs/format.md, Editors)."""
    from .source.schema import schema_text

    text = schema_text("scenario" if scenario else "game")
    if out is None:
        click.echo(text, nl=False)
        return
    part = out.with_name(f".{out.name}.part")  # whole or not at all
    try:
        part.write_text(text, encoding="utf-8")
        part.replace(out)
    except OSError as exc:  # a missing or read-only folder: the command line's mistake
        part.unlink(missing_ok=True)
        raise click.BadParameter(f"cannot write {out}: {exc.strerror}", param_hint="-o") from None


@main.command()
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--table", "table_id", default=None, help="Only this reaction table (its id).")
@click.option(
    "--seed",
    type=click.IntRange(0, 2**31 - 1),
    default=None,
    help="Seed for generated tables (default 0).",
)
@click.option("--all", "every", is_flag=True, help="Odds under every modifier combination.")
@_guard
def threats(path, table_id, seed, every) -> None:
    """Print a game's reaction tables with the exact odds of every row."""
    from .rules.threat_report import format_threats

    diags = Diagnostics()
    game = load(path, diags)
    run_check(game, diags)
    # the reaction tables' warnings too (an unreachable row is worth seeing here); the
    # rest of the game's warnings (write-in blanks ...) are counted, not listed
    mine = [d for d in diags if d.is_error or d.path.startswith("threats")]
    _report(mine)
    others = len(diags) - len(mine)
    if others:
        _echo(f"{others} other warning(s) in the game: kitgen check {path} lists them", err=True)
    tables = list(game.threats)
    if table_id is not None:
        tables = [t for t in tables if t.id == table_id]
        if not tables:
            ids = ", ".join(t.id for t in game.threats) or "none"
            raise click.BadParameter(
                f"no reaction table {table_id!r} (tables: {ids})", param_hint="--table"
            )
    if not tables:
        raise click.UsageError(f"{game.id} has no reaction tables (threats:)")
    _echo(format_threats(tables, seed, every))


@main.command()
@click.argument("path", type=click.Path(path_type=Path))
@click.argument("attack")
@click.argument("defence")
@click.option("--table", "table_id", default=None, help="The combat table's id (default: the one).")
@click.option("--hex", "at", default=None, metavar="HEX", help="The defender's hex: its shifts.")
@click.option("--from", "attackers", multiple=True, metavar="HEX", help="An attacker's hex.")
@click.option("--map", "map_id", default=None, help="The map of --hex (default: the first).")
@click.option(
    "--on", "present", multiple=True, metavar="KIND:ID", help="Present: terrain:forest, edge:river."
)
@click.option("--drm", "modifiers", multiple=True, metavar="NAME", help="A die-roll modifier.")
@click.option("--turn", type=click.IntRange(-1000, 1000), default=None, help="The turn of play.")
@_guard
def combat(path, attack, defence, table_id, at, attackers, map_id, present, modifiers, turn):
    """Resolve an attack on a combat results table: the strengths after multipliers, the
    column and every result's chance, and what each result costs.

    ATTACK and DEFENCE are strengths (11) or the units' piece ids joined by + with a
    face after a colon (a-1-inf+a-1-arm, b-10-inf:reduced)."""
    from .rules.combat import CombatError, Situation, format_resolution, resolve
    from .rules.combat_units import periods_of, units_of

    diags = Diagnostics()
    game = load(path, diags)
    run_check(game, diags)
    _report(diags, quiet=True)
    table = _combat_table(game, table_id)
    names = _present(game, at, attackers, map_id, present)
    try:
        a, a_units = _strength(game, table, attack, "attacker", units_of)
        d, d_units = _strength(game, table, defence, "defender", units_of)
        sit = Situation(a_units, d_units, turn, periods_of(game))
        got = resolve(table, a, d, names, modifiers, sit)
        shown_a = attack if a is not None else _num(got, "attack", a_units)
        shown_d = defence if d is not None else _num(got, "defence", d_units)
        _echo(format_resolution(table, shown_a, shown_d, got))
    except CombatError as exc:
        raise click.UsageError(str(exc)) from None


def _strength(game: Game, table, text: str, side: str, units_of):
    """A strength as a number, or the units named by their piece ids."""
    if text.isdigit():
        if int(text) > 1_000_000:
            raise click.BadParameter(f"{text} is more than 1000000", param_hint=side.upper())
        return int(text), ()
    return None, units_of(game, table.combat, [t for t in text.split("+") if t], side)


def _num(got, which: str, units) -> str:
    """The printed strengths of units, added up, as the terminal shows them."""
    total = sum(u.strength for u in units)
    return str(total.numerator) if total.denominator == 1 else str(total)


def _combat_table(game: Game, table_id: str | None):
    tables = [t for t in game.tables if t.combat is not None]
    ids = ", ".join(t.id for t in tables) or "none"
    if table_id is not None:
        tables = [t for t in tables if t.id == table_id]
        if not tables:
            raise click.BadParameter(
                f"no combat table {table_id!r} (combat tables: {ids})", param_hint="--table"
            )
    if len(tables) != 1:
        raise click.UsageError(f"{game.id} has {len(tables)} combat tables ({ids}): name one")
    return tables[0]


def _present(game: Game, at, attackers, map_id, present) -> set[tuple[str, str]]:
    """What the shifts may see: the defender's hex on a map, and --on pairs."""
    from .rules.combat import present_at

    out: set[tuple[str, str]] = set()
    for pair in present:
        kind, _, name = pair.partition(":")
        if kind not in ("terrain", "feature", "line", "edge") or not name:
            raise click.BadParameter(f"{pair!r} is not KIND:ID", param_hint="--on")
        out.add((kind, name))
    if at is None:
        if attackers:
            raise click.UsageError("--from needs --hex (the defender's hex)")
        return out
    maps = game.maps
    found = [m for m in (maps.maps if maps is not None else ()) if map_id in (None, m.id)]
    if not found:
        raise click.BadParameter(f"no map {map_id!r}", param_hint="--map")
    mapdef = found[0]
    cells = []
    for label, hint in ((at, "--hex"), *((a, "--from") for a in attackers)):
        cell = mapdef.cell_at_label(label)
        if cell is None:
            raise click.BadParameter(f"no hex {label!r} on map {mapdef.id!r}", param_hint=hint)
        cells.append(cell)
    for label, cell in zip(attackers, cells[1:], strict=True):
        # an attacker must share a side with the defender: an example that attacks from
        # two hexes away is a mistake in the rules, not a column to read
        if not mapdef.touches(cell, cells[0]):
            raise click.BadParameter(
                f"the attacker in {label} does not touch the defender in {at}",
                param_hint="--from",
            )
    return out | present_at(mapdef, cells[0], cells[1:])


@main.command()
@click.argument("path", type=click.Path(path_type=Path))
@click.argument("generator_id")
@click.option(
    "--seed",
    type=click.IntRange(0, 2**31 - 1),
    default=None,
    help="Seed; the same seed gives the same roster (default 0).",
)
@click.option(
    "--units",
    type=click.IntRange(1, 100),
    default=None,
    help="How many units (default: the generator's own).",
)
@click.option(
    "--count",
    type=click.IntRange(0, 1000),
    default=None,
    help="Records per unit instead of rolling the size.",
)
@click.option(
    "--with", "use", multiple=True, metavar="ID", help="Apply an optional adjustment (repeatable)."
)
@_guard
def generate(path, generator_id, seed, units, count, use) -> None:
    """Roll a set-up generator and print the roster as YAML records (a for_each: list)."""
    from .rules.generate import RosterTooBig, roster_yaml
    from .rules.generate import generate as roll_roster
    from .rules.lookup_tables import resolve_generator
    from .rules.profile import effective_seed

    diags = Diagnostics()
    game = load(path, diags)
    run_check(game, diags)
    _report(diags, quiet=True)
    gens = {g.id: g for g in game.generators}
    if generator_id not in gens:
        raise click.BadParameter(
            f"no generator {generator_id!r} (generators: {', '.join(gens) or 'none'})",
            param_hint="GENERATOR_ID",
        )
    gen = resolve_generator(game, gens[generator_id])
    optional = [a.id for a in gen.adjust if a.optional]
    for name in use:
        if name not in optional:
            raise click.BadParameter(
                f"no optional adjustment {name!r} (optional: {', '.join(optional) or 'none'})",
                param_hint="--with",
            )
    s = effective_seed(seed)
    try:
        roster = roll_roster(gen, s, units, tuple(use), count)
    except RosterTooBig as exc:
        raise click.BadParameter(str(exc), param_hint="--units/--count") from None
    command = (
        f"kitgen generate {path} {generator_id} --seed {s}"
        + "".join(f" --with {u}" for u in use)
        + (f" --units {units}" if units else "")
        + (f" --count {count}" if count is not None else "")
    )
    _echo(roster_yaml(gen, roster, command), nl=False)


@main.group()
def export() -> None:
    """Export a kit for screens: a Tabletop Simulator save, a VASSAL module, or plain
    pictures."""


def _export_options(fn):
    fn = click.option("-q", "--quiet", is_flag=True, help="Only errors.")(fn)
    fn = click.option(
        "--dpi",
        type=click.IntRange(36, 600),
        default=200,
        show_default=True,
        help="Resolution of the pictures.",
    )(fn)
    fn = click.option(
        "--seed",
        type=click.IntRange(0, 2**31 - 1),
        default=None,
        help="Seed for generated content.",
    )(fn)
    fn = click.option(
        "-o",
        "--output",
        "out_root",
        default="output",
        show_default=True,
        type=click.Path(file_okay=False, path_type=Path),
        help="Folder for the export (it goes in <game>-tts/, <game>-vassal/ or <game>-images/).",
    )(fn)
    return click.argument("path", type=click.Path(path_type=Path))(fn)


@export.command("tts")
@_export_options
@click.option(
    "--base-url",
    default="",
    metavar="URL",
    help="Prefix of every picture's address: where the images/ folder will be served "
    "(e.g. file:///home/me/kits/my-game-tts/ or https://example.org/my-game/); "
    "default: relative paths.",
)
@_guard
def export_tts_command(path, out_root, seed, dpi, quiet, base_url) -> None:
    """Write a Tabletop Simulator save of the kit (and one per scenario)."""
    from .export.tts import export_tts
    from .rules.setup import resolve

    kit = _pictured(path, seed, dpi)
    book = kit.game.rules
    setups = [resolve(kit.game, book, sc, Diagnostics()) for sc in book.scenarios] if book else []
    files = export_tts(kit, base_url, setups)
    folder = _write_export(kit, out_root, "tts", files, quiet)
    if not base_url and not quiet:
        _echo(
            "kitgen: note: Tabletop Simulator loads each picture from an address it can "
            "reach, and these are relative (images/...): serve the folder and export again "
            f"with --base-url https://your.host/{folder.name}/, or for this computer only "
            f"--base-url {real_path(folder).as_uri()}/ (docs/vtt.md)",
            err=True,
        )


@export.command("vassal")
@_export_options
@_guard
def export_vassal_command(path, out_root, seed, dpi, quiet) -> None:
    """Write a VASSAL module (.vmod) of the kit, each scenario a predefined set-up."""
    from .export.vassal import export_vassal
    from .rules.setup import resolve

    kit = _pictured(path, seed, dpi)
    book = kit.game.rules
    setups = [resolve(kit.game, book, sc, Diagnostics()) for sc in book.scenarios] if book else []
    _write_export(kit, out_root, "vassal", export_vassal(kit, dpi, setups), quiet)


@export.command("images")
@_export_options
@_guard
def export_images_command(path, out_root, seed, dpi, quiet) -> None:
    """Write a picture per piece face, board and page, with an index.json."""
    from .export.images import export_images

    kit = _pictured(path, seed, dpi)
    _write_export(kit, out_root, "images", export_images(kit, dpi), quiet)


def _pictured(path: Path, seed, dpi):
    from .export.kit import picture_kit

    try:
        return picture_kit(path, lambda game: Settings(paper=game.paper, seed=seed), dpi)
    except TooManyPixels as exc:  # counted before rendering: a lower --dpi is the fix
        _echo(f"kitgen: error: --dpi {dpi}: {exc}", err=True)
        sys.exit(EXIT_USAGE)


def _write_export(kit, out_root: Path, kind: str, files: dict, quiet: bool) -> Path:
    from .output import write_kit

    try:
        folder = write_kit(out_root, f"{kit.game.id}-{kind}", files)
    except OutputError as exc:
        _echo(f"kitgen: error: {exc} (choose another folder with -o)", err=True)
        sys.exit(EXIT_USAGE)
    _report_build(list(kit.diagnostics), quiet)
    if not quiet:
        _echo(f"kitgen: {kit.game.id}: wrote {len(files)} file(s) to {folder}", err=True)
    return folder


@main.command()
@click.argument("path", type=click.Path(path_type=Path))
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=0,
    show_default=True,
    help="Port on 127.0.0.1 (0: any free one).",
)
@click.option(
    "--dpi",
    type=click.IntRange(36, 300),
    default=100,
    show_default=True,
    help="Resolution of the sheets on screen.",
)
@click.option("--open/--no-open", "open_browser", default=True, help="Open the page in a browser.")
@_guard
def serve(path, port, dpi, open_browser) -> None:
    """Open a page in your web browser with every sheet of a kit, rebuilt whenever a file of
    the game changes (--no-open: only print the page's address)."""
    import threading

    from .serve.server import KitServer
    from .serve.session import Session
    from .source.game import find_game_file, scenario_path

    game_path, _ = scenario_path(path)
    folder = find_game_file(game_path).parent  # a missing game: exit 1 here
    session = Session(path, dpi)
    try:
        server = KitServer(session, port)
    except OSError as exc:
        raise click.BadParameter(f"cannot listen on port {port}: {exc.strerror}") from None
    _echo(f"kitgen: serving {folder} at {server.url} (Ctrl-C to stop)", err=True)
    try:
        server.start_watching(folder)  # from before the first build: no edit is missed
        state = session.rebuild()  # in a process of its own, ended by Ctrl-C at once
        _echo(f"kitgen: {_state_line(state)}", err=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        if open_browser:
            import webbrowser

            webbrowser.open(server.url)
        version = state.version
        while True:
            state = session.wait(version, 3600)
            if state.version != version and not state.building:
                _echo(f"kitgen: {_state_line(state)}", err=True)
            version = state.version
    except KeyboardInterrupt:
        server.stop()
        _echo("kitgen: stopped", err=True)


def _state_line(state) -> str:
    errors = sum(1 for d in state.diagnostics if d["severity"] == "error")
    if errors:
        first = next(d["text"] for d in state.diagnostics if d["severity"] == "error")
        return f"{errors} error(s), showing the last good sheets: {first}"
    pages = sum(len(d["pages"]) for d in state.docs)
    return f"built {pages} page(s) in {state.seconds:.2f} s"


@main.command()
@click.argument("folder", type=click.Path(path_type=Path))
@click.option(
    "-t",
    "--template",
    type=click.Choice(["counters", "map", "cards", "full"]),
    default="counters",
    show_default=True,
    help="What the new game starts with.",
)
@click.option(
    "--from",
    "sheet",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="Start from a spreadsheet (.csv or .xlsx): one counter per row, or with "
    "--template cards one card per row of a deck.",
)
@_guard
def new(folder, template, sheet) -> None:
    """Make a new game folder that builds at once (e.g. kitgen new content/patrol)."""
    from .starters import StarterError, from_sheet, make_game

    try:
        written = from_sheet(folder, sheet, template) if sheet else make_game(folder, template)
    except StarterError as exc:
        raise click.UsageError(str(exc)) from None
    except OSError as exc:  # a folder that cannot be made or written: choose another
        raise click.UsageError(f"cannot write {exc.filename or folder}: {exc.strerror}") from None
    for path in written:
        _echo(f"kitgen: wrote {path}", err=True)
    _echo(f"kitgen: next: kitgen serve {folder}   (or: kitgen build {folder})", err=True)
