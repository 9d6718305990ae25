import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const ROOT = path.resolve(import.meta.dirname, "../..");
const OUT_DIR = path.join(ROOT, "node_modules/.cache/test-entries");
const bundles = new Map<string, Promise<string>>();

/**
 * The arguments that start one of our entry points (the server, a CLI) with plain node, from a
 * bundle made once per test process by esbuild, the compiler tsx uses. Under `--import tsx` every
 * process compiles the entry's whole import graph again, seconds each on this machine; the bundle
 * starts in about one. Packages stay external and load from node_modules as in production. The
 * bundle lives under node_modules/.cache so node finds those packages from it, and projectRoot()
 * finds package.json above it. (test/platform/start-paths.test.ts runs `npm start`'s own tsx.)
 */
export async function nodeArgsFor(entry: string): Promise<string[]> {
  let bundle = bundles.get(entry);
  if (!bundle) {
    if (bundles.size === 0) dropOldBundles();
    bundle = bundleEntry(entry);
    bundles.set(entry, bundle);
  }
  return [await bundle];
}

async function bundleEntry(entry: string): Promise<string> {
  const outfile = path.join(OUT_DIR, `${entry.replace(/[^\w]+/g, "_")}-${process.pid}.mjs`);
  await build({
    entryPoints: [path.join(ROOT, entry)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "inline",
    logLevel: "warning",
  });
  return outfile;
}

/** Test processes end without a chance to clean up (killed by the runner): bundles of past runs go here. */
function dropOldBundles(): void {
  if (!fs.existsSync(OUT_DIR)) return;
  for (const name of fs.readdirSync(OUT_DIR)) {
    const file = path.join(OUT_DIR, name);
    fs.stat(file, (error, stats) => {
      if (!error && Date.now() - stats.mtimeMs > 3_600_000) fs.rm(file, { force: true }, () => undefined);
    });
  }
}
