"""Files the site serves beside its wheels: Bokeh's and Panel's JS and CSS, copied out of the
verified wheels (``assets`` in the pins; Panel's theme made to follow the browser's colour
scheme), and the built-in examples' data and licences (the batch page's and the Agreement
page's)."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

from charsim.resources import example_data
from explorer.app.sources.agreement_examples import AGREEMENT_EXAMPLES
from explorer.app.sources.batch_examples import BATCH_EXAMPLES
from explorer.site_build.common import BuildError

__all__ = ["copy_assets", "copy_examples", "follow_colour_scheme"]


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


THEME = "panel/*/dist/bundled/theme/"
"""Where Panel's themes are in the site (its version in the path)."""

BOKEH_WIDGETS_DARK = """:host, :root {
  --color: #f0f3f6; --background-color: #212529; --hover-color: #2b3035;
  --border-color: #6c757d; --divider-color: #3a3f44; --surface-background-color: #2b3035;
  --inactive-bg: #2b3035; --inactive-fg: #adb5bd; --disabled-color: #adb5bd;
  --placeholder-color: #adb5bd; --inverted-color: #ffffff;
  --file: #2b3035; --file-border: #6c757d; --file-hover: #3a3f44; --file-hover-border: #adb5bd;
  --file-active: #3a3f44; --file-active-border: #adb5bd;
}
.noUi-target { background: #2b3035; border-color: #6c757d; box-shadow: none; }
.noUi-handle { background: #3a3f44; border-color: #adb5bd; box-shadow: none; }
"""
"""The colours of BokehJS's own widgets (the tabs, the sliders) in Panel's dark theme's
colours: BokehJS sets them on each widget's ``:host`` and has no dark theme for its widgets;
a slider's track and handles (noUiSlider's ``.noUi-target`` and ``.noUi-handle``) have fixed
light colours in its stylesheet, which this one follows in the same shadow root. A coloured
button's text (``--inverted-color``) stays white, as in the light theme, on its colour; a file
input's button (``--file`` and the like) is dark, as Panel's dark buttons."""


def follow_colour_scheme(out: Path) -> Path:
    """Make Panel's default theme follow the browser's colour scheme, and return its file.

    Every Panel model's styles read Panel's theme variables (colours of backgrounds, text,
    borders) from ``default.css``, linked in its shadow root, which sets them on ``:host``; the
    site's copy takes Panel's own ``dark.css`` after them (and BokehJS's widgets' colours in
    its colours, :data:`BOKEH_WIDGETS_DARK`), under ``@media screen and
    (prefers-color-scheme: dark)``, so that a dark scheme gets Panel's dark theme with no work
    on the page (the charts follow it from Python: :mod:`explorer.app.views.colour_scheme`),
    and paper stays light.

    Raises:
        BuildError: the site holds no single copy of Panel's two themes.
    """
    found = sorted(out.glob(THEME + "default.css"))
    if len(found) != 1 or not (dark := found[0].with_name("dark.css")).is_file():
        raise BuildError(f"Panel's default.css and dark.css are not in {out / THEME} (once each)")
    light, dark_theme = (path.read_text(encoding="utf-8") for path in (found[0], dark))
    scheme = "@media screen and (prefers-color-scheme: dark)"
    found[0].write_text(
        f"{light}\n{scheme} {{\n{dark_theme}{BOKEH_WIDGETS_DARK}}}\n", encoding="utf-8"
    )
    return found[0]


DATA_ROOT = example_data().parents[1]
"""The folder that holds ``data/``: the repository's root, or the installed ``charsim`` package."""


def copy_examples(out: Path, root: Path = DATA_ROOT) -> list[str]:
    """Copy each built-in example (data and licence; the batch page's and the Agreement page's)
    from its folder under ``root`` (the repository's root, or the installed ``charsim``
    package, which holds ``data/``) into ``site/examples/<key>/``; return the copied paths."""
    copied = []
    for example in (*BATCH_EXAMPLES.values(), *AGREEMENT_EXAMPLES.values()):
        source = root / example.folder
        for name in example.files:
            if not (source / name).is_file():
                raise BuildError(
                    f"{source / name} is missing (the example {example.key}, which ships "
                    f"with the repository): restore it with `git checkout -- {example.folder}`"
                )
            target = out / example.url(name)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source / name, target)
            copied.append(target.relative_to(out).as_posix())
    return copied
