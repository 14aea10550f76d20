"""`kitgen new`: game folders to start from, one per template, each building at once.

The templates are YAML files beside this module; `$id`, `$title` and `$folder` in
them are filled in (YAML's own `{placeholders}` are left alone)."""

from __future__ import annotations

import csv
import io
import json
import re
from importlib.resources import files
from pathlib import Path
from string import Template

from ..patterns import pattern

TEMPLATES = ("counters", "map", "cards", "full")
ID = pattern(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


class StarterError(Exception):
    """The new game cannot be made there (a usage error)."""


def game_id(folder: Path) -> str:
    """A game's id from its folder name: lower case, spaces as hyphens."""
    ident = re.sub(r"\s+", "-", folder.name.strip()).lower()
    if not ID.match(ident):
        raise StarterError(
            f"{folder.name!r} cannot be a game id: use letters, digits, '-', '_' or '.' "
            "(at most 64, starting with a letter or digit)"
        )
    return ident


def _game_values(ident: str, folder: Path) -> dict[str, str]:
    """What every template fills in: the game's id, a title made from it, its folder."""
    title = ident.replace("-", " ").replace("_", " ").title()
    return {"id": ident, "title": title, "folder": folder.as_posix()}


def starter_files(template: str, folder: Path) -> dict[str, str]:
    """Each file of a template, relative path -> text, filled in for `folder`."""
    values = _game_values(game_id(folder), folder)
    root = files(__package__).joinpath(template)
    out: dict[str, str] = {}

    def walk(node, prefix: str) -> None:
        for entry in sorted(node.iterdir(), key=lambda e: e.name):
            if entry.is_dir():
                walk(entry, f"{prefix}{entry.name}/")
            elif entry.name.endswith(".yaml"):
                out[prefix + entry.name] = Template(entry.read_text("utf-8")).substitute(values)

    walk(root, "")
    return out


def make_game(folder: Path, template: str) -> list[Path]:
    """Write a new game folder; refuses to write into a folder that holds anything."""
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise StarterError(f"{folder} already exists and is not empty: choose a new folder")
    written = []
    for name, text in starter_files(template, folder).items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def from_sheet(folder: Path, sheet: Path, template: str = "counters") -> list[Path]:
    """A new game whose counters (or, with the cards template, a deck's cards) are the
    rows of a spreadsheet: for counters the rows are written into the folder as
    pieces.csv (with an `id` column made from the names when the sheet has none) and
    read by `for_each: {file: pieces.csv}`."""
    if template not in ("counters", "cards"):
        raise StarterError(f"--from makes counters or cards, not {template}: use --template")
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise StarterError(f"{folder} already exists and is not empty: choose a new folder")
    ident = game_id(folder)
    data, header, rows = _read_sheet(sheet)
    if template == "cards":
        return _deck(folder, ident, sheet.name, data, header, rows)
    if "id" not in header:
        header, rows = ["id", *header], _with_ids(header, rows)
    _write_game(folder, "sheet.yaml.tmpl", ident, file=PIECES, **_faces(header, rows))
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([header, *rows])
    (folder / PIECES).write_text(out.getvalue(), encoding="utf-8")
    return [folder / "game.yaml", folder / PIECES]


PIECES = "pieces.csv"


def _write_game(folder: Path, template: str, ident: str, **fields: str) -> None:
    """The folder's game.yaml from one of the starters' templates: what every template
    fills in (_game_values), then the template's own fields."""
    text = Template(files(__package__).joinpath(template).read_text("utf-8"))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(
        text.substitute(_game_values(ident, folder), **fields), encoding="utf-8"
    )


def _read_sheet(sheet: Path) -> tuple[bytes, list[str], list[list[str]]]:
    """The sheet's bytes, its header's names and its rows as text (empty: '')."""
    from ..source.spreadsheets.tabular import TableError, grid_of

    try:
        data = sheet.read_bytes()
        grid = grid_of(data, sheet.name)
    except OSError as exc:
        raise StarterError(f"cannot read {sheet}: {exc.strerror}") from None
    except TableError as exc:
        raise StarterError(f"{sheet.name}: {exc.message}") from None
    header = [str(v).strip() if v is not None else "" for v in (grid[0] if grid else [])]
    if not grid or not any(header) or len(grid) < 2:
        raise StarterError(f"{sheet.name}: needs a header row naming the columns, then pieces")
    rows = [
        [("" if v is None else str(v)) for v in r] + [""] * (len(header) - len(r)) for r in grid[1:]
    ]
    return data, header, rows


def _deck(
    folder: Path, ident: str, name: str, data: bytes, header: list[str], rows: list[list[str]]
) -> list[Path]:
    """A deck of one card per row of the sheet, which is copied in as it is: ids from
    its name column, copies from a Qty/Count/Copies column, a layout whose regions name
    the other columns, and one back shared by the deck."""
    from ..names import slug
    from ..source.spreadsheets.rows import NOT_IN_NAMES

    for column in header:
        if any(ch in column for ch in NOT_IN_NAMES):
            raise StarterError(f"{name}: rename column {column!r}: a name holds no {{}}|:,")
    parts = _deck_columns(header, rows)
    title_col = parts["name"]
    names = [r[header.index(title_col)] for r in rows]
    slugs = [slug(n) for n in names]
    if all(slugs) and len(set(slugs)) == len(slugs):
        id_field = "{" + title_col + "|slug}"
    else:  # a name twice, or one with no letter: the row's number keeps ids apart
        id_field = "card-{row}"
    _write_game(folder, "deck.yaml.tmpl", ident, file=name, name=title_col,
                id_field=id_field, **_deck_regions(parts))  # fmt: skip
    (folder / name).write_bytes(data)
    return [folder / "game.yaml", folder / name]


def _deck_columns(header: list[str], rows: list[list[str]]) -> dict:
    """Which column does what on a card: its name, its copies, its frame's colour, and
    the rest as short facts (a type, a cost) or long text (its rules)."""
    from ..colours import ColourError, parse_colour

    lower = {c.lower(): c for c in header if c}

    def pick(*options: str) -> str | None:
        return next((lower[n] for n in options if n in lower), None)

    def values(column: str) -> list[str]:
        return [r[header.index(column)].strip() for r in rows]

    name = pick("name", "title", "card", "card name", "card title") or next(
        c for c in header if c and not all(v.isdigit() for v in values(c))
    )
    count = pick("qty", "quantity", "count", "copies", "number", "#")
    colour = pick("colour", "color")
    try:
        for value in values(colour) if colour else ():
            parse_colour(value)
    except ColourError:
        colour = None  # a faction's name, not a colour: a fact to print
    rest = [c for c in header if c and c not in {name, count, colour}]
    long = [c for c in rest if max(len(v) for v in values(c)) > 24]
    return {
        "name": name,
        "count": count,
        "colour": colour,
        "short": [c for c in rest if c not in long],
        "long": long,
    }


def _deck_regions(parts: dict) -> dict[str, str]:
    """The template's lines that depend on the columns: the facts' line, the text box
    and the copies."""
    short, long = parts["short"], parts["long"]
    facts = " · ".join(f"**{c}:** {{{c}}}" for c in short)
    line = ""
    if short and long:
        line = (
            "      - {id: facts, at: {x: 8%, y: 17%}, width: 84%, height: 8%, "
            f'show: {{text: "{facts}", align: left}}}}\n'
        )
    text = (
        "\\n\\n".join(f"{{{c}}}" for c in long)
        if long
        else "\\n".join(f"**{c}:** {{{c}}}" for c in short)
    )
    top = 27 if line else 17
    region = (
        f"      - {{id: text, at: {{x: 8%, y: {top}%}}, width: 84%, height: {90 - top}%, "
        f'show: {{text: "{text}", align: left, valign: top}}}}\n'
        if text
        else ""
    )
    count = parts["count"]
    return {
        "frame": "{" + parts["colour"] + "}" if parts["colour"] else "#3b4a5a",
        "line_region": line,
        "text_region": region,
        "quantity_line": f'    quantity: "{{{count}}}"\n' if count else "",
    }


def _yaml_key(name: str) -> str:
    """A column's name as a key of a YAML flow mapping (quoted unless plain)."""
    return name if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_ -]*", name) else json.dumps(name)


