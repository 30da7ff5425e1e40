"""The wheels the site serves, made from the verified downloads: PyPI wheels slimmed of the JS
and CSS bundles the site serves as files, pure-Python wheels built from sdists (no C code), and
the repository's ``charsim`` wheel; all written as deterministic zips with a fresh ``RECORD``."""

from __future__ import annotations

import base64
import hashlib
import shutil
import tarfile
import zipfile
from pathlib import Path

import charsim
from explorer.site_build.common import BuildError, normalize
from explorer.site_build.lock import Package

__all__ = [
    "ZIP_EPOCH",
    "charsim_wheel",
    "pure_wheel_from_sdist",
    "record_line",
    "slim_wheel",
    "wheel_imports",
    "with_record",
    "write_zip",
]

#: Fixed timestamp for every zip member the build writes, so rebuilt wheels are reproducible.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
WHEEL = (
    b"Wheel-Version: 1.0\nGenerator: explorer.site_build\nRoot-Is-Purelib: true\n"
    b"Tag: py3-none-any\n"
)
"""The ``WHEEL`` file of the pure-Python wheels the build makes."""
NOT_SHIPPED = ("data", "integrations")
"""Folders of an installed ``charsim`` package that its Pyodide wheel leaves out: the example
data and the ``evaluate`` module (``setup.py`` puts them there)."""


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
    members[f"{dist_info}/WHEEL"] = WHEEL
    members[f"{dist_info}/top_level.txt"] = f"{package_name}\n".encode()
    dest = dest_dir / f"{name}-{pin['version']}-py3-none-any.whl"
    write_zip(dest, with_record(members, dist_info))
    return dest


def charsim_wheel(dest_dir: Path) -> Package:
    """The ``charsim`` wheel for Pyodide, made from the ``charsim`` package this build imports
    (a checkout's, or an installed one's): its modules and licence only, not the files the
    command line reads beside them (:mod:`charsim.resources`)."""
    package = Path(charsim.__file__).resolve().parent
    dist_info = f"charsim-{charsim.__version__}.dist-info"
    members = {
        f"charsim/{path.relative_to(package).as_posix()}": path.read_bytes()
        for path in sorted(package.rglob("*.py"))
        if "__pycache__" not in path.parts and path.relative_to(package).parts[0] not in NOT_SHIPPED
    }
    members[f"{dist_info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: charsim\nVersion: {charsim.__version__}\n"
        "License-Expression: MIT\n"
    ).encode()
    members[f"{dist_info}/WHEEL"] = WHEEL
    members[f"{dist_info}/top_level.txt"] = b"charsim\n"
    path = dest_dir / f"charsim-{charsim.__version__}-py3-none-any.whl"
    write_zip(path, with_record(members, dist_info))
    return Package("charsim", charsim.__version__, path, imports=["charsim"])
