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
from typing import Any

from ..errors import Diagnostic, Span, display_path
from ..model.counters import merge_rows
from ..names import FILTERS, PLACEHOLDER, placeholders
from ..records import replace
from .fields import Context, as_text, did_you_mean, is_file_list
from .spec import Scalar as ScalarType
from .yamlnodes import Map, Node, Scalar, Seq, describe

# {name: [values]} (a product), a list of records, or a product of lists and records
FOR_EACH: ScalarType[Any] = ScalarType("for_each: lists or records", {"type": ["object", "array"]})

MAX_EXPANSION = 10_000

Vars = dict[str, str]


def read_for_each(ctx: Context, node: Node | None, path: str) -> list[Vars]:
    """The variable sets a for_each node yields ([{}] when there is none)."""
    return [merged(parts) for parts in read_for_each_parts(ctx, node, path)]


def _file_rows(ctx: Context, node: Node, path: str) -> Seq | None:
    """The records of the spreadsheet `{file: ...}` names."""
    from .spreadsheets.tabular import file_list  # only for a game with a spreadsheet

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
    blank; the same dict when none is empty (a spreadsheet row stays one: its {row})."""
    if "" not in variables.values():
        return variables
    out = variables.copy() if isinstance(variables, FileRow) else dict(variables)
    for k, v in variables.items():
        if v == "":
            out[k] = blank
    return out


class FileRow(dict):
    """A record read from a spreadsheet: its variables, the cell each came from (a
    value that turns out bad is reported at its cell), its columns' header cells and
    its row's number, which `{row}` gives (unless a column is named row)."""

    __slots__ = ("cells", "heads", "number")

    def __init__(self, cells: dict[str, Span], heads: dict[str, Span], number: int) -> None:
        super().__init__()
        self.cells = cells
        self.heads = heads
        self.number = number

    def __missing__(self, key: str) -> str:
        if key == ROW:
            return str(self.number)
        raise KeyError(key)

    def copy(self) -> FileRow:
        out = FileRow(self.cells, self.heads, self.number)
        out.update(self)
        return out


ROW = "row"  # {row}: a spreadsheet record's row number, as the spreadsheet shows it


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
                item.span.cell.row if item.span.cell else i + 2,
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


def value_of(variables: Vars, name: str, filter_name: str | None) -> str:
    """The value a placeholder gives: the variable, through its filter if it names one
    (KeyError for a name or a filter there is none of)."""
    value = variables[name]
    if filter_name is None:
        return value
    return FILTERS[filter_name](value)


def fill(text: str, variables: Vars) -> str:
    """`text` with its placeholders filled (KeyError for one the variables lack)."""

    def one(m: re.Match) -> str:
        if m.group(1) is None:
            return m.group(0)[:1]  # the first character of a doubled brace
        return value_of(variables, m.group(1), m.group(2))

    return PLACEHOLDER.sub(one, text)


def substitute(ctx: Context, text: str, variables: Vars, node: Node | None, path: str) -> str:
    """Fill {name} placeholders; an unknown name is an error naming the known ones."""
    if "{" not in text and "}" not in text:
        return text

    def one(m: re.Match) -> str:
        token = m.group(0)
        if token == "{{":
            return "{"
        if token == "}}":
            return "}"
        name, filter_name = m.group(1), m.group(2)
        if filter_name is not None and filter_name not in FILTERS:
            hint = did_you_mean(filter_name, list(FILTERS), "filters: " + ", ".join(FILTERS))
            ctx.error(node, path, f"unknown filter |{filter_name} in {text!r}", hint)
            return token
        try:
            return value_of(variables, name, filter_name)
        except KeyError:
            message, hint = unknown_placeholder(name, text, variables)
            ctx.error(node, path, message, hint)
            return token

    return PLACEHOLDER.sub(one, text)


def unknown_placeholder(name: str, text: str, variables: Vars) -> tuple[str, str]:
    """(message, hint) for a placeholder no variable fills. A spreadsheet's record names
    its file and header row; a did-you-mean only to a column of like spelling."""
    known = ", ".join("{" + k + "}" for k in variables) or "none (add for_each)"
    message = f"unknown placeholder {{{name}}} in {text!r}"
    heads = variables.heads if isinstance(variables, FileRow) else {}
    if not heads:
        return message, did_you_mean(name, list(variables), f"known: {known}")
    header = next(iter(heads.values()))
    row = header.cell.row if header.cell else 1
    sheet = f"[{header.cell.sheet}]" if header.cell and header.cell.sheet else ""
    shown = display_path(header.file)
    return (
        f"{message}: {shown}{sheet} has no column {name!r} (header row {row}: "
        + ", ".join(heads)
        + ")",
        did_you_mean(name, list(heads), cutoff=0.75),
    )


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
    """Diagnostics about a value a spreadsheet supplied, moved to its cell (whose place
    names its row and column: `units.csv: row 14, column C (strength)`); the others as
    they are."""
    out = []
    for d in diags:
        # a placeholder the file lacks (or a filter) is the definition's mistake, not a cell's
        about_value = d.span and not d.message.startswith(("unknown placeholder", "unknown filter"))
        span = d.span if about_value else None
        name = next((n for n in where.get(span, ()) if n in cells), None) if span else None
        if name is None:
            out.append(d)
        else:
            out.append(replace(d, span=cells[name]))
    return out


