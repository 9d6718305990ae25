import pg from "pg";
import { openDatabase } from "./src/platform/db.js";
import { listQuestions } from "./src/modules/questions/questions.repository.js";
const url = "postgres://postgres@127.0.0.1:5432/qa_explain";
const h = await openDatabase({ url, poolMax: 2, dataDir: "" });
const db = h.db;
const queries: Array<{ sql: string; bindings: unknown[] }> = [];
db.on("query", (q: { sql: string; bindings: unknown[] }) => queries.push({ sql: q.sql, bindings: q.bindings }));
const search = process.argv[2];
const filter = { tenantId: "f0208136-8117-4342-9c19-279c85795f24", viewerId: "16d1ae5e-9129-4e49-88e7-f65c72f5cc9e", teamId: search ? undefined : "2a55f01d-c910-4900-9938-26560585038e", statuses: ["OPEN", "ANSWERED"] as any, review: { allTeams: false, teamIds: [], authorId: "16d1ae5e-9129-4e49-88e7-f65c72f5cc9e" }, sort: (search ? "relevance" : "top") as any, limit: 50, offset: 0, tsquery: search };
let t = performance.now();
await listQuestions(db, filter);
console.log("first", performance.now() - t);
t = performance.now();
for (let i = 0; i < 10; i++) await listQuestions(db, filter);
console.log("avg", (performance.now() - t) / 10);
const client = new pg.Client({ connectionString: url });
await client.connect();
for (const q of queries.slice(0, 2)) {
  const plan = await client.query("explain (analyze, buffers) " + q.sql, q.bindings);
  console.log(q.sql.slice(0, 200));
  console.log(plan.rows.map((r: any) => r["QUERY PLAN"]).join("\n"));
}
await client.end();
await h.close();
