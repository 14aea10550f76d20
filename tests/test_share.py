"""Shared sheets (layout/kit/share.py, docs/design.md): a one-page component prints in the room
on another file's last page printed the same way, written fresh and read back from the
plan, the manifest, the cover and the PDF; what must never share stays apart."""

from __future__ import annotations

import pytest

from kitgen.layout.frame import content_box
from kitgen.layout.kit.contents import contents_entries
from kitgen.layout.kit.share import GAP, common
from kitgen.layout.plan import Rect
from kitgen.units import PAPERS

from .conftest import build_pdfs, errors_of, pdf_text, pdf_words, plan_game, write_game

LETTER = PAPERS["letter"]

SHEET = """
id: g
title: G
SHARE
tracks:
  - {id: score, title: Score, from: 1, to: ROWS, per_row: 6, box: 1in}
tables:
  - id: t
    title: Terrain
    columns: [Terrain, Cost]
    rows: [[Clear, "1"], [Woods, "2"], [Hills, "2"], [Marsh, "3"], [Town, "1"], [River, "+1"],
           [Road, "1/2"], [Bridge, "1"], [Ford, "2"], [City, "1"], [Rail, "1/3"], [Fort, "1"]]
sheets:
  - {id: ref, title: Reference, items: [t]}
"""


def _sheet_game(game_dir, share: str = "", rows: int = 6):
    return write_game(game_dir, SHEET.replace("SHARE", share).replace("ROWS", str(rows)))


def _items(manifest: dict, kind: str) -> list[dict]:
    return [i for i in manifest["items"] if i["kind"] == kind]


def test_a_track_joins_the_reference_sheet_at_its_own_size(game_dir):
    p, pdfs, manifest = build_pdfs(_sheet_game(game_dir))
    assert [d.name for d in p.docs] == ["sheet-ref"]  # no tracks.pdf
    (track,) = _items(manifest, "track")
    assert (track["file"], track["page"]) == ("sheet-ref.pdf", 1)
    x0, y0, x1, y1 = track["bbox"]
    assert (x1 - x0, y1 - y0) == (6 * 72.0, 72.0)  # the data's box: 1 in, 6 a row
    (page,) = p.docs[0].pages
    boxes = [o for g in page.ops if hasattr(g, "ops") for o in g.ops if type(o) is Rect]
    assert len([b for b in boxes if (b.w, b.h) == (72.0, 72.0)]) == 6
    # under the sheet's own content, a quarter inch below it, inside the content box
    (words,) = pdf_words(pdfs["sheet-ref.pdf"])
    (fort,) = [w for w in words if w.text == "Fort"]  # the table's last row
    assert content_box(LETTER)[1] <= y0 and y1 <= fort.box[1] - GAP
    assert "Score" in pdf_text(pdfs["sheet-ref.pdf"])[0]
    # said truly: the title, the sheet label and the cover name both, on paper
    assert p.docs[0].title == "Reference + Tracks"
    assert page.component == "Reference: Reference + Tracks"
    (entry,) = contents_entries(p.docs, "letter")
    assert entry.title == "Reference + Tracks"
    assert entry.advice == "single-sided on letter paper"
    assert "G · Reference: Reference + Tracks · sheet 1 of 1" in pdf_text(pdfs["sheet-ref.pdf"])[0]


def test_share_sheets_false_keeps_every_file(game_dir):
    p, _, manifest = build_pdfs(_sheet_game(game_dir, "share_sheets: false"))
    assert [d.name for d in p.docs] == ["tracks", "sheet-ref"]
    (track,) = _items(manifest, "track")
    assert track["file"] == "tracks.pdf"
    assert [e.advice for e in contents_entries(p.docs, "letter")] == [
        "single-sided on letter paper or light card",
        "single-sided on letter paper",
    ]


def test_a_track_too_tall_for_the_room_keeps_its_file(game_dir):
    p = plan_game(_sheet_game(game_dir, rows=54))  # 9 rows of 1 in boxes: most of a page
    assert [d.name for d in p.docs] == ["tracks", "sheet-ref"]
    assert p.docs[0].title == "Tracks" and p.docs[1].title == "Reference"


TRACK_ONLY = """
id: g
title: G
tracks:
  - {id: score, title: Score, from: 1, to: ROWS, per_row: 6, box: 1in}
"""


