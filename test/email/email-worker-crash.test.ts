import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BullEmailQueue } from "../../src/platform/queue-bullmq.js";
import type { EmailWorker } from "../../src/modules/email/email.worker.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { smtpEnv, startWorker, waitForJob } from "../helpers/email.js";
import { createTenantFixture, type TenantFixture, insertQuestion } from "../helpers/factories.js";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp-sink.js";
import { spawnStandaloneWorker } from "../helpers/processes.js";

const LOCK_MS = "1000";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("a worker killed mid-job", () => {
  let sink: SmtpSink;
  let app: TestApp<BullEmailQueue>;
  let fixture: TenantFixture;
  let child: ChildProcess | undefined;
  let worker: EmailWorker | undefined;
  const firstDeliveryStarted = deferred();
  const releaseFirstDelivery = deferred();
  let held = false;

  beforeAll(async () => {
    // The first delivery hangs in DATA (the server never answers): the job is mid-send when the worker dies.
    sink = await startSmtpSink({
      beforeAccept: async () => {
        if (held) return;
        held = true;
        firstDeliveryStarted.resolve();
        await releaseFirstDelivery.promise;
        throw new Error("this connection's client is gone");
      },
    });
    app = await createTestApp({ emailQueue: "bullmq", env: smtpEnv(sink.port, { EMAIL_LOCK_DURATION_MS: LOCK_MS, SMTP_TIMEOUT_MS: "15000" }) });
    fixture = await createTenantFixture(app.db, { settings: { features: { enableEmailNotifications: true } } });
  });
  afterAll(async () => {
    child?.kill("SIGKILL");
    releaseFirstDelivery.resolve();
    await worker?.close();
    await app.close();
    await sink.close();
  });

  it("is retried by the next worker after restart: the email is delivered, not lost", { timeout: 60_000 }, async () => {
    const questionId = (
      await insertQuestion(app.db, fixture.tenant.id, fixture.teams.a.id, {
        authorId: fixture.users.member.id,
        body: "Will this survive a crash?",
        responseText: "It will.",
        responderId: fixture.users.moderator.id,
      })
    ).id;
    const job = await app.queue.add("question-answered", {
      tenantId: fixture.tenant.id,
      questionId,
      recipientUserId: fixture.users.member.id,
      hideRecipient: false,
    });

    // The standalone worker process, as production runs it (npm run worker), on the same queue.
    child = await spawnStandaloneWorker(app, smtpEnv(sink.port, { EMAIL_LOCK_DURATION_MS: LOCK_MS, SMTP_TIMEOUT_MS: "15000" }));
    await firstDeliveryStarted.promise;
    expect((await app.queue.find(fixture.tenant.id, job.id))?.status).toBe("active");

    const exited = new Promise((resolve) => child?.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    expect(sink.messages).toHaveLength(0);

    worker = startWorker(app);
    const done = await waitForJob(app.queue, fixture.tenant.id, job.id, ["completed", "failed"], 30_000);
    expect(done).toMatchObject({ status: "completed", result: { outcome: "sent", to: [fixture.users.member.email] } });
    expect(sink.messages.map((message) => message.subject)).toEqual(["Your question was answered!"]);
  });
});
