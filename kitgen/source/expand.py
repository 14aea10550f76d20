"""`for_each`: one definition expanded over a list, a product of lists, or records.

    for_each: {colour: [red, blue]}                  # 2 copies, {colour} in text
    for_each: {colour: [red, blue], weapon: [a, b]}  # product: 4 copies
    for_each:                                        # records: one copy per entry
      - {name: Ana, F: 4, M: 3}
      - {name: Bo, F: 2, M: 5}
    for_each:                                        # product of a list and records: 4
      tribe: [red, blue]
      person: [{abbr: F, name: Farmer}, {abbr: So, name: Soldier}]

Text anywhere in the definition may use {name} placeholders; `{{` and `}}`
print braces. The variables also become the piece's attributes, which rules
can match on.
"""

from __future__ import annotations

import itertools
import re

from ..model.counters import merge_rows
from .fields import Context, as_text
from .spec import Scalar as ScalarType
from .yamlnodes import Map, Node, Scalar, Seq, describe

# {name: [values]} (a product), a list of records, or a product of lists and records
FOR_EACH = ScalarType("for_each: lists or records", {"type": ["object", "array"]})

MAX_EXPANSION = 10_000
_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_-]*)\}")

Vars = dict[str, str]


def read_for_each(ctx: Context, node: Node | None, path: str) -> list[Vars]:
    """The variable sets a for_each node yields ([{}] when there is none)."""
    return [merged(parts) for parts in read_for_each_parts(ctx, node, path)]


def read_for_each_parts(ctx: Context, node: Node | None, path: str) -> list[tuple[Vars, ...]]:
    """read_for_each's variable sets, each as the dicts it merges, later ones winning: a
    product's rows are shared by all its copies, not copied into a dict per copy."""
    if node is None:
        return [({},)]
    if isinstance(node, Seq):
        return [(record,) for record in _records(ctx, node, path)]
    if not isinstance(node, Map):
        ctx.error(
            node, path, f"expected a mapping of lists or a list of records, got {describe(node)}"
        )
        return [({},)]
    choices: list[list[Vars]] = []
    for name, (_, value) in node.entries.items():
        sub = f"{path}.{name}"
        values: list[Vars]
        if isinstance(value, Scalar):
            one = as_text(ctx, value, sub)
            values = [{name: one}] if one is not None else []
        elif isinstance(value, Seq) and any(isinstance(item, Map) for item in value):
            # A list of records inside a product: each record brings its own variables.
            values = _records(ctx, value, sub)
        elif isinstance(value, Seq):
            values = [
                {name: t}
                for t in (as_text(ctx, item, f"{sub}[{i}]") for i, item in enumerate(value))
                if t is not None
            ]
        else:
            ctx.error(value, sub, f"expected a list of values, got {describe(value)}")
            continue
        if not values:
            ctx.error(value, sub, "needs at least one value")
            continue
        choices.append(values)
    total = 1
    for values in choices:
        total *= len(values)
    if total > MAX_EXPANSION:
        ctx.error(node, path, f"expands to {total} copies, more than {MAX_EXPANSION}")
        return [({},)]
    return list(itertools.product(*choices))


def merged(parts: tuple[Vars, ...]) -> Vars:
    """One copy's variables, for reading (a single part is that dict itself)."""
    return parts[0] if len(parts) == 1 else merge_rows(parts)


def blanked(variables: Vars, blank: str) -> Vars:
    """The variables with each empty value (a null the source lacks) as the write-in
    blank; the same dict when none is empty."""
    if "" not in variables.values():
        return variables
    return {k: (v if v != "" else blank) for k, v in variables.items()}


def _records(ctx: Context, node: Seq, path: str) -> list[Vars]:
    out: list[Vars] = []
    for i, item in enumerate(node):
        sub = f"{path}[{i}]"
        if not isinstance(item, Map):
            ctx.error(item, sub, f"expected a record (a mapping), got {describe(item)}")
            continue
        record: Vars = {}
        for name, (_, value) in item.entries.items():
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
            ctx.error(node, path, f"unknown placeholder {{{name}}} in {text!r}", f"known: {known}")
            return token
        return variables[name]

    return _PLACEHOLDER.sub(fill, text)
