// Compile Python sources to bytecode with Pyodide's own CPython (npm `pyodide`, run by Node), so
// the .pyc files carry exactly the magic number of the interpreter the site runs. Used by
// explorer/site_build/build.py; not part of the site.
//
//   node explorer/site_build/compile_pyc.mjs SOURCE INSTALLED [SOURCE INSTALLED ...]
//
// Each SOURCE folder (on this machine) is compiled in sorted order, writing
// __pycache__/<module>.cpython-312.pyc next to every .py file, as *unchecked-hash* pycs
// (PEP 552: valid whatever the files' mtimes, never compared with the source) whose recorded
// file names start with INSTALLED, the folder where the files live inside Pyodide. Fails (exit 1)
// if any file does not compile.
import { join, resolve } from "node:path";

// npm `pyodide`'s folder: CHARSIM_PYODIDE, set by the build (explorer/site_build/pins.py).
const core = process.env.CHARSIM_PYODIDE;
const { loadPyodide } = await import(join(core, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: core + "/" });

const pairs = process.argv.slice(2);
if (pairs.length === 0 || pairs.length % 2) {
  console.error(
    "usage: node explorer/site_build/compile_pyc.mjs SOURCE INSTALLED [SOURCE INSTALLED ...]",
  );
  process.exit(2);
}
const trees = [];
for (let i = 0; i < pairs.length; i += 2) {
  const mount = `/compile/${i / 2}`;
  pyodide.FS.mkdirTree(mount);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(pairs[i]) }, mount);
  trees.push([mount, pairs[i + 1]]);
}
pyodide.globals.set("trees", pyodide.toPy(trees));
const ok = pyodide.runPython(`
import compileall
import py_compile
import warnings

warnings.simplefilter("ignore")  # e.g. a library's SyntaxWarning about an invalid escape
all(
    compileall.compile_dir(
        mount,
        ddir=installed,
        quiet=1,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
    for mount, installed in trees
)
`);
process.exit(ok ? 0 : 1);
