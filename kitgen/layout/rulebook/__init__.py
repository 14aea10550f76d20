"""The rulebook: sections and cases flowed into columns, diagrams drawn from the game's
data, and the pages put on sheets in reading order or as a saddle-stitched booklet."""
