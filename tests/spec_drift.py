"""A scan of the readers in kitgen/source for settings that restate their declaration.

A reader takes each key's default, range, choices and required flag from its spec
(source/spec.py); one that writes them out again can drift from it unnoticed. The scan
finds, with file and line:

- a getter given a literal setting equal to the declared one: `f.integer("units",
  default=1)` where `units` is declared with default 1 (leave it out);
- a key's node read raw and passed on with a literal equal to its declared default:
  `v.colour(f.raw("background"), path, "#ffffff")` (ask Fields for the default);
- a reader writing its own "missing required key" message (declare the key required,
  or in a `OneOf` group, and let Fields say it).

Which spec a `Fields` variable reads is found from `f = Fields(ctx, node, path, SPEC)` in
the function, or, for a function handed `f`, from the calls that hand it one.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from kitgen.source.fields import Fields
from kitgen.source.spec import Key, Spec

SOURCE = Path(__file__).resolve().parents[1] / "kitgen" / "source"
GETTERS = ("text", "id", "number", "integer", "length", "colour", "boolean", "choice", "file")
GETTERS += ("seq", "texts", "get")
SETTINGS = ("default", "lo", "hi", "options", "required")
MISSING = "missing required key"


def scan(folder: Path = SOURCE) -> list[str]:
    """'file:line: what' for every restated setting in the readers under `folder`."""
    found: list[str] = []
    for file in sorted(folder.rglob("*.py")):
        if file.name in ("fields.py", "spec.py", "schema.py"):
            continue
        parts = file.relative_to(folder.parents[1]).with_suffix("").parts
        module = importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
        tree = ast.parse(file.read_text(encoding="utf-8"))
        specs = _fields_specs(tree, module)
        for func, node in _calls(tree):
            for problem in _problems(node, specs.get(func, {})):
                found.append(f"{file.relative_to(folder.parents[1])}:{node.lineno}: {problem}")
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if node.value.startswith(MISSING):
                    rel = file.relative_to(folder.parents[1])
                    found.append(
                        f"{rel}:{node.lineno}: writes its own {MISSING!r}: declare the key "
                        "required (or in a OneOf group) and read it with a getter"
                    )
    return list(dict.fromkeys(found))  # a nested function's calls are walked twice


def count_raw(folder: Path = SOURCE) -> int:
    """The readers' `f.raw(key)` calls (fields.py's own excepted)."""
    n = 0
    for file in sorted(folder.rglob("*.py")):
        if file.name == "fields.py":
            continue
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "raw":
                n += 1
    return n


# ---- which spec each Fields variable reads ----------------------------------------------


def _functions(tree: ast.Module) -> Iterator[ast.FunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            yield node


def _fields_specs(tree: ast.Module, module: ModuleType) -> dict[str, dict[str, list[Spec]]]:
    """function name -> Fields variable -> the specs it may read."""
    out: dict[str, dict[str, list[Spec]]] = {}
    functions = list(_functions(tree))
    by_name: dict[str, ast.FunctionDef] = {}
    for fn in functions:
        by_name.setdefault(fn.name, fn)  # the first of a name, as a call finds it
    calls = {id(fn): [n for n in ast.walk(fn) if isinstance(n, ast.Call)] for fn in functions}
    for fn in functions:
        own = out.setdefault(fn.name, {})
        for node in ast.walk(fn):
            if isinstance(node, ast.Assign) and _is_fields_call(node.value):
                spec = _spec_of(node.value, module)  # type: ignore[arg-type]
                for target in node.targets:
                    if isinstance(target, ast.Name) and spec is not None:
                        own.setdefault(target.id, []).append(spec)
    for _ in range(3):  # a Fields handed down, and handed on again
        for fn in functions:
            for call in calls[id(fn)]:
                _hand_down(call, out, out.get(fn.name, {}), by_name)
    return out


def _is_fields_call(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Fields"


def _spec_of(call: ast.Call, module: ModuleType) -> Spec | None:
    arg = call.args[3] if len(call.args) > 3 else None
    if isinstance(arg, ast.Name):
        spec = getattr(module, arg.id, None)
        return spec if isinstance(spec, Spec) else None
    return None


def _hand_down(
    call: ast.Call,
    out: dict[str, dict[str, list[Spec]]],
    known: dict[str, list[Spec]],
    by_name: dict[str, ast.FunctionDef],
) -> None:
    """A call passing a known Fields variable: the callee's parameter reads its specs."""
    name = getattr(call.func, "id", "")
    callee = by_name.get(name)
    if callee is None:
        return
    params = [a.arg for a in callee.args.args]
    for i, arg in enumerate(call.args):
        if isinstance(arg, ast.Name) and arg.id in known and i < len(params):
            got = out.setdefault(name, {}).setdefault(params[i], [])
            got.extend(s for s in known[arg.id] if s not in got)


