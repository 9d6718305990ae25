import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Database } from "../../src/platform/db.js";
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

export async function startMailStack(settings?: unknown): Promise<MailStack> {
  const sink = await startSmtpSink();
  const app = await createTestApp({ emailQueue: "bullmq", env: smtpEnv(sink.port) });
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

/** An answered question as the questions module leaves it (inserted directly until its API lands). */
export async function insertAnsweredQuestion(
  db: Database,
  fixture: TenantFixture,
  input: { authorId: string | null; body: string; responseText: string | null; responderId?: string | null; anonymous?: boolean },
): Promise<string> {
  const [row] = await db("questions")
    .insert({
      tenant_id: fixture.tenant.id,
      team_id: fixture.teams.a.id,
      author_id: input.authorId,
      is_anonymous: input.anonymous ?? false,
      body: input.body,
      status: input.responseText === null ? "OPEN" : "ANSWERED",
      response_text: input.responseText,
      responder_id: input.responseText === null ? null : (input.responderId ?? fixture.users.moderator.id),
      responded_at: input.responseText === null ? null : new Date(),
    })
    .returning(["id"]);
  return row.id;
}

/** A pulse invite as the pulse module creates it; returns its id and (secret) token. */
export async function insertPulseInvite(
  db: Database,
  fixture: TenantFixture,
  input: { userId: string; questionText?: string; sentAt?: Date; respondedAt?: Date | null },
): Promise<{ inviteId: string; token: string; questionId: string }> {
  const [question] = await db("pulse_questions")
    .insert({ tenant_id: fixture.tenant.id, text: input.questionText ?? "How are you feeling about this week?" })
    .returning(["id"]);
  const sentAt = input.sentAt ?? new Date();
  const token = randomUUID();
  const [invite] = await db("pulse_invites")
    .insert({
      tenant_id: fixture.tenant.id,
      token,
      user_id: input.userId,
      question_id: question.id,
      cohort_name: "cohort-0",
      team_id: fixture.teams.a.id,
      sent_at: sentAt,
      expires_at: new Date(sentAt.getTime() + 7 * 24 * 3600 * 1000),
      responded_at: input.respondedAt ?? null,
    })
    .returning(["id"]);
  return { inviteId: invite.id, token, questionId: question.id };
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
