"""The site's ``pyodide-lock.json``: one :class:`Package` per wheel (the site's own files, or with
``--pyodide-source cdn`` the CDN's for Pyodide's compiled packages), and the order they load
in: the live view's core, the app's packages, then each group a part of the page needs."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from explorer.site_build import compiled
from explorer.site_build.common import BuildError, normalize, sha256

__all__ = [
    "LoadOrder",
    "Package",
    "compiled_entries",
    "compiled_packages",
    "install_order",
    "load_order",
    "write_lock",
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


def compiled_entries(pins: dict, npm_lock: dict) -> list[dict]:
    """The entries of npm ``pyodide``'s lock file for the pinned compiled packages."""
    return [npm_lock["packages"][normalize(name)] for name in pins["pyodide"]["compiled"]]


def compiled_packages(
    pins: dict, npm_lock: dict, pyodide_source: str, given: Path | None, dest_dir: Path
) -> list[Package]:
    """Pyodide's compiled packages as the site's lock lists them: verified copies in
    ``dest_dir`` (``local``; see :mod:`explorer.site_build.compiled`), or the official files' CDN
    URLs and hashes (``cdn``: nothing is read or downloaded)."""
    entries = compiled_entries(pins, npm_lock)
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
            digest="" if path else entry["sha256"],  # the site's copy gets bytecode: hashed then
        )
        for entry, path in zip(entries, paths, strict=True)
    ]


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


@dataclass(frozen=True)
class LoadOrder:
    """The order the page installs the site's packages in, each list dependencies first.

    Attributes:
        core: the live view's packages (``[app] core`` in the pins), installed first.
        packages: the app's other packages (``[app] packages``).
        groups: per group of ``[app] groups``, what it adds, installed when a part of the page
            needs it.
    """

    core: list[str]
    packages: list[str]
    groups: dict[str, list[str]]

    @property
    def installed(self) -> list[str]:
        """Every package the page installs, in order."""
        return [name for names in self.stages.values() for name in names]

    @property
    def stages(self) -> dict[str, list[str]]:
        """The packages of each install stage, in order: ``live`` (:attr:`core`), ``app``
        (:attr:`packages`), then each group."""
        return {"live": self.core, "app": self.packages, **self.groups}


def install_order(packages: dict[str, Package], pins: dict) -> LoadOrder:
    """The order the page installs ``packages`` in (from the pins' ``[app]``)."""
    core = load_order(packages, pins["app"]["core"])
    order = [n for n in load_order(packages, pins["app"]["packages"]) if n not in core]
    groups, installed = {}, core + order
    for group, wanted in pins["app"]["groups"].items():
        groups[group] = [n for n in load_order(packages, wanted) if n not in installed]
        installed = installed + groups[group]
    return LoadOrder(core, order, groups)


def write_lock(packages: dict[str, Package], npm_lock: dict, out: Path) -> None:
    """Write ``out/pyodide-lock.json``: what Pyodide's loader may install, ``packages``, with
    Pyodide's own ``info`` from npm's lock. A dependency that is not among them (installed from
    an install stage's archive, :mod:`explorer.site_build.bundle`, before or beside the package
    that needs it) is left out of that package's ``depends``."""
    entries = {name: packages[name].lock_entry() for name in sorted(packages)}
    for entry in entries.values():
        entry["depends"] = [name for name in entry["depends"] if name in entries]
    lock = {"info": npm_lock["info"], "packages": entries}
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