def _with_ids(header: list[str], rows: list[list[str]]) -> list[list[str]]:
    """Rows with an id first, made from the first column: lower case, words joined by
    hyphens, numbered where two would be the same."""
    seen: dict[str, int] = {}
    out = []
    for n, row in enumerate(rows, start=1):
        base = re.sub(r"[^a-z0-9]+", "-", row[0].lower()).strip("-") or f"piece-{n}"
        seen[base] = seen.get(base, 0) + 1
        out.append([base if seen[base] == 1 else f"{base}-{seen[base]}", *row])
    return out


def _faces(header: list[str], rows: list[list[str]]) -> dict[str, str]:
    """Which column does what: an id, a name, a count, a colour; the rest printed
    (those filled in on every row, up to four)."""
    lower = {c.lower(): c for c in header if c}

    def pick(*names: str) -> str | None:
        return next((lower[n] for n in names if n in lower), None)

    ident = "id"
    name = pick("name", "title", "unit") or next(c for c in header if c and c != "id")
    count = pick("quantity", "count", "copies", "number")
    colour = pick("colour", "color", "background", "side", "nation", "army")
    full = [c for i, c in enumerate(header) if c and all(r[i].strip() for r in rows)]
    rest = [c for c in full if c not in {ident, name, count, colour}]
    unused = [c for c in header if c and c not in {ident, name, count, colour, *rest[:4]}]
    return {
        # columns not printed yet are kept as attributes (for rules) by name, so that
        # the build does not call them unused; the comment says how to print them
        "attrs_line": (
            "    attrs: {"
            + ", ".join(f'{_yaml_key(c)}: "{{{c}}}"' for c in unused)
            + "}    # not printed yet: put them on a face as {"
            + unused[0]
            + "}\n"
            if unused
            else ""
        ),
        "id_field": "{" + ident + "}",
        "name_field": "{" + name + "}",
        "quantity_line": f'    quantity: "{{{count}}}"\n' if count else "",
        "background": "{" + colour + "}" if colour else "#3b5b7a",
        "palette": _palette(colour, [r[header.index(colour)] for r in rows] if colour else []),
        "texts": _texts(name, rest[:4]),
    }


