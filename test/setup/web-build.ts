import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startBackgroundBuild } from "./background-build.js";

/**
 * The browser tests run against the web app as production serves it: built once per run, from the
 * current sources, in a process of its own (test/setup/web-build.build.ts) while the first test
 * files run, into a temporary folder (web/dist, the developer's build, is left alone). The tests
 * wait for it (builtArtifact).
 */
export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qa-web-"));
  const outDir = path.join(dir, "dist");
  // Vitest sets NODE_ENV to "test": without this the tests would drive React's development build,
  // twice the size, with every effect run twice.
  const build = startBackgroundBuild("web build", "test/setup/web-build.build.ts", outDir, { NODE_ENV: "production" });
  project.provide("webDist", outDir);
  return async () => {
    await build.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    webDist: string;
  }
}
