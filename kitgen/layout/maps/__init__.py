"""Map sheets: a map drawn as plan ops (terrain, line and cell features, coordinates), its
key, the charts on its margins, and its tiling onto sheets at true scale when it does not
fit one sheet, with assembly diagrams."""
