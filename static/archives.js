// The site's archives in the Web Workers (static/worker.js, static/snapshot.js) and in the build's
// Node scripts (explorer/site_build/snapshot.mjs): files shipped gzip-compressed unpacked, the
// standard library's archive checked, ustar archives written into Pyodide's file system.

// A file the site ships gzip-compressed (the snapshot, the stages' archives), from `response`:
// unpacked here unless the server sent it with Content-Encoding: gzip (`python -m explorer
// serve` does, and the browser then unpacks it off this thread).
export async function gunzipped(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The standard library's archive (python_stdlib.zip at `stdLibURL`), fetched once and checked
// against its size (`standardLibraryBytes`): a truncated one would let Python start and then fail
// at an import with a zipimport traceback. Resolves with a URL of its bytes.
let standardLibraryArchive = null;
export function checkedStandardLibrary({ stdLibURL, standardLibraryBytes }) {
  const name = new URL(stdLibURL).pathname.split("/").slice(-2).join("/");
  standardLibraryArchive ??= fetch(stdLibURL).then(
    async (response) => {
      if (!response.ok) throw new Error(`could not fetch ${name}: HTTP ${response.status}`);
      const archive = await response.blob();
      if (standardLibraryBytes != null && archive.size !== standardLibraryBytes) {
        throw new Error(
          `${name} is damaged: it holds ${archive.size} bytes, not ${standardLibraryBytes}`,
        );
      }
      return URL.createObjectURL(archive);
    },
    (error) => {
      // no answer at all: name the file
      throw new Error(`could not fetch ${name}: ${error.message || error}`);
    },
  );
  return standardLibraryArchive;
}

// The files of a ustar archive (`bytes`), as [path from the root, bytes] in the archive's order
// (the site build writes regular files only: explorer/site_build/bundle.py).
export function* tarMembers(bytes) {
  const text = (start, length) =>
    new TextDecoder().decode(bytes.subarray(start, start + length)).replace(/\0.*$/s, "");
  for (let at = 0; at + 512 <= bytes.length && bytes[at] !== 0;) {
    const prefix = text(at + 345, 155);
    const size = parseInt(text(at + 124, 12).trim() || "0", 8);
    const path = `/${prefix ? `${prefix}/` : ""}${text(at, 100)}`;
    yield [path, bytes.subarray(at + 512, at + 512 + size)];
    at += 512 + Math.ceil(size / 512) * 512;
  }
}

// Write the files of a ustar archive (`bytes`) into Pyodide's file system (`FS`), each at its
// path.
export function writeTar(FS, bytes) {
  const folders = new Set();
  for (const [path, data] of tarMembers(bytes)) {
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (!folders.has(folder)) {
      FS.mkdirTree(folder);
      folders.add(folder);
    }
    FS.writeFile(path, data);
  }
}

// Python's finders see the files just written (importlib.invalidate_caches() would also read
// the standard library's archive again, each time).
export function filesWritten(pyodide) {
  pyodide.runPython(`
import importlib.machinery, importlib.metadata, sys
for finder in list(sys.path_importer_cache.values()):
    if isinstance(finder, importlib.machinery.FileFinder):
        finder.invalidate_caches()
importlib.metadata.MetadataPathFinder.invalidate_caches()`);
}
