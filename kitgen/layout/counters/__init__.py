"""Counter sheets: each counter face drawn once from its layout's regions (with unit
symbols) and every copy imposed onto sheets; label sheets, filled in and imposed the same way."""
