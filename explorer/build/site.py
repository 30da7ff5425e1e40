"""Build the offline in-browser explorer site (``python -m explorer build``).

One fail-fast script in numbered steps; every step either succeeds or stops the build with a
message. Inputs are ``static/pins.toml`` (the only pins file), ``static/`` (HTML shell, loader,
CSS), the ``explorer`` package (app modules), the repository itself (the ``charsim`` wheel),
``node_modules/pyodide`` (npm ``pyodide``) and Pyodide's compiled wheels (found or downloaded by
:mod:`explorer.build.compiled`; none with ``--pyodide-source cdn``). Output layout::

    site/index.html, page.js, worker.js       the shell: the page (live view, then the app) and
    site/style.css, explorer.css              the Web Worker that runs Python for it; a11y.js
    site/a11y.js                              mends the libraries' markup for accessibility
    site/pyodide/                              Pyodide core, every wheel, pyodide-lock.json
    site/bokeh/, site/panel/<v>/dist/          Bokeh/Panel JS and CSS (PANEL_CDN_ROOT=site/panel/)
    site/app.zip                               the explorer app modules, unpacked in Pyodide
    (every wheel the build makes and app.zip also hold the CPython 3.12 bytecode of their modules)
    site/examples/<key>/                       built-in batch examples (data + licence)

Only the standard library is used, plus ``pip``, ``npm`` and ``node`` as subprocesses.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import zipfile
from dataclasses import dataclass, field
from fnmatch import fnmatch
from pathlib import Path

from explorer.app.sources.batch_examples import BATCH_EXAMPLES
from explorer.build import compiled
from explorer.build.common import ROOT, STATIC, BuildError, sha256
from explorer.build.service_worker import SERVICE_WORKER, write_service_worker
from explorer.build.snapshot import make_snapshot

PACKAGE = ROOT / "explorer"
"""The ``explorer`` package: the app and the in-browser runtime ship; this build folder does not."""
PINS_FILE = STATIC / "pins.toml"
NPM_PYODIDE = ROOT / "node_modules" / "pyodide"
WHEEL_CACHE = ROOT / ".cache" / "wheels"
DEFAULT_OUT = ROOT / "site"

#: Pyodide core files copied into site/pyodide/ (local mode).
PYODIDE_CORE = ["pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip"]
#: What of the explorer package runs in the browser (shipped in app.zip, Python or not): the
#: app a user sees and the runtime that boots it; the site build and ``__main__`` stay here.
SHIPPED = ["__init__.py", "app/", "runtime/"]
#: Node script that compiles Python to bytecode inside Pyodide (see ``bytecode``).
COMPILE_PYC = Path(__file__).with_name("compile_pyc.mjs")
#: Where Pyodide puts the files of installed wheels, and of app.zip (unpacked in its cwd).
SITE_PACKAGES = "/lib/python3.12/site-packages"
APP_HOME = "/home/pyodide"
#: Suffixes of files scanned for foreign URLs.
TEXT_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".py", ".txt", ".svg", ".map", ".md"}
#: Suffixes of files that get a pre-compressed ``.gz`` sibling (served by explorer.serve when
#: the browser accepts gzip; static hosts compress these types themselves).
GZIP_SUFFIXES = {".wasm", ".js", ".mjs", ".css", ".json", ".html", ".svg", ".ttf"}
#: Most bytes a first visit may download before its first score, gzip-served (the explorer's
#: load-time target; the rest follows).
FIRST_LOAD_BUDGET = 12_000_000
#: Fixed timestamp for every zip member the build writes, so rebuilt wheels are reproducible.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)

#: ``(path, host, reason)``: URLs to foreign hosts that vendored JS *would load* for features the
#: explorer does not use. The build points them at a local path that does not exist
#: (``unavailable-offline/<host>/...``), so such a feature fails locally instead of reaching out.
URL_REWRITES = [
    ("bokeh/bokeh.min.js", "cdn.jsdelivr.net", "MathJax and Tabler icon fonts, loaded on demand"),
    ("bokeh/bokeh.min.js", "maps.googleapis.com", "Google Maps API script (GMapPlot)"),
    ("bokeh/bokeh-tables.min.js", "octopart.com", "SlickGrid RemoteModel example endpoint"),
    ("panel/*/dist/panel.min.js", "panel.pyviz.org", "Tabulator remote-pagination ajaxURL"),
]

#: ``(path glob, host, reason)``: the only foreign URLs tolerated in the site's text files.
#: None is ever requested: they are licence/credit comments, error-message text, links a user
#: may click, or identifiers. (The UI tests also abort and fail on any non-local request.)
URL_ALLOW = [
    (
        "pyodide/pyodide.js",
        "cdn.jsdelivr.net",
        "default package CDN that Pyodide consults only under Node.js",
    ),
    ("*", "www.w3.org", "XML namespace identifiers (SVG, XHTML, MathML)"),
    ("*/LICENSE*", "*", "licence text of a bundled library"),
    ("bokeh/bokeh.min.js", "bokeh.org", "href of the toolbar logo link"),
    ("bokeh/bokeh.min.js", "docs.bokeh.org", "HelpTool link target"),
    ("bokeh/bokeh.min.js", "developers.google.com", "text of a GMapPlot error message"),
    ("bokeh/bokeh-gl.min.js", "get.webgl.org", "text of a WebGL error message"),
    ("bokeh/bokeh-gl.min.js", "www.npmjs.com", "text of a WebGL error message"),
    ("bokeh/bokeh-widgets.min.js", "redux.js.org", "text of a Redux error message"),
    ("panel/*/dist/panel.min.js", "foo.com", "dummy base of a URL parser, never fetched"),
] + [
    (path, host, "licence/credit comment of a bundled library")
    for path, hosts in {
        "bokeh/bokeh.min.js": ["github.com", "jquery.org", "tabler.io", "www.foretagsplatsen.se"],
        "bokeh/bokeh-widgets.min.js": ["github.com", "fusejs.io", "kiro.me", "www.apache.org"],
        "bokeh/bokeh-tables.min.js": [
            "github.com",
            "jquery.com",
            "jquery.org",
            "threedubmedia.com",
        ],
        "panel/*/dist/panel.min.js": ["github.com"],
        "panel/*/dist/bundled/reactiveesm/*/es-module-shims.min.js": ["www.jsdelivr.com"],
        "panel/*/dist/bundled/font-awesome/*": ["fontawesome.com"],
    }.items()
    for host in hosts
]


@dataclass
class Package:
    """One entry of the site's pyodide-lock.json plus the wheel file behind it.

    ``path`` is the wheel in ``site/pyodide/``, or None for a wheel the site does not serve
    (Pyodide's compiled packages with ``--pyodide-source cdn``): the lock then names ``url``
    and the official ``digest``. Files of the site are hashed when the lock is written (after
    the build has added their bytecode).
    """

    name: str
    version: str
    path: Path | None
    depends: list[str] = field(default_factory=list)
    imports: list[str] = field(default_factory=list)
    package_type: str = "package"
    url: str = ""
    digest: str = ""

    @property
    def file_name(self) -> str:
        """The lock's ``file_name``: the site's file (relative) or the absolute ``url``."""
        return self.url or self.path.name

    def lock_entry(self) -> dict:
        """The entry in Pyodide's lock-file format."""
        return {
            "name": self.name,
            "version": self.version,
            "file_name": self.file_name,
            "install_dir": "site",
            "sha256": self.digest or sha256(self.path),
            "package_type": self.package_type,
            "imports": self.imports,
            "depends": self.depends,
            "unvendored_tests": False,
        }


def step(number: int, total: int, text: str) -> None:
    """Print a numbered step header."""
    print(f"[{number}/{total}] {text}", flush=True)


def normalize(name: str) -> str:
    """PEP 503 normalised project name (as used for Pyodide lock keys)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def run(cmd: list[str], cwd: Path = ROOT) -> None:
    """Run a subprocess, failing the build with its output if it fails."""
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise BuildError(f"command failed: {' '.join(cmd)}\n{proc.stdout}\n{proc.stderr}")


def verify(path: Path, expected: str) -> None:
    """Fail unless ``path`` has the expected SHA-256."""
    actual = sha256(path)
    if actual != expected:
        raise BuildError(f"sha256 mismatch for {path}: expected {expected}, got {actual}")


# ---------------------------------------------------------------------------------------------
# Steps
# ---------------------------------------------------------------------------------------------


def load_pins() -> dict:
    """Read static/pins.toml and check it names each package once."""
    pins = tomllib.loads(PINS_FILE.read_text(encoding="utf-8"))
    names = [normalize(p["name"]) for p in pins.get("wheel", []) + pins.get("sdist", [])]
    names += [normalize(n) for n in pins["pyodide"]["compiled"]]
    duplicates = {n for n in names if names.count(n) > 1}
    if duplicates:
        raise BuildError(f"{PINS_FILE}: packages pinned twice: {sorted(duplicates)}")
    return pins


def load_npm_lock(version: str) -> dict:
    """Install npm ``pyodide`` if missing and return its lock file (checking the version)."""
    if not (NPM_PYODIDE / "pyodide-lock.json").is_file():
        run(["npm", "ci", "--no-audit", "--no-fund"])
    lock = json.loads((NPM_PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    if lock["info"]["version"] != version:
        raise BuildError(
            f"node_modules/pyodide is {lock['info']['version']}, pins say {version}: run npm ci"
        )
    return lock


def fetch(pins: list[dict], binary: bool) -> dict[str, Path]:
    """Download pinned wheels (``binary``) or sdists into the cache; verify every sha256."""
    WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
    missing = [p for p in pins if not (WHEEL_CACHE / p["file"]).is_file()]
    if missing:
        with tempfile.TemporaryDirectory() as tmp:
            requirements = Path(tmp) / "requirements.txt"
            requirements.write_text(
                "".join(
                    f"{p['name']}=={p['version']} --hash=sha256:{p['sha256']}\n" for p in missing
                ),
                encoding="utf-8",
            )
            cmd = [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--require-hashes",
                "--disable-pip-version-check",
                "-r",
                str(requirements),
                "-d",
                tmp,
            ]
            if binary:
                # Pure wheels for Pyodide's interpreter, whatever Python runs the build.
                cmd += [
                    "--only-binary",
                    ":all:",
                    "--python-version",
                    "3.12",
                    "--implementation",
                    "py",
                    "--abi",
                    "none",
                    "--platform",
                    "any",
                ]
            else:
                cmd += ["--no-binary", ":all:"]
            run(cmd)
            for p in missing:
                downloaded = Path(tmp) / p["file"]
                if not downloaded.is_file():
                    raise BuildError(f"pip did not produce {p['file']} (check `file` in pins)")
                shutil.move(downloaded, WHEEL_CACHE / p["file"])
    files = {}
    for p in pins:
        verify(WHEEL_CACHE / p["file"], p["sha256"])
        files[normalize(p["name"])] = WHEEL_CACHE / p["file"]
    return files


def wheel_imports(names: list[str]) -> list[str]:
    """Top-level importable names of a wheel, from its member names."""
    tops = set()
    for name in names:
        first = name.split("/")[0]
        if first.endswith((".dist-info", ".data")):
            continue
        if "/" in name:
            tops.add(first)
        elif first.endswith(".py"):
            tops.add(first[:-3])
    return sorted(tops)


def write_zip(path: Path, members: dict[str, bytes]) -> None:
    """Write a deterministic zip (sorted members, fixed timestamps, deflated at level 9)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, ZIP_EPOCH)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, members[name], compresslevel=9)


