"""The seed kits against their sources (shared/seeds/), read back from the built PDFs: each
test pins one place where the audit (issue 19) found a kit printing a guess, dropping the
source's words, or turning advice into a rule, and what the sheet prints now."""

from __future__ import annotations

import re

from .conftest import PLAIN, kit_notes, pdf_text, seed_game, seed_kit

MARK = "\u2020\\d+"  # a kit's reading's mark (†3): its words are on the notes page


def printed(game: str, name: str) -> str:
    """All the text of one file of a seed kit, read back as the YAML writes it (PLAIN);
    "notes": the kit's notes page (the rulebook's last section)."""
    _, pdfs, manifest = seed_kit(game)
    if name == "notes":
        return kit_notes(pdfs, manifest)[0].translate(PLAIN)
    return " ".join(pdf_text(pdfs[name])).translate(PLAIN)


# ---- DUCK! ---------------------------------------------------------------------------------


def test_duck_cut_off_chart_cells_print_the_sources_words_beside_the_kits():
    """Cells the booklet breaks off print what stands and a line to write the rest on,
    never an ellipsis that reads as the kit's own cut; the booklet's words on the notes page."""
    text = printed("duck", "sheet-reference.pdf")
    notes = printed("duck", "notes")
    # the Flamer's shot: its cut-off "sharing" read with "3 squirts kills" (marked); its
    # cut-off fuel cell prints what stands and a line to write the rest on
    found = (
        "A shot is 3 squirts, shared among up to 3 squares.*?less 1 at the end of each "
        f"turn({MARK}) Fuel: ______ phases "
    )
    flamer = re.search(found, text)
    assert flamer and "..." not in text and "\u2026" not in text
    assert "Source: \u201c3 SQUIRTS KILLS TARGET ... UP TO THREE SQUARES SHARING\u201d" in notes
    assert "sustained burn as ______ Hot air gun" in text  # the fire bomb's, the same way
    # the flechette's "UP TO 4" and its cut-off loading cell are readings, not rules
    assert re.search(r"Longer range \(up to 4\): kill 5\+, wound 3\+. No blood splash" + MARK, text)
    assert "Source: \u201cSAME FOR HUMAN UP TO 4. LONGER KILL 5+, W 3+\u201d" in notes
    assert re.search("Reloading is an action unless a loader is adjacent" + MARK, text)
    assert "Source: \u201cSHOT AS AN ACTION UNLESS A LOADER ON\u201d" in notes


def test_duck_chart_fills_empty_cells_only_from_the_booklets_own_words():
    """A blank cell the booklet's text answers is filled from it (the mine covers the
    shotgun's area, the fire bomb is set in place, an incendiary is otherwise a grenade);
    the two it never gives (HAR ammo, hot air gun range) stay write-in boxes."""
    text = printed("duck", "sheet-reference.pdf")
    assert "Directional mine Flechette template As a shotgun blast" in text
    assert "Fire bomb Set in place The effect of 6 grenades on one spot." in text
    assert "otherwise a normal grenade As a grenade" in text
    planned, _, _ = seed_kit("duck")
    blanks = [str(d).split("table 'weapons-chart', ")[1] for d in planned.diags.warnings
              if "table 'weapons-chart'" in str(d)]  # fmt: skip
    assert blanks == [
        "row 'Heavy automatic rifle (HAR)', column 'Ammo etc.' has no value",
        "row \"Hot air gun [2] ('paint stripper')\", column 'Range' has no value",
    ]


def test_duck_species_line_is_marked_where_it_prints_and_quoted_in_full():
    """The mark stands on the matrix's Threat-type line (the kit's reading of the booklet's
    species line), not on the table's title; its note quotes the line as printed. The
    title's mark is the matrix's own: its stray last line ("16 ... 5") is left off the card."""
    text = printed("duck", "threats.pdf")
    notes = printed("duck", "notes")
    title = re.search(f"Contingent Ethological Response Matrix({MARK}) for Competitors BASIC", text)
    assert title and "16 ..." not in text and "Garbled" not in text
    assert f"{title.group(1)} the matrix's last line, \u201c16 ... 5\u201d, says nothing" in notes
    types = re.search(
        f"Threat type({MARK}) \\(one applies\\): PHILTH -1 \u00b7 ARDZILIANS \\+1", text
    )
    assert types
    assert (
        f"{types.group(1)} each species is a Threat type with its own modifier; CYBOTS "
        "throw the average die instead of the d6. Source: \u201cBASIC MOVE 1xD6 PHILTH -1 "
        "ARDZILIANS +1 CERATOPIANS -1 UNTIL NME ID'D THEN +1 CYBOTS AVE DICE\u201d"
    ) in notes
    assert "Totals below 1 are read as 1." in text
    assert "The booklet has no row below 1." in notes


