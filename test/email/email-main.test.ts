import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/platform/db.js";
import { TEST_SESSION_SECRET } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp-sink.js";
import { nodeArgsFor } from "../helpers/bundled-entry.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts exactly what `npm start` runs, on the test database and Redis, and waits until it is ready. */
async function startServer(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, await nodeArgsFor("src/main.ts"), {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "development",
      PORT: String(port),
      DATABASE_URL: inject("databaseUrl"),
      KVSTORE_URL: inject("redisUrl"),
      KV_PREFIX: `${inject("kvPrefix")}${randomUUID().slice(0, 8)}:`,
      SESSION_SECRET: TEST_SESSION_SECRET,
      SCHEDULER: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    const ready = await fetch(`${url}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() - started > 45_000) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, url, output: () => output };
}

async function stop(started: Started): Promise<number | null> {
  if (started.child.exitCode !== null) return started.child.exitCode;
  const exited = new Promise<number | null>((resolve) => started.child.once("exit", (code) => resolve(code)));
  started.child.kill("SIGTERM");
  return exited;
}

async function sendDirectEmail(url: string, fixture: TenantFixture, to: string) {
  const agent = request.agent(url);
  await agent.get(`/auth/demo?user=admin&tenant=${fixture.tenant.slug}`).expect(302);
  const { body } = await agent.get("/auth/csrf").expect(200);
  const response = await agent
    .post("/admin/emails")
    .set("x-csrf-token", body.csrfToken)
    .send({ to: [to], subject: "From the server", body: "Hello" })
    .expect(202);
  return { agent, jobId: response.body.jobIds[0] as string };
}

describe("the server process and the email worker", () => {
  let sink: SmtpSink;
  let database: DatabaseHandle;
  let fixture: TenantFixture;
  const running: Started[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    database = await openDatabase({ url: inject("databaseUrl"), poolMax: 2, dataDir: "" });
    fixture = await createTenantFixture(database.db);
  });
  afterAll(async () => {
    for (const started of running) started.child.kill("SIGKILL");
    await database.close();
    await sink.close();
  });

  it("development with EMAIL_WORKER=true and Redis: the server sends, and stops cleanly on SIGTERM", { timeout: 90_000 }, async () => {
    const server = await startServer({ EMAIL_WORKER: "true", SMTP_HOST: "127.0.0.1", SMTP_PORT: String(sink.port) });
    running.push(server);
    await sendDirectEmail(server.url, fixture, "worker-on@example.org");
    const [message] = await sink.waitForMessages(1, 20_000);
    expect(message?.subject).toBe("From the server");
    expect(server.output()).toContain("email worker started");
    expect(await stop(server)).toBe(0);
  });

  it("development without EMAIL_WORKER: the job is queued in Redis and waits, unsent", { timeout: 90_000 }, async () => {
    const server = await startServer({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(sink.port) });
    running.push(server);
    const { agent, jobId } = await sendDirectEmail(server.url, fixture, "worker-off@example.org");
    const view = await agent.get("/admin/email-queue").expect(200);
    expect(view.body.recentJobs.waiting.map((job: { id: string }) => job.id)).toContain(jobId);
    expect(server.output()).not.toContain("email worker started");
    expect(await stop(server)).toBe(0);
    expect(sink.messages.some((message) => JSON.stringify(message.to).includes("worker-off"))).toBe(false);
  });
});