def record_line(name: str, data: bytes) -> str:
    """A wheel RECORD line for one member."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def with_record(members: dict[str, bytes], dist_info: str) -> dict[str, bytes]:
    """Return ``members`` with a freshly computed ``<dist_info>/RECORD``."""
    record = f"{dist_info}/RECORD"
    lines = [record_line(n, d) for n, d in sorted(members.items()) if n != record]
    members = dict(members)
    members[record] = ("\n".join(lines + [f"{record},,"]) + "\n").encode()
    return members


def slim_wheel(source: Path, strip: list[str], keep: list[str], dest_dir: Path) -> Path:
    """Copy a wheel into ``dest_dir`` without members under ``strip`` (unless in ``keep``:
    files, or folders ending in ``/``)."""
    dest = dest_dir / source.name
    if not strip:
        shutil.copyfile(source, dest)
        return dest
    with zipfile.ZipFile(source) as zf:
        members = {
            i.filename: zf.read(i)
            for i in zf.infolist()
            if not i.is_dir()
            and (
                not i.filename.startswith(tuple(strip))
                or i.filename in keep
                or i.filename.startswith(tuple(k for k in keep if k.endswith("/")))
            )
        }
    dist_info = next(n.split("/")[0] for n in members if n.split("/")[0].endswith(".dist-info"))
    write_zip(dest, with_record(members, dist_info))
    return dest


def copy_assets(source: Path, assets: list[dict], out: Path) -> None:
    """Copy files/folders (``src`` prefixes) out of a verified wheel into the site."""
    with zipfile.ZipFile(source) as zf:
        names = [n for n in zf.namelist() if not n.endswith("/")]
        for asset in assets:
            src, dest = asset["src"], out / asset["dest"]
            chosen = [n for n in names if n == src or (src.endswith("/") and n.startswith(src))]
            if not chosen:
                raise BuildError(f"{source.name} has no {src}")
            for name in chosen:
                relative = name[len(src) :] if src.endswith("/") else name.rsplit("/", 1)[-1]
                target = dest / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(zf.read(name))


def pure_wheel_from_sdist(pin: dict, sdist: Path, dest_dir: Path) -> Path:
    """Build a ``py3-none-any`` wheel holding only the sdist's Python package (no C code)."""
    name = normalize(pin["name"]).replace("-", "_")
    dist_info = f"{name}-{pin['version']}.dist-info"
    prefix = f"{sdist.name.removesuffix('.tar.gz')}/"
    package_dir = prefix + pin["package"].strip("/") + "/"
    package_name = pin["package"].strip("/").rsplit("/", 1)[-1]
    members: dict[str, bytes] = {}
    with tarfile.open(sdist) as tf:
        for member in tf.getmembers():
            if not member.isfile():
                continue
            data = tf.extractfile(member).read()
            if member.name.startswith(package_dir) and member.name.endswith((".py", ".typed")):
                members[package_name + "/" + member.name[len(package_dir) :]] = data
            elif member.name == prefix + "PKG-INFO":
                members[f"{dist_info}/METADATA"] = data
            elif "/" not in member.name[len(prefix) :] and member.name[len(prefix) :].startswith(
                ("LICENSE", "LICENCE", "COPYING")
            ):
                members[f"{dist_info}/licenses/{member.name[len(prefix) :]}"] = data
    if f"{package_name}/__init__.py" not in members or f"{dist_info}/METADATA" not in members:
        raise BuildError(f"{sdist.name}: no {pin['package']}/__init__.py or PKG-INFO")
    members[f"{dist_info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: explorer.build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    members[f"{dist_info}/top_level.txt"] = f"{package_name}\n".encode()
    dest = dest_dir / f"{name}-{pin['version']}-py3-none-any.whl"
    write_zip(dest, with_record(members, dist_info))
    return dest


def compiled_packages(
    pins: dict, npm_lock: dict, pyodide_source: str, given: Path | None, dest_dir: Path
) -> list[Package]:
    """Pyodide's compiled packages as the site's lock lists them: verified copies in
    ``dest_dir`` (``local``; see :mod:`explorer.build.compiled`), or the official files' CDN
    URLs and hashes (``cdn``: nothing is read or downloaded)."""
    entries = [npm_lock["packages"][normalize(name)] for name in pins["pyodide"]["compiled"]]
    if pyodide_source == "cdn":
        paths = [None] * len(entries)
    else:
        paths = []
        for source in compiled.provide(entries, pins["pyodide"], given):
            shutil.copyfile(source, dest_dir / source.name)
            paths.append(dest_dir / source.name)
    return [
        Package(
            name=entry["name"],
            version=entry["version"],
            path=path,
            depends=list(entry["depends"]),
            imports=list(entry["imports"]),
            package_type=entry["package_type"],
            url="" if path else pins["pyodide"]["cdn_url"] + entry["file_name"],
            digest=entry["sha256"],
        )
        for entry, path in zip(entries, paths, strict=True)
    ]


def charsim_wheel(dest_dir: Path) -> Package:
    """Build the repository's ``charsim`` wheel with pip."""
    with tempfile.TemporaryDirectory() as tmp:
        run(
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                ".",
                "--no-deps",
                "--disable-pip-version-check",
                "-w",
                tmp,
            ]
        )
        (built,) = Path(tmp).glob("charsim-*.whl")
        shutil.copyfile(built, dest_dir / built.name)
    path = dest_dir / built.name
    with zipfile.ZipFile(path) as zf:
        imports = wheel_imports(zf.namelist())
    return Package("charsim", built.name.split("-")[1], path, imports=imports)


