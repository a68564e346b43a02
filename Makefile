# The developer's entry point. Every target installs what it needs into .venv first.
PYTHON ?= python3.11
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
SHARED ?= ../shared/data
CATALOGUE ?= cards

CHROMIUM ?= /usr/bin/chromium

.PHONY: install test coverage test-fast bytecode lint bench demo catalogue schemas grammar messages docs clean chromium audit

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,plot,web,print,discord]'
	touch $(STAMP)

install: $(STAMP)

# The browser tests drive Debian's chromium (Playwright cannot download a browser of its own
# here); they never skip, so install it when it is missing (as root, like CI).
chromium:
	@test -x $(CHROMIUM) || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

# These machines set PYTHONDONTWRITEBYTECODE=1, so every CLI subprocess a test starts would
# compile the package again (~90 ms); compileall writes the bytecode once, whatever that says.
bytecode: $(STAMP)
	$(BIN)/python -m compileall -q totemdeck

# The whole suite in two passes: the unit tests on every core (pytest-xdist), then the
# browser and real-process tests (marked browser or slow) on two: every browser test in one
# process, one at a time (two browsers at once took each other's focus and clipboard), the
# slow tests beside them in the other (--dist loadgroup, tests/conftest.py). No test
# depends on speed, so a neighbour may slow one but never fail it. The unit tests read the
# committed fixture mirror; the tests that need the whole mirrors import ../shared/data once
# per run, in the first worker that asks (the others wait for its copy; .cache/test-catalogue
# keeps it for the next run while the code and data an import reads are unchanged).
# PYTHONDONTWRITEBYTECODE is cleared for pytest: it would make every pytest process rewrite
# the asserts of all ~190 test modules again (~18 s of CPU each); with it cleared the second
# pass, and every later run, reads the rewritten modules from tests/**/__pycache__.
# Coverage is its own target: on Python 3.11 its tracer makes the unit pass 2.25x slower
# (215 s -> 484 s, 2026-12-02), which put the suite at 17 min against its 10. `make
# coverage` runs the same two passes with it; the passes' coverage adds up and its floor
# ([tool.coverage.report] fail_under) judges the sum.
TEST_ENV = PYTHONDONTWRITEBYTECODE= TOTEMDECK_CHROMIUM=$(CHROMIUM) \
	TOTEMDECK_TEST_CATALOGUE_CACHE=$(CURDIR)/.cache/test-catalogue
UNIT_PASS = -m "not slow and not browser" -n auto
SLOW_PASS = -m "slow or browser" -n 2 --dist loadgroup
test: $(STAMP) chromium bytecode
	$(TEST_ENV) $(BIN)/python -m pytest -q $(UNIT_PASS) --durations=10
	$(TEST_ENV) $(BIN)/python -m pytest -q $(SLOW_PASS) --durations=30

coverage: $(STAMP) chromium bytecode
	$(TEST_ENV) $(BIN)/python -m pytest -q $(UNIT_PASS) --cov --cov-report= --cov-fail-under=0
	$(TEST_ENV) $(BIN)/python -m pytest -q $(SLOW_PASS) --cov --cov-append --cov-report=term

# The edit–test loop: no browser, no slow tests, on every core (pytest-xdist), and the imported
# catalogue reused while the code and data an import reads are unchanged (.cache/test-catalogue,
# git-ignored).
test-fast: $(STAMP) bytecode
	PYTHONDONTWRITEBYTECODE= TOTEMDECK_TEST_CATALOGUE_CACHE=$(CURDIR)/.cache/test-catalogue \
		$(BIN)/python -m pytest -q -m "not slow and not browser" -p no:cacheprovider -n auto

lint: $(STAMP)
	$(BIN)/ruff check totemdeck tests bench scripts
	$(BIN)/ruff format --check totemdeck tests bench scripts
	$(BIN)/mypy

# Regenerate the search parser after editing grammar.lark (a test says when it is due).
grammar: $(STAMP)
	$(BIN)/python scripts/standalone_grammar.py

# Recompile totemdeck/_validators/ after editing schemas/ (a test says when it is due).
schemas: $(STAMP)
	$(BIN)/python scripts/compile_schemas.py

# Extract every message to totemdeck/i18n/locale/totemdeck.pot, merge it into each .po,
# compile the .mo files (committed; a test says when this is due). README: "Translating".
messages: $(STAMP)
	$(BIN)/python scripts/messages.py

# Rewrite the command reference of docs/commands.md from the typer app (between its marker
# comments; a test says when it is due, e.g. after adding a command or an option).
docs: $(STAMP)
	$(BIN)/python scripts/commands_doc.py

# Every suite, or some: `make bench SUITES="startup web"`, or `make bench startup web` (the
# names after `bench` are the suites then, not targets of their own).
BENCH_SUITES := $(filter-out bench,$(if $(filter bench,$(firstword $(MAKECMDGOALS))),$(MAKECMDGOALS)))
SUITES ?= $(BENCH_SUITES)
bench: $(STAMP)
	$(BIN)/python bench/run.py $(SUITES)

ifneq ($(BENCH_SUITES),)
# `make bench startup`: the suite names are nothing to make by themselves.
$(BENCH_SUITES):
	@:
endif

# Import the catalogue (from the shared mirror when it is there), then check the banlist.
catalogue: $(STAMP)
	@if [ -d $(SHARED)/pokemontcg ] && [ -d $(SHARED)/tcgdex/v2 ]; then \
		$(BIN)/totemdeck import --from pokemontcg=$(SHARED)/pokemontcg \
			--from tcgdex=$(SHARED)/tcgdex/v2 --catalogue $(CATALOGUE); \
	else \
		$(BIN)/totemdeck import --catalogue $(CATALOGUE); \
	fi
	$(BIN)/totemdeck banlist check banlist.yaml --catalogue $(CATALOGUE)

# Hold every TCGdex-only print against the other prints of its card and FORMAT.md; exit 1 on
# a disagreement totemdeck/data/known_errors.yaml does not explain (docs/data-audit.md).
audit: $(STAMP)
	$(BIN)/python scripts/audit.py --catalogue $(CATALOGUE) \
		$$(test -d $(SHARED)/tcgdex/v2/es/cards && echo --spanish $(SHARED)/tcgdex/v2/es/cards)

# The README's first command: the examples are one illegal deck on purpose (exit 1 is expected).
demo: catalogue
	$(BIN)/totemdeck check examples/*.txt --catalogue $(CATALOGUE) || test $$? -eq 1

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