class CopyProblems:
    """Where a definition's copies report what reading them found: the first copy's
    problems as found; a later copy's only those not said yet (a definition's own
    mistake is said once, not once a copy); a copy from a spreadsheet row has each
    problem about one of its values moved to the value's cell, so every row's bad
    value is said at its row."""

    def __init__(self, ctx: Context, node: Node) -> None:
        self.ctx = ctx
        self.node = node
        self.seen: set[str] | None = None  # every problem said so far, as printed
        self.where: dict[Span, list[str]] | None = None  # texts with placeholders

    def add(self, n: int, parts: tuple[Vars, ...], found: list[Diagnostic]) -> None:
        if not found:
            return
        cells = file_cells(parts)
        if n == 0 and not cells:
            self.ctx.diags.extend(found)
            return
        if cells:
            self.where = placeholder_spans(self.node) if self.where is None else self.where
            found = at_cells(found, self.where, cells)
        if self.seen is None:
            self.seen = {str(d) for d in self.ctx.diags}
        for d in found:
            if str(d) not in self.seen:
                self.seen.add(str(d))
                self.ctx.diags.add(d)


def filled_rows(
    ctx: Context, node: Node, sets: list[tuple[Vars, ...]], path: str, what: str
) -> list[tuple[Vars, ...]]:
    """The variable sets whose spreadsheet cells give a value to what each piece cannot
    be without (its id, its quantity): a row whose cell for one is empty is an error at
    that cell and makes no piece (never a piece lost without a word)."""
    needs: dict[str, list[str]] = {}
    for key in ("id", "quantity"):
        text = node.get(key) if isinstance(node, Map) else None
        if isinstance(text, Scalar) and isinstance(text.value, str):
            needs[key] = placeholders(text.value)
    if not any(needs.values()):
        return sets
    out = []
    for parts in sets:
        whole = True
        for part in parts:
            if not isinstance(part, FileRow):
                continue
            for key, names in needs.items():
                for name in names:
                    if part.get(name) == "" and name in part.cells:
                        ctx.error(
                            part.cells[name],
                            f"{path}.{key}",
                            f"empty cell, but each {what}'s {key} comes from this column",
                            "fill it in, or leave the row out: where: keeps rows by their columns",
                        )
                        whole = False
        if whole:
            out.append(parts)
    return out


def id_cell(node: Node, parts: tuple[Vars, ...]) -> Span | None:
    """The cell a copy's id is made from (the first column its id names), if a
    spreadsheet row made it: a second use of the id is reported there."""
    text = node.get("id") if isinstance(node, Map) else None
    if not (isinstance(text, Scalar) and isinstance(text.value, str)):
        return None
    for part in parts:
        if isinstance(part, FileRow):
            for name in placeholders(text.value):
                if name in part.cells:
                    return part.cells[name]
            return next(iter(part.cells.values()), None)
    return None


def unused_columns(
    ctx: Context, node: Node, sets: list[tuple[Vars, ...]], attrs: bool, also: Iterable[str] = ()
) -> None:
    """Warn at the header of each spreadsheet column that nothing uses: no placeholder
    the definition (or a layout it names: `also`) holds (comments are not read), no
    `where:` and, for pieces whose columns become attributes (`attrs`), no key or value
    of the game's rules. A column spelt like a placeholder that found no column says so:
    the typo is in one of them. Once per column."""
    heads: dict[str, Span] = {}
    for parts in sets[:1]:
        for part in parts:
            if isinstance(part, FileRow):
                heads.update(part.heads)
    if not heads:
        return
    asked = [n for names in placeholder_spans(node).values() for n in names] + sorted(also)
    used = set(asked) | _where_columns(node)
    words = _rule_words(ctx) if attrs else set()
    missed = [n for n in dict.fromkeys(asked) if n not in heads and n != ROW]
    for name, head in heads.items():
        if name in used or name in words:
            continue
        close = did_you_mean(name, missed, cutoff=0.75)
        ctx.warning(
            head,
            "",
            f"column {name!r} is not used: no placeholder"
            + (" or rule" if attrs else "")
            + " of the game names it",
            close.replace("did you mean '", "did you mean {").replace("'?", "}?")
            if close
            else "use it as {" + name + "}, or leave it out of the file",
        )


def _where_columns(node: Node) -> set[str]:
    """The columns the definition's spreadsheets (for_each's, a label's records) keep
    rows by (`where:`)."""
    out: set[str] = set()
    stack = [node.get("for_each"), node.get("records")] if isinstance(node, Map) else []
    while stack:
        n = stack.pop()
        if isinstance(n, Map):
            where = n.get("where")
            if isinstance(where, Map):
                out.update(where.entries)
            stack.extend(v for k, v in n.entries.items() if k != "where")
    return out


def _rule_words(ctx: Context) -> set[str]:
    """Every key and word of the game's `rules:` as read (never its comments): an
    attribute a rule matches on is named there."""
    words = ctx.extra.get("rule words")
    if words is None:
        words = set()
        root = ctx.extra.get("root")
        stack = [root.get("rules")] if isinstance(root, Map) else []
        while stack:
            n = stack.pop()
            if isinstance(n, Map):
                words.update(n.entries)
                stack.extend(n.entries.values())
            elif isinstance(n, Seq):
                stack.extend(n.items)
            elif isinstance(n, Scalar) and isinstance(n.value, str):
                words.update(re.findall(r"[A-Za-z_][A-Za-z0-9_-]*", n.value))
        ctx.extra["rule words"] = words
    return words