def load_order(packages: dict[str, Package], wanted: list[str]) -> list[str]:
    """Dependency closure of ``wanted``, dependencies first; fails on unknown names/cycles."""
    order: list[str] = []
    visiting: set[str] = set()

    def visit(name: str) -> None:
        if name in order:
            return
        if name not in packages:
            raise BuildError(f"package {name!r} is needed but not pinned")
        if name in visiting:
            raise BuildError(f"dependency cycle through {name!r}")
        visiting.add(name)
        for dep in packages[name].depends:
            visit(dep)
        visiting.discard(name)
        order.append(name)

    for name in wanted:
        visit(normalize(name))
    return order


def app_files() -> dict[str, bytes]:
    """The explorer package's files that run in the browser (:data:`SHIPPED`), by their path
    in app.zip."""
    files = {}
    for path in sorted(PACKAGE.rglob("*")):
        relative = path.relative_to(PACKAGE).as_posix()
        if (
            path.is_file()
            and relative.startswith(tuple(SHIPPED))
            and "__pycache__" not in path.parts
            and path.suffix != ".pyc"
        ):
            files[f"explorer/{relative}"] = path.read_bytes()
    return files


def app_archive(out: Path, members: dict[str, bytes]) -> list[str]:
    """Zip ``members`` (the app files and their bytecode) into site/app.zip; return the names of
    the app files (bytecode aside)."""
    write_zip(out / "app.zip", members)
    return sorted(name for name in members if "__pycache__/" not in name)


