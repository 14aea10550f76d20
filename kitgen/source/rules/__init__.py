"""rules: in game.yaml and scenarios/*.yaml -> RuleBook and Scenario: the terms rules are
written in (selectors, targets, location tests) and combat results tables."""