# distinct, dark enough for white type: a side named in the sheet ("geese") gets one each
SIDE_INKS = ("#3b5b7a", "#8a2f2f", "#2f6b3a", "#6b4a8a", "#8a6a1f", "#2f6f6f", "#555555")


def _palette(column: str | None, values: list[str]) -> str:
    """A `colours:` section naming each value of the colour column that is not a colour
    already ('geese', 'Union'), so the game builds at once; '' when none is needed."""
    from ..colours import ColourError, parse_colour

    names: list[str] = []
    for value in values:
        try:
            parse_colour(value)
        except ColourError:
            if value.strip() and value not in names:
                names.append(value)
    if column is None or not names:
        return ""
    lines = [
        f"colours:                                # one for each {column} (change them freely)"
    ]
    lines += [f'  "{n}": "{SIDE_INKS[i % len(SIDE_INKS)]}"' for i, n in enumerate(names)]
    return "\n".join(lines) + "\n"


def _texts(name: str, values: list[str]) -> str:
    """The face's lines: the name on top and the values below, or the name alone in the
    middle when no other column is filled on every row (never the name twice)."""
    if not values:
        return f'        - {{text: "{{{name}}}", at: centre, size: 9pt}}'
    shown = " ".join("{" + c + "}" for c in values)
    return (
        f'        - {{text: "{{{name}}}", at: top, size: 7pt}}\n'
        f'        - {{text: "{shown}", at: bottom, size: 8pt}}'
    )
