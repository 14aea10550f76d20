"""`for_each`: one definition expanded over a list, a product of lists, or records.

    for_each: {colour: [red, blue]}                  # 2 copies, {colour} in text
    for_each: {colour: [red, blue], weapon: [a, b]}  # product: 4 copies
    for_each:                                        # records: one copy per entry
      - {name: Ana, F: 4, M: 3}
      - {name: Bo, F: 2, M: 5}
    for_each:                                        # product of a list and records: 4
      tribe: [red, blue]
      person: [{abbr: F, name: Farmer}, {abbr: So, name: Soldier}]
    for_each: {file: units.csv}                      # records from a spreadsheet
    for_each: {side: [red, blue], unit: {file: units.xlsx, sheet: Units}}

Text anywhere in the definition may use {name} placeholders; `{{` and `}}`
print braces. The variables also become the piece's attributes, which rules
can match on.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable

from ..errors import Diagnostic, Span
from ..model.counters import merge_rows
from ..names import PLACEHOLDER, placeholders
from ..records import replace
from .fields import Context, as_text, did_you_mean, is_file_list
from .spec import Scalar as ScalarType
from .yamlnodes import Map, Node, Scalar, Seq, describe

# {name: [values]} (a product), a list of records, or a product of lists and records
FOR_EACH = ScalarType("for_each: lists or records", {"type": ["object", "array"]})

MAX_EXPANSION = 10_000

Vars = dict[str, str]


def read_for_each(ctx: Context, node: Node | None, path: str) -> list[Vars]:
    """The variable sets a for_each node yields ([{}] when there is none)."""
    return [merged(parts) for parts in read_for_each_parts(ctx, node, path)]


def _file_rows(ctx: Context, node: Node, path: str) -> Seq | None:
    """The records of the spreadsheet `{file: ...}` names."""
    from .tabular import file_list  # only for a game with a spreadsheet

    return file_list(ctx, node, path)  # type: ignore[arg-type]


def read_for_each_parts(ctx: Context, node: Node | None, path: str) -> list[tuple[Vars, ...]]:
    """read_for_each's variable sets, each as the dicts it merges, later ones winning: a
    product's rows are shared by all its copies, not copied into a dict per copy."""
    if node is None:
        return [({},)]
    if is_file_list(node):
        rows = _file_rows(ctx, node, path)
        # a file that cannot be read makes no copies (not one with every placeholder unknown)
        return [(r,) for r in _records(ctx, rows, path, from_file=True)] if rows else []
    if isinstance(node, Seq):
        return [(record,) for record in _records(ctx, node, path)]
    if not isinstance(node, Map):
        ctx.error(
            node, path, f"expected a mapping of lists or a list of records, got {describe(node)}"
        )
        return []
    # A for_each with an error makes no copies: a copy made without its variables would
    # report each of its placeholders as unknown, burying the one line to fix.
    choices: list[list[Vars]] = []
    failed = False
    for name, value in node.entries.items():
        values = _values(ctx, name, value, f"{path}.{name}")
        if values is None:
            return []  # no copies rather than copies with unknown placeholders
        failed = failed or not values
        choices.append(values)
    total = 1
    for values in choices:
        total *= len(values)
    if total > MAX_EXPANSION:
        ctx.error(node, path, f"expands to {total} copies, more than {MAX_EXPANSION}")
        return []
    return [] if failed else list(itertools.product(*choices))


def _values(ctx: Context, name: str, value: Node, sub: str) -> list[Vars] | None:
    """The values one variable of a product takes ([] when they have errors, said here);
    None for a spreadsheet that cannot be read."""
    values: list[Vars]
    if isinstance(value, Scalar):
        one = as_text(ctx, value, sub)
        return [{name: one}] if one is not None else []
    if is_file_list(value):  # records from a spreadsheet, each its own variables
        rows = _file_rows(ctx, value, sub)
        return None if rows is None else _records(ctx, rows, sub, from_file=True)
    if isinstance(value, Seq) and any(isinstance(item, Map) for item in value):
        # A list of records inside a product: each record brings its own variables.
        values = _records(ctx, value, sub)
    elif isinstance(value, Seq):
        texts = [as_text(ctx, item, f"{sub}[{i}]") for i, item in enumerate(value)]
        if None in texts:
            return []  # each bad value said where it is
        values = [{name: t} for t in texts if t is not None]
    else:
        ctx.error(value, sub, f"expected a list of values, got {describe(value)}")
        return []
    if not values and not (isinstance(value, Seq) and len(value)):
        ctx.error(value, sub, "needs at least one value")
    return values


def merged(parts: tuple[Vars, ...]) -> Vars:
    """One copy's variables, for reading (a single part is that dict itself)."""
    return parts[0] if len(parts) == 1 else merge_rows(parts)


def blanked(variables: Vars, blank: str) -> Vars:
    """The variables with each empty value (a null the source lacks) as the write-in
    blank; the same dict when none is empty."""
    if "" not in variables.values():
        return variables
    return {k: (v if v != "" else blank) for k, v in variables.items()}