# ---- the checks -------------------------------------------------------------------------


def _calls(tree: ast.Module) -> Iterator[tuple[str, ast.Call]]:
    for fn in list(_functions(tree)):
        for node in ast.walk(fn):
            if isinstance(node, ast.Call):
                yield fn.name, node


def _declared(specs: list[Spec], key: str) -> list[Key]:
    return [k for spec in specs for k in spec.all_keys() if k.name == key]


def _literal(node: ast.expr) -> Any:
    try:
        return ast.literal_eval(node)
    except ValueError:
        return _UNKNOWN


_UNKNOWN = object()


def _problems(call: ast.Call, specs: dict[str, list[Spec]]) -> Iterator[str]:
    func = call.func
    if not isinstance(func, ast.Attribute) or not isinstance(func.value, ast.Name):
        yield from _raw_with_default(call, specs)
        return
    if func.value.id in specs and func.attr in GETTERS:
        yield from _restated(call, func.attr, specs[func.value.id])
    yield from _raw_with_default(call, specs)


def _restated(call: ast.Call, getter: str, specs: list[Spec]) -> Iterator[str]:
    """Settings a getter call gives that equal the declared ones."""
    try:
        bound = inspect.signature(getattr(Fields, getter)).bind(None, *call.args, **_kw(call))
    except TypeError:
        return
    key = _literal(bound.arguments.get("key", ast.Constant("id")))
    for name in SETTINGS:
        given = bound.arguments.get(name)
        value = _UNKNOWN if given is None else _literal(given)
        if value is _UNKNOWN:
            continue
        for decl in _declared(specs, key):
            declared = decl.type.options if name == "options" else getattr(decl, name)
            if declared is not None and _same(value, declared):
                yield f"{getter}({key!r}) restates the declared {name} {declared!r}: leave it out"
                break


def _kw(call: ast.Call) -> dict[str, ast.expr]:
    return {k.arg: k.value for k in call.keywords if k.arg is not None}


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return tuple(a) == tuple(b)
    return (
        type(a) is type(b)
        and a == b
        or (isinstance(a, (int, float)) and isinstance(b, (int, float)) and a == b)
    )


def _raw_with_default(call: ast.Call, specs: dict[str, list[Spec]]) -> Iterator[str]:
    """A key named in a call, as `f.raw("k")` or as `f` and "k" side by side (a helper
    handed the Fields and a key), with a literal equal to k's declared default."""
    args = [*call.args, *(k.value for k in call.keywords)]
    named = [(a.func.value.id, a.args[0]) for a in args if _is_raw(a)]  # type: ignore[union-attr]
    handed = [a.id for a in args if isinstance(a, ast.Name) and a.id in specs]
    named += [(f, a) for f in handed for a in args if isinstance(a, ast.Constant)]
    for fields, key_node in named:
        key = _literal(key_node)
        decls = _declared(specs.get(fields, []), key) if isinstance(key, str) else []
        for other in args:
            value = _literal(other) if other is not key_node and not _is_raw(other) else _UNKNOWN
            if value is _UNKNOWN or value is None:
                continue
            if any(d.default is not None and _same(value, d.default) for d in decls):
                yield f"{key!r} read with its declared default {value!r}: use a getter"


def _is_raw(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "raw"
        and isinstance(node.func.value, ast.Name)
        and bool(node.args)
    )
