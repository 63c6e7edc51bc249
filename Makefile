# Atout — the two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
# Tests and the dev server run with DEBUG on (Django's test runner turns it off again inside
# tests); production sets SECRET_KEY and leaves DEBUG off.
DEV_ENV := DEBUG=1
# Two workers for two cores; "worksteal" hands an idle worker the other's queued tests, so the
# browser walks and backup drills queued together do not leave one worker alone at the end
# (the suite went from 9.7 to 8.0 minutes here; a third worker gained nothing).
XDIST := -n 2 --dist worksteal
# Python's bytecode cache (__pycache__, git-ignored) stays on: this machine's environment sets
# PYTHONDONTWRITEBYTECODE, with which every process compiled the project again and pytest
# rewrote the asserts of every test module again at each collection (its cache is that .pyc).
unexport PYTHONDONTWRITEBYTECODE
# The tests run in a random order (pytest-randomly). Each run prints its seed, and a failed one
# the command that replays its order; `make test SEED=123` (check, test-suite...) reuses a seed.
SEED ?=
ORDER := $(if $(SEED),--randomly-seed=$(SEED))

.PHONY: install run hall test check check-engine check-unit lint typecheck test-engine-pure \
	test-fast test-suite clean

$(STAMP): requirements.txt requirements-dev.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	@touch $(STAMP)

install: $(STAMP)

# The port of `make run` and `make hall`: `make run PORT=8010`.
PORT ?= 8000
# Quiet set-up steps: what the organiser must read (the address, the login) comes last.
QUIET := LOG_LEVEL=WARNING

run: install
	$(DEV_ENV) $(QUIET) $(BIN)/python manage.py migrate --noinput -v0
	$(DEV_ENV) $(QUIET) $(BIN)/python manage.py seed_demo -v0 >/dev/null
	$(DEV_ENV) $(QUIET) $(BIN)/python manage.py seed_demo_results -v0 >/dev/null
	@$(DEV_ENV) $(BIN)/python -m config.hall banner --port $(PORT) --wait &
	$(DEV_ENV) $(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# Contest day: serve the laptop to the phones on the hall's network (README, "Au club").
# SQLite and eager Celery as in `make run`, a real threaded server, DEBUG off, plain HTTP.
# DEMO=1 also loads the demo contest, to try the hall's network out before the day.
hall: install
	$(QUIET) $(BIN)/python manage.py migrate --noinput -v0
	$(QUIET) $(BIN)/python manage.py collectstatic --noinput -v0
	@if [ "$(DEMO)" = "1" ]; then $(DEV_ENV) $(QUIET) $(BIN)/python manage.py seed_demo -v0 >/dev/null \
	  && $(DEV_ENV) $(QUIET) $(BIN)/python manage.py seed_demo_results -v0 >/dev/null; fi
	$(BIN)/python -m config.hall serve --port $(PORT) $(if $(filter 1,$(DEMO)),--demo)

# Style and formatting, complexity (ruff C901, max 15) and the dependency rule (import-linter
# contracts).
lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-logo

# The engine strictly, then every app with django-stubs. The strict run keeps its own cache:
# its options differ from the configuration's, and mypy drops a cache written with other
# options, so with one shared cache each run re-checked everything the other had cached.
typecheck: install
	$(BIN)/mypy --strict --cache-dir .mypy_cache/strict-engine engine
	$(DEV_ENV) $(BIN)/mypy

# The engine's tests in a process where importing Django fails: proof that the engine is pure.
# They run only here (the suite below leaves tests/engine out: it would run them again).
test-engine-pure: install
	$(BIN)/python tests/run_engine_pure.py -q $(XDIST) $(ORDER)

# The whole suite on SQLite. pytest's exit code 5 (no test collected) fails like any other.
test-suite: install
	$(DEV_ENV) $(BIN)/python -m pytest -q $(XDIST) --durations=15 --ignore=tests/engine $(ORDER)

# The fast lane for the development loop (under a minute): lint, types, the engine's tests and
# the unit tests (those that touch no database), without the ones marked slow (sweeps and
# properties, browsers, processes, fault drills). `make test-fast` adds the database tests.
# The two test lanes run side by side, each in one process: xdist workers each collected every
# test before deselecting most of them. Measured (`time make check`, twice, warm caches, this
# 2-core machine, 2026-12-07, load 2.4-3.1 from other work): 9.3 and 12.0 s, against 17.9 and
# 33.1 s for the code before, alternated; the code before took 21.1 and 21.5 s on the idle
# machine. With main's tarot and rami engines (2,161 engine tests instead of 1,014, the engine
# lane now the longer one): 23.0 and 23.8 s, load 3.2-3.6. docs/benchmarks.md has `.ci/run`'s.
check: install lint typecheck
	@$(MAKE) --no-print-directory -j2 --output-sync=target check-engine check-unit

check-engine: install
	$(BIN)/python tests/run_engine_pure.py -q -m "not slow" $(ORDER)

check-unit: install
	$(DEV_ENV) $(BIN)/python -m pytest -q -m "nodb and not slow" --ignore=tests/engine $(ORDER)

test-fast: install
	$(DEV_ENV) $(BIN)/python -m pytest -q $(XDIST) -m "not slow" --ignore=tests/engine $(ORDER)

test: install lint
	$(DEV_ENV) $(BIN)/python manage.py makemigrations --check --dry-run
	$(MAKE) --no-print-directory typecheck test-engine-pure test-suite

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .mypy_cache .ruff_cache
