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


def test_the_app_and_its_runtime_import_none_of_the_modules_shipped_later():
    """The modules of app-later.zip (``site.LATER_MODULES``), unpacked once the app is on the
    page, are imported by staged parts only: the app is built without them."""
    modules = [
        "explorer." + name.removesuffix(".py").replace("/", ".") for name in site.LATER_MODULES
    ]
    blocked = "".join(f"sys.modules[{name!r}] = None; " for name in modules)
    code = f"import sys; {blocked}import explorer.runtime.worker, explorer.app.page as p; "
    code += "sys.platform = 'emscripten'; p.create_app()"  # as in the browser: parts staged
    subprocess.run([sys.executable, "-c", code], cwd=site.ROOT, check=True)


def test_a_bytecode_file_stands_for_its_module():
    pyc = "explorer/app/views/__pycache__/metrics.cpython-312.pyc"
    assert site.source_of(pyc) == "explorer/app/views/metrics.py"
    assert site.source_of("explorer/app/page.py") == "explorer/app/page.py"


def test_a_staged_part_is_built_when_build_later_runs(monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    built = []
    part = staged.later(lambda: built.append("built") or pn.pane.Markdown("the part"))
    assert built == [] and part.objects[0].object == "Loading…"
    staged.build_later()
    assert built == ["built"] and part.objects[0].object == "the part"
    staged.build_later()  # nothing left to build
    assert built == ["built"]
