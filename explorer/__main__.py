"""``python -m explorer {build,serve} ...``: build or serve the offline explorer site."""

from __future__ import annotations

import importlib
import sys

from explorer.app import EXTRA_HINT


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the ``build`` or ``serve`` sub-command."""
    argv = sys.argv[1:] if argv is None else argv
    commands = {"build": "explorer.site_build.build", "serve": "explorer.site_build.serve"}
    usage = "usage: python -m explorer {build,serve} [options]  (--help for each)"
    if argv[:1] in (["-h"], ["--help"]):
        print(usage)
        return 0
    if not argv or argv[0] not in commands:  # as argparse says a usage error
        what = f"unknown command {argv[0]!r}" if argv else "a command is needed"
        print(f"{usage}\npython -m explorer: error: {what} (build or serve)", file=sys.stderr)
        return 2
    try:
        module = importlib.import_module(commands[argv[0]])
    except ModuleNotFoundError as error:
        if (error.name or "").partition(".")[0] in ("charsim", "explorer"):
            raise
        print(f"python -m explorer: needs {error.name}: {EXTRA_HINT}", file=sys.stderr)
        return 1
    return module.main(argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