def test_duck_grenade_wound_kill_figures_are_all_on_the_chart():
    """The chart's WOUND/KILL figures, the 2/4 included (it once said 4/6 only), are said
    in words on the chart (a reviewer could not read "2/4"); the template prints all nine."""
    text = printed("duck", "sheet-reference.pdf")
    assert "In the explosion square 2-3 wounds, 4+ kills; round it 4-5 wounds, 6 kills" in text
    blast = printed("duck", "templates.pdf")
    assert "TARGET 4/6 4/6 4/6 4/6 2/4 4/6 4/6 4/6 4/6 Grenade blast" in blast


def test_duck_strong_verm_throws_four_as_the_rule_says_marked():
    """The chart's "1x1x4" against the rule's "STRONG 4": the kit prints 1×4, marks the
    row and gives both of the booklet's readings on the notes page."""
    text = printed("duck", "sheet-reference.pdf")
    strong = re.search(f"Strong Verm({MARK}) 1\u00d74 1 a hit; cutlass 2", text)
    assert strong and "1\u00d71\u00d74" not in text
    assert (
        f"{strong.group(1)} Strong Verm throws 1\u00d74, as the grappling rule's STRONG 4 says"
    ) in printed("duck", "notes")


def test_duck_wounded_fumble_penalty_is_marked_with_the_sources_words():
    text = printed("duck", "sheet-reference.pdf")
    wounded = re.search(f"Wounded Fumble Factor 1 less({MARK})", text)
    assert wounded
    assert (
        f"{wounded.group(1)} The -1 read as lowering the Fumble Factor to beat. "
        "Source: \u201cWOUNDs give -1.\u201d"
    ) in printed("duck", "notes")


def test_duck_scatter_template_marks_its_grid_as_the_kits():
    """The lost scatter template is drawn from the booklet's rule: each square named by
    where it lies from the thrower, the throws left to write in, the rule on its face."""
    text = printed("duck", "templates.pdf")
    cells = "TARGET LONG LEFT LONG LONG RIGHT LEFT RIGHT SHORT LEFT SHORT SHORT RIGHT "
    scatter = re.search(
        cells + f"Grenade scatter({MARK}) Write-in template: .*? Scatter throw: D6, \\+6 shot "
        "from the HAR's projector, \\+0 thrown",
        text,
    )
    assert scatter
    assert "A FULL height obstacle in the way: back to the target square." in text
    # the kit's default, so the grenade can be played before the group writes its own
    assert re.search(
        "Until your group writes in its own: the scatter throw is also the throw to hit. 4 or "
        "more: it lands on the target square. 3 or less: throw 2 dice, one for the row "
        "\\(1-2 short, 3-4 level, 5-6 long\\), one for the column \\(1-2 left, 3-4 on the "
        "line, 5-6 right\\)",
        text,
    )
    assert (
        f"{scatter.group(1)} the booklet's scatter template and its throw to hit are lost. The "
        "kit draws the grid on the Line of Flight"
    ) in printed("duck", "notes")


def test_duck_lost_matrix_condition_prints_the_kits_reading_marked_on_its_rows():
    """Rows 3 and 4 of the matrix printed "GREN/SHOOT IF ___": the kit's reading ("if
    target", as rows 1 and 2) prints, marked on the rows' words (never on a roll, where
    "3†12" reads as 312), its words on the notes page."""
    text = printed("duck", "threats.pdf")
    row3 = re.search(f" 3 GREN/SHOOT IF TARGET ELSE HIDE({MARK}) SET AMBUSH", text)
    assert row3 and f" 4 GREN/SHOOT IF TARGET ELSE FIND LOS{row3.group(1)} " in text
    assert not re.search(f" [0-9]{MARK} ", text)  # no roll carries a mark
    assert "IF ___" not in text
    assert (
        f"{row3.group(1)} rows 3 and 4 read \u201cGREN/SHOOT IF TARGET\u201d, as rows 1 and 2"
    ) in printed("duck", "notes")


