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
  await build({
    configFile: path.join(root, "web/vite.config.ts"),
    logLevel: "warn",
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  project.provide("webDist", outDir);
  return () => fs.rmSync(outDir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    webDist: string;
  }
}
