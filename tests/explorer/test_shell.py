"""The page's own scripts (``static/page/``, one ES module per job) reach the site: the build copies
each, index.html runs the first, which imports the others, and preloads those, and the URL audit,
the pre-compression and the service worker's list of kept files all see them. No Pyodide and no
browser: only the shell is rendered."""

from __future__ import annotations

import re
from pathlib import Path

from explorer.site_build.budget import precompress
from explorer.site_build.common import STATIC
from explorer.site_build.service_worker import kept_files
from explorer.site_build.shell import PAGE_SCRIPTS, SHELL, render_shell
from explorer.site_build.urls import foreign_urls


def test_every_script_of_static_page_is_listed_once_and_shipped():
    on_disk = sorted(f"page/{path.name}" for path in (STATIC / "page").glob("*.js"))
    assert sorted(PAGE_SCRIPTS) == on_disk and len(set(PAGE_SCRIPTS)) == len(PAGE_SCRIPTS)
    assert PAGE_SCRIPTS[0] == "page/loading.js"  # it starts the worker once all have run
    assert set(PAGE_SCRIPTS) <= set(SHELL)


def _imported(module: str) -> set[str]:
    """The modules of static/ that ``module`` (a path in static/) imports, directly or not."""
    found, todo = set(), [module]
    while todo:
        path = todo.pop()
        text = (STATIC / path).read_text(encoding="utf-8")
        for name in re.findall(r'^import [^;]*?from "(\./[^"]+)";', text, re.M | re.S):
            imported = (Path(path).parent / name).as_posix().removeprefix("./")
            if imported not in found:
                found.add(imported)
                todo.append(imported)
    return found


def test_the_page_and_the_worker_are_shipped_with_every_module_they_import():
    assert _imported(PAGE_SCRIPTS[0]) == set(PAGE_SCRIPTS[1:])  # each preloaded
    assert _imported("worker.js") | {"worker.js"} <= set(SHELL)


def test_the_shell_runs_the_page_scripts_in_order_and_every_check_sees_them(tmp_path):
    render_shell(tmp_path, {"worker": "worker.js"})
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "{{" not in html
    scripts = re.findall(r'<script type="module" src="([^"]+)"></script>', html)
    assert scripts == ["a11y.js", PAGE_SCRIPTS[0]]
    assert re.findall(r'<link rel="modulepreload" href="([^"]+)">', html) == PAGE_SCRIPTS[1:]
    for name in SHELL:
        assert (tmp_path / name).read_bytes() == (STATIC / name).read_bytes()
    assert foreign_urls(tmp_path, []) == []  # the audit reads them (and finds no other host)
    precompress(tmp_path)
    kept = kept_files(tmp_path)
    for name in PAGE_SCRIPTS:
        assert (tmp_path / f"{name}.gz").is_file()
        assert name in kept and f"{name}.gz" not in kept
