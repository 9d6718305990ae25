import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openEmbeddedDatabase } from "../../src/platform/db.js";
import { migrateToLatest } from "../../src/platform/migrator.js";
import { seedDemoData } from "../../seeds/demo.js";
import { testSeedOptions } from "../helpers/secrets.js";

/**
 * The embedded project's database, migrated and seeded as `npm start` does with no DATABASE_URL,
 * built once per run and written to a temporary file: each test worker's database (and each
 * private one) starts from a copy of it (test/helpers/app.ts) instead of running initdb, the
 * migrations and the seed again.
 */
export default async function setup(project: TestProject) {
  const handle = await openEmbeddedDatabase("memory://");
  try {
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, testSeedOptions());
    const snapshot = await handle.snapshot();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qa-embedded-"));
    const file = path.join(dir, "seeded.tar");
    fs.writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
    project.provide("embeddedSnapshot", file);
    return () => fs.rmSync(dir, { recursive: true, force: true });
  } finally {
    await handle.close();
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    embeddedSnapshot: string;
  }
}
