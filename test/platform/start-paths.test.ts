import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { startServerProcess, type ServerProcess } from "../helpers/processes.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

/**
 * The demo data belongs to development: `npm start` (seeds/start.ts) seeds it into an empty
 * database on its first start; the production entry point and build (src/, migrations/) carry none.
 */
describe("start paths and the demo data", () => {
  const servers: ServerProcess[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const cleanup of cleanups) await cleanup();
  });

  it("npm start's first start on an empty embedded database seeds the demo organisations and serves them", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "qa-start-"));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const server = await startServerProcess({ NODE_ENV: "development", DATA_DIR: dataDir }, 3, "seeds/start.ts", { tsx: true });
    servers.push(server);
    expect(server.output.join("")).toContain("demo data seeded");
    const signIn = await fetch(`${server.url}/auth/demo?user=alice&tenant=acme`, { redirect: "manual" });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("set-cookie")).toMatch(/qa\.sid=/);
    await server.stop();
  }, 120_000);

  it("the production entry point on an empty database seeds nothing and says how to create a tenant", async () => {
    const name = `${new URL(inject("databaseUrl")).pathname.slice(1)}_empty`;
    const admin = new pg.Client({ connectionString: inject("databaseUrl") });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    });
    const url = new URL(inject("databaseUrl"));
    url.pathname = `/${name}`;
    const server = await startServerProcess({ NODE_ENV: "development", DATABASE_URL: url.toString() });
    servers.push(server);
    expect(server.output.join("")).toContain("this build carries no demo data");
    expect(server.output.join("")).not.toContain("demo data seeded");
    const tenants = new pg.Client({ connectionString: url.toString() });
    await tenants.connect();
    try {
      expect((await tenants.query("select count(*)::int as count from tenants")).rows[0].count).toBe(0);
    } finally {
      await tenants.end();
    }
    await server.stop();
  }, 120_000);

  it("the production build compiles no file of seeds/", async () => {
    const { stdout } = await run(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json", "--listFilesOnly"], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    const ours = stdout.split("\n").filter((file) => file.startsWith(ROOT) && !file.includes("/node_modules/"));
    expect(ours).toContain(path.join(ROOT, "src/main.ts"));
    expect(ours.filter((file) => file.startsWith(path.join(ROOT, "seeds")))).toEqual([]);
  }, 120_000);
});
