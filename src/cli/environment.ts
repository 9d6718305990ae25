import { loadConfigOrExit } from "../config.js";
import { openDatabase, type DatabaseHandle } from "../platform/db.js";
import { migrateToLatest } from "../platform/migrator.js";

/** Opens and migrates the database the server would use (DATABASE_URL, else the embedded one under DATA_DIR). */
export async function openMigratedDatabase(): Promise<{ handle: DatabaseHandle; emailDomain: string; secrets: string[] }> {
  const config = loadConfigOrExit();
  const handle = await openDatabase(config.database);
  await migrateToLatest(handle.db);
  return { handle, emailDomain: config.auth.demoEmailDomain, secrets: [config.session.secret, ...config.session.previousSecrets] };
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
