"""``python -m explorer {build,serve} ...``: build or serve the offline explorer site."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the ``build`` or ``serve`` sub-command."""
    argv = sys.argv[1:] if argv is None else argv
    commands = {"build": "explorer.site_build.build", "serve": "explorer.site_build.serve"}
    if not argv or argv[0] not in commands:
        print(
            "usage: python -m explorer {build,serve} [options]  (--help for each)", file=sys.stderr
        )
        return 2
    module = __import__(commands[argv[0]], fromlist=["main"])
    return module.main(argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
