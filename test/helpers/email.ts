import http from "node:http";
import type { AddressInfo } from "node:net";
import type { EmailQueue, JobSnapshot, JobStatus } from "../../src/platform/queue.js";
import type { BullEmailQueue } from "../../src/platform/queue-bullmq.js";
import { startEmailWorker, type EmailWorker } from "../../src/modules/email/email.worker.js";
import { createTestApp, type TestApp } from "./app.js";
import { createTenantFixture, type TenantFixture } from "./factories.js";
import { startSmtpSink, type SmtpSink } from "./smtp-sink.js";

/** Environment for an app whose worker talks to a local SMTP sink, with a short backoff. */
export function smtpEnv(port: number, extra: Record<string, string> = {}): Record<string, string> {
  return { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(port), EMAIL_BACKOFF_MS: "20", SMTP_TIMEOUT_MS: "500", ...extra };
}

export function startWorker(app: TestApp<BullEmailQueue>): EmailWorker {
  return startEmailWorker({ config: app.config, db: app.db, clock: app.clock, logger: app.logger });
}

/** A real SMTP sink, an app on the BullMQ queue sending to it, its worker, and a tenant. */
export interface MailStack {
  sink: SmtpSink;
  app: TestApp<BullEmailQueue>;
  worker: EmailWorker;
  fixture: TenantFixture;
  close(): Promise<void>;
}

export async function startMailStack(settings?: unknown, env: Record<string, string> = {}): Promise<MailStack> {
  const sink = await startSmtpSink();
  const app = await createTestApp({ emailQueue: "bullmq", env: smtpEnv(sink.port, env) });
  const worker = startWorker(app);
  const fixture = await createTenantFixture(app.db, { settings });
  return {
    sink,
    app,
    worker,
    fixture,
    async close() {
      await worker.close();
      await app.close();
      await sink.close();
    },
  };
}

/** Polls the queue until the job reaches one of the states (completed or failed by default). */
export async function waitForJob(
  queue: EmailQueue,
  tenantId: string,
  id: string,
  statuses: JobStatus[] = ["completed", "failed"],
  timeoutMs = 20_000,
): Promise<JobSnapshot> {
  const started = Date.now();
  for (;;) {
    const job = await queue.find(tenantId, id);
    if (job && statuses.includes(job.status)) return job;
    if (Date.now() - started > timeoutMs) throw new Error(`job ${id} did not reach ${statuses.join("/")} (now ${job?.status ?? "missing"})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface FakeApiRequest {
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A local stand-in for the hosted email API: records requests, answers what `respond` says. */
export async function startFakeEmailApi(respond: (request: FakeApiRequest) => { status: number; body: unknown }) {
  const requests: FakeApiRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const request = { headers: req.headers, body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {} };
      requests.push(request);
      const answer = respond(request);
      res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/emails`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
