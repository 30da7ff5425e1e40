// The site build's own Python (explorer/site_build/), run from this checkout for the unit tests
// that check the JavaScript against what the build writes: $PYTHON (`make test` sets it), else
// python3.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

// What `code` (Python, run in the repository's root) writes on its standard output, given
// `input` on its standard input.
export function python(code, input = "") {
  return execFileSync(process.env.PYTHON ?? "python3", ["-c", code], { cwd: ROOT, input });
}
