"""Source: game.yaml, the files it includes and the scenario files read into the model,
every problem collected with its file:line:col. This folder holds what every reader
shares: YAML with positions, the spec (each key declared once), typed field getters,
`for_each` expansion, readings, pictures and the JSON Schema made from the specs, plus the
readers of one-module sections (cover, rulebook, templates). Sections with several modules
have their own package: maps, counters (and layouts, labels), rules (and scenarios,
combat), tables (and threats, generators, tracks), spreadsheets."""
