"""The packages' import layering: no cycle anywhere, no upward import in charsim or the explorer.

Standard library only (``ast``): every module of ``charsim/`` and ``explorer/`` is parsed, never
imported, and every ``import`` and ``from ... import`` in it counts, wherever it stands (at the top,
inside a function, under ``if TYPE_CHECKING:``), absolute or relative. An import of a module of
these packages is an edge of the graph; ``from package import name`` is an edge to
``package.name`` when that is a module, else to ``package``. Importing ``a.b.c`` also runs the
``__init__`` of ``a`` and ``a.b``, but those implicit edges are left out: a package's
``__init__`` re-exporting its modules is not a cycle.

The rules:

* no cycle, in either package (each cycle is printed with its edges and where they stand);
* :data:`LAYERS`: in a package with a layer table, every module is in a layer and imports only
  modules of its own layer or of a lower one (earlier in the list);
* :data:`FORBIDDEN`: imports that no layer order expresses (the explorer uses charsim's library,
  never its command line);
* :data:`INTEGRATIONS` (``integrations/``, code a user runs beside charsim) use charsim by its
  public paths only: the package and its public modules (``charsim.PUBLIC_MODULES``), and the
  names their ``__all__`` give;
* :data:`MAX_LINES`: no Python module of the repository is longer than 500 lines;
* :data:`MEASURED`: no time measured on a machine in the code of ``charsim/``, ``explorer/`` or
  ``integrations/`` (it goes stale there: ``docs/benchmarks.md`` holds it with its command).

What a reading of the source cannot see: an import made from a string at run time
(``importlib.import_module(name)``, ``__import__(name)``), and a private name reached through
``getattr(obj, "_name")``. The code does so only where a name is chosen at run time
(``charsim.__getattr__``'s documented modules, ``python -m explorer``'s commands, the runtime's
list of the app's modules to import); the tests of those places check what they import.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("charsim", "explorer")


def below(package: str) -> tuple[str, ...]:
    """The patterns of ``package`` and every module below it."""
    return (package, package + ".*")


# Each package's layers, lowest first, as patterns of module names (``fnmatch``: "a.b" is that
# module only, "a.b.*" every module below it; :func:`below` gives both). A module may import its
# own layer and the layers listed before it, never one after it. To give a package layers, fill
# in its list; a package with an empty list is checked for cycles only.
LAYERS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "charsim": [
        # The library, bottom to top (each subpackage's __init__ says what it holds): the
        # version; the metric's definition and its fast paths (standard library only); reading
        # files; corpus scoring; significance over item scores; the sacreBLEU-shaped metric
        # object (compat); comparisons with sacreBLEU's metrics; meta-evaluation against human
        # judgments (agreement); rendering (which registers
        # the HTML of the results below it, charsim.metric.display); the command line.
        # Significance sits above io and corpus in this order but may import neither
        # (FORBIDDEN below).
        ("version", ("charsim.version", "charsim.resources")),
        ("metric", below("charsim.metric")),
        ("io", below("charsim.io")),
        ("corpus", below("charsim.corpus")),
        ("significance", below("charsim.significance")),
        ("compat", below("charsim.compat")),
        ("compare", below("charsim.compare")),
        ("agreement", below("charsim.agreement")),
        ("render", below("charsim.render")),
        ("cli", below("charsim.cli")),
        # On top: the package's public names (each loaded from its layer on first use) and
        # ``python -m charsim``.
        ("public paths", ("charsim", "charsim.__main__")),
    ],
    "explorer": [
        # The app (what a user sees), bottom to top: what every part of it uses (the UI text,
        # the staging hooks a runtime replaces), the parsers and serialisers of its inputs
        # (links, reference formats, batch files, built-in examples), the states (no Panel),
        # the Panel-free HTML of the score card and the texts, the views, the page's address
        # and history, and the page that composes them. Views may import states and markup,
        # never the page.
        ("app base", ("explorer.app.i18n", "explorer.app.staging", "explorer.app.panel_private")),
        ("app sources", below("explorer.app.sources")),
        ("app states", below("explorer.app.states")),
        ("app markup", below("explorer.app.markup")),
        ("app views", below("explorer.app.views")),
        ("app navigation", ("explorer.app.navigation",)),
        ("app page", ("explorer.app", "explorer.app.page")),
        # Above the app, never imported by it: the notebook's component, which shows the
        # app's single-item page on given texts in CPython (Jupyter);
        ("notebook", ("explorer.notebook",)),
        # and the in-browser runtime (it hands the app to Pyodide), the site build (CPython
        # only; it checks the runtime's memory snapshot), and ``python -m explorer``, which
        # dispatches to the build and the server.
        ("runtime", below("explorer.runtime")),
        ("site build", below("explorer.site_build")),
        ("entry point", ("explorer", "explorer.__main__")),
    ],
}

# (importing modules, imported modules, why), as patterns like LAYERS': imports refused whatever
# the layers say.
FORBIDDEN: list[tuple[tuple[str, ...], tuple[str, ...], str]] = [
    (
        below("explorer"),
        (*below("charsim.cli"), "charsim.__main__"),
        "the explorer uses charsim's library, never its command line",
    ),
    (
        ("charsim",),
        below("charsim.cli"),
        "only `python -m charsim` (charsim.__main__) runs the command line: importing charsim "
        "loads none of it",
    ),
    (
        below("charsim.significance"),
        (*below("charsim.io"), *below("charsim.corpus")),
        "significance works on item scores: it reads no file and scores no corpus",
    ),
]


@dataclass(frozen=True)
class Edge:
    """``source`` imports ``target`` at ``where`` (``path:line``)."""

    source: str
    target: str
    where: str

    def __str__(self) -> str:
        return f"{self.source} -> {self.target}  ({self.where})"


def module_files(root: Path = ROOT) -> dict[str, Path]:
    """Every module of :data:`PACKAGES` by its dotted name (a package by its ``__init__``)."""
    modules = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def import_edges(modules: dict[str, Path], root: Path = ROOT) -> list[Edge]:
    """The imports among ``modules``, one edge per import statement and imported module."""
    edges: dict[Edge, None] = {}  # in order, once each
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        relative = path.relative_to(root).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=relative)):
            targets = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    package = name.split(".") if is_package else name.split(".")[:-1]
                    package = package[: len(package) - (node.level - 1)]
                    base = ".".join(package + ([base] if base else []))
                for alias in node.names:
                    submodule = f"{base}.{alias.name}"
                    targets.append(submodule if submodule in modules else base)
            for target in targets:
                # `import a.b.c` names a.b.c; keep the longest prefix that is one of ours
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    edges[Edge(name, target, f"{relative}:{node.lineno}")] = None
    return list(edges)


def cycles(edges: list[Edge]) -> list[list[Edge]]:
    """One cycle (as its edges) per strongly connected group of modules that import each other
    (Tarjan's algorithm, iterative)."""
    graph: dict[str, list[Edge]] = {}
    for edge in edges:
        graph.setdefault(edge.source, []).append(edge)
        graph.setdefault(edge.target, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            if i < len(graph[node]):
                work.append((node, i + 1))
                target = graph[node][i].target
                if target not in index:
                    work.append((target, 0))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            for edge in graph[node]:
                if edge.target in on_stack:
                    low[node] = min(low[node], low[edge.target])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(group)
    return [_cycle_in(group, graph) for group in groups]


def _cycle_in(group: set[str], graph: dict[str, list[Edge]]) -> list[Edge]:
    """A shortest cycle through the first module of ``group`` (breadth first, inside it)."""
    start = min(group)
    paths: dict[str, list[Edge]] = {start: []}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for edge in graph[node]:
                if edge.target == start:
                    return paths[node] + [edge]
                if edge.target in group and edge.target not in paths:
                    paths[edge.target] = paths[node] + [edge]
                    following.append(edge.target)
        frontier = following
    raise AssertionError(f"no cycle in {sorted(group)}")  # a strongly connected group has one


def layer_of(module: str) -> tuple[int, str] | None:
    """``(rank, name)`` of the layer of :data:`LAYERS` that ``module`` belongs to (the first
    whose patterns match it), or None."""
    for rank, (layer, patterns) in enumerate(LAYERS.get(module.split(".")[0], [])):
        if _matches(module, patterns):
            return rank, layer
    return None


def _matches(module: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatchcase(module, pattern) for pattern in patterns)


MODULES = module_files()
EDGES = import_edges(MODULES)


def test_the_walk_sees_every_kind_of_import():
    """The graph holds the imports the rules are about: relative and absolute, at the top and
    inside a function (the sanity check of the walk itself)."""
    pairs = {(edge.source, edge.target) for edge in EDGES}
    assert len(MODULES) > 100
    assert ("explorer.app.views.common", "explorer.app.i18n") in pairs  # relative, `..`
    assert ("explorer.runtime.worker", "explorer.app.page") in pairs  # inside a function
    assert ("explorer.runtime.worker", "explorer.app.i18n") in pairs  # absolute
    assert ("charsim.corpus.rows", "charsim.metric.config") in pairs  # relative, `..`
    assert ("charsim.cli.command", "charsim.render.article") in pairs  # inside a function


def test_no_import_cycle():
    found = cycles(EDGES)
    assert not found, "import cycles:\n" + "\n".join(
        "  " + "\n    ".join(map(str, cycle)) for cycle in found
    )


def test_every_module_has_a_layer():
    missing = [m for m in MODULES if LAYERS.get(m.split(".")[0]) and layer_of(m) is None]
    assert not missing, "modules in no layer of LAYERS (add them to one):\n  " + "\n  ".join(
        missing
    )


def test_no_upward_import():
    upward = []
    for edge in EDGES:
        source, target = layer_of(edge.source), layer_of(edge.target)
        same_package = edge.source.split(".")[0] == edge.target.split(".")[0]
        if same_package and source and target and target[0] > source[0]:
            upward.append(f"{edge}: {source[1]} imports {target[1]}")
    assert not upward, "imports against the layers:\n  " + "\n  ".join(upward)


def test_no_forbidden_import():
    refused = [
        f"{edge}: {why}"
        for edge in EDGES
        for sources, targets, why in FORBIDDEN
        if _matches(edge.source, sources) and _matches(edge.target, targets)
    ]
    assert not refused, "forbidden imports:\n  " + "\n  ".join(refused)


ADAPTERS = {
    "charsim.compare.sacrebleu": "sacreBLEU",
    "charsim.metric.ngrams": "the standard library (collections._count_elements)",
    "explorer.app.panel_private": "Panel",
}
"""The one module per upstream that owns every use of its private names."""


def own_private_names(modules: dict[str, Path]) -> set[str]:
    """The private names (``_x``) that our own code defines: functions, classes, assigned
    names and attributes (``self._x = ...``), arguments."""
    names = set()
    for path in modules.values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Attribute | ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.attr if isinstance(node, ast.Attribute) else node.id)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
    return {name for name in names if name.startswith("_")}


def upstream_private_uses(modules: dict[str, Path], root: Path = ROOT) -> list[str]:
    """Every use of another package's private name (``from x import _y``, or an attribute
    ``._y`` that our code never defines), outside :data:`ADAPTERS`, as ``path:line: code``."""
    ours = own_private_names(modules)
    uses = []
    for name, path in modules.items():
        if name in ADAPTERS:
            continue
        relative = path.relative_to(root).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            private = []
            if isinstance(node, ast.ImportFrom) and not node.level:
                if not (node.module or "").startswith(PACKAGES):
                    private = [alias.name for alias in node.names]
            elif isinstance(node, ast.Attribute) and node.attr not in ours:
                private = [node.attr]
            for used in private:
                dunder = used.startswith("__") or (used.startswith("_repr_") and used[-1] == "_")
                if used.startswith("_") and not dunder:
                    uses.append(f"{relative}:{node.lineno}: {ast.unparse(node)}")
    return list(dict.fromkeys(uses))


def test_upstream_private_names_only_in_their_adapter():
    uses = upstream_private_uses(MODULES)
    assert not uses, (
        "private names of another package used outside its adapter module (ADAPTERS):\n  "
        + "\n  ".join(uses)
    )


def test_the_private_name_check_sees_attributes_and_imports(tmp_path):
    """The check itself: an upstream's private attribute and import are found, our own private
    names and IPython's ``_repr_*_`` protocol are not."""
    package = tmp_path / "charsim"
    package.mkdir()
    (package / "__init__.py").write_text(
        "import panel as pn\nfrom collections import _count_elements\n"
        "class A:\n    def __init__(self):\n        self._mine = 1\n"
        "    def _repr_html_(self):\n        return super()._repr_html_()\n"
        "def f(a, tabs):\n    return a._mine, tabs._panels, pn.state._schedule_on_load\n"
    )
    uses = upstream_private_uses({"charsim": package / "__init__.py"}, root=tmp_path)
    assert [use.split(": ", 1)[1] for use in uses] == [
        "from collections import _count_elements",
        "tabs._panels",
        "pn.state._schedule_on_load",
    ]


def _literal(path: Path, name: str) -> object:
    """The value of the module-level ``name = <literal>`` of ``path`` (parsed, not imported), or
    that of the sibling module it is imported from (``from .metrics import __all__``)."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if any(isinstance(target, ast.Name) and target.id == name for target in targets):
            return ast.literal_eval(node.value)
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            if any(alias.name == name and alias.asname is None for alias in node.names):
                return _literal(path.parent / f"{node.module}.py", name)
    raise AssertionError(f"{path.relative_to(ROOT)} has no literal {name}")


def public_names(root: Path = ROOT) -> dict[str, set[str]]:
    """Each public path of charsim (the package and ``charsim.<m>`` for ``m`` in its
    ``PUBLIC_MODULES``) and the names it gives (its ``__all__``; the package's public modules
    too)."""
    package = root / "charsim" / "__init__.py"
    modules = _literal(package, "PUBLIC_MODULES")
    names = {"charsim": {*_literal(package, "__all__"), *modules}}
    for module in modules:
        names[f"charsim.{module}"] = set(
            _literal(root / "charsim" / module / "__init__.py", "__all__")
        )
    return names


def non_public_uses(path: Path, public: dict[str, set[str]], root: Path = ROOT) -> list[str]:
    """Every use in ``path`` of charsim by another path than a public one (:func:`public_names`):
    an import of a layer module (``charsim.metric.values``), a name no public path gives, or an
    attribute ``charsim.<x>`` that is neither a public name nor a public module."""
    relative = path.relative_to(root).as_posix()
    uses = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        wrong = False
        if isinstance(node, ast.Import):
            wrong = any(
                alias.name.split(".")[0] == "charsim" and alias.name not in public
                for alias in node.names
            )
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "charsim":
            given = public.get(node.module or "", set())
            wrong = node.level > 0 or any(alias.name not in given for alias in node.names)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            wrong = node.value.id == "charsim" and node.attr not in public["charsim"]
        if wrong:
            uses.append(f"{relative}:{node.lineno}: {ast.unparse(node)}")
    return uses


INTEGRATIONS = sorted((ROOT / "integrations").rglob("*.py"))
"""The integrations with other tools (the Hugging Face ``evaluate`` module): code that a user
runs beside charsim, as any other user of its public API."""


def test_integrations_use_only_charsims_public_paths():
    public = public_names()
    assert INTEGRATIONS
    uses = [use for path in INTEGRATIONS for use in non_public_uses(path, public)]
    assert not uses, "integrations use charsim by a path that is not public:\n  " + "\n  ".join(
        uses
    )


def test_the_public_path_check_sees_imports_and_attributes(tmp_path):
    """The check itself: a layer module, a name no public path gives and a layer reached as an
    attribute are found; the package, its names and its public modules are not."""
    module = tmp_path / "module.py"
    module.write_text(
        "import charsim\nimport charsim.corpus\nimport charsim.metric.values\n"
        "from charsim import score, metric\nfrom charsim.corpus import CorpusResult\n"
        "from charsim.metric.values import flag\n"
        "charsim.score, charsim.corpus.score_rows, charsim.metric.values.flag\n"
    )
    uses = non_public_uses(module, public_names(), root=tmp_path)
    assert [use.split(": ", 1)[1] for use in uses] == [
        "import charsim.metric.values",
        "from charsim import score, metric",
        "from charsim.metric.values import flag",
        "charsim.metric",
    ]


MAX_LINES = 500
"""The most lines a Python module of the repository may have (docs/layout.md)."""


def long_modules(root: Path = ROOT) -> list[str]:
    """Every Python file git would see (``.git``, ``node_modules``, caches and builds left out)
    longer than :data:`MAX_LINES`, as ``path: lines``."""
    skipped = {".git", "node_modules", "__pycache__", "_build", "build", "dist", ".cache"}
    found = []
    for path in sorted(root.rglob("*.py")):
        if skipped.intersection(path.relative_to(root).parts) or path.name.startswith("."):
            continue
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_LINES:
            found.append(f"{path.relative_to(root).as_posix()}: {lines}")
    return found


def test_no_module_over_500_lines():
    found = long_modules()
    assert not found, f"modules over {MAX_LINES} lines (split them):\n  " + "\n  ".join(found)


MEASURED = re.compile(
    r"\b(?:about|took|takes?)\s+[\d.,–-]*\d\s?(?:ms|µs|s|seconds|MB/s)\b"
    r"|\d\s?(?:ms|µs|s|seconds)\b[^.]{0,40}\bmachine\b"
)
"""A time measured on a machine: "takes about 1.6 s", "(12–40 ms on a busy 2-core machine)"."""


def test_no_measurement_in_the_code():
    checks = ["took about\n0.6 s", "12–40 ms on a busy 2-core machine", "a minute or two", "0.5 s"]
    assert [bool(MEASURED.search(text)) for text in checks] == [True, True, False, False]
    found = []
    for path in sorted(p for d in (*PACKAGES, "integrations") for p in (ROOT / d).rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = [(text.count("\n", 0, m.start()) + 1, m[0]) for m in MEASURED.finditer(text)]
        found += [f"{path.relative_to(ROOT).as_posix()}:{n}: {s!r}" for n, s in lines]
    assert not found, "\n  ".join(["times measured on a machine (to docs/benchmarks.md):", *found])