def bytecode(trees: list[tuple[str, dict[str, bytes]]]) -> list[dict[str, bytes]]:
    """Compile Python sources to bytecode with Pyodide's own CPython (3.12), under Node.

    Each tree is ``(installed, files)``: the folder the files live in inside Pyodide and
    ``{relative path: content}``. Returns, per tree, ``{relative path of a .pyc: bytes}``: a
    ``__pycache__/<module>.cpython-312.pyc`` for every ``.py`` file. The pycs are unchecked-hash
    (PEP 552), valid whatever the mtimes Pyodide gives the unpacked files, so importing skips the
    compilation (about half of the import time in the browser). Compiling in sorted order with
    fixed recorded paths keeps them byte-for-byte reproducible.
    """
    with tempfile.TemporaryDirectory() as tmp:
        folders = [Path(tmp, str(i)) for i in range(len(trees))]
        args = []
        for folder, (installed, files) in zip(folders, trees, strict=True):
            folder.mkdir()
            for name, data in files.items():
                if name.endswith(".py"):
                    (folder / name).parent.mkdir(parents=True, exist_ok=True)
                    (folder / name).write_bytes(data)
            args += [str(folder), installed]
        run(["node", str(COMPILE_PYC), *args])
        return [
            {
                path.relative_to(folder).as_posix(): path.read_bytes()
                for path in folder.rglob("*.pyc")
            }
            for folder in folders
        ]


