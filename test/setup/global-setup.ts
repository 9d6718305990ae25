import pg from "pg";
import { Redis } from "ioredis";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/platform/db.js";
import { migrateToLatest } from "../../src/platform/migrator.js";
import { seedDemoData } from "../../seeds/demo.js";
import { testSeedOptions } from "../helpers/secrets.js";

/**
 * One PostgreSQL database per test run (never another database), migrated and seeded with the
 * demo data so the `default` tenant exists; Redis keys under a prefix unique to the run.
 * Both are removed at the end. TEST_PG_URL points at the server (default: local trust auth).
 */
const SERVER_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const STALE_AFTER_MS = 6 * 3600 * 1000;

function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Drops databases of our own earlier runs that were killed before their teardown (older than 6 h). */
async function dropStaleTestDatabases(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname like 'qa_test_%'");
  for (const { datname } of rows) {
    const startedAt = Number(/^qa_test_(\d+)_/.exec(datname)?.[1]);
    if (startedAt && Date.now() - startedAt > STALE_AFTER_MS) await client.query(`drop database if exists "${datname}" with (force)`);
  }
}

interface RunDatabase {
  url: string;
  kvPrefix: string;
  drop(): Promise<void>;
}

async function createRunDatabase(): Promise<RunDatabase> {
  const name = `qa_test_${Date.now()}_${process.pid}`;
  await withServer(async (client) => {
    await dropStaleTestDatabases(client);
    await client.query(`create database "${name}"`);
    // A commit need not wait for its WAL to reach the disk: the suite never crashes the server, and
    // a flush per commit (milliseconds each, more on a busy disk) was a good part of many tests' time.
    await client.query(`alter database "${name}" set synchronous_commit = off`);
  });
  const url = databaseUrl(name);
  const handle = await openDatabase({ url, poolMax: 2, dataDir: "" });
  await migrateToLatest(handle.db);
  await seedDemoData(handle.db, testSeedOptions());
  await handle.close();
  const kvPrefix = `qa-test:${name}:`;
  return { url, kvPrefix, drop: () => dropRunDatabase(name, kvPrefix) };
}

async function dropRunDatabase(name: string, kvPrefix: string): Promise<void> {
  await withServer((client) => client.query(`drop database if exists "${name}" with (force)`));
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${kvPrefix}*`, "COUNT", 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== "0");
  } catch {
    // Redis down at teardown: keys expire or are harmless under a unique prefix.
  } finally {
    redis.disconnect();
  }
}

// Every project of a run (and Vitest's root project) runs this setup; they share one database,
// made by the first and dropped by it at the end, as the files of one project share it.
const RUN_DATABASE = Symbol.for("qa-test.run-database");
const shared = globalThis as { [RUN_DATABASE]?: Promise<RunDatabase> };

export default async function setup(project: TestProject) {
  const creating = !shared[RUN_DATABASE];
  shared[RUN_DATABASE] ??= createRunDatabase();
  const { url, kvPrefix, drop } = await shared[RUN_DATABASE];
  project.provide("databaseUrl", url);
  project.provide("redisUrl", REDIS_URL);
  project.provide("kvPrefix", kvPrefix);
  return creating ? drop : undefined;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    redisUrl: string;
    kvPrefix: string;
  }
}
