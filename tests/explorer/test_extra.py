"""The wheel holds the explorer; without its extra (Panel, Bokeh, param) the explorer says what
to install, in one line, instead of a traceback."""

from __future__ import annotations

import subprocess
import sys

HINT = "install charsim's explorer extra: pip install 'charsim[explorer]'"


def _without(module: str, code: str) -> subprocess.CompletedProcess:
    """Run ``code`` in a Python where ``module`` cannot be imported."""
    blocked = f"import sys; sys.modules[{module!r}] = None\n"
    return subprocess.run(
        [sys.executable, "-c", blocked + code], capture_output=True, text=True, timeout=120
    )


def test_python_m_explorer_without_param_names_the_extra():
    done = _without(
        "param", "from explorer.__main__ import main; raise SystemExit(main(['build']))"
    )
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == f"python -m explorer: needs param: {HINT}\n"


def test_the_notebook_component_without_panel_names_the_extra():
    done = _without("panel", "import explorer.notebook")
    assert done.returncode == 1
    assert done.stderr.rstrip().splitlines()[-1].endswith(HINT)