def add_bytecode(wheels: list[Path], app: dict[str, bytes]) -> dict[str, bytes]:
    """Add to each of ``wheels`` (in place) the bytecode of its modules, and return that of the
    ``app`` files (for app.zip): all compiled in one Node run."""
    contents = []
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as zf:
            contents.append({i.filename: zf.read(i) for i in zf.infolist() if not i.is_dir()})
    compiled = bytecode([(SITE_PACKAGES, members) for members in contents] + [(APP_HOME, app)])
    for wheel, members, pycs in zip(wheels, contents, compiled[:-1], strict=True):
        dist_info = next(n.split("/")[0] for n in members if n.split("/")[0].endswith(".dist-info"))
        write_zip(wheel, with_record(members | pycs, dist_info))
    return compiled[-1]


def copy_examples(out: Path, root: Path = ROOT) -> list[str]:
    """Copy each built-in batch example (data and licence) from its folder in the repository
    ``root`` into ``site/examples/<key>/``; return the copied paths."""
    copied = []
    for example in BATCH_EXAMPLES.values():
        source = root / example.folder
        for name in example.files:
            if not (source / name).is_file():
                raise BuildError(
                    f"{source / name} is missing (the batch example {example.key}, which ships "
                    f"with the repository): restore it with `git checkout -- {example.folder}`"
                )
            target = out / example.url(name)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source / name, target)
            copied.append(target.relative_to(out).as_posix())
    return copied