def test_a_track_left_on_a_page_of_its_own_grows_to_the_width(game_dir):
    # after sharing: no other file took it, so its boxes grow to run the text width
    p, _, manifest = build_pdfs(write_game(game_dir, TRACK_ONLY.replace("ROWS", "12")))
    assert [d.name for d in p.docs] == ["tracks"]
    (track,) = _items(manifest, "track")
    x0, _, x1, _ = content_box(LETTER)
    assert track["bbox"][2] - track["bbox"][0] == x1 - x0 == 576.0
    assert track["box"] == 96.0  # 576 / 6 a row, up from the data's 72


def test_a_track_grown_onto_more_pages_keeps_its_size(game_dir):
    # 9 rows of 1 in fit one page; of 96 pt boxes they would not: the data's size stays
    p, _, manifest = build_pdfs(write_game(game_dir, TRACK_ONLY.replace("ROWS", "54")))
    (track,) = _items(manifest, "track")
    assert (track["box"], track["bbox"][2] - track["bbox"][0]) == (72.0, 432.0)
    assert len(p.docs[0].pages) == 1


def test_share_sheets_must_be_true_or_false(game_dir):
    _sheet_game(game_dir, "share_sheets: sometimes")
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:3:15: error: share_sheets: expected true or false, "
        "got text 'sometimes'"
    ]


PIECES = """
id: g
title: G
counters:
  - {id: w, shape: round, size: 3/4, quantity: 20, front: {background: navy, text: W}}
  - {id: tag-1, size: 1/2, quantity: 1, front: {background: teal, text: COUNTER}}
  BACKED
labels:
  - id: tag
    records: [{who: LABEL}]
    size: 1/2
    front: {text: "{who}"}
"""


def test_piece_files_of_one_stock_share_a_sheet_and_keep_their_drawings(game_dir):
    # the label "tag" of record 1 and the counter "tag-1" would share a drawing's key in
    # one file: each file's keys are kept apart, so each piece prints its own face
    p, pdfs, manifest = build_pdfs(write_game(game_dir, PIECES.replace("BACKED", "")))
    assert [d.name for d in p.docs] == ["counters"]
    assert p.docs[0].title == "Counters + Labels"
    (label,) = _items(manifest, "label")
    assert (label["file"], label["page"]) == ("counters.pdf", 1)
    assert (label["bbox"][2] - label["bbox"][0], label["bbox"][3] - label["bbox"][1]) == (36, 36)
    counters = [i for i in manifest["items"] if i["kind"] == "counter"]
    assert label["bbox"][3] <= min(i["bbox"][1] for i in counters) - GAP
    words = pdf_text(pdfs["counters.pdf"])[0]
    assert "LABEL" in words and "COUNTER" in words
    (entry,) = contents_entries(p.docs, "letter")
    assert entry.advice == "single-sided on letter cardstock"
    fill = next(f for f in manifest["files"] if f["path"] == "counters.pdf")["fill"]
    assert len(fill) == 1 and fill[0] > 0.0


def test_fold_and_glue_and_single_sided_share_one_sided_on_cardstock(game_dir):
    # both print on one side of the sheet: the shared file folds, and the cover says so
    backed = "- {id: b, size: 3/4, quantity: 2, front: {text: B}, back: {text: b}}"
    p, _, manifest = build_pdfs(write_game(game_dir, PIECES.replace("BACKED", backed)))
    assert [d.name for d in p.docs] == ["counters"]
    assert p.docs[0].title == "Counters + Labels"
    modes = {f["path"]: f["mode"] for f in manifest["files"]}
    assert modes == {"counters.pdf": "fold-and-glue"}
    (entry,) = contents_entries(p.docs, "letter")
    assert entry.advice == (  # the labels and the one-sided counter do not fold
        "fold-and-glue on letter cardstock; fold and glue the pieces with a dotted line; "
        "only cut out the rest"
    )


def test_stocks_in_common_or_cardstock_for_paper_and_pieces():
    assert common(["paper", "light card"], ["paper"]) == ["paper"]
    assert common(["paper"], ["cardstock"]) == ["cardstock"]
    assert common(["cardstock"], ["paper", "light card"]) == ["cardstock"]
    assert common(["cardstock"], ["transparency film"]) == []
    assert common(["light card"], ["cardstock"]) == []


RULES = """
id: g
title: G
texts:
  - id: r
    title: Rules
    items: [ITEMS]
sheets:
  - {id: rules, title: Rules, items: [r], size: SIZE, min_size: 7}
counters:
  - {id: u, size: 3/4, quantity: 12, front: {text: U, background: navy}, back: {text: u}}
"""


