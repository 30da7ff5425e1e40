# Two entry points for a fresh machine (Debian, root): `make explorer` and `make test`.
# Each installs what it needs first; the steps are idempotent. `make test-quick` installs nothing.
PYTHON ?= python3
PORT ?= 8000

.PHONY: explorer test test-quick docs install-test install-explorer install-docs node-deps browser

explorer: install-explorer node-deps
	$(PYTHON) -m explorer serve --port $(PORT)

# CI's run installs Node.js's packages: a test that needs them fails without (tests/conftest.py).
test: export CHARSIM_TEST_NEEDS_NODE = 1
test: install-test node-deps browser
	$(PYTHON) -m ruff check .
	$(PYTHON) -m ruff format --check .
	npm run --silent lint
	PYTHON=$(PYTHON) node --test tests/js/
	$(PYTHON) -m pytest -n 2 --dist loadscope --no-loadscope-reorder --durations=25

# Everything but the browser tests and the site builds (pytest's markers `ui`, all of tests/ui/,
# and `site_build`), with what is installed (`make install-test` once; no browser, no apt, no
# npm): a test that needs Node.js or npm's Pyodide core is skipped on a machine without them, and
# so are the page's lint and unit tests (tests/js/).
test-quick:
	@$(PYTHON) -c "import ruff, pytest, xdist, hypothesis" 2>/dev/null || { echo "make test-quick:\
	 the test tools are not installed: run make install-test once" >&2; exit 1; }
	$(PYTHON) -m ruff check .
	$(PYTHON) -m ruff format --check .
	@if command -v node >/dev/null && [ -d node_modules/jsdom ]; then npm run --silent lint && \
	PYTHON=$(PYTHON) node --test tests/js/; \
	else echo "ESLint, Prettier and tests/js/ skipped: no Node.js, or no npm ci yet"; fi
	$(PYTHON) -m pytest -n 2 --dist loadscope -m "not ui and not site_build" -rs --durations=10

# The documentation site (Sphinx + MyST), warnings as errors, into docs/_build/html.
docs: install-docs
	$(PYTHON) -m sphinx -W --keep-going -q -b html docs docs/_build/html

install-docs:
	$(PYTHON) -m pip install --quiet -e '.[docs]'

install-explorer:
	$(PYTHON) -m pip install --quiet -e '.[explorer]'

install-test:
	$(PYTHON) -m pip install --quiet -e '.[explorer,test]'

node-deps:
	npm ci --no-audit --no-fund --silent

# The browser engines of the tests: Chromium, Firefox ESR, WebKitGTK (Safari's engine) with its
# WebDriver, and a virtual display for it (tests/engines/).
BROWSERS = chromium firefox-esr webkit2gtk-driver xvfb
browser:
	@dpkg -s $(BROWSERS) >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(BROWSERS))
