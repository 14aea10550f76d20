"""Sheets and tables: quick-reference sheets flowed into columns, tables drawn inside any
box, rosters rolled by the generators, and track sheets."""
