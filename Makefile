# Two commands on a fresh machine with Python 3.11+: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Where `make run` serves, and so where the links it prints and emails point: make run
# HOST=0.0.0.0 PORT=8080 (another machine, such as a phone, also needs ALLOWED_HOSTS to name
# this one). A SITE_URL set in the environment or on the command line still names the
# address of emailed links (invitations, confirmations).
HOST ?= 127.0.0.1
PORT ?= 8000
SITE_URL ?= http://$(HOST):$(PORT)

.PHONY: run test install lint messages clean bench

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e '.[dev]'
	touch $@

install: $(VENV)/.installed

run: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py seed_demo --base-url http://$(HOST):$(PORT)
	SITE_URL='$(SITE_URL)' $(PY) manage.py runserver $(HOST):$(PORT)

test: install
	$(VENV)/bin/ruff check .
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) -m pytest

lint: install
	$(VENV)/bin/ruff check .

# Refresh the translation catalogues (needs GNU gettext: apt-get install gettext) and
# compile them; the .po and .mo files are committed, so `make run` needs no gettext.
# New strings arrive untranslated: fill their msgstr in locale/pt_PT and locale/pt_BR (en
# stays empty, English is the source), run `make messages` again, then `make test`
# (tests/i18n fails on an untranslated, fuzzy or out-of-date catalogue).
# tests/i18n reads MESSAGES_LOCALES and MESSAGES_IGNORE from here: keep each on one line.
MESSAGES_LOCALES := pt_PT pt_BR en
MESSAGES_IGNORE := .venv/* tests/* bench/* docs/* staticfiles/* static/vendor/* test-artifacts/* *.egg-info/*
MESSAGES_OPTIONS := --no-location --no-obsolete $(addprefix -l ,$(MESSAGES_LOCALES)) $(foreach p,$(MESSAGES_IGNORE),--ignore '$(p)')

messages: install
	$(PY) manage.py makemessages $(MESSAGES_OPTIONS)
	$(PY) manage.py makemessages -d djangojs $(MESSAGES_OPTIONS)
	$(PY) manage.py compilemessages $(foreach p,$(MESSAGES_IGNORE),--ignore '$(p)')

clean:
	rm -rf $(VENV) db.sqlite3 db.sqlite3.writer staticfiles

# Build Swiss tournaments of 64, 256 and 1,024 partnerships (BENCH_SIZES), serve each with
# gunicorn and measure it with wrk and an asyncio client of phones and referees (needs wrk:
# apt-get install wrk), then the referee's phone in Chromium (needs /usr/bin/chromium:
# apt-get install chromium); either runs without the other. PostgreSQL when DATABASE_URL is
# set. The phone alone: `python -m bench.referee_browser`. See bench/README.md.
bench: install
	$(PY) -m bench.run
