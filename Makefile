# Two commands on a fresh machine with Python 3.11+: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1:8000

.PHONY: run test install lint messages clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e '.[dev]'
	touch $@

install: $(VENV)/.installed

run: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py seed_demo
	$(PY) manage.py runserver $(HOST)

test: install
	$(VENV)/bin/ruff check .
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) -m pytest

lint: install
	$(VENV)/bin/ruff check .

# Refresh the translation catalogues (needs GNU gettext); the compiled .mo files are committed.
messages: install
	$(PY) manage.py makemessages --all --no-location --no-obsolete --ignore '.venv/*'
	$(PY) manage.py makemessages --all --no-location --no-obsolete -d djangojs --ignore '.venv/*' --ignore 'static/vendor/*' --ignore 'staticfiles/*'
	$(PY) manage.py compilemessages --ignore '.venv/*'

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
