"""Exports of a built kit for screens: virtual tabletops and plain picture sets.

Every picture comes from the PDFs the build draws (kitgen.raster), so what a
player sees on screen is what prints. Exports are written like kits: staged,
then swapped in whole (output.write_kit), byte-identical from run to run.
"""
