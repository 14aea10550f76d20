"""A TrueType file's tables checked before ReportLab parses it.

ReportLab trusts a font's own counts: one changed byte in a character map can make
it build a table of billions of entries. This reads the table directory and the
tables ReportLab walks (maxp, hhea, hmtx, loca, cmap) and refuses a file whose
counts or offsets do not fit in it, so that what ReportLab then does is bounded by
the file's size. It is a sanity check, not a validator: a font that passes may still
be refused by ReportLab, which is then an ordinary broken-font error.
"""

from __future__ import annotations

import struct

MAX_TABLES = 128
MAX_MAPPED = 0x110000  # character codes a cmap may map: all of Unicode, once
REQUIRED = (b"head", b"hhea", b"hmtx", b"maxp", b"cmap", b"name", b"loca", b"glyf")
CMAP_FORMATS = (0, 4, 6, 12)


class BadFont(ValueError):
    pass


def check_font(data: bytes) -> None:
    """Raises BadFont saying what is wrong with the TrueType bytes."""
    tables = _directory(data)
    for tag in REQUIRED:
        if tag not in tables:
            raise BadFont(f"it has no {tag.decode()} table")
    maxp, _ = tables[b"maxp"]  # each table: (offset, length)
    glyphs = _u16(data, maxp + 4)
    if glyphs == 0:
        raise BadFont("it has no glyphs")
    hhea, hhea_length = tables[b"hhea"]
    metrics = _u16(data, hhea + 34) if hhea_length >= 36 else 0
    if not 0 < metrics <= glyphs:
        raise BadFont("its horizontal metrics count does not fit its glyph count")
    _, hmtx_length = tables[b"hmtx"]
    if hmtx_length < metrics * 4:
        raise BadFont("its hmtx table is shorter than its metrics count")
    head, head_length = tables[b"head"]
    if head_length < 54:
        raise BadFont("its head table is too short")
    long_loca = _u16(data, head + 50)
    if long_loca not in (0, 1):
        raise BadFont("its head table gives an unknown loca format")
    _, loca_length = tables[b"loca"]
    if loca_length < (glyphs + 1) * (4 if long_loca else 2):
        raise BadFont("its loca table is shorter than its glyph count")
    cmap, cmap_length = tables[b"cmap"]
    _check_cmap(data, cmap, cmap_length)


def _directory(data: bytes) -> dict[bytes, tuple[int, int]]:
    """Each table's tag -> where it lies in the bytes: (offset, length)."""
    if len(data) < 12:
        raise BadFont("it ends too soon")
    version = data[:4]
    if version == b"OTTO":
        raise BadFont("it has PostScript (CFF) outlines, which cannot be embedded")
    if version not in (b"\x00\x01\x00\x00", b"true"):
        raise BadFont("it is not a TrueType font")
    count = _u16(data, 4)
    if not 0 < count <= MAX_TABLES:
        raise BadFont(f"its table count {count} is not a real font's")
    tables = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, _fits(data, 12 + 16 * i, 16))
        _fits(data, offset, length)
        tables[tag] = (offset, length)
    return tables


def _check_cmap(data: bytes, offset: int, length: int) -> None:
    """The subtable ReportLab chooses (its rule: the last suitable one) must be of a
    common format, fit in the table, and map a bounded number of codes."""
    end = offset + length
    count = _u16(data, offset + 2)
    if offset + 4 + 8 * count > end:
        raise BadFont("its cmap table is shorter than its subtable list")
    chosen = None
    for i in range(count):
        platform, encoding, sub = struct.unpack_from(">HHI", data, offset + 4 + 8 * i)
        if (
            platform == 3
            or (platform == 1 and encoding in (0, 1))
            or (platform == 0 and encoding != 5)
        ):
            chosen = sub
    if chosen is None:
        raise BadFont("it has no Unicode character map")
    start = offset + chosen
    fmt = _u16(data, _fits(data, start, 2, end))
    if fmt not in CMAP_FORMATS:
        raise BadFont(f"its character map has the unusual format {fmt}")
    if fmt == 12:
        groups = _u32(data, _fits(data, start, 16, end) + 12)
        _fits(data, start, 16 + 12 * groups, end)
        mapped = 0
        for g in range(groups):
            first, last = struct.unpack_from(">II", data, start + 16 + 12 * g)
            if first > last or last > 0x10FFFF:
                raise BadFont("its character map has a group outside Unicode")
            mapped += last - first + 1
            if mapped > MAX_MAPPED:
                raise BadFont("its character map maps more codes than Unicode has")
        return
    sub_len = _u16(data, start + 2)
    _fits(data, start, max(sub_len, 6), end)
    if fmt == 4:
        segs = _u16(data, start + 6) // 2
        _fits(data, start, 16 + 8 * segs, end)
        mapped = 0
        for n in range(segs):
            last = _u16(data, start + 14 + 2 * n)
            first = _u16(data, start + 16 + 2 * segs + 2 * n)
            mapped += max(0, last - first + 1)
        if mapped > MAX_MAPPED:
            raise BadFont("its character map maps more codes than Unicode has")
    elif fmt == 6:
        entries = _u16(data, start + 8)
        _fits(data, start, 10 + 2 * entries, end)


def _fits(data: bytes, offset: int, length: int, end: int | None = None) -> int:
    if offset < 0 or length < 0 or offset + length > (len(data) if end is None else end):
        raise BadFont("a table reaches past the end of the file")
    return offset


def _u16(data: bytes, offset: int) -> int:
    (value,) = struct.unpack_from(">H", data, _fits(data, offset, 2))
    return value


def _u32(data: bytes, offset: int) -> int:
    (value,) = struct.unpack_from(">I", data, _fits(data, offset, 4))
    return value
