import { createHash } from "node:crypto";
import fs from "node:fs";
import knexFactory, { type Knex } from "knex";
import pg from "pg";
import ClientPgLite from "knex-pglite";
import { PGlite } from "@electric-sql/pglite";
import type { Logger } from "./logger.js";

export type Database = Knex;
/** A row as the driver returns it, before a repository maps it to its record type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns are read by name, typed by the mapping function
export type DatabaseRow = Record<string, any>;
/** A query runner: the root knex or a transaction. Repositories accept either and never reach for the root. */
export type Executor = Knex | Knex.Transaction;

const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082 } as const;

// The same JavaScript types from both drivers: counts and averages as numbers, dates as 'YYYY-MM-DD'.
pg.types.setTypeParser(OID.INT8, (value) => Number(value));
pg.types.setTypeParser(OID.NUMERIC, (value) => Number(value));
pg.types.setTypeParser(OID.DATE, (value) => value);

export interface DatabaseHandle {
  db: Database;
  kind: "postgres" | "embedded";
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url: string | undefined;
  poolMax: number;
  dataDir: string;
  /** Where knex's own warnings go (dropped connections, pool notices); default: discarded. */
  logger?: Pick<Logger, "warn" | "error" | "debug">;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const db = knexFactory({
      client: "pg",
      connection: options.url,
      pool: { min: 0, max: options.poolMax, idleTimeoutMillis: 30_000 },
      acquireConnectionTimeout: 10_000,
      // JSON logs instead of knex's console lines; a dropped connection is a warning, the pool replaces it.
      log: {
        warn: (message: unknown) => options.logger?.warn({ knex: String(message) }, "database client warning"),
        error: (message: unknown) => options.logger?.error({ knex: String(message) }, "database client error"),
        debug: (message: unknown) => options.logger?.debug({ knex: String(message) }, "database client debug"),
        deprecate: (method: string, alternative: string) =>
          options.logger?.warn({ knex: `${method} is deprecated; use ${alternative}` }, "database client warning"),
      },
    });
    return { db, kind: "postgres", close: () => db.destroy() };
  }
  return openEmbeddedDatabase(options.dataDir);
}

/**
 * knex-pglite names a delete's command after knex's method, "DEL", where PostgreSQL says "DELETE";
 * knex then returns the whole response instead of the number of rows deleted, and every
 * "did this delete anything?" check would be wrong on the embedded database only.
 */
const PgLiteClient = ClientPgLite as unknown as new (config: Knex.Config) => { processResponse(obj: unknown, runner: unknown): unknown };
class EmbeddedClient extends PgLiteClient {
  override processResponse(obj: { method?: string }, runner: unknown): unknown {
    return super.processResponse(obj.method === "del" ? { ...obj, method: "delete" } : obj, runner);
  }
}

export interface EmbeddedDatabaseHandle extends DatabaseHandle {
  kind: "embedded";
  /** The whole data directory as one uncompressed tar, which `loadDataDir` starts from. */
  snapshot(): Promise<Blob>;
}

export interface EmbeddedOptions {
  /**
   * Start from this snapshot instead of running initdb: about a third of the time of a fresh
   * directory (the test suite copies one migrated and seeded database this way).
   */
  loadDataDir?: Blob;
}

/** PGlite keeps its files under dataDir; `memory://` keeps them in memory (tests). */
export async function openEmbeddedDatabase(dataDir: string, options: EmbeddedOptions = {}): Promise<EmbeddedDatabaseHandle> {
  if (!dataDir.startsWith("memory://")) fs.mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir, {
    loadDataDir: options.loadDataDir,
    parsers: {
      [OID.INT8]: (value: string) => Number(value),
      [OID.NUMERIC]: (value: string) => Number(value),
      [OID.DATE]: (value: string) => value,
    },
  });
  await pglite.waitReady;
  const db = knexFactory({
    client: EmbeddedClient as unknown as typeof knexFactory.Client,
    dialect: "postgres",
    connection: () => ({ pglite }) as unknown as Knex.ConnectionConfig,
  });
  return {
    db,
    kind: "embedded",
    snapshot: () => pglite.dumpDataDir("none"),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/**
 * SQL for a timestamptz column as ISO 8601 UTC text, exactly as Date.toISOString() writes it.
 * For bulk reads (exports): the driver then hands over a string instead of building a Date per value.
 */
export function isoTimestampSql(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** Round trip to the database; resolves to the latency in milliseconds. */
export async function pingDatabase(db: Database, timeoutMs = 2000): Promise<number> {
  const started = performance.now();
  await withTimeout(db.raw("select 1"), timeoutMs, "database ping timed out");
  return performance.now() - started;
}

export function withTimeout<T>(promise: PromiseLike<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([Promise.resolve(promise), timeout]).finally(() => clearTimeout(timer));
}

interface PgConnection {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs a hot read as a named prepared statement on PostgreSQL, so the server plans each query
 * shape once per connection instead of on every request (the board's list query spends more
 * time in the planner than in execution). The statement name is derived from the SQL text, so
 * every filter combination gets its own. Elsewhere (PGlite, or inside a transaction) it runs as usual.
 */
export async function preparedRows<Row>(db: Executor, query: Knex.QueryBuilder | Knex.Raw): Promise<Row[]> {
  if (db.client.config.client !== "pg" || (db as Knex.Transaction).isTransaction) return (await query) as Row[];
  const native = query.toSQL().toNative();
  const name = `q_${createHash("sha1").update(native.sql).digest("hex").slice(0, 20)}`;
  const connection = (await db.client.acquireConnection()) as PgConnection;
  try {
    const result = await connection.query({ name, text: native.sql, values: native.bindings as unknown[] });
    return result.rows as Row[];
  } finally {
    await db.client.releaseConnection(connection);
  }
}
