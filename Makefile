# Every target creates .venv itself: a fresh machine with Python 3.11+ needs nothing else.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
BENCH_STAMP := $(VENV)/.installed-bench
# TypeScript's checker for the browser client (package.json, package-lock.json): `npm ci`.
NODE_STAMP := node_modules/.installed

.PHONY: run test bench lint format clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

$(BENCH_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[bench]'
	touch $@

$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null || { echo "make lint needs Node.js and npm: apt-get install -y nodejs npm"; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

run: $(STAMP)
	$(BIN)/cardcafe serve

# The slowest tests are listed at the end: the suite must stay under 15 minutes on 2 cores.
test: $(DEV_STAMP)
	$(BIN)/python -m pytest -n auto -q --durations=25

bench: $(BENCH_STAMP)
	$(BIN)/python benchmarks/engine_speed.py
	$(BIN)/python benchmarks/bots.py all

lint: $(DEV_STAMP) $(NODE_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	npm run --silent check

format: $(DEV_STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) node_modules