def test_duck_scatter_penalty_prints_one_reading_on_the_chart_and_in_the_book():
    """The chart's -2 and the text's minus 3 printed side by side, "not reconciled": the
    kit's reading prints on the chart and in the rulebook under one mark."""
    sheet, book = printed("duck", "sheet-reference.pdf"), printed("duck", "rulebook.pdf")
    assert "reconcile" not in sheet
    chart = re.search(f"to hit and scatter: the scatter template({MARK})", sheet)
    assert chart and f"6.3 Scatter and shooting through.{chart.group(1)}" in book
    assert f"{chart.group(1)} The text's -3 is the rule" in printed("duck", "notes")


def test_duck_prints_the_chits_and_cards_its_rules_play_with():
    """The booklet spends Action Chits, reads a man's dice off his Character Card and turns
    red and green event cards, all printed in other booklets: the kit prints each to fill
    in, with write-in lines for what those booklets hold, and no invented values."""
    cards = printed("duck", "cards.pdf")
    assert "Character Card Name Build Weapon Protection Fumble Factor Move" in cards
    assert "Build: STRONG 4 dice, AVERAGE 3, WEAK 2." in cards
    assert "RED EVENT Event · rulebook 7.3 Turn it over as soon as the first Team member" in cards
    assert "GREEN EVENT Event · rulebook 7.3 and 10.0 Turn it over in Housekeeping," in cards
    counters = printed("duck", "counters.pdf")
    # on the chits; the sheet's foot says the counts ("16 ACTION chits") once a sheet
    assert counters.count("ACTION") - counters.count("ACTION chits") == 16
    notes = printed("duck", "notes")
    assert "8 doors, 16 ACTION chits, 2 SOURCE entrances; 4 of each Threat) are the kit's" in notes


def test_duck_lost_values_print_a_box_to_fill_beside_the_kits_marked_default():
    """Review: "Grenades can't be played", the HAR's ammunition and the Flamer's fuel are
    undefined. Each value the booklet lost keeps its write-in box (never a number in it),
    beside the kit's default so a first game can be played; the table carries one mark,
    the rulebook prints the same table, and the words are on the notes page."""
    sheet, book = printed("duck", "sheet-reference.pdf"), printed("duck", "rulebook.pdf")
    head = "Value Your group's Until then, the kit's default"
    table = re.search(f"Values to agree({MARK}) {head}", sheet)
    assert table
    for row in (
        "Grenade throw to hit The scatter throw: 4 or more lands on the target square",
        "HAR magazine 6 units, as the pistol's",
        "Flamer fuel \\(phases\\) Not counted",
        "Hot air gun range 5 squares, as the Flamer",
        "Fire bomb's sustained burn A 3-marker flame barrier in its square",
    ):
        assert re.search(row, sheet) and re.search(row, book), row
    assert re.search(
        "[0-9]+[.][0-9]+ Values to agree before play. A few values are your group's to set", book
    )
    planned, _, _ = seed_kit("duck")
    boxes = [str(d) for d in planned.diags.warnings if "table 'values-to-agree'" in str(d)]
    assert len(boxes) == 6 and all('column "Your group\'s" has no value' in b for b in boxes)
    assert f"{table.group(1)} the defaults in this table are the kit's own" in printed(
        "duck", "notes"
    )


def test_duck_shooting_and_the_pistol_have_a_rule_for_every_shot():
    """Review: "Shooting has no to-hit rule ... the pistol can never wound at range". The
    booklet's shot has no throw to hit (its dice are its effect): said as a rule, marked;
    the pistol halves the squares, not the pips, so a blocked pistol knock-back wounds."""
    sheet, book = printed("duck", "sheet-reference.pdf"), printed("duck", "rulebook.pdf")
    shot = re.search(f"2.7 Making a shot.({MARK}) Choose a target in line of sight", book)
    assert shot and "There is no throw to hit: the shot strikes, and its dice say what" in book
    assert re.search(
        "Beyond: knocks the Threat back half the pips in squares \\(round down\\), 2 pips a "
        f"square; blocked with 5\\+ pips left, it is wounded{MARK}",
        sheet,
    )
    assert (
        "A pistol's target moves half that many squares, rounded down: each square uses 2" in book
    )
    assert f"{shot.group(1)} A shot needs no throw to hit" in printed("duck", "notes")


