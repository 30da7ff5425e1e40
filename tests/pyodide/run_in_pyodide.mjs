// Run a Python script inside the npm `pyodide` core under Node, offline, with the repository's
// `charsim/` package copied into Pyodide's file system. Usage:
//   node tests/pyodide/run_in_pyodide.mjs SCRIPT.py [FILE ...]
// Each FILE is a wheel (installed: unpacked into site-packages) or a Python module (copied into
// /src, importable by its file name). Prints whatever the script prints; exits non-zero if it
// raises.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));

const pyodide = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") + "/" });
// charsim/ and its layer subpackages (metric/, io/, corpus/, ...): every .py file, by its path
for (const entry of readdirSync(join(root, "charsim"), { recursive: true })) {
  const name = String(entry);
  if (name.endsWith(".py") && !name.includes("__pycache__")) {
    pyodide.FS.mkdirTree(`/src/charsim/${dirname(name)}`);
    pyodide.FS.writeFile(`/src/charsim/${name}`, readFileSync(join(root, "charsim", name)));
  }
}
for (const file of process.argv.slice(3)) {
  const data = new Uint8Array(readFileSync(file));
  if (file.endsWith(".whl")) pyodide.unpackArchive(data, "wheel");
  else pyodide.FS.writeFile(`/src/${file.split("/").pop()}`, data);
}
const script = readFileSync(resolve(process.argv[2]), "utf8");
try {
  await pyodide.runPythonAsync(`import sys\nsys.path.insert(0, "/src")\n` + script);
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
