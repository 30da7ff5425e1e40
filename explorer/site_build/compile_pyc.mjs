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
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") + "/" });

const pairs = process.argv.slice(2);
if (pairs.length === 0 || pairs.length % 2) {
  console.error("usage: node explorer/site_build/compile_pyc.mjs SOURCE INSTALLED [SOURCE INSTALLED ...]");
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