SHELL = ["a11y.js", "page.js", "worker.js", "snapshot.js", "style.css"]
"""The page's own files in static/, copied as they are (index.html is rendered)."""


def render_shell(out: Path, config: dict) -> None:
    """Copy the static shell and the app's stylesheet (the live view shows the app's score card
    before the app itself), and fill in index.html's configuration."""
    for name in SHELL:
        shutil.copyfile(STATIC / name, out / name)
    shutil.copyfile(PACKAGE / "app" / "views" / "explorer.css", out / "explorer.css")
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    placeholder = "{{CONFIG_JSON}}"
    if placeholder not in html:
        raise BuildError(f"static/index.html lacks {placeholder}")
    html = html.replace(placeholder, json.dumps(config, indent=1).replace("</", "<\\/"))
    (out / "index.html").write_text(html, encoding="utf-8")


def page_assets(pins: dict) -> tuple[list[str], list[str]]:
    """``(scripts, styles)``: the JS files the page runs, in order (BokehJS, Panel, then the
    bundled JS that Panel's models declare: pins' ``keep`` of the panel wheel) and the CSS
    files it links, as paths of the site."""
    by_name = {pin["name"]: pin for pin in pins["wheel"]}

    def site_path(pin: dict, src: str) -> str:
        for asset in pin["assets"]:
            if src == asset["src"] or (asset["src"].endswith("/") and src.startswith(asset["src"])):
                return asset["dest"] + src.rsplit("/", 1)[-1]
        raise BuildError(f"{PINS_FILE}: {src} is kept but not among the assets of {pin['name']}")

    bokeh, panel = by_name["bokeh"], by_name["panel"]
    scripts = [site_path(bokeh, a["src"]) for a in bokeh["assets"]]
    scripts.append(site_path(panel, "panel/dist/panel.min.js"))
    scripts += [site_path(panel, src) for src in panel["keep"] if src.endswith(".js")]
    styles = [site_path(panel, src) for src in panel["keep"] if src.endswith(".css")]
    return scripts, styles


def rewrite_loaded_urls(out: Path) -> None:
    """Apply URL_REWRITES to the copied vendor files (each rewrite must still match)."""
    for glob, host, _reason in URL_REWRITES:
        paths = sorted(out.glob(glob))
        old = re.compile(rb"https?://" + re.escape(host.encode()))
        new = b"unavailable-offline/" + host.encode()
        if not paths or not any(old.search(p.read_bytes()) for p in paths):
            raise BuildError(f"URL_REWRITES entry {glob} {host} no longer matches: update it")
        for path in paths:
            path.write_bytes(old.sub(new, path.read_bytes()))