TRACK = """tracks:
  - {id: food, title: Food, from: 0, to: 19, per_row: 10, box: 0.5in}
"""


def _rules_game(game_dir, size: float, game: str = RULES):
    item = '"A unit moves hex by hex up to its movement figure, paying each move cost."'
    text = game.replace("ITEMS", ", ".join([item] * 36)).replace("SIZE", str(size))
    return write_game(game_dir, text)


def test_a_sheet_grown_past_its_size_gives_it_back_to_take_a_track(game_dir):
    tracked = RULES.split("counters:")[0] + TRACK
    alone = plan_game(_rules_game(game_dir, 12, tracked))  # at 12 pt: no growth to give back
    assert [d.name for d in alone.docs] == ["tracks", "sheet-rules"]
    assert alone.docs[1].pages[0].proof == "type 12 pt"
    p, pdfs, manifest = build_pdfs(_rules_game(game_dir, 8, tracked))
    assert [d.name for d in p.docs] == ["sheet-rules"]
    (doc,) = p.docs
    assert doc.title == "Rules + Tracks" and len(doc.pages) == 1
    size = float(doc.pages[0].proof.split(" · ")[0].split()[1])
    assert 8 <= size < 12  # smaller than it grew to alone, never under its size
    (track,) = [i for i in manifest["items"] if i["kind"] == "track"]
    assert (track["file"], track["page"]) == ("sheet-rules.pdf", 1)
    (words,) = pdf_words(pdfs["sheet-rules.pdf"])
    lowest = min(w.box[1] for w in words if w.text == "figure,")
    assert track["bbox"][3] <= lowest - GAP
    assert content_box(LETTER)[1] <= track["bbox"][1]
    (entry,) = contents_entries(p.docs, "letter")
    assert entry.advice == "single-sided on letter paper"


def test_a_rules_sheet_is_not_set_smaller_to_go_to_cardstock_with_counters(game_dir):
    """Making room keeps the sheet's own stock: a few counters do not send the rules to
    cardstock (they print on a sheet of their own)."""
    p = plan_game(_rules_game(game_dir, 8))
    assert [d.name for d in p.docs] == ["counters", "sheet-rules"]
    assert [entry.advice for entry in contents_entries(p.docs, "letter")][1] == (
        "single-sided on letter paper"
    )


def test_duplex_files_never_share(game_dir):
    backed = "- {id: b, size: 3/4, quantity: 2, front: {text: B}, back: {text: b}}"
    p = plan_game(write_game(game_dir, PIECES.replace("BACKED", backed)), duplex="long")
    assert [d.name for d in p.docs] == ["counters", "duplex-calibration", "labels"]


MAPPED = """
id: g
title: G
SHARE
maps:
  - id: m
    title: Field
    grid: square
    cell: 0.6in
    terrains: [{id: clear, label: Clear}]
    legend: {".": clear}
    layout: ["....", "...."]
    margins: [{item: turns, side: bottom}]
tracks:
  - {id: turns, title: Turn record, from: 1, to: 6, per_row: 6, box: 0.6in}
"""


def test_a_track_a_map_carries_prints_once(game_dir):
    p, _, manifest = build_pdfs(write_game(game_dir, MAPPED.replace("SHARE", "")))
    assert [d.name for d in p.docs] == ["map-m"]
    assert not _items(manifest, "track")
    (chart,) = _items(manifest, "map-chart")
    assert (chart["id"], chart["chart"], chart["file"]) == ("turns", "track", "map-m.pdf")
    off = plan_game(write_game(game_dir, MAPPED.replace("SHARE", "share_sheets: false")))
    assert [d.name for d in off.docs] == ["map-m", "tracks"]


def test_room_counts_only_what_both_letter_and_a4_have():
    """A component shares a file on letter only where it would on A4 and the other way
    round: the room past the shorter of the two, laid the same way, is not counted."""
    from kitgen.layout.kit.share import _past_common

    a4, letter = PAPERS["a4"], PAPERS["letter"]
    assert _past_common(a4, None) == pytest.approx(a4.height - letter.height)  # 50 pt
    assert _past_common(letter, None) == 0.0
    assert _past_common(letter, (letter.height, letter.width)) == pytest.approx(
        letter.width - a4.width  # landscape: letter is the taller by 17 pt
    )
    assert _past_common(PAPERS["tabloid"], None) == 0.0
