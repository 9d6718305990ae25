import pg from "pg";
import { openDatabase } from "../src/platform/db.js";
import { migrateToLatest } from "../src/platform/migrator.js";
import { seedDemoData } from "../seeds/demo.js";
import { createPulseSealer } from "../src/modules/pulse/index.js";
import { dropDatabase, machine, recreateDatabase, saveResults } from "./lib.js";

/**
 * Cost of one small read (the GET /teams query) through knex's builder, knex.raw, a pg pool, and
 * a pg prepared (named) statement: 20,000 queries, 50 concurrent, second of two rounds reported.
 */
const QUERY = "select * from teams where tenant_id = $1 order by name, id";

async function measure(fn: () => Promise<unknown>): Promise<{ queriesPerSecond: number; microsecondsPerQuery: number }> {
  const total = 20_000;
  let started = 0;
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (started++ < total) await fn();
    }),
  );
  const ms = performance.now() - begin;
  return { queriesPerSecond: Math.round(total / (ms / 1000)), microsecondsPerQuery: Math.round((ms * 1000) / total) };
}

async function main() {
  const url = await recreateDatabase("qa_bench_driver");
  const handle = await openDatabase({ url, poolMax: 20, dataDir: "" });
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  try {
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, { emailDomain: "example.com", sealer: createPulseSealer(["bench-session-secret-of-at-least-32-characters"]) });
    const tenantId = (await handle.db("tenants").where({ slug: "default" }).first()).id as string;
    const variants: Record<string, () => Promise<unknown>> = {
      "knex builder": () =>
        handle
          .db("teams")
          .where({ tenant_id: tenantId })
          .orderBy([{ column: "name" }, { column: "id" }]),
      "knex.raw": () => handle.db.raw(QUERY.replace("$1", "?"), [tenantId]),
      "pg pool": () => pool.query(QUERY, [tenantId]),
      "pg prepared statement": () => pool.query({ name: "teams-by-tenant", text: QUERY, values: [tenantId] }),
    };
    const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    for (let round = 0; round < 2; round += 1) {
      for (const [name, fn] of Object.entries(variants)) results[name] = await measure(fn);
    }
    console.log(`Machine: ${machine()}\n\n| driver | queries/s | µs/query |\n|---|---:|---:|`);
    for (const [name, result] of Object.entries(results)) console.log(`| ${name} | ${result.queriesPerSecond} | ${result.microsecondsPerQuery} |`);
    saveResults("query-driver", { machine: machine(), results });
  } finally {
    await pool.end();
    await handle.close();
    await dropDatabase("qa_bench_driver");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