def foreign_urls(out: Path, extra_allow: list[tuple[str, str, str]]) -> list[str]:
    """Every ``http(s)://`` reference to a non-local host in the site's text files that
    neither URL_ALLOW nor ``extra_allow`` tolerates."""
    pattern = re.compile(rb"https?://([A-Za-z0-9.-]+)")
    problems = []
    for path in sorted(out.rglob("*")):
        if path.suffix not in TEXT_SUFFIXES or not path.is_file():
            continue
        relative = path.relative_to(out).as_posix()
        for host in sorted({m.decode() for m in pattern.findall(path.read_bytes())}):
            if host in ("127.0.0.1", "localhost"):
                continue
            if not any(
                fnmatch(relative, glob) and fnmatch(host, allowed)
                for glob, allowed, _ in URL_ALLOW + extra_allow
            ):
                problems.append(f"{relative}: {host}")
    return problems


def precompress(out: Path) -> None:
    """Write a deterministic ``.gz`` next to every compressible file of the site."""
    for path in sorted(out.rglob("*")):
        if path.suffix in GZIP_SUFFIXES and path.is_file():
            data = gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)
            path.with_name(path.name + ".gz").write_bytes(data)


def transfer_size(path: Path) -> int:
    """Bytes a browser that accepts gzip downloads for ``path`` from explorer.serve."""
    compressed = path.with_name(path.name + ".gz")
    return (compressed if compressed.is_file() else path).stat().st_size


