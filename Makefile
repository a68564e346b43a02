# The developer's entry point. Every target installs what it needs into .venv first.
PYTHON ?= python3.11
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
SHARED ?= ../shared/data

.PHONY: install test lint bench demo catalogue clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

test: $(STAMP)
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check totemdeck tests bench
	$(BIN)/ruff format --check totemdeck tests bench
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python bench/run.py

catalogue: $(STAMP)
	@if [ -d $(SHARED)/pokemontcg ]; then \
		$(BIN)/totemdeck import --source pokemontcg --from $(SHARED)/pokemontcg; \
	else \
		$(BIN)/totemdeck import --source pokemontcg; \
	fi

demo: catalogue
	-$(BIN)/totemdeck check examples/*.txt

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
