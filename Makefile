# The two commands a fresh machine needs: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: demo test check-wheel docs lint format bench clean findings chromium

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e '.[dev,docs]'
	touch $@ $(VENV)/.installed $(VENV)/.installed-docs

$(VENV)/.installed-docs: $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e '.[docs]'
	touch $@ $(VENV)/.installed

demo: $(VENV)/.installed
	@bash scripts/demo.sh $(BIN)/grundy

# The browser tests of `grundy serve` drive the system's Chromium (Playwright downloads none).
chromium:
	@command -v chromium >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then sudo=; else sudo=sudo; fi; \
	  $$sudo apt-get update && $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; }

test: $(VENV)/.installed-dev chromium
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/python -m pytest

# The package as a user gets it: the wheel built, installed into a fresh venv and run from
# another folder with site-packages read-only and HOME not writable (scripts/check_wheel.sh).
# About 2-3 minutes, most of it installing the dependencies, so CI runs it apart from `test`.
check-wheel: $(VENV)/.installed-dev
	bash scripts/check_wheel.sh $(BIN)/python $(PYTHON)

# The documentation site, into site/: the API reference from the docstrings and the tutorial
# notebooks of docs/tutorials/ executed afresh (mkdocs.yml); any warning fails the build.
# (The variables silence the banners some plugins print about MkDocs 2.0.)
docs: $(VENV)/.installed-docs
	NO_MKDOCS_2_WARNING=1 DISABLE_MKDOCS_2_WARNING=true $(BIN)/mkdocs build --strict

# docs/findings.md is the report of the full `grundy reproduce` run: regenerate, never edit.
findings: $(VENV)/.installed
	$(BIN)/grundy reproduce all --report docs/findings.md

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check --fix src tests benchmarks
	$(BIN)/ruff format src tests benchmarks

clean:
	rm -rf $(VENV) build dist site src/*.egg-info .pytest_cache .ruff_cache .hypothesis