def build(
    out: Path = DEFAULT_OUT, pyodide_source: str = "local", wheels: Path | None = None
) -> Path:
    """Build the site into ``out`` (replacing it) and return ``out``.

    Args:
        out: the site's folder.
        pyodide_source: ``local`` (the site serves Pyodide and every wheel) or ``cdn`` (Pyodide
            and its compiled packages come from the pinned CDN at run time).
        wheels: a folder of Pyodide's compiled wheels (``--pyodide-wheels``), looked in first.

    Raises:
        BuildError: a step failed (the message says which input to fix).
    """
    total = 15
    out = out.resolve()
    if pyodide_source not in ("local", "cdn"):
        raise BuildError(f"unknown --pyodide-source {pyodide_source!r}")

    if shutil.which("node") is None:
        raise BuildError(
            "Node.js (`node`) is not on PATH: the build runs Pyodide's own core under Node to "
            "compile the app's bytecode and to make the live view's memory snapshot. Install "
            "Node.js 20 and npm (Debian: apt-get install -y nodejs npm), then build again"
        )
    step(1, total, f"Resolve pins ({PINS_FILE.relative_to(ROOT)})")
    pins = load_pins()
    npm_lock = load_npm_lock(pins["pyodide"]["version"])
    if out.exists():
        shutil.rmtree(out)
    wheels_dir = out / "pyodide"
    wheels_dir.mkdir(parents=True)

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

    step(6, total, "Build the charsim wheel from the repository")
    packages["charsim"] = charsim_wheel(wheels_dir)

    step(7, total, "Compile the modules of these wheels and of the app to bytecode (Pyodide)")
    compiled = {normalize(n) for n in pins["pyodide"]["compiled"]}
    app = app_files()  # read once: the bytecode must match the sources shipped
    app |= add_bytecode(
        [package.path for name, package in sorted(packages.items()) if name not in compiled], app
    )

    step(8, total, "Write pyodide-lock.json")
    core = load_order(packages, pins["app"]["core"])
    order = [n for n in load_order(packages, pins["app"]["packages"]) if n not in core]
    groups, installed = {}, core + order
    for group, wanted in pins["app"]["groups"].items():
        groups[group] = [n for n in load_order(packages, wanted) if n not in installed]
        installed = installed + groups[group]
    lock = {
        "info": npm_lock["info"],
        "packages": {name: packages[name].lock_entry() for name in sorted(packages)},
    }
    (wheels_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")

    step(9, total, f"Copy Pyodide core ({pyodide_source})")
    if pyodide_source == "local":
        for name in PYODIDE_CORE:
            shutil.copyfile(NPM_PYODIDE / name, wheels_dir / name)
        index_url = "pyodide/"
    else:
        index_url = pins["pyodide"]["cdn_url"]

    step(10, total, "Copy Bokeh/Panel JS and CSS out of the verified wheels")
    for pin in pins.get("wheel", []):
        if pin.get("assets"):
            copy_assets(wheel_files[normalize(pin["name"])], pin["assets"], out)
    rewrite_loaded_urls(out)

    step(11, total, "Copy the app modules into app.zip and the batch examples")
    shipped = app_archive(out, app)
    print(f"      {len(shipped)} files: {', '.join(shipped)}")
    print(f"      batch examples: {', '.join(copy_examples(out))}")

    step(12, total, "Make the live view's memory snapshot (Node) and check that it restores")
    archives = [packages[name].path for name in core] + [out / "app.zip"]
    snapshot = make_snapshot(out, archives)
    print(f"      {snapshot['url']}: {snapshot['bytes'] / 1e6:.1f} MB unpacked")

    step(13, total, "Render the HTML shell")
    scripts, styles = page_assets(pins)
    config = {
        "pyodideSource": pyodide_source,
        "pyodideJs": index_url + "pyodide.js",
        "indexURL": index_url,
        "lockFileURL": "pyodide/pyodide-lock.json",
        "corePackages": core,
        "packages": order,
        "groups": groups,
        "packageFiles": {packages[n].file_name.rsplit("/", 1)[-1]: n for n in installed},
        "appArchive": "app.zip",
        "snapshot": snapshot,
        "serviceWorker": SERVICE_WORKER,
        "worker": "worker.js",
        "panelCdnRoot": "panel/",
        "scripts": scripts,
        "styles": styles,
        "pageResources": scripts + styles,
    }
    render_shell(out, config)

    step(14, total, "Check for foreign URLs, pre-compress and measure the site")
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
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    # The first score needs the shell, Pyodide's core and the snapshot; the standard library's
    # archive, the wheels and app.zip follow it.
    live = [out / name for name in ["index.html", *SHELL, "explorer.css", snapshot["url"]]]
    rest = [packages[n].path for n in installed if packages[n].path] + [out / "app.zip"]
    if pyodide_source == "local":
        live += [wheels_dir / n for n in PYODIDE_CORE if n != "python_stdlib.zip"]
        rest.append(wheels_dir / "python_stdlib.zip")
    rest += [out / path for path in scripts + styles]
    sent_live = sum(map(transfer_size, live))
    sent_rest = sum(map(transfer_size, rest))
    print(
        f"site: {out} ({size / 1e6:.1f} MB on disk). A first visit loads "
        f"{sent_live / 1e6:.1f} MB (gzip-served) for the first score (Pyodide core and the "
        f"snapshot of the live view), then {sent_rest / 1e6:.1f} MB for the rest: the standard "
        f"library, {', '.join(core)}, the app, Bokeh/Panel JS and "
        f"{len(order)} packages ({', '.join(order)}), then "
        + "; ".join(f"for the {group}: {', '.join(names)}" for group, names in groups.items())
    )
    if sent_live > FIRST_LOAD_BUDGET:
        raise BuildError(
            f"the first score needs {sent_live / 1e6:.1f} MB, over its budget of "
            f"{FIRST_LOAD_BUDGET / 1e6:.1f} MB"
        )
    step(15, total, "Write the service worker that keeps the site for offline visits")
    print(f"      build {write_service_worker(out)}")
    return out


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point of ``python -m explorer build``."""
    parser = argparse.ArgumentParser(
        prog="python -m explorer build",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (site/)")
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
    try:
        build(args.out, args.pyodide_source, args.pyodide_wheels)
    except BuildError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
