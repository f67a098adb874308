# Two entry points do all the setup on a fresh machine:
#   make serve   -> venv + project + voila, serves dashboards/ on http://127.0.0.1:8866
#   make test    -> venv + project + test deps (+ Debian chromium and postgresql when root), runs the suite
#                   but the slow exhaustive checks (pytest -m slow); make test-slow runs
#                   those, and make test-all (what .ci/run calls) runs both
#   make docs    -> the documentation in docs/_build/html (make test builds it too)
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8866

# the pegging kernels are compiled (or loaded from numba's disk cache) once, before pytest
# or voila: on a clean clone each worker and each of the test server's preheated kernels would
# otherwise compile them at once (about 25 s of CPU each)
WARM := $(PY) -c "import time; t = time.perf_counter(); from crib.analysis.play import jit; jit.warm(); print(f'pegging kernels ready in {time.perf_counter() - t:.1f} s')"

.PHONY: serve test test-slow test-all messages lint docs bench install-serve install-test browser postgresql nginx notebooks clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -qq --upgrade pip

# the distribution was "crib" before it was "crib-coach" (the index's crib is another
# project): a venv that has the old name loses it, or both would install the same files
$(VENV)/.serve-installed: pyproject.toml | $(PY)
	-@$(PY) -m pip uninstall -qq -y crib 2>/dev/null
	$(PY) -m pip install -qq -e '.[serve]'
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(PY)
	-@$(PY) -m pip uninstall -qq -y crib 2>/dev/null
	$(PY) -m pip install -qq -e '.[test]'
	touch $@

install-serve: $(VENV)/.serve-installed
install-test: $(VENV)/.test-installed

# Debian's chromium for the real-browser tests (playwright cannot download its own here).
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = "0" ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "chromium missing and not root: browser tests will skip (outside CI)"; fi; \
	fi

# Debian's PostgreSQL for the store tests' second database (tests/pg.py starts a throwaway
# server from its binaries in a temp dir; the package's own "main" cluster is not created)
postgresql:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = "0" ]; then \
	    mkdir -p /etc/postgresql-common/createcluster.d && \
	    echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.d/crib-tests.conf && \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	  else echo "postgresql missing and not root: the store tests' PostgreSQL run will skip (outside CI)"; fi; \
	fi

# Debian's nginx for the school tests (tests/test_school.py starts its own nginx, with its
# own configuration and pid in a temp dir; the package's service is not used)
nginx:
	@if [ ! -x /usr/sbin/nginx ]; then \
	  if [ "$$(id -u)" = "0" ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null; \
	    (service nginx stop || nginx -s stop || true) >/dev/null 2>&1; \
	  else echo "nginx missing and not root: the school tests will skip (outside CI)"; fi; \
	fi

# axe-core (npm) for the accessibility checks of the browser tests (tests/browser/test_devices.py),
# into the venv's node folder (git ignores .venv); skipped when already there
AXE := $(VENV)/node/node_modules/axe-core/axe.min.js
$(AXE):
	npm install --no-save --no-audit --no-fund --prefix $(VENV)/node axe-core@4.14.1

# Voila settings (preheated pool, idle culling, loopback) are the defaults of
# crib/tools/serve.py (`crib serve --help`).  `make serve` serves one person: a warm kernel
# for the home page and the game, the other pages warm once opened.  `make serve
# CLASS_SIZE=30`: that many preheated kernels for the student page (trainer.ipynb), about
# 36 MiB of PSS each when forked from the warm parent (the default on Linux), 63 MiB launched
# (data/load_fork.json, docs/figures.md), and 1 warm kernel for every other page (2 launched).
# The classroom record is CRIB_DB (default ~/.local/share/crib/classroom.sqlite3).
VOILA_OPTS := --port=$(PORT)
ifdef CLASS_SIZE
VOILA_OPTS += --class-size=$(CLASS_SIZE)
endif
# `make serve LAN=1`: the class on the school network (crib serve --class --lan): prints
# the student link and the teacher's secret link; `make serve CLASS=1`: the same guard
# (teacher key, kernel caps) on 127.0.0.1 only
ifdef LAN
VOILA_OPTS += --lan
else ifdef CLASS
VOILA_OPTS += --class
endif

serve: install-serve
	$(WARM)
	@echo "make serve: crib serve $(VOILA_OPTS) on the repository's dashboards/ (Ctrl-C stops it)"
	$(PY) -m crib.tools.serve dashboards $(VOILA_OPTS)

lint: install-test
	$(VENV)/bin/ruff check crib tests bench
	$(VENV)/bin/ruff format --check crib tests bench

test: install-test browser postgresql nginx $(AXE)
	$(VENV)/bin/ruff check crib tests bench
	$(VENV)/bin/ruff format --check crib tests bench
	$(WARM)
	$(DOCS)
	$(PY) -m pytest -q -m "not slow" -n 2 --durations=15

# the exhaustive comparisons of fast paths with their references, the largest sweeps
# and the page-open measurement: pytest's "slow" marker (see pyproject.toml)
test-slow: install-test browser postgresql nginx $(AXE)
	$(WARM)
	$(PY) -m pytest -q -m slow --durations=15 --timeout=1800

test-all: test test-slow

# The documentation (docs/, Markdown with MyST, the API reference from the docstrings):
# warnings are errors, and every build reads every page again (-E), so a warning is never
# hidden by a page left unread since an earlier build; make test runs it too
DOCS := $(PY) -m sphinx -E -W --keep-going -q -b html docs docs/_build/html

docs: install-test
	$(DOCS)

# The gettext catalogs (Babel): extract the marked strings, merge them into each .po,
# compile the .mo files that crib.i18n reads (both are committed; tests/test_i18n.py
# checks that every string has a translation and that each .mo is its .po compiled)
messages: install-test
	$(VENV)/bin/pybabel extract -F crib/locale/babel.cfg -k N_ -k NP_:1c,2 --no-location -o crib/locale/crib.pot crib
	$(VENV)/bin/pybabel update -i crib/locale/crib.pot -d crib/locale -D crib --width 100
	$(VENV)/bin/pybabel compile -d crib/locale -D crib

# Re-execute every dashboard and teaching notebook in place (outputs are committed).
notebooks: install-test
	$(PY) -m crib.tools.regen dashboards notebooks

clean:
	rm -rf $(VENV)
