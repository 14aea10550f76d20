# Everything a fresh machine with only Python needs: `make kits` and `make test`
# create .venv and install kitgen into it on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Two stamps: what building kits needs (`make kits`), and the test tools on top of it
# (pytest, ruff, mypy, playwright: `make test` and the other developer targets).
KITGEN := $(VENV)/.kitgen
STAMP := $(VENV)/.installed
GAMES := $(patsubst %/game.yaml,%,$(wildcard content/*/game.yaml))

LOWEST := .venv-lowest
# The lowest ReportLab pyproject.toml supports (its `reportlab>=` floor).
RL_FLOOR := $(shell sed -n 's/.*"reportlab>=\([0-9.]*\).*/\1/p' pyproject.toml)

.PHONY: kits test test-all test-fast browser test-lowest typecheck reference bench fuzz lint format clean previews schema commits

# pip lists each package as it fetches and installs it, so a slow network shows as
# progress, not as a silent wait.
$(KITGEN): pyproject.toml
	@echo "make: setting up $(VENV) (first run only): kitgen and the libraries it builds with"
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --disable-pip-version-check --progress-bar off -e .
	@echo "make: $(VENV) ready to build"
	touch $@

$(STAMP): $(KITGEN)
	@echo "make: adding the test tools to $(VENV) (first run only): pytest, ruff, mypy, playwright"
	$(BIN)/python -m pip install --disable-pip-version-check --progress-bar off -e '.[dev]'
	@echo "make: $(VENV) ready to test"
	touch $@

kits: $(KITGEN)
	$(BIN)/kitgen build $(GAMES) -o output

# pytest-xdist: the suite's tests run on every core at once; tests marked with one
# xdist_group run on one worker, so a seed kit's shared build is made once for them.
CORES := -n auto --dist loadgroup
# `make test` while working runs the fast tier (tests not marked slow: a few minutes of
# CPU); in CI (CI=true, as .ci/run has it) it runs the whole suite.
TIER := $(if $(filter true 1 yes,$(CI)),,-m "not slow")

# The gate: lint, format, types, then the suite (with the stored reference output).
test: lint typecheck browser
	$(BIN)/python -m pytest $(CORES) $(TIER)

# The gate and every test, slow tier included: what CI runs.
test-all: lint typecheck browser
	$(BIN)/python -m pytest $(CORES)

# The fast tier alone, no gate: the quick check while working.
test-fast: $(STAMP)
	$(BIN)/python -m pytest $(CORES) -m "not slow"

# What depends on the ReportLab version (tests marked reportlab: ReportLab's insides, the
# painter against ReportLab's own canvas, fonts, and the drawn goldens of every kit),
# against the lowest supported ReportLab, in a venv of its own.
test-lowest: $(LOWEST)/.installed
	$(LOWEST)/bin/python -m pytest $(CORES) -m reportlab

$(LOWEST)/.installed: pyproject.toml
	$(PY) -m venv $(LOWEST)
	$(LOWEST)/bin/python -m pip install -q --disable-pip-version-check -e '.[dev]' 'reportlab==$(RL_FLOOR)'
	touch $@

typecheck: $(STAMP)
	$(BIN)/mypy

# After a change that alters output on purpose: rewrite the text goldens of every seed
# kit and of W1-W4 (tests/golden/NAME.txt; KITS=duck for only some), and say so in the
# commit body.
reference: $(STAMP)
	$(BIN)/python tools/reference.py --write $(KITS)

# The serve test drives a real headless Chromium: Debian's package, installed here
# when missing and the machine lets us (root with apt); elsewhere that test skips.
browser:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
	{ if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "make: installing Chromium (Debian's chromium) for the browser test"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "make: no Chromium and no apt as root: the browser test will be skipped"; fi; }

# `make bench CALLGRIND=1` also counts each side's instructions under valgrind's
# callgrind (docs/performance.md): the figures to decide by on a shared machine.
bench: $(STAMP)
	$(BIN)/python benchmarks/run.py $(if $(CALLGRIND),--instructions)

# Hostile input at length (docs/security.md): thousands of fuzzed games, images and
# fonts, and a build at the caps held to 1 GiB and 60 s. `make test` runs a brief fuzz.
fuzz: $(STAMP)
	KITGEN_FUZZ=1 $(BIN)/python -m pytest tests/test_fuzz.py tests/test_hostile.py

lint: $(STAMP)
	$(BIN)/ruff check kitgen tests benchmarks tools
	$(BIN)/ruff format --check kitgen tests benchmarks tools

format: $(STAMP)
	$(BIN)/ruff format kitgen tests benchmarks tools
	$(BIN)/ruff check --fix kitgen tests benchmarks tools

# schema/*.json and the key tables of docs/format.md, from the readers' declarations
schema: $(STAMP)
	$(BIN)/python tools/format_keys.py

# The commit rule (subjects under 72 characters, a body saying why, no merge of main into a
# branch: rebase it); `make test` checks it
# too (tests/test_commits.py), for commits made since it is checked.
commits: $(STAMP)
	$(BIN)/python tools/commits.py

previews: $(STAMP)
	$(BIN)/python tools/previews.py output

clean:
	rm -rf output/*/ output/.*-* benchmarks/work .pytest_cache
	find . -name __pycache__ -prune -exec rm -rf {} +
