"""Build the offline in-browser explorer site (``python -m explorer build``).

One fail-fast script in numbered steps; every step either succeeds or stops the build with a
message. Inputs are ``static/pins.toml`` (the only pins file), ``static/`` (HTML shell, loader,
CSS), the ``explorer`` package (app modules), the repository itself (the ``charsim`` wheel),
``node_modules/pyodide`` (npm ``pyodide``) and Pyodide's compiled wheels (found or downloaded by
:mod:`explorer.site_build.compiled`; none with ``--pyodide-source cdn``). Output layout::

    site/index.html, page/*.js, worker.js     the shell: the page (live view, then the app; one
    site/style.css, explorer.css              module per job) and the Web Worker that runs Python
    site/a11y.js, snapshot.js, engines.js,    for it; a11y.js mends the libraries' markup for
    site/archives.js                           accessibility; snapshot.js restores Python's memory
    site/pyodide/                              Pyodide core, its standard library, the compiled
                                               wheels (numpy, pandas), pyodide-lock.json, the
                                               memory snapshot and <stage>.tar.gz: each install
                                               stage's pure-Python packages (live: and the app)
    site/bokeh/, site/panel/<v>/dist/          Bokeh/Panel JS and CSS (PANEL_CDN_ROOT=site/panel/)
    (every module shipped comes with its CPython 3.12 bytecode)
    site/examples/<key>/                       built-in batch examples (data + licence)

Only the standard library is used, plus ``pip``, ``npm`` and ``node`` as subprocesses. Without
Node.js the site is built without the memory snapshots and the bytecode (:data:`NO_NODE` says
so, in one line), and npm ``pyodide`` comes from npm's registry (:mod:`explorer.site_build.pins`).
From an installed package, npm's packages and the downloads are kept in a folder of the user's
cache (:data:`explorer.site_build.common.WORKSPACE`) and the site goes to ``./site``.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import zipfile
from pathlib import Path

from explorer.runtime.worker import SNAPSHOT_GROUPS
from explorer.site_build import compiled
from explorer.site_build.app_files import app_files
from explorer.site_build.assets import copy_assets, copy_examples, follow_colour_scheme
from explorer.site_build.budget import measure, precompress, precompress_brotli
from explorer.site_build.bundle import bundled, write_bundle
from explorer.site_build.bytecode import add_bytecode
from explorer.site_build.bytecode import standard_library as add_standard_library_bytecode
from explorer.site_build.common import INSTALLED, MARKER, ROOT, BuildError, normalize
from explorer.site_build.downloads import fetch
from explorer.site_build.lock import (
    Package,
    compiled_entries,
    compiled_packages,
    install_order,
    write_lock,
)
from explorer.site_build.pins import NPM_PYODIDE, PINS_FILE, load_npm_lock, load_pins
from explorer.site_build.service_worker import SERVICE_WORKER, write_service_worker
from explorer.site_build.shell import SHELL, page_assets, render_shell
from explorer.site_build.snapshot import make_app_snapshot, make_snapshot
from explorer.site_build.urls import foreign_urls, rewrite_loaded_urls
from explorer.site_build.wheels import (
    charsim_wheel,
    pure_wheel_from_sdist,
    slim_wheel,
    wheel_imports,
)

DEFAULT_OUT = Path("site") if INSTALLED else ROOT / "site"
"""The site's folder: ``site/`` in the checkout, or in the current folder for an installed
package."""
#: Pyodide core files copied into site/pyodide/ (local mode).
PYODIDE_CORE = ["pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm"]
BROTLI_MIN_BYTES = 100_000
"""Of the files the first score needs, those larger get a Brotli copy (Pyodide's core and the
live view's snapshot: over a megabyte fewer than gzip's, ``docs/benchmarks.md``)."""
#: Pyodide's standard library, served by the site (whatever serves the core) with the bytecode
#: of its modules.
STANDARD_LIBRARY_FILE = "python_stdlib.zip"
PANEL_CDN_ROOT = "panel/"
"""Where Panel's JS and CSS are in the site, relative to the page: Panel's ``PANEL_CDN_ROOT`` in
the worker (the app's snapshot keeps the value it was made with, so it is the page's own)."""


#: What a build writes at the top of its folder (a ``.gz`` copy of a file aside), the app's
#: archives of earlier builds included: a folder without the marker is an earlier build only if
#: it holds nothing else.
SITE_ENTRIES = {
    "index.html",
    "worker.js",
    "snapshot.js",
    "engines.js",
    "archives.js",
    "service-worker.js",
    "a11y.js",
    "explorer.css",
    "style.css",
    "app.zip",
    "app-later.zip",
    "pyodide",
    "bokeh",
    "panel",
    "page",
    "examples",
}
NO_NODE = (
    "Node.js (`node`) is not on PATH: building the site without its memory snapshots (which "
    "start the page faster) and bytecode; install Node.js 20 (Debian: apt-get install -y "
    "nodejs) for them"
)
"""What a build without Node says first, in one line."""
SKIPPED = "skipped: Node.js is not on PATH"
SHELL_MARK = 'id="site-config"'
"""In the ``index.html`` of every build, before the marker too: the page's configuration."""


