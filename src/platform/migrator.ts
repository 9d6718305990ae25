import type { Knex } from "knex";
import { migrations, type Migration } from "../../migrations/index.js";

class StaticMigrationSource implements Knex.MigrationSource<readonly [string, Migration]> {
  async getMigrations() {
    return [...migrations];
  }
  getMigrationName([name]: readonly [string, Migration]) {
    return name;
  }
  async getMigration([, migration]: readonly [string, Migration]) {
    return migration;
  }
}

const migrationConfig: Knex.MigratorConfig = {
  migrationSource: new StaticMigrationSource(),
  tableName: "knex_migrations",
};

/** Applies pending migrations. Several instances starting at once wait for knex's lock instead of failing. */
export async function migrateToLatest(db: Knex, attempts = 30): Promise<string[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const [, applied] = (await db.migrate.latest(migrationConfig)) as [number, string[]];
      return applied;
    } catch (error) {
      const locked = error instanceof Error && error.name === "MigrationLocked";
      if (!locked || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Names of migrations known to the code but not yet applied to the database. */
export async function pendingMigrations(db: Knex): Promise<string[]> {
  const hasTable = await db.schema.hasTable("knex_migrations");
  if (!hasTable) return migrations.map(([name]) => name);
  const rows: Array<{ name: string }> = await db("knex_migrations").select("name");
  const applied = new Set(rows.map((row) => row.name));
  return migrations.map(([name]) => name).filter((name) => !applied.has(name));
}

/** Undoes every applied migration (development and tests; never called by the server). */
export async function rollbackAll(db: Knex): Promise<void> {
  await db.migrate.rollback(migrationConfig, true);
}

/** Applies migrations up to and including `name` (tests of a migration start from the schema before it). */
export async function migrateUpTo(db: Knex, name: string): Promise<void> {
  const pending = await pendingMigrations(db);
  if (!pending.includes(name)) throw new Error(`migration ${name} is not pending`);
  for (const next of pending) {
    await db.migrate.up({ ...migrationConfig, name: next });
    if (next === name) return;
  }
}
