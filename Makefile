# Everything a fresh machine with only Python needs: `make kits` and `make test`
# create .venv and install kitgen into it on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
GAMES := $(patsubst %/game.yaml,%,$(wildcard content/*/game.yaml))

.PHONY: kits test bench lint format clean previews schema

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

kits: $(STAMP)
	$(BIN)/kitgen build $(GAMES) -o output

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

lint: $(STAMP)
	$(BIN)/ruff check kitgen tests benchmarks tools
	$(BIN)/ruff format --check kitgen tests benchmarks tools

format: $(STAMP)
	$(BIN)/ruff format kitgen tests benchmarks tools
	$(BIN)/ruff check --fix kitgen tests benchmarks tools

# schema/*.json and the key tables of docs/format.md, from the readers' declarations
schema: $(STAMP)
	$(BIN)/python tools/format_keys.py

previews: $(STAMP)
	$(BIN)/python tools/previews.py output

clean:
	rm -rf output/*/ output/.*-* benchmarks/work .pytest_cache
	find . -name __pycache__ -prune -exec rm -rf {} +
