# Two entry points for a fresh machine (Debian, root): `make explorer` and `make test`.
# Each installs what it needs first; the steps are idempotent.
PYTHON ?= python3
PORT ?= 8000

.PHONY: explorer test install-test install-explorer node-deps browser

explorer: install-explorer node-deps
	$(PYTHON) -m explorer serve --port $(PORT)

test: install-test node-deps browser
	$(PYTHON) -m ruff check .
	$(PYTHON) -m ruff format --check .
	$(PYTHON) -m pytest --durations=25

install-explorer:
	$(PYTHON) -m pip install --quiet -e '.[explorer]'

install-test:
	$(PYTHON) -m pip install --quiet -e '.[explorer,test]'

node-deps:
	npm ci --no-audit --no-fund --silent

browser:
	@command -v chromium >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)