def test_duck_harpy_profile_says_how_each_line_moves_the_harpy():
    """Review: "The Harpy opponent is too vague to run": PROTECT THE SOURCE had no move.
    Each line of the profile now says where the Harpy goes, and the card says its move."""
    text = printed("duck", "threats.pdf")
    assert (
        "PROTECT THE SOURCE Roll its move. It attacks a Team member it can reach within 2 "
        "squares of the Source entrance; else it goes the shortest way to within 2 squares"
    ) in text
    assert "DRAG PREY TO THE SOURCE Roll its move; it goes the shortest way for the man" in text
    assert "Its move: as the mission gives it (Cargo bay sweep: a D6 in squares" in text
    notes = printed("duck", "notes")
    assert "and its moves: the booklet says what a Harpy wants, not how it moves" in notes


# ---- Reshuffled ----------------------------------------------------------------------------


def test_reshuffled_initiative_is_for_the_phases_that_call_for_it():
    """Phases 1-4 say "Determine Initiative"; Phase 5 does not."""
    for name in ("sheet-reference.pdf", "cards.pdf"):
        text = printed("reshuffled", name)
        assert "every phase" not in text and "each phase" not in text, name
    assert "Initiative (Phases 1-4) Fewest Ronin goes first" in printed(
        "reshuffled", "sheet-reference.pdf"
    )
    assert "Initiative in Phases 1-4: fewest Ronin first" in printed("reshuffled", "cards.pdf")


def test_reshuffled_standard_game_says_a_team_is_its_picture_and_a_player_a_colour():
    """The source: a team is its weapon picture; the kit's Submarines and Code-Hack tokens
    come in the players' colours (its Ronin do not)."""
    text = printed("reshuffled", "scenario-standard.pdf")
    assert "A team is its weapon picture; its Submarine and Code-Hack tokens are in its" in text


# ---- Rencounter ----------------------------------------------------------------------------


def test_rencounter_crew_losses_read_the_sources_phase_as_a_marked_turn():
    """The source's "something like 1/2 phase" per man lost: the kit's reading (a turn), with
    the source's words on the notes page, never the undefined phase in the rules' text."""
    text = printed("rencounter", "rulebook.pdf")
    assert re.search(r"Each man lost below the table's crew adds\s+1/2 turn to a load", text)
    assert "1/2 phase" not in text.split("Notes on this edition")[0]
    notes = printed("rencounter", "notes")
    assert "Source: \u201cadd something like 1/2 phase per man lost\u201d" in notes


def test_rencounter_armour_in_fire_is_said_once():
    """Armour's rule in fire, said in one place: the rating only against thrown weapons, bows
    and crossbows; -1 for muskets and shotguns against armour 3 or 4."""
    text = printed("rencounter", "rulebook.pdf")
    assert re.search(r"In fire it does so only against thrown weapons,\s+bows and crossbows", text)
    assert "used directly" not in text


def test_rencounter_unit_size_is_advice():
    """ "The number of units and number of figures in a unit are up to you": a unit outside
    4 to 10 is warned about, never refused."""
    planned, _, _ = seed_kit("rencounter")
    rules = planned.game.rules
    (rule,) = [c for c in rules.constraints if getattr(c, "noun", "") == "figures"]
    assert (rule.at_least, rule.at_most, rule.per) == (4, 10, "unit")
    assert rule.severity == "warning"


def test_duck_deck_map_is_marked_as_the_kits():
    text = printed("duck", "map-deck.pdf")
    deck = re.search(f"DUCK! \u2014 cargo deck({MARK})", text)
    assert deck
    notes = printed("duck", "notes")
    assert f"{deck.group(1)} the deck is the kit's: the booklet has no map." in notes


def test_rencounter_activation_cards_roll_equal_or_less():
    """ "The roll required is equal to or less than the number": never 'under'."""
    text = printed("rencounter", "cards.pdf")
    assert "rolls D6 under" not in text
    # one rule printed one way on squad, unit and the ambush's unit cards alike (review 7 #13)
    rule = "Otherwise each man: his own Ex or less on a D6, wounds and morale added"
    gen = seed_game("rencounter").generators[0]
    squads = gen.units * max(1, len(gen.sides))  # a card per rolled squad, both sides'
    assert text.count(rule) == squads + 8 + 4
    assert text.count("He acts on his own Ex or less on a D6, wounds and morale added") == 5


