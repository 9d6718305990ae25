import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

/**
 * The browser tests run against the web app as production serves it: built once per run, from the
 * current sources, into a temporary folder (web/dist, the developer's build, is left alone).
 */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, "../..");
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "qa-web-"));
  const { build } = await import("vite");
  // Vite takes React's build (production or development) from NODE_ENV, which Vitest sets to
  // "test": without this the tests would drive React's development build, twice the size, with
  // every effect run twice.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      configFile: path.join(root, "web/vite.config.ts"),
      mode: "production",
      logLevel: "warn",
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  project.provide("webDist", outDir);
  return () => fs.rmSync(outDir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    webDist: string;
  }
}
