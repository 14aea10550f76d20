"""counters:, layouts: and labels: in game.yaml -> CounterSet, Layouts and Labels; each
piece's copies filled in from its for_each and its faces from its layout."""
