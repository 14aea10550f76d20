"""Spreadsheets: a CSV or XLSX file read as the YAML list of records it stands for, its size
counted on its bytes first, every row read against the header row."""
