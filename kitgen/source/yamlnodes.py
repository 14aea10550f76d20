"""YAML with source positions.

Every value read from a game file keeps its Span. Safe loading only; the
file size and nesting depth are capped before parsing; aliases are refused
(they are how 'billion laughs' files blow up) and duplicate keys are errors.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

from ..patterns import pattern

# PyYAML's reader compiles NON_PRINTABLE, a class of every character YAML allows, as it is
# imported. On Python 3.11 `re` builds a map of 65,536 entries for it in Python code:
# 58M instructions, a twentieth of a build of a thousand counters. The class of what it
# refuses is the same set, compiled in a tenth of that, and only when first used (by
# PyYAML's own reader, which reads a file libyaml could not, or by `not_text`); it goes
# into re's cache under PyYAML's pattern, where the reader's re.compile finds it
# (tests/test_startup.py checks both agree on every code point, and that the reader took it).
YAML_ALLOWS = "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
YAML_REFUSES = "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]"
if isinstance(getattr(re, "_cache", None), dict):  # re's own cache: a plain dict so far
    re._cache.setdefault((str, YAML_ALLOWS, 0), pattern(YAML_REFUSES))  # type: ignore[attr-defined]

import yaml  # noqa: E402

from ..budget import MAX_DIGITS, MAX_NUMBER, MAX_YAML_BYTES, MAX_YAML_VALUES  # noqa: E402
from ..errors import Diagnostic, KitError, Span  # noqa: E402
from ..files import FileRefused, read_file  # noqa: E402
from ..records import field, record  # noqa: E402

MAX_FILE_BYTES = MAX_YAML_BYTES
MAX_DEPTH = 64
# The bytes of every file loaded, by its span's file name: a message that needs a line
# again (a block's indentation) reads it here, never from the file a second time.
SOURCES: dict[str, bytes] = {}


@record(frozen=False)
class Node:
    """A YAML value and where it was written."""

    span: Span


ScalarValue = str | int | float | bool | None  # a scalar as YAML (or a spreadsheet) reads it


@record(frozen=False)
class Scalar(Node):
    """A single YAML value."""

    value: ScalarValue  # as YAML resolved it
    raw: str  # the text as written
    plain: bool  # unquoted: YAML 1.1 may have turned NO into False


@record(frozen=False)
class Seq(Node):
    """A YAML list."""

    items: list[Node] = field(default_factory=list)

    def __iter__(self) -> Iterator[Node]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


@record(frozen=False)
class Map(Node):
    """A YAML mapping."""

    # key text -> value node, in file order; and key text -> where the key is written
    # (two dicts, not a dict of (span, node) pairs: each is read by name)
    entries: dict[str, Node] = field(default_factory=dict)
    key_spans: dict[str, Span] = field(default_factory=dict)

    def __contains__(self, key: str) -> bool:
        return key in self.entries

    def get(self, key: str) -> Node | None:
        return self.entries.get(key)

    def key_span(self, key: str) -> Span:
        return self.key_spans[key]

    def put(self, key: str, key_span: Span, value: Node) -> None:
        """Set `key`, written at `key_span`, to `value` (a new key goes last)."""
        self.entries[key] = value
        self.key_spans[key] = key_span

    def pop(self, key: str) -> Node | None:
        """Remove `key` and give its value (None: not there)."""
        self.key_spans.pop(key, None)
        return self.entries.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.entries)


def describe(node: Node) -> str:
    """How a node reads to a person, for 'expected X, got Y' messages."""
    if isinstance(node, Map):
        return "a mapping"
    if isinstance(node, Seq):
        return "a list"
    assert isinstance(node, Scalar)
    v = node.value
    if v is None:
        return "nothing (null)"
    if isinstance(v, bool):
        return f"boolean {str(v).lower()}"
    if isinstance(v, (int, float)):
        return f"number {v}"
    return f"text {str(v)!r}"


# libyaml's parser, where installed, is many times faster than PyYAML's own. It is used
# only for text that cannot hold an alias (no '&' anchor) and that parses cleanly: the
# pure-Python loader reports aliases where they are used, and its messages are the ones
# users see, so any problem is parsed again by it.
_FAST_LOADER = getattr(yaml, "CSafeLoader", None)


class _AliasFound(Exception):
    def __init__(self, mark: yaml.Mark):
        self.mark = mark


class _NoAliasLoader(yaml.SafeLoader):
    """Stops at the first alias, where it is used (the anchor may be far above)."""

    def compose_node(self, parent, index):
        if self.check_event(yaml.events.AliasEvent):
            raise _AliasFound(self.peek_event().start_mark)
        return super().compose_node(parent, index)


class _Mark(Protocol):
    """Where a YAML event starts: PyYAML's Mark, or libyaml's."""

    line: int
    column: int


def _span(path: str, mark: _Mark) -> Span:
    return Span(path, mark.line + 1, mark.column + 1)


def _flow_depth(text: str) -> int:
    """Deepest nesting of [ and { outside quotes: a cheap guard before parsing."""
    depth = deepest = 0
    quote = ""
    for ch in text:
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth = max(0, depth - 1)
        elif ch == "\n":
            quote = ""  # an apostrophe in plain text must not swallow the file
    return deepest


_SEQ_TAG = "tag:yaml.org,2002:seq"
_MAP_TAG = "tag:yaml.org,2002:map"
# The tags plain YAML gives its values, and the only ones a file may write: every other
# (!!binary, !!timestamp, !!set, !!omap, !!python/..., !custom) is refused where written.
_SCALAR_TAGS = frozenset(
    f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null")
)
_TAGS = "!!str, !!int, !!float, !!bool, !!null, !!map and !!seq"
# A tag written before a value (after an anchor, if any): how a written !!timestamp is
# told from a plain date, which YAML gives the same tag.
_WRITTEN_TAG = pattern(r"(?:&\S+\s+)?!")
_RESOLVER = yaml.resolver.Resolver()


def _short_tag(tag: str) -> str:
    return tag.replace("tag:yaml.org,2002:", "!!")


def _tag_error(span: Span, tag: str, kind: str = "") -> Diagnostic:
    """A written tag the format does not read; `kind`: the list or mapping it is on."""
    if kind and tag in _SCALAR_TAGS:
        problem = f"YAML tag {_short_tag(tag)!r} is for a single value, not {kind}"
    else:
        problem = f"YAML tag {_short_tag(tag)!r} is not part of the format"
    return Diagnostic(
        "error", span, "", problem, f"remove it and write plain YAML; the tags read are {_TAGS}"
    )


class _Composer:
    def __init__(self, path: str, errors: list[Diagnostic], text: str = ""):
        self.path = path
        self.text = text  # the file's text, split into lines when a tag needs a look
        self.lines: list[str] | None = None
        self.errors = errors
        self.count = 0  # values made: each key, list item and value
        self.constructor = yaml.constructor.SafeConstructor()
        self.scalars: dict[tuple[str, str], ScalarValue] = {}  # (tag, text) -> value, for repeats

    def convert(self, node: yaml.Node, depth: int = 0) -> Node:
        span = _span(self.path, node.start_mark)
        self.count += 1
        if depth > MAX_DEPTH:
            raise KitError(Diagnostic("error", span, "", f"nesting deeper than {MAX_DEPTH} levels"))
        if isinstance(node, yaml.ScalarNode):
            self._whole_characters(node, span)
            # PyYAML marks a plain scalar with style None, libyaml with ""
            return Scalar(span, self._value(node, span), node.value, not node.style)
        if isinstance(node, yaml.SequenceNode):
            if node.tag != _SEQ_TAG:  # !!omap, !!pairs, !!python/... on a list
                self.errors.append(_tag_error(span, node.tag, "a list"))
            return Seq(span, [self.convert(item, depth + 1) for item in node.value])
        assert isinstance(node, yaml.MappingNode)
        if node.tag != _MAP_TAG:  # !!set, !!python/... on a mapping
            self.errors.append(_tag_error(span, node.tag, "a mapping"))
        entries: dict[str, Node] = {}
        key_spans: dict[str, Span] = {}
        for key_node, value_node in node.value:
            key_span = _span(self.path, key_node.start_mark)
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise KitError(
                    Diagnostic(
                        "error",
                        key_span,
                        "",
                        "YAML merge keys (<<) are not supported",
                        "write the keys out",
                    )
                )
            if not isinstance(key_node, yaml.ScalarNode):
                self.errors.append(Diagnostic("error", key_span, "", "a key must be plain text"))
                continue
            self._whole_characters(key_node, key_span)
            if not self._plain_tag(key_node):
                self.errors.append(_tag_error(key_span, key_node.tag))
            self.count += 1
            key = key_node.value
            if key in entries:
                first = key_spans[key]
                self.errors.append(
                    Diagnostic(
                        "error",
                        key_span,
                        "",
                        f"duplicate key {key!r} (first defined at line {first.line})",
                    )
                )
                continue
            entries[key] = self.convert(value_node, depth + 1)
            key_spans[key] = key_span
        return Map(span, entries, key_spans)

    def _whole_characters(self, node: yaml.ScalarNode, span: Span) -> None:
        """An escape may make what YAML refuses written out: half of a UTF-16 pair
        ("\\ud800"), which no file, PDF or terminal can hold, or a control character
        ("\\0", "\\e", "\\x9b"). An error here, the text kept with U+FFFD in its place.
        A hidden character (`hidden_character`) is an error at the character itself."""
        value = node.value
        if not value.isascii():  # the hidden ones are all outside ASCII
            hidden = hidden_character(value)
            if hidden is not None:
                char, problem, hint = hidden
                at = self.text.find(char, node.start_mark.index, node.end_mark.index)
                where = _text_span(self.path, self.text, at) if at >= 0 else span  # or escaped
                self.errors.append(Diagnostic("error", where, "", problem, hint))
        bad = not_text(value)
        if bad is None:
            return
        code, kind = bad
        if kind == HALF_PAIR:
            problem = f"the escape for {code} is {kind}, not a character"
            hint = "write the character itself, or one escape for it such as \\U0001F600"
        else:
            problem = f"the escape for {code} makes {kind}, not text"
            hint = CONTROL_HINT
        self.errors.append(Diagnostic("error", span, "", problem, hint))
        node.value = _NOT_TEXT.sub("\ufffd", value)

    def _plain_tag(self, node: yaml.ScalarNode) -> bool:
        """The value's tag is one plain YAML gives, or none was written: a plain date
        (YAML's timestamp) or '=' (its 'value') is read as text."""
        if node.tag in _SCALAR_TAGS:
            return True
        implicit = _RESOLVER.resolve(yaml.ScalarNode, node.value, (not node.style, False))
        return node.tag == implicit and not self._tag_written(node.start_mark)

    def _tag_written(self, mark: yaml.Mark) -> bool:
        if self.lines is None:
            self.lines = self.text.split("\n")
        line = self.lines[mark.line] if mark.line < len(self.lines) else ""
        return _WRITTEN_TAG.match(line, mark.column) is not None

    def _value(self, node: yaml.ScalarNode, span: Span) -> ScalarValue:
        if node.tag == _STR:
            return node.value
        key = (node.tag, node.value)
        if key in self.scalars:
            return self.scalars[key]
        if not self._plain_tag(node):
            self.errors.append(_tag_error(span, node.tag))
            return node.value
        if node.tag not in _SCALAR_TAGS:
            return node.value  # a plain date or '=': text
        if node.tag == _INT and len(node.value) > MAX_DIGITS:  # Python will not read it
            self.errors.append(_long_number(span, len(node.value)))
            return node.value
        try:
            value = self.constructor.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError) as exc:  # e.g. a bad !!int
            shown = _short_tag(node.tag)
            self.errors.append(Diagnostic("error", span, "", f"bad {shown} value: {exc}"))
            return node.value
        if isinstance(value, float) and not math.isfinite(value):
            # .nan passes every range test (nan < lo is false) and .inf overflows what
            # it touches: neither is a number a game can mean, wherever it is written
            self.errors.append(
                Diagnostic(
                    "error",
                    span,
                    "",
                    f"{node.value!r} is not a finite number",
                    "write a plain number; .nan and .inf are not allowed",
                )
            )
            return node.value
        self.scalars[key] = value
        return value


_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"


def _long_number(span: Span, digits: int) -> Diagnostic:
    return Diagnostic(
        "error",
        span,
        "",
        f"a number written with {digits:,} characters, more than the {MAX_DIGITS:,} read",
        f"a number is at most {MAX_NUMBER:,} either way, unless its key says otherwise",
    )


_SURROGATE = pattern("[\ud800-\udfff]")
# What YAML refuses written out (control characters, surrogates, U+FFFE and U+FFFF)
_NOT_TEXT = yaml.reader.Reader.NON_PRINTABLE
HALF_PAIR = "half of a UTF-16 pair"
CONTROL_HINT = "remove it; a text may hold tabs and line breaks, no other control character"


def not_text(text: str) -> tuple[str, str] | None:
    """The first character no text may hold, as ("U+0000", what it is), or None: the
    one test for YAML escapes and spreadsheet cells alike."""
    if text.isprintable():  # no control character, surrogate or noncharacter: most texts
        return None
    bad = _NOT_TEXT.search(text)
    if bad is None:
        return None
    char = bad.group()
    if _SURROGATE.match(char):
        return _codepoint(char), HALF_PAIR
    return _codepoint(char), "a control character" if char < "\ua000" else "a noncharacter"


def _syntax_hint(problem: str, text: str, mark) -> str:
    """How to put a YAML syntax error right, where the parser's words do not say: a tab,
    or a colon and space inside a value (`subtitle: Rules: read them first`)."""
    if "'\\t'" in problem:
        return "indent with spaces; YAML does not allow tabs"
    if problem.startswith("mapping values are not allowed") and mark is not None:
        lines = text.splitlines()
        line = lines[mark.line] if mark.line < len(lines) else ""
        key, _, value = line.partition(": ")
        value = value.strip()
        if value and not key.lstrip().startswith("-") and not value.startswith(('"', "'")):
            shown = value.replace('"', '\\"')
            return f'a value holding ": " is read as a new key: quote it, "{shown}"'
        return 'a value holding ": " is read as a new key: put it in double quotes'
    return ""


def load_yaml(path: Path, root: Path | None = None, values: list[int] | None = None) -> Node:
    """Parse one YAML file into nodes with spans. Raises KitError with every problem found.

    The file is read through kitgen.files, confined to `root` (the game folder; by
    default the file's own folder). `values`: as parse_yaml's."""
    spath = str(path)
    try:
        data = read_yaml_bytes(root or path.parent, _name_in(path, root or path.parent))
    except FileRefused as exc:
        raise KitError(Diagnostic("error", Span(spath, 1, 1), "", exc.message, exc.hint)) from None
    return parse_yaml(data, spath, values)


def _name_in(path: Path, root: Path) -> str:
    """The file's name as the game writes it (relative to its folder) when it lies there."""
    name = os.path.relpath(path.absolute(), root.absolute())
    return str(path.absolute()) if name.startswith("..") else name


def source_line(file: str, number: int) -> bytes:
    """Line `number` (from 1) of a YAML file as it was loaded; b"" for a file not loaded."""
    lines = SOURCES.get(file, b"").split(b"\n", number)
    return lines[number - 1].rstrip(b"\r") if 0 < number <= len(lines) else b""


def read_yaml_bytes(root: Path, name: str | Path, base: Path | None = None) -> bytes:
    """A YAML file's bytes (see kitgen.files.read_file), at most MAX_FILE_BYTES."""
    return read_file(root, name, MAX_FILE_BYTES, base).data


# Characters that show as nothing in an editor (Unicode format characters that are not
# marks printed with a number): direction controls, which make an editor show the text
# around them in another order than the sheet prints it ("Trojan source"), and
# zero-width and other invisible ones, which make a name differ from one that looks the
# same and print as nothing or as a stray mark. Refused in every text and name.
_DIRECTION = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_HIDDEN = pattern(
    f"[{_DIRECTION}\u00ad\u180e\u200b-\u200d\u2060-\u2064\u206a-\u206f\ufeff"
    "\ufff9-\ufffb\U000e0001\U000e0020-\U000e007f]"
)
_IS_DIRECTION = pattern(f"[{_DIRECTION}]")


def hidden_character(text: str) -> tuple[str, str, str] | None:
    """The first character of `text` an editor shows as nothing, as (character, message,
    hint), or None: the one test for every YAML key and value and spreadsheet cell."""
    found = _HIDDEN.search(text)
    if found is None:
        return None
    import unicodedata  # only for a text that holds one

    char = found.group()
    named = f"{_codepoint(char)} {unicodedata.name(char, 'a format character')}"
    if _IS_DIRECTION.match(char):
        return (
            char,
            f"the text holds {named}, a direction control: an editor shows the text around "
            "it in another order than the sheet prints",
            "delete it; kitgen prints text left to right, as the file stores it",
        )
    return (
        char,
        f"the text holds {named}, which an editor may show as nothing",
        "delete it: it prints as nothing or as a stray mark, and a name holding it differs "
        "from one that looks the same",
    )


def parse_yaml(data: bytes, spath: str, values: list[int] | None = None) -> Node:
    """YAML bytes read from the file named `spath` -> nodes with spans. `values`: the
    values the files read together may still hold (one item, spent here); by default
    the file has MAX_YAML_VALUES of its own."""
    SOURCES[spath] = data
    if len(SOURCES) > 256:  # a long-lived process (the tests) loads many games
        del SOURCES[next(iter(SOURCES))]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise KitError(
            Diagnostic(
                "error",
                _byte_span(spath, data, exc.start),
                "",
                f"not UTF-8 text ({exc.reason} at byte {exc.start})",
                "save the file as UTF-8",
            )
        ) from None
    return load_yaml_text(text, spath, values)


def _count_values(text: str, spath: str, most: int) -> None:
    """An error at the value that takes `text` past `most` values. Counted on libyaml's
    events, before anything is composed (a file of a million values takes minutes to
    compose); a file with fewer characters than `most` cannot hold more values."""
    if len(text) <= most:
        return
    loader = _FAST_LOADER or yaml.SafeLoader
    seen = 0
    try:
        for event in yaml.parse(text, Loader=loader):
            if isinstance(event, _VALUE_EVENTS):
                seen += 1
                if seen > most:
                    assert event.start_mark is not None  # the parser marks every event
                    raise KitError(_too_many(_span(spath, event.start_mark)))
    except yaml.YAMLError:
        return  # the composer reports it where it is


_VALUE_EVENTS = (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)


def _too_many(span: Span) -> Diagnostic:
    return Diagnostic(
        "error",
        span,
        "",
        f"more than the {MAX_YAML_VALUES:,} YAML values a game's files may hold "
        "(each key, list item and value counts one)",
        "see docs/security.md for the caps",
    )


_ASCII_ALLOWED = bytes([9, 10, 13, *range(0x20, 0x7F)])  # what YAML allows of ASCII


def _refused_in(text: str) -> bool:
    """Whether the text holds a character YAML refuses. An ASCII text (most games) is
    read in C without the class of every refused character, which is compiled only
    for a text that needs it."""
    if text.isascii():
        return bool(text.encode("ascii").translate(None, _ASCII_ALLOWED))
    return yaml.reader.Reader.NON_PRINTABLE.search(text) is not None


def _compose_fast(text: str) -> list | None:
    """The documents by libyaml, or None: no libyaml, an anchor, or any problem."""
    if _FAST_LOADER is None or "&" in text or _refused_in(text):
        return None  # characters PyYAML refuses are reported by PyYAML
    try:
        return list(yaml.compose_all(text, Loader=_FAST_LOADER))
    except (yaml.YAMLError, RecursionError):
        return None


def _byte_span(spath: str, data: bytes, offset: int) -> Span:
    """The line and column of a byte offset (columns count characters, as YAML marks do)."""
    before = data[:offset].decode("utf-8", errors="replace")
    return _text_span(spath, before, len(before))


def _codepoint(character: int | str) -> str:
    code = character if isinstance(character, int) else ord(character)
    return f"U+{code:04X}"


def _text_span(spath: str, text: str, offset: int) -> Span:
    line_start = text.rfind("\n", 0, offset) + 1
    return Span(spath, text.count("\n", 0, offset) + 1, offset - line_start + 1)


def load_yaml_text(text: str, spath: str, values: list[int] | None = None) -> Node:
    if _flow_depth(text) > MAX_DEPTH:
        raise KitError(
            Diagnostic("error", Span(spath, 1, 1), "", f"nesting deeper than {MAX_DEPTH} levels")
        )
    left = [MAX_YAML_VALUES] if values is None else values
    _count_values(text, spath, left[0])
    docs = _compose_fast(text)
    try:
        if docs is None:
            docs = list(yaml.compose_all(text, Loader=_NoAliasLoader))
    except _AliasFound as found:
        raise KitError(
            Diagnostic(
                "error",
                _span(spath, found.mark),
                "",
                "YAML aliases (*name) are not supported",
                "write the value out, or use for_each to repeat it",
            )
        ) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        span = _span(spath, mark) if mark else Span(spath, 1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        hint = _syntax_hint(problem, text, mark)
        raise KitError(Diagnostic("error", span, "", f"YAML syntax: {problem}", hint)) from None
    except yaml.reader.ReaderError as exc:  # a control character: no mark, only an offset
        raise KitError(
            Diagnostic(
                "error",
                _text_span(spath, text, exc.position),
                "",
                f"YAML syntax: character {_codepoint(exc.character)} is not allowed",
                "remove it, or write it as an escape inside double quotes",
            )
        ) from None
    except yaml.YAMLError as exc:
        raise KitError(Diagnostic("error", Span(spath, 1, 1), "", f"YAML syntax: {exc}")) from None
    except RecursionError:
        raise KitError(
            Diagnostic("error", Span(spath, 1, 1), "", f"nesting deeper than {MAX_DEPTH} levels")
        ) from None
    if len(docs) > 1:
        raise KitError(
            Diagnostic(
                "error",
                _span(spath, docs[1].start_mark),
                "",
                "more than one YAML document in the file",
                "remove the '---' line",
            )
        )
    if not docs or docs[0] is None:
        return Map(Span(spath, 1, 1))
    errors: list[Diagnostic] = []
    composer = _Composer(spath, errors, text)
    node = composer.convert(docs[0])
    left[0] -= composer.count
    if errors:
        raise KitError(errors)
    return node
