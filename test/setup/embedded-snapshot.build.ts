import fs from "node:fs";
import { openEmbeddedDatabase } from "../../src/platform/db.js";
import { migrateToLatest } from "../../src/platform/migrator.js";
import { seedDemoData } from "../../seeds/demo.js";
import { testSeedOptions } from "../helpers/secrets.js";

/**
 * Run by test/setup/embedded-snapshot.ts in a process of its own: a database migrated and seeded
 * as `npm start` does with no DATABASE_URL, written as one tar to the path given.
 */
const [file] = process.argv.slice(2);
if (!file) throw new Error("usage: embedded-snapshot.build.ts <file>");
const handle = await openEmbeddedDatabase("memory://");
try {
  await migrateToLatest(handle.db);
  await seedDemoData(handle.db, testSeedOptions());
  const snapshot = await handle.snapshot();
  fs.writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
} finally {
  await handle.close();
}