class FileRow(dict):
    """A record read from a spreadsheet: its variables, the cell each came from (a
    value that turns out bad is reported at its cell) and its columns' header cells."""

    __slots__ = ("cells", "heads")

    def __init__(self, cells: dict[str, Span], heads: dict[str, Span]) -> None:
        super().__init__()
        self.cells = cells
        self.heads = heads


def _records(ctx: Context, node: Seq, path: str, from_file: bool = False) -> list[Vars]:
    out: list[Vars] = []
    for i, item in enumerate(node):
        sub = f"{path}[{i}]"
        if not isinstance(item, Map):
            ctx.error(item, sub, f"expected a record (a mapping), got {describe(item)}")
            continue
        record: Vars = (
            FileRow(
                {k: v.span for k, v in item.entries.items()},
                dict(item.key_spans),
            )
            if from_file
            else {}
        )
        for name, value in item.entries.items():
            if isinstance(value, Scalar) and value.value is None:
                record[name] = ""  # null: a value the source lacks (components print a blank)
                continue
            text = as_text(ctx, value, f"{sub}.{name}")
            if text is not None:
                record[name] = text
        out.append(record)
    if len(out) > MAX_EXPANSION:
        ctx.error(node, path, f"{len(out)} records, more than {MAX_EXPANSION}")
        return [{}]
    return out or [{}]


def substitute(ctx: Context, text: str, variables: Vars, node: Node | None, path: str) -> str:
    """Fill {name} placeholders; an unknown name is an error naming the known ones."""
    if "{" not in text and "}" not in text:
        return text

    def fill(m: re.Match) -> str:
        token = m.group(0)
        if token == "{{":
            return "{"
        if token == "}}":
            return "}"
        name = m.group(1)
        if name not in variables:
            known = ", ".join("{" + k + "}" for k in variables) or "none (add for_each)"
            hint = did_you_mean(name, list(variables), f"known: {known}")
            ctx.error(node, path, f"unknown placeholder {{{name}}} in {text!r}", hint)
            return token
        return variables[name]

    return PLACEHOLDER.sub(fill, text)


def placeholder_spans(node: Node) -> dict[Span, list[str]]:
    """Where each text that holds {placeholders} stands in a definition, with the
    names it uses: a diagnostic at one of those texts is about a variable's value."""
    out: dict[Span, list[str]] = {}
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Scalar):
            if isinstance(n.value, str) and "{" in n.value:
                names = placeholders(n.value)
                if names:
                    out[n.span] = names
        elif isinstance(n, Seq):
            stack.extend(n.items)
        elif isinstance(n, Map):
            stack.extend(n.entries.values())
    return out


def file_cells(parts: tuple[Vars, ...]) -> dict[str, Span]:
    """The cells a copy's spreadsheet variables came from (none for YAML ones)."""
    cells: dict[str, Span] = {}
    for part in parts:
        if isinstance(part, FileRow):
            cells.update(part.cells)
    return cells


def at_cells(
    diags: Iterable[Diagnostic], where: dict[Span, list[str]], cells: dict[str, Span]
) -> list[Diagnostic]:
    """Diagnostics about a value a spreadsheet supplied, moved to its cell and naming
    its column (`units.csv:14:3: ... (column 'strength')`); the others as they are."""
    out = []
    for d in diags:
        # a placeholder the file lacks is the definition's mistake, not a cell's
        about_value = d.span and not d.message.startswith("unknown placeholder")
        name = next((n for n in where.get(d.span, ()) if n in cells), None) if about_value else None
        if name is None:
            out.append(d)
        else:
            out.append(replace(d, span=cells[name], message=f"{d.message} (column '{name}')"))
    return out


def unused_columns(
    ctx: Context, node: Node, sets: list[tuple[Vars, ...]], also: Iterable[str] = ()
) -> None:
    """Warn at the header of each spreadsheet column that nothing uses: no placeholder
    of the definition and no word of the game's YAML (a rule matching the attribute
    names it) mentions it. Once per column."""
    heads: dict[str, Span] = {}
    for parts in sets[:1]:
        for part in parts:
            if isinstance(part, FileRow):
                heads.update(part.heads)
    if not heads:
        return
    used = {n for names in placeholder_spans(node).values() for n in names} | set(also)
    words = _game_words(ctx)
    for name, head in heads.items():
        if name not in used and name not in words:
            ctx.warning(
                head,
                "",
                f"column {name!r} is not used: no placeholder or rule of the game names it",
                "use it as {" + name + "}, or leave it out of the file",
            )


def _game_words(ctx: Context) -> set[str]:
    """Every word of the game's YAML files (its folder and scenarios/), read once."""
    words = ctx.extra.get("game words")
    if words is None:
        from ..budget import MAX_YAML_BYTES
        from ..files import FileRefused, list_folder, read_file

        words = set()
        try:
            names = list_folder(ctx.folder, ".", (".yaml", ".yml"))
            names += list_folder(ctx.folder, "scenarios", (".yaml", ".yml"))
        except FileRefused:
            names = []
        for name in names:
            try:
                text = read_file(ctx.folder, name, MAX_YAML_BYTES).data.decode("utf-8", "replace")
            except FileRefused:
                continue
            words.update(re.findall(r"[A-Za-z_][A-Za-z0-9_-]*", text))
        ctx.extra["game words"] = words
    return words
