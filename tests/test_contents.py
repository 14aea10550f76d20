"""The cover's list of what the kit holds, and how to print each file."""

from __future__ import annotations

from kitgen.layout.contents import add_contents, print_advice
from kitgen.layout.env import PlanEnv
from kitgen.layout.frame import content_box
from kitgen.layout.plan import Document, Item, Page, Text

from .conftest import plan_game, write_game

GAME = """
    title: Contents Test
    cover: {subtitle: A test}
    counters:
      - {id: plain, size: 3/4in, front: {text: A}}
      - {id: flip, size: 3/4in, front: {text: B}, back: {text: C}}
"""


def _texts(doc: Document) -> list[str]:
    return [op.text for page in doc.pages for op in page.ops if isinstance(op, Text)]


def test_the_cover_comes_first_and_lists_every_other_file(game_dir):
    write_game(game_dir, GAME)
    planned = plan_game(game_dir)
    names = [d.name for d in planned.docs]
    assert names[0] == "cover" and "counters" in names
    texts = _texts(planned.docs[0])
    counters = next(d for d in planned.docs if d.name == "counters")
    assert "counters.pdf" in texts
    assert f"{len(counters.pages)} page" in texts
    assert "Counters: cardstock; fold on the dotted line and glue" in texts


def test_duplex_backs_say_which_edge_to_flip(game_dir):
    write_game(game_dir, GAME)
    planned = plan_game(game_dir, duplex="long")
    assert "Counters: cardstock; double-sided, flip on the long edge" in _texts(planned.docs[0])


def test_contents_can_be_turned_off(game_dir):
    write_game(game_dir, GAME.replace("{subtitle: A test}", "{subtitle: A test, contents: no}"))
    texts = _texts(plan_game(game_dir).docs[0])
    assert "In this kit" not in texts and "counters.pdf" not in texts


def test_advice_follows_what_a_document_holds():
    def doc(kind: str, **kw) -> Document:
        item = Item(kind, "x", "x-1", "front", (0, 0, 1, 1), kw.pop("extra", {}))
        return Document("d", "D", [Page("D", items=[item])], **kw)

    assert print_advice(doc("sheet")) == "paper"
    assert print_advice(doc("map-tile")) == (
        "paper or light card; trim at the glue marks and join as the assembly diagram shows"
    )
    assert print_advice(doc("template", stock="transparency film")) == "transparency film"


def test_a_long_contents_list_flows_onto_more_pages(game_dir):
    write_game(game_dir, GAME)
    planned = plan_game(game_dir)
    cover = planned.docs[0]
    many = [cover] + [Document(f"part-{i:02}", f"Part {i}", [Page("P")]) for i in range(60)]
    env = PlanEnv(planned.game, planned.settings, _fonts(planned), planned.diags)
    before = len(cover.pages)
    add_contents(cover, many, env, content_box(planned.settings.paper))
    assert len(cover.pages) > before
    x0, y0, x1, y1 = content_box(planned.settings.paper)
    listed = [t for t in _texts(cover) if t.startswith("part-")]
    assert listed == [f"part-{i:02}.pdf" for i in range(60)]
    for page in cover.pages:
        for op in page.ops:
            if isinstance(op, Text) and op.text.startswith(("part-", "Part ", "1 page")):
                assert y0 <= op.y <= y1


def _fonts(planned):
    from kitgen.build import font_book

    return font_book(planned.game)
