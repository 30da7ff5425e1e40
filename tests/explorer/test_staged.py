"""Staged rendering: the first view needs none of the packages installed after it."""

from __future__ import annotations

import subprocess
import sys
import tomllib

import panel as pn

from explorer.build import site
from explorer.runtime import staged


def test_the_first_view_imports_no_late_package():
    """``explorer.app.page`` imports without the packages the browser installs after the first view
    (``[app] later`` in pins.toml): modules needing them are imported in staged parts only."""
    pins = tomllib.loads(site.PINS_FILE.read_text(encoding="utf-8"))
    late = [name.replace("-", "_") for name in pins["app"]["later"]]
    blocked = "".join(f"sys.modules[{name!r}] = None; " for name in late)
    code = f"import sys; {blocked}import explorer.app.page"
    subprocess.run([sys.executable, "-c", code], cwd=site.ROOT, check=True)


def test_a_staged_part_is_built_when_build_later_runs(monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    built = []
    part = staged.later(lambda: built.append("built") or pn.pane.Markdown("the part"))
    assert built == [] and part.objects[0].object == "Loading…"
    staged.build_later()
    assert built == ["built"] and part.objects[0].object == "the part"
    staged.build_later()  # nothing left to build
    assert built == ["built"]