def test_reshuffled_map_piece_file_holds_the_4_pieces_the_source_asks_for():
    """The source: "Print out 4 copies of the map provided on cardstock". The file already
    holds the 4, so each says to print these on cardstock, not to print 4 (16). Each prints
    as it lies on the board, with its own cells' names (test_maps reads them), so each is
    a piece, not a copy, and the cover does not call the sheets copies of one sheet."""
    _, pdfs, _ = seed_kit("reshuffled")
    pages = pdf_text(pdfs["map-station-piece.pdf"])
    assert len(pages) == 4
    for n, page in enumerate(pages, 1):
        assert f"piece {n} of 4" in page and "Print these 4 pieces on cardstock" in page
        assert "Print 4 on" not in page and "copy" not in page
    cover = " ".join(" ".join(pdf_text(pdfs["cover.pdf"])).split())
    entry = cover.split("map-station-piece.pdf")[1].split(".pdf")[0]
    assert "copies" not in entry


def _ink_box(pdf: bytes, page: int, bbox: list[float]) -> tuple[float, float, float, float]:
    """The printed extent of the path objects inside ``bbox`` (a piece's box on its page,
    with a point to spare): what the piece measures on paper, crop marks outside it."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    doc = pdfium.PdfDocument(pdf)
    x0, y0, x1, y1 = bbox
    boxes = [
        obj.get_bounds()
        for obj in doc[page - 1].get_objects(max_depth=8)
        if obj.type == raw.FPDF_PAGEOBJ_PATH
    ]
    inside = [
        b for b in boxes if b[0] >= x0 - 1 and b[1] >= y0 - 1 and b[2] <= x1 + 1 and b[3] <= y1 + 1
    ]
    return (
        min(b[0] for b in inside),
        min(b[1] for b in inside),
        max(b[2] for b in inside),
        max(b[3] for b in inside),
    )


def test_reshuffled_every_counter_fits_a_map_space():
    """Review: "Some counters are bigger than the map spaces": the Submarines (1 x 3/4 in)
    and the Aguan (1 in) on 3/4 in spaces. Each counter's printed extent, read back from
    counters.pdf, is no wider and no taller than a space of the map pieces."""
    _, pdfs, manifest = seed_kit("reshuffled")
    (cell,) = {i["cell"] for i in manifest["items"] if i["kind"] == "map"}
    assert cell == 54.0  # 3/4 in, the Ronin's size
    sizes = {}
    for item in manifest["items"]:
        if item["kind"] in ("counter", "marker") and item["file"] == "counters.pdf":
            x0, y0, x1, y1 = _ink_box(pdfs["counters.pdf"], item["page"], item["bbox"])
            w, h = sizes.get(item["id"], (0.0, 0.0))
            sizes[item["id"]] = (max(w, round(x1 - x0, 1)), max(h, round(y1 - y0, 1)))
    assert {"aguan", "submarine-red", "ronin-sword", "water-level"} <= set(sizes)
    # the cut line and a fold pair's dashes overrun by their stroke: under 2 pt (the old
    # Submarine was 72 pt wide, the Aguan 72 pt across)
    too_big = {k: v for k, v in sizes.items() if max(v) > cell + 2.0}
    assert too_big == {}
    assert sizes["aguan"][0] >= cell - 4 and sizes["submarine-red"][0] >= cell - 2


def test_reshuffled_blank_tables_say_honestly_how_players_fill_them():
    """Review: "the number tables are blank: the source never printed them, yet the cover
    says to fill them in 'from your own copy'". The blanks stay (no invented number); the
    cover and every table say the players fill them before their first game, by rule 3.5,
    which the kit marks as its own. Second review: the values were to be copied onto every
    card in tiny boxes; now one House values sheet holds them and the rest point to it."""
    cover = printed("reshuffled", "cover.pdf")
    assert "own copy" not in cover
    assert (
        "The original rules list the Hustle costs and Rumble modifiers without their numbers"
        in cover
    )
    assert "write it once on the House values sheet (rulebook 3.5)" in " ".join(cover.split())
    book = printed("reshuffled", "rulebook.pdf")
    rule = re.search(
        f"3.5 Before the first game, fill in the House values sheet.({MARK}) The Hustle costs",
        book,
    )
    assert rule
    assert "The middle value stands (with an even number of players, the lower of the two" in book
    for name in ("rulebook.pdf", "sheet-reference.pdf", "cards.pdf", "cover.pdf"):
        text = printed("reshuffled", name)
        assert "own copy" not in text and "the original rules lost" not in text, name
    for name in ("sheet-reference.pdf", "cards.pdf"):
        text = " ".join(printed("reshuffled", name).split())
        assert "House values sheet" in text, name
    house = printed("reshuffled", "sheet-house-values.pdf")
    assert "Fill in once, before your first game" in house
    planned, _, _ = seed_kit("reshuffled")
    blanks = [str(d) for d in planned.diags.warnings if "write-in blank" in str(d)]
    # every cost but carrying's and the Locked Hatchway's (no entry), every modifier
    assert len(blanks) == 6 + 12
    notes = printed("reshuffled", "notes")
    assert f"{rule.group(1)} The players fill in the two tables together" in notes


def test_reshuffled_rules_the_notes_held_are_in_the_rulebook():
    """Review: "Rules you need are only in the notes". What a player needs is stated in
    the rule itself; the notes page explains the kit's choice."""
    book = printed("reshuffled", "rulebook.pdf")
    for rule in (
        "At the start of Phases 1 to 4 (Hack, Hustle, Rumble, Grab), players act in",
        "may make as many hacks in the phase as he has tokens to spend",
        "A Ronin who stood in it when it was locked may leave it.",
        "A Ronin carrying the Aguan or a Sentry-Gun is encumbered",
        "never enters or leaves a Hatchway on a diagonal step",
        "Never enter or leave a Hatchway on a diagonal step.",
        "An encumbered Ronin in a full Room may not enter a Hatchway.",
    ):
        assert rule in book, rule
    for name in ("sheet-reference.pdf", "cards.pdf"):  # no footnote mark left without its row
        text = printed("reshuffled", name)
        assert "* Hatchways" not in text and "** A Ronin" not in text, name
    for name in ("sheet-reference.pdf", "sheet-house-values.pdf"):
        text = printed("reshuffled", name)
        assert "Never enter or leave a Hatchway on a diagonal step." in text, name


