# Everything runs from .venv/bin explicitly; no need to activate anything.
PYTHON_SYSTEM ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
MANAGE := $(PY) manage.py
STAMP := $(VENV)/.installed

.DEFAULT_GOAL := help
.PHONY: help venv python-ok system-deps run test test-orders test-postgres lint bench check messages load fonts

help:
	@echo "make run           - serve the app on http://127.0.0.1:8000 (DEBUG=1: Django's debug pages; LAN=1: to the phones on this network)"
	@echo "make test          - run the test suite (on SQLite), browser tests included"
	@echo "make system-deps   - check (as root: install) the Debian packages the tests need"
	@echo "make test-orders   - the suite (browser tests aside) twice more, each in a new random order"
	@echo "make test-postgres - run the Django tests on a throwaway PostgreSQL 15"
	@echo "make lint          - ruff, the import contracts (pyproject.toml), mypy --strict on the pure packages"
	@echo "make check         - Django system checks and missing migrations"
	@echo "make bench         - run the benchmarks in tests/bench"
	@echo "make fonts         - rebuild the printed sheets' fonts (static/fonts/ScorebookSans*.ttf)"
	@echo "make load          - a club night on gunicorn + PostgreSQL 15 (TABLES= DURATION= WORKERS= SERVER= SERVERS= MODE=kill ARGS=)"

venv: $(STAMP)

# Checked every time, before anything else is built.
python-ok:
	@command -v $(PYTHON_SYSTEM) >/dev/null 2>&1 || { \
		echo "$(PYTHON_SYSTEM) not found: install Python 3.11 (Debian package python3.11)." >&2; exit 1; }
	@$(PYTHON_SYSTEM) -c "import venv, ensurepip" >/dev/null 2>&1 || { \
		echo "$(PYTHON_SYSTEM) has no working venv module: install the Debian package python3.11-venv." >&2; exit 1; }

$(PY): | python-ok
	@$(PYTHON_SYSTEM) -m venv $(VENV) || { rm -rf $(VENV); \
		echo "Could not create $(VENV): install the Debian package python3.11-venv." >&2; exit 1; }

# Reinstall only when pyproject.toml is newer than the stamp.
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@touch $(STAMP)

# `make run` answers as the deployed site does (DEBUG off: the styled 404, 403 and 500 pages, in
# the visitor's language), on this machine alone (LOCAL=1, scorebook/settings.py: plain HTTP,
# static files from static/, tracebacks on the terminal). `make run DEBUG=1` shows Django's
# debug pages instead. DEBUG off needs a secret key of its own: made once, kept in .secret-key
# (git-ignored), so that sessions outlive a restart.
RUN_KEY := .secret-key
RUN_DEBUG = $(if $(filter 1 true yes on,$(DEBUG)),1,0)
# `make run LAN=1` serves the other phones of the room too (a club night on one laptop): on every
# address of this machine, port 8000, with the table cards' QR codes and the shared links
# pointing at its first network address (`hostname -I`), which the phones on the same Wi-Fi reach.
RUN_LAN = $(filter 1 true yes on,$(LAN))
RUN_IP = $(shell hostname -I 2>/dev/null | awk '{print $$1}')
RUN_ADDRESS = $(if $(RUN_LAN),0.0.0.0:8000,127.0.0.1:8000)
RUN_LAN_HOSTS = localhost,127.0.0.1,[::1],$(RUN_IP)
RUN_LAN_ENV = $(if $(RUN_LAN),ALLOWED_HOSTS="$(RUN_LAN_HOSTS)" SITE_URL="http://$(RUN_IP):8000")
RUN_ENV = LOCAL=1 DEBUG=$(RUN_DEBUG) SECRET_KEY="$$(cat $(RUN_KEY))" $(RUN_LAN_ENV)

$(RUN_KEY): | $(PY)
	@umask 077 && $(PY) -c "import secrets; print(secrets.token_urlsafe(50))" > $@.tmp && mv $@.tmp $@

