# tactica — every target creates and reuses .venv by itself.
# Another interpreter gets its own venv: `make test PYTHON=python3.13` builds and reuses .venv-python3.13.
PYTHON ?= python3
VENV   := $(if $(filter python3,$(PYTHON)),.venv,.venv-$(notdir $(PYTHON)))
BIN    := $(VENV)/bin
# Issue 15 point 17: `make demo` installs the package alone (BASE); `make serve` adds the web table's extra
# (TABLE); the test targets install the test extra (STAMP), which brings sim, cluster and table with it.
BASE   := $(VENV)/.installed-base
TABLE  := $(VENV)/.installed-table
STAMP  := $(VENV)/.installed

.PHONY: demo serve test lint types unit long fuzz bench mutants clean system-packages compiled compiled-check \
	bench-compiled

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(BASE): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $(BASE)

$(TABLE): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[table]'
	touch $(TABLE)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

demo: $(BASE)
	$(BIN)/tactica demo futurepath

# The web table on http://127.0.0.1:8000 (docs/table.md); open a table with `.venv/bin/tactica table create FILE`.
serve: $(TABLE)
	$(BIN)/tactica serve

test: lint types unit

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools
	$(BIN)/ruff format --check src tests benchmarks tools

types: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP) system-packages
	$(BIN)/pytest -n auto

# Issue 13 point 6: the table's tests start Debian's PostgreSQL and drive Debian's Chromium. As root this
# installs both when one is missing (and does nothing when both are there); otherwise it says what to install.
system-packages:
	@missing=""; \
	ls /usr/lib/postgresql/*/bin/initdb /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || missing=" postgresql"; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" != 0 ]; then \
	  echo "the table's tests want Debian packages:$$missing (as root: make system-packages)"; exit 0; fi; \
	echo "installing Debian packages for the table's tests:$$missing"; \
	apt-get update -q && DEBIAN_FRONTEND=noninteractive \
	  apt-get install -y -q --no-install-recommends postgresql chromium

long: $(STAMP)
	$(BIN)/pytest -n auto -m slow -o addopts=""

# Issue 12: about 100,000 hostile inputs and 1,000 conformance fights per system (docs/reliability.md).
fuzz: $(STAMP)
	$(BIN)/python -m tactica.fuzz

# Issue 16 A: first the whole decision corpus (the engine behaves as recorded; docs/performance.md); issue 13:
# the web table under load (50 clients on one table, 20 tables at once, a reopen), SQLite and PostgreSQL;
# issue 16 B: the fast tier of sim (kernels: speed beside the engine, lockstep and distribution at full N).
# Issue 17 point 3: the search AI at 200 ms per decision against the default AI on each demo (docs/agents.md).
# Issue 16 A: then the compiled build (below) is checked against the corpus and timed beside the pure sources.
bench: $(STAMP)
	$(BIN)/python -m tactica.testing.corpus check
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/studies.py
	$(BIN)/python benchmarks/table.py
	$(BIN)/python benchmarks/kernels.py
	$(BIN)/python benchmarks/kernels_lines.py
	$(BIN)/python benchmarks/agents.py --fights 20 --budget 200ms
	@if $(BIN)/python tools/compile.py --toolchain; then $(MAKE) --no-print-directory compiled-check bench-compiled; fi

# Issue 16 A: the optional compiled build (docs/performance.md, "Compiled build"). mypyc compiles the hot
# modules of a copy of src/ into build/compiled/src (a few minutes; again only when a source changed); put it
# first on the path to use it: `PYTHONPATH=build/compiled/src .venv/bin/tactica demo`. src/ stays pure Python
# and is what every other target runs. Without a C compiler or the Python headers it says so and stops.
COMPSTAMP := $(VENV)/.installed-compiled

$(COMPSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[compiled]'
	touch $(COMPSTAMP)

compiled: $(COMPSTAMP)
	$(BIN)/python tools/compile.py

# The compiled build behaves as recorded (the whole decision corpus), and its speed beside the pure sources.
compiled-check: compiled
	PYTHONPATH=build/compiled/src $(BIN)/python -m tactica.testing.corpus check

bench-compiled: compiled
	$(BIN)/python benchmarks/run.py --compiled --runs 3

# Issue 14 point 13: mutation testing of each system's rules, the engine, dice and grid (docs/reliability.md).
# `make mutants` runs every mutant (many hours); `make mutants SAMPLE=60` a fixed sample of 60 per package;
# `SLOW=5` leaves out the tests over 5 s (the odds' engine comparisons); `PACKAGES="srb thrum"` only those;
# `JOBS=2` mutants at once. Niced; each package stops after TIMEOUT seconds.
SAMPLE   ?= 0
JOBS     ?= 1
TIMEOUT  ?= 14400
SLOW     ?= 0
PACKAGES ?=
MUTSTAMP := $(VENV)/.installed-mutants

$(MUTSTAMP): pyproject.toml $(STAMP)
	$(BIN)/python -m pip install -q -e '.[mutants]'
	touch $(MUTSTAMP)

mutants: $(MUTSTAMP)
	nice -n 19 $(BIN)/python tools/mutants.py --sample $(SAMPLE) --jobs $(JOBS) --timeout $(TIMEOUT) --slow $(SLOW) $(PACKAGES)

clean:
	rm -rf .venv .venv-* .mypy_cache .pytest_cache .ruff_cache .fuzz .mutants