def test_reshuffled_carrying_costs_one_more_for_each_space():
    """Review: "the only printed movement cost is unclear": the source's "1" for carrying,
    extra or the whole cost. The kit reads it as 1 HP more for every space (marked), and
    says so in the table, the rule and the filling-in rule alike."""
    for name in ("sheet-reference.pdf", "sheet-house-values.pdf", "rulebook.pdf"):
        text = printed("reshuffled", name)
        carry = re.findall(f"Ronin carrying the Aguan \\+1({MARK}) more for every space he", text)
        assert carry, name
    book = printed("reshuffled", "rulebook.pdf")
    assert "every space he enters costs 1 HP more than it would cost him empty-handed" in book
    assert "Carrying the Aguan or a Sentry-Gun costs 1 HP more for each space entered" in book
    notes = printed("reshuffled", "notes")
    assert f"{carry[0]} Both carrying rows print 1, a dash and a note. The kit reads" in notes


def test_reshuffled_map_pieces_print_on_cardstock_as_the_source_says():
    """The source: "Print out 4 copies of the map provided on cardstock paper". The cover's
    list said "paper or light card"; the map piece now names its own stock (`stock:`)."""
    cover = " ".join(printed("reshuffled", "cover.pdf").split())
    row = cover.split("map-station-piece.pdf")[1].split(".pdf")[0]
    assert "cardstock" in row and "paper" not in row