run: venv $(RUN_KEY)
	@if command -v msgfmt >/dev/null 2>&1; then \
		$(RUN_ENV) $(MANAGE) compilemessages --ignore='.*' --ignore=staticfiles --ignore=node_modules; \
	else \
		echo "msgfmt not found (Debian package gettext): using the committed .mo files."; \
	fi
	$(RUN_ENV) $(MANAGE) migrate --noinput
	@if $(RUN_ENV) $(MANAGE) help seed_demo >/dev/null 2>&1; then $(RUN_ENV) $(MANAGE) seed_demo; fi
	@# The print worker makes the club nights' PDFs off the request path (docs/deploy.md), and
	@# prune_prints removes its jobs, tasks and PDF files once they are two days old (now, then
	@# every hour); both start beside the server and stop with it (Ctrl+C, or the server failing
	@# to start). In the same session as the server, nice ranks them below the server (not so
	@# across services).
	@echo "Print worker: manage.py db_worker (PDF_WORKER=1), pruned by manage.py prune_prints every hour; both stopped with the server."
	@echo "DEBUG=$(RUN_DEBUG): $(if $(filter 1,$(RUN_DEBUG)),Django's debug pages,the site's own error pages; make run DEBUG=1 for Django's debug pages)."
	@if [ -n "$(RUN_LAN)" ]; then \
		if [ -z "$(RUN_IP)" ]; then echo "LAN=1: this machine has no network address (hostname -I shows none)." >&2; exit 1; fi; \
		echo "LAN=1: the phones on this network open http://$(RUN_IP):8000 (the QR codes point there)."; \
	fi
	@$(RUN_ENV) PDF_WORKER=1 nice -n 10 $(MANAGE) db_worker & worker=$$!; \
	$(RUN_ENV) PDF_WORKER=1 nice -n 10 $(MANAGE) prune_prints --every 3600 & pruner=$$!; \
	trap 'kill $$worker $$pruner 2>/dev/null; wait $$worker $$pruner 2>/dev/null' EXIT INT TERM; \
	$(RUN_ENV) PDF_WORKER=1 $(MANAGE) runserver $(RUN_ADDRESS)

# Refresh the .po files after changing user-visible strings, then translate and compile.
messages: venv
	$(VENV)/bin/django-admin makemessages -l ru --no-obsolete \
		--ignore=tests --ignore=scorebook/rules --ignore=docs --ignore=staticfiles
	$(MANAGE) compilemessages --ignore='.*' --ignore=staticfiles --ignore=node_modules

# Debian packages the tests need, listed in .ci/system-deps: installed when root, else named.
system-deps:
	@bash .ci/system-deps

test: venv system-deps
	$(VENV)/bin/pytest -q

# An order-dependent test is a broken test: run the suite in two more random orders. Each run
# prints its "--randomly-seed=N" first, so a failure can be replayed with that option.
test-orders: venv
	@for run in 1 2; do $(VENV)/bin/pytest -q -p no:cacheprovider -m "not browser" || exit 1; done

# Starts a PostgreSQL server in a temp dir, runs tests/ minus rules and bench, removes it.
test-postgres: venv
	bash .ci/postgres-tests

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports --no-cache
	$(VENV)/bin/mypy scorebook/rules players/ladder.py players/names.py scorebook/clubs/results.py scorebook/clubs/statistics.py scorebook/movements scorebook/display/money.py

bench: venv
	@# One process per file: the club benchmark's ten years of deals must not slow the others.
	@status=0; for bench in tests/bench/test_*.py; do \
		$(VENV)/bin/pytest $$bench -q -s -p no:randomly --override-ini addopts='' || status=1; \
	done; exit $$status

# A club night against gunicorn and a throwaway PostgreSQL 15 (docs/load.md); MODE=kill kills
# the server mid-run and checks that every acknowledged deal is saved exactly once.
load: venv
	$(PY) -m tests.load.run $(if $(MODE),--mode $(MODE)) $(if $(TABLES),--tables $(TABLES)) \
		$(if $(DURATION),--duration $(DURATION)) $(if $(WORKERS),--workers $(WORKERS)) \
		$(if $(SERVER),--server $(SERVER)) $(if $(SERVERS),--servers $(SERVERS)) $(ARGS)

# The printed sheets' fonts: DejaVu Sans Condensed cut to the scripts and symbols a score sheet
# uses, without the layout tables (kerning, ligatures) that WeasyPrint would otherwise read and
# subset for every PDF (more than half of a one-table sheet's time). Anything else a name holds
# falls back to the full DejaVu files, so nothing prints as a blank box.
FONT_UNICODES := U+0020-007E,U+00A0-017F,U+0400-04FF,U+2010-20CF,U+2100-21FF,U+2212-2265,U+25A0-25FF,U+2660-2667,U+2713-2718
fonts: venv
	$(VENV)/bin/pyftsubset static/fonts/DejaVuSansCondensed.ttf --unicodes="$(FONT_UNICODES)" \
		--layout-features='' --drop-tables+=GSUB,GPOS,GDEF,kern,FFTM \
		--output-file=static/fonts/ScorebookSans.ttf
	$(VENV)/bin/pyftsubset static/fonts/DejaVuSansCondensed-Bold.ttf --unicodes="$(FONT_UNICODES)" \
		--layout-features='' --drop-tables+=GSUB,GPOS,GDEF,kern,FFTM \
		--output-file=static/fonts/ScorebookSans-Bold.ttf

check: venv
	$(MANAGE) makemigrations --check --dry-run
	$(MANAGE) check
