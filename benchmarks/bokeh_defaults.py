"""Bokeh's stable defaults worked out once per class (explorer/runtime/bokeh_defaults.py): what
the explorer's worker spends on its Bokeh document, with them and with Bokeh's own, side by side.

Builds the app's document with every page (CPython; the browser's worker runs the same Python in
Pyodide, several times slower), then times the two walks that each patch the worker sends makes:
serializing the models (``document_json`` serializes every one) and collecting the document's
models (``Document.models.recompute``, after each change of a layout's children). Each of
``--repeat`` rounds times both walks with the remembered defaults and with Bokeh's own, in an
order that alternates. Prints the median seconds and the ratio (target: ≤ 0.6 × Bokeh's own).
"""

from __future__ import annotations

import statistics
import time

from _common import environment, positive, script_parser


def main() -> None:
    parser = script_parser(__doc__)
    parser.add_argument("--repeat", type=positive, default=9, help="rounds (9)")
    args = parser.parse_args()
    print(environment())  # the load before the run
    from bokeh.core.property.descriptors import PropertyDescriptor

    from explorer.app.page import create_app
    from explorer.app.panel_private import document_json, model_json
    from explorer.app.states.batch import BatchState
    from explorer.app.states.single import ExplorerState
    from explorer.runtime.bokeh_defaults import remember_stable_defaults

    own = PropertyDescriptor._get_default
    remember_stable_defaults()
    remembered = PropertyDescriptor._get_default
    document, _ = model_json(create_app(ExplorerState(), BatchState()), "app")

    def walks() -> float:
        start = time.perf_counter()
        document_json(document, "app")
        document.models.recompute()
        return time.perf_counter() - start

    times: dict[str, list[float]] = {"remembered": [], "own": []}
    for round_ in range(args.repeat):
        order = ["remembered", "own"] if round_ % 2 else ["own", "remembered"]
        for name in order:
            PropertyDescriptor._get_default = remembered if name == "remembered" else own
            times[name].append(walks())
    PropertyDescriptor._get_default = remembered
    models = len(document.models)
    print(f"the app's document, every page built: {models:,} models; {args.repeat} rounds")
    for name, label in (("own", "Bokeh's own defaults"), ("remembered", "remembered per class")):
        print(f"  {label:<22} {statistics.median(times[name]) * 1000:7.1f} ms a walk of both")
    ratios = sorted(r / o for r, o in zip(times["remembered"], times["own"], strict=True))
    median = statistics.median(ratios)
    verdict = "met" if median <= 0.6 else "NOT met"
    print(
        f"  remembered / own {median:.2f} (per round {ratios[0]:.2f}–{ratios[-1]:.2f})"
        f"  target ≤ 0.6: {verdict}"
    )


if __name__ == "__main__":
    main()