def test_reshuffled_unit_variant_says_what_each_unit_does():
    """Review: "the unit variant is unclear": HP, the Hacker's tokens, the Heavy Weapon.
    Each unit has a rule of its own, its Hustle Points stated whole, each choice marked;
    the Ronin's spent armour has markers; every player has the variant's card."""
    book = printed("reshuffled", "rulebook.pdf")
    assert "HP are Hustle Points: a unit's HP are what he has at the start of each Hustle" in book
    for unit, rule in (
        ("Ronin \\(sword\\)", "5 HP; \\+1 RM on each of his own attacks"),
        ("Heavy Weapon \\(automatic shotgun\\)", "3 HP. His gun is a Sentry-Gun"),
        ("Hacker \\(pistol\\)", "3 HP. While he lives, when you spend your last Code-Hack"),
    ):
        assert re.search(f"12.[0-9] {unit}.({MARK}) {rule}", book), unit
    assert re.search("12.[0-9] Scout \\(AK-47\\). 6 HP.", book)
    assert "back 2 of your spent tokens" in book  # "take" may end a page
    assert "never carries the Aguan or a Sentry-Gun, never enters a Hatchway from a full" in book
    planned, _, manifest = seed_kit("reshuffled")
    spent = [i for i in manifest["items"] if i["id"].startswith("armour-spent")]
    variant = {i["id"] for i in manifest["items"] if re.fullmatch("ronin-sword-[a-z]+", i["id"])}
    assert len(spent) == len(variant) == len(planned.game.rules.sides)
    cards = printed("reshuffled", "cards.pdf")
    assert cards.count("Unit designations") >= len(planned.game.rules.sides)


def test_reshuffled_open_play_questions_have_marked_answers():
    """The fresh reviewer's play-a-turn questions (issue 37): a full Room, water per space
    or per level, weapon pictures and attacks, taming's range, leaving a Hatchway
    diagonally. Each is answered in the rule, marked as the kit's reading."""
    book = printed("reshuffled", "rulebook.pdf")
    for rule in (
        "Water.({MARK}) Water slows a Ronin but does not stop him",
        "each space he enters there costs the Water line on top: once if Chest High, twice",
        "Any Ronin may make any of the three: his weapon picture only shows his team",
        "A hack reaches any Hatchway, Room or Sentry-Gun on the map",
        "never enters or leaves a Hatchway on a diagonal step",
    ):
        assert re.search(rule.format(MARK=MARK), book), rule
    assert re.search(f"Phase 3 — Rumble({MARK})", book)
    assert re.search(f"Phase 1 — Hack({MARK})", book)


def test_reshuffled_every_player_has_a_round_card_and_the_rule_names_its_side():
    """Review: "too few player aids, and one instruction points to the wrong side". One
    Round summary card per player, the most the cover names, each in its player's colour.
    Second review: copying the values onto every card was a chore in boxes too small for a
    pen; rule 3.5 now sends them once to the House values sheet, and each card's back says
    to read them there."""
    planned, pdfs, manifest = seed_kit("reshuffled")
    most = int(planned.game.cover.players.split("-")[-1])  # the cover's "2-4" badge
    items = manifest["items"]
    cards = [i for i in items if i["id"].startswith("phase-summary-") and i["side"] == "front"]
    assert len({i["piece"] for i in cards}) == most
    book = " ".join(printed("reshuffled", "rulebook.pdf").split())
    assert "Write each value once, in pen, on the House values sheet" in book
    for page in pdf_text(pdfs["cards.pdf"]):
        if "Round summary" in page:
            back = " ".join(page.split("Rumble and water")[1].split())
            assert "read their values on the House values sheet" in back


def test_reshuffled_each_cut_map_piece_names_itself_inside_its_cut():
    """Issue 43: once cut, a player held four like squares. Each piece now prints its
    number inside its cut line (read back from the PDF), and its sheet says how the four
    meet; the cells' names (A1 to R18) run on across each seam."""
    from tests.page_marks import marks_of

    _, pdfs, manifest = seed_kit("reshuffled")
    pieces = [i for i in manifest["items"] if i["file"] == "map-station-piece.pdf"]
    assert len(pieces) == 4
    said = {n: f"PIECE {n}" for n in (1, 2, 3, 4)}
    sheet = printed("reshuffled", "map-station-piece.pdf")
    assert sheet.count("pieces 1 and 2 on top, 4 and 3 below") == 4
    for item in pieces:
        marks = marks_of(pdfs["map-station-piece.pdf"], item["page"])
        words = said[item["copy"]].replace(" ", "")  # a run's text comes without spaces
        (run,) = [n for n, text in marks.runs.items() if text == words]
        x0, y0, x1, y1 = item["bbox"]
        glyphs = [g for g in marks.glyphs if g.run == run]
        assert len(glyphs) == len(words)
        for g in glyphs:
            assert x0 <= g.box[0] and g.box[2] <= x1 and y0 <= g.box[1] and g.box[3] <= y1