def replaceable(out: Path) -> None:
    """Check that the build may empty ``out``: it does not exist, is empty, or is a site this
    command built (it holds :data:`~explorer.site_build.common.MARKER`, or it is a build from
    before the marker: the explorer's ``index.html`` (:data:`SHELL_MARK`), a ``worker.js`` and a
    ``pyodide/`` beside nothing but :data:`SITE_ENTRIES`).

    Raises:
        BuildError: ``out`` is a file, or a folder holding anything else (say what to do).
    """
    if not out.exists():
        return
    if not out.is_dir():
        raise BuildError(f"--out {out} is a file, not a folder for the site")
    entries = {path.name.removesuffix(".gz") for path in out.iterdir()}
    earlier = (out / MARKER).is_file() or (
        {"index.html", "worker.js", "pyodide"} <= entries <= SITE_ENTRIES
        and SHELL_MARK in (out / "index.html").read_text(encoding="utf-8", errors="replace")
    )
    if not earlier and entries:
        raise BuildError(
            f"--out {out} holds files that are not a site this command built, and a build "
            "replaces its folder's contents: give a new or empty folder"
        )


def step(number: int, total: int, text: str) -> None:
    """Print a numbered step header."""
    print(f"[{number}/{total}] {text}", flush=True)


def build(
    out: Path = DEFAULT_OUT, pyodide_source: str = "local", wheels: Path | None = None
) -> Path:
    """Build the site into ``out`` (replacing an earlier build there) and return ``out``.

    Args:
        out: the site's folder.
        pyodide_source: ``local`` (the site serves Pyodide and every wheel) or ``cdn`` (Pyodide
            and its compiled packages come from the pinned CDN at run time).
        wheels: a folder of Pyodide's compiled wheels (``--pyodide-wheels``), looked in first.

    Raises:
        BuildError: a step failed (the message says which input to fix), or ``out`` holds
            something other than an earlier build (nothing is deleted then).
    """
    total = 15
    out = out.resolve()
    if pyodide_source not in ("local", "cdn"):
        raise BuildError(f"unknown --pyodide-source {pyodide_source!r}")

    node = shutil.which("node") is not None
    replaceable(out)
    if not node:
        print(NO_NODE, flush=True)
    step(1, total, f"Resolve pins ({PINS_FILE.relative_to(ROOT)})")
    pins = load_pins()
    npm_lock = load_npm_lock(pins["pyodide"]["version"])
    if pyodide_source == "local":  # a bad --pyodide-wheels: say so before any download
        compiled.check_given(compiled_entries(pins, npm_lock), pins["pyodide"], wheels)
    else:
        compiled.places(pins["pyodide"]["version"], wheels)
    if out.exists():
        shutil.rmtree(out)
    wheels_dir = out / "pyodide"
    try:
        wheels_dir.mkdir(parents=True)
    except OSError as error:
        raise BuildError(f"--out {out}: cannot make the folder ({error.strerror})") from None
    (out / MARKER).write_text("A site built by `python -m explorer build`.\n", encoding="utf-8")

    step(2, total, "Fetch pure wheels from PyPI into .cache/wheels and verify sha256")
    wheel_files = fetch(pins.get("wheel", []), binary=True)

    step(3, total, "Fetch sdists and build pure-Python wheels (no C extension)")
    sdist_files = fetch(pins.get("sdist", []), binary=False)
    packages: dict[str, Package] = {}
    for pin in pins.get("sdist", []):
        path = pure_wheel_from_sdist(pin, sdist_files[normalize(pin["name"])], wheels_dir)
        packages[normalize(pin["name"])] = Package(
            normalize(pin["name"]),
            pin["version"],
            path,
            imports=[pin["package"].strip("/").rsplit("/", 1)[-1]],
        )

    step(4, total, "Slim the PyPI wheels (JS/CSS bundles are served as files)")
    for pin in pins.get("wheel", []):
        source = wheel_files[normalize(pin["name"])]
        path = slim_wheel(source, pin.get("strip", []), pin.get("keep", []), wheels_dir)
        with zipfile.ZipFile(path) as zf:
            imports = wheel_imports(zf.namelist())
        packages[normalize(pin["name"])] = Package(
            normalize(pin["name"]),
            pin["version"],
            path,
            depends=[normalize(d) for d in pin.get("depends", [])],
            imports=imports,
        )

    names = ", ".join(pins["pyodide"]["compiled"])
    if pyodide_source == "cdn":
        step(5, total, f"Point the lock at the CDN for Pyodide's compiled packages ({names})")
    else:
        step(5, total, f"Find or download Pyodide's compiled wheels ({names}), verify sha256")
    for package in compiled_packages(pins, npm_lock, pyodide_source, wheels, wheels_dir):
        packages[package.name] = package

    step(6, total, "Make the charsim wheel from the charsim package")
    packages["charsim"] = charsim_wheel(wheels_dir)

    step(7, total, "Compile the modules of these wheels and of the app to bytecode (Pyodide)")
    app = app_files()  # read once: the bytecode must match the sources shipped
    if node:
        app |= add_bytecode(
            [package.path for _, package in sorted(packages.items()) if package.path], app
        )
    else:
        print(f"      {SKIPPED}")

    step(8, total, "Archive each install stage's pure-Python packages; write pyodide-lock.json")
    order = install_order(packages, pins)
    stages = {}  # per stage: its archive, what it holds, what Pyodide's loader installs
    for stage, names in order.stages.items():
        held = [name for name in names if bundled(packages[name].path)]
        wheels = [packages[name].path for name in held]
        stages[stage] = {
            "bundle": write_bundle(out, stage, wheels, app if stage == "live" else {}),
            "bundled": held,
            "loaded": [name for name in names if name not in held],
        }
        listed = held + ["the app"] * (stage == "live")
        print(f"      {stages[stage]['bundle']['url']}: {', '.join(listed)}")
    for name in (name for stage in stages.values() for name in stage["bundled"]):
        packages.pop(name).path.unlink()  # installed from the archives, not served
    write_lock(packages, npm_lock, wheels_dir)

    step(9, total, f"Copy Pyodide core ({pyodide_source}); the standard library with its bytecode")
    if pyodide_source == "local":
        for name in PYODIDE_CORE:
            shutil.copyfile(NPM_PYODIDE / name, wheels_dir / name)
        index_url = "pyodide/"
    else:
        index_url = pins["pyodide"]["cdn_url"]
    standard_library = wheels_dir / STANDARD_LIBRARY_FILE  # the site's own, whatever the core's
    if node:
        add_standard_library_bytecode(NPM_PYODIDE / STANDARD_LIBRARY_FILE, standard_library)
    else:
        shutil.copyfile(NPM_PYODIDE / STANDARD_LIBRARY_FILE, standard_library)

    step(10, total, "Copy Bokeh/Panel JS and CSS out of the verified wheels")
    for pin in pins.get("wheel", []):
        if pin.get("assets"):
            copy_assets(wheel_files[normalize(pin["name"])], pin["assets"], out)
    rewrite_loaded_urls(out)
    follow_colour_scheme(out)

    step(11, total, "Copy the batch examples")
    print(f"      batch examples: {', '.join(copy_examples(out))}")

    step(12, total, "Make the live view's and the app's memory snapshots (Node); check them")
    snapshot = app_snapshot = None
    if not node:
        print(f"      {SKIPPED}")
    else:
        snapshot = make_snapshot(out, [out / stages["live"]["bundle"]["url"]], standard_library)
        print(f"      {snapshot['url']}: {snapshot['bytes'] / 1e6:.1f} MB unpacked")
    scripts, styles = page_assets(pins)
    if node and packages["numpy"].path:  # the site serves numpy's wheel (not the CDN's)
        app_snapshot = make_app_snapshot(
            out,
            [out / stages[s]["bundle"]["url"] for s in ["app", "live", *SNAPSHOT_GROUPS]],
            standard_library,
            packages["numpy"].path,
            PANEL_CDN_ROOT,
            scripts + styles,
        )
        print(f"      {app_snapshot['url']}: {app_snapshot['bytes'] / 1e6:.1f} MB unpacked")

    step(13, total, "Render the HTML shell")
    config = {
        "pyodideSource": pyodide_source,
        "pyodideJs": index_url + "pyodide.mjs",
        "indexURL": index_url,
        "lockFileURL": "pyodide/pyodide-lock.json",
        "standardLibrary": f"pyodide/{STANDARD_LIBRARY_FILE}",
        "standardLibraryBytes": standard_library.stat().st_size,
        "stages": stages,
        "packageFiles": {packages[n].file_name.rsplit("/", 1)[-1]: n for n in packages},
        "snapshot": snapshot,
        "appSnapshot": app_snapshot,
        "serviceWorker": SERVICE_WORKER,
        "worker": "worker.js",
        "panelCdnRoot": PANEL_CDN_ROOT,
        "scripts": scripts,
        "styles": styles,
        "pageResources": scripts + styles,
    }
    render_shell(out, config)

    step(14, total, "Check for foreign URLs, pre-compress (gzip; Brotli for the first score)")
    cdn_host = re.sub(r"^https?://([^/]+)/.*$", r"\1", pins["pyodide"]["cdn_url"])
    allowed = []
    if pyodide_source == "cdn":
        allowed = [
            ("index.html", cdn_host, "--pyodide-source cdn: Pyodide's core"),
            ("pyodide/pyodide-lock.json", cdn_host, "--pyodide-source cdn: compiled packages"),
        ]
    problems = foreign_urls(out, allowed)
    if problems:
        raise BuildError("foreign URLs in the site:\n  " + "\n  ".join(problems))
    precompress(out)
    # The first score needs the shell, Pyodide's core and the snapshot; the standard library's
    # archive, the stages' archives and the wheels Pyodide's loader installs follow it.
    live = [out / name for name in ["index.html", *SHELL, "explorer.css"]]
    live += [out / snapshot["url"]] if snapshot else []
    rest = [package.path for package in packages.values() if package.path]
    rest += [out / stage["bundle"]["url"] for stage in stages.values()]
    if app_snapshot:
        rest += [out / app_snapshot["url"], out / app_snapshot["libraries"]["url"]]
    if pyodide_source == "local":
        live += [wheels_dir / n for n in PYODIDE_CORE]
    rest += [standard_library, *(out / path for path in scripts + styles)]
    if node:  # Brotli by Node's zlib
        precompress_brotli([path for path in live if path.stat().st_size > BROTLI_MIN_BYTES])
    measure(out, live, rest, order)
    step(15, total, "Write the service worker that keeps the site for offline visits")
    print(f"      build {write_service_worker(out)}")
    return out


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point of ``python -m explorer build``."""
    parser = argparse.ArgumentParser(
        prog="python -m explorer build",
        description="Build the explorer as a static site that works offline after the first "
        "visit: the page, Pyodide, the app's memory snapshots and the packages it installs "
        "(numpy, pandas, Bokeh, Panel, sacreBLEU). Serve it with python -m explorer serve.",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=DEFAULT_OUT,
        help="output folder (site/): new, empty or an earlier build, which is emptied and "
        "written anew (a file added there is not kept)",
    )
    parser.add_argument(
        "--pyodide-source",
        choices=["local", "cdn"],
        default="local",
        help="serve Pyodide core + compiled wheels locally (default, offline) "
        "or load them from the official CDN",
    )
    parser.add_argument(
        "--pyodide-wheels",
        type=Path,
        default=None,
        metavar="DIR",
        help=f"a folder of Pyodide's compiled wheels, looked in first (or ${compiled.WHEELS_ENV}); "
        "then ../shared/pyodide-<version>, .cache/pyodide-<version>/, else they are downloaded",
    )
    args = parser.parse_args(argv)
    if args.out.exists() and not args.out.is_dir():
        parser.error(f"--out {args.out} is a file, not a folder for the site")
    try:
        build(args.out, args.pyodide_source, args.pyodide_wheels)
    except BuildError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
