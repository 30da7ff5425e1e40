"""Files the site serves beside its wheels: Bokeh's and Panel's JS and CSS, copied out of the
verified wheels (``assets`` in the pins), and the built-in batch examples' data and licences."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

from charsim.resources import example_data
from explorer.app.sources.batch_examples import BATCH_EXAMPLES
from explorer.site_build.common import BuildError

__all__ = ["copy_assets", "copy_examples"]


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


DATA_ROOT = example_data().parents[1]
"""The folder that holds ``data/``: the repository's root, or the installed ``charsim`` package."""


def copy_examples(out: Path, root: Path = DATA_ROOT) -> list[str]:
    """Copy each built-in batch example (data and licence) from its folder under ``root`` (the
    repository's root, or the installed ``charsim`` package, which holds ``data/``) into
    ``site/examples/<key>/``; return the copied paths."""
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
