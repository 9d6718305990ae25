import fs from "node:fs/promises";
import knexFactory from "knex";
import request from "supertest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { systemClock } from "../src/platform/clock.js";
import { InProcessEventBus } from "../src/platform/events.js";
import { createLogger } from "../src/platform/logger.js";
import { InMemoryJobQueue } from "../src/platform/queue.js";
import { API_TYPES_FILE, renderApiTypes } from "./api-types.js";

/**
 * `npm run gen:api-types`: writes web/src/shared/api-types.gen.ts from the app's own /openapi.json.
 * Building the app reads nothing from the database (the document comes from the route table), so
 * the app gets a database client that never connects, and no Redis: no server needs to run.
 */
const config = loadConfig({ NODE_ENV: "development", LOG_LEVEL: "silent", SESSION_SECRET: "api-types-generation-needs-no-real-secret" });
const db = knexFactory({ client: "pg" });
const bus = new InProcessEventBus();
const built = buildApp({ config, db, kv: null, logger: createLogger({ level: "silent" }), clock: systemClock, bus, queue: new InMemoryJobQueue() });
try {
  const response = await request(built.app).get("/openapi.json").expect(200);
  await fs.writeFile(API_TYPES_FILE, await renderApiTypes(response.body));
  console.log(`wrote ${API_TYPES_FILE}`);
} finally {
  built.sse.close();
  await built.systemQueue.close();
  await bus.close();
  await db.destroy();
}
