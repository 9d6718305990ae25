import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startBackgroundBuild } from "./background-build.js";

/**
 * The embedded project's database, migrated and seeded as `npm start` does with no DATABASE_URL,
 * built once per run in a process of its own (test/setup/embedded-snapshot.build.ts) while the
 * first test files run, and written to a temporary file: each test worker's database (and each
 * private one) starts from a copy of it (test/helpers/app.ts, which waits for it) instead of
 * running initdb, the migrations and the seed again.
 */
export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qa-embedded-"));
  const file = path.join(dir, "seeded.tar");
  const build = startBackgroundBuild("embedded snapshot", "test/setup/embedded-snapshot.build.ts", file);
  project.provide("embeddedSnapshot", file);
  return async () => {
    await build.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    embeddedSnapshot: string;
  }
}
