import { randomInt, randomUUID } from "node:crypto";
import fs from "node:fs";
import { Agent } from "node:http";
import os from "node:os";
import path from "node:path";
import request, { type Test } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtFrontend } from "../../src/platform/http/spa.js";
import type { BullEmailQueue } from "../../src/platform/queue-bullmq.js";
import type { EmailWorker } from "../../src/modules/email/index.js";
import { eventually } from "../helpers/eventually.js";
import { createTestApp, signIn, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { smtpEnv, startWorker, waitForJob } from "../helpers/email.js";
import { createTenantFixture, insertUser, questionBody, type TenantFixture } from "../helpers/factories.js";
import { namingRecords, newlyNaming, readSurface, type Capture, type Reader, type Surface, type WalkedDocument } from "../helpers/readable-surface.js";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp-sink.js";
import { listen, openEventStream, type EventStream } from "../helpers/sse.js";

/**
 * CONTRACT §3: the author of an anonymous question is shown to nobody but the author. Tried as a
 * curious admin (session and read-scope API token), the team's moderators and the operator
 * (/metrics) would: read everything /openapi.json lets them GET, exports in both formats and the
 * server-written first screen included, then watch while a member asks anonymously (one question
 * answered and e-mailed, one held by the content check and e-mailed after a refused delivery and
 * a retry, one edited and deleted, an own upvote), read everything again, and look for what
 * newly names the author (id, e-mail, name, sign-in name, or the address they connect from),
 * in what they read, in the live events they received and in every log line of the flow.
 */

/** GET operations that read no stored data, not called by the walk (it fails when one of them leaves the document). */
const NOT_READS: Record<string, string> = {
  signInDemo: "signs in (a redirect)",
  startGitHubSignIn: "starts a sign-in at the provider (a redirect)",
  completeGitHubSignIn: "completes a sign-in started by the caller",
  startGoogleSignIn: "starts a sign-in at the provider (a redirect)",
  completeGoogleSignIn: "completes a sign-in started by the caller",
  startOidcSignIn: "starts a sign-in at the tenant's provider (a redirect)",
  completeOidcSignIn: "completes a sign-in started by the caller (an admin's test shows what the provider said of the person signing in, and their account)",
  startSamlSignIn: "starts a sign-in at the tenant's identity provider (a redirect)",
  getSamlMetadata: "our SAML service provider's description (entity ID, ACS), no person's data; 404 for a tenant without SAML",
  respondToPulseLink: "a pulse respondent's page: needs the invite's token, which only the respondent's e-mail holds",
  getPulseConversation: "a pulse respondent's private conversation: needs the capability given only on their thank-you page",
  showUnsubscribePage: "a recipient's unsubscribe page: needs the token signed for them, which only their e-mail holds",
  streamEvents: "a live stream: read as one through the whole flow (below)",
};

const INDEX = '<!doctype html><html><body><div id="root"><!--first-screen--><div class="boot-title"></div><!--/first-screen--></div></body></html>';
const METRICS_TOKEN = `metrics-${randomUUID()}`;
const FLAGGED_BODY = "Why is this shit still broken after three releases?";

interface EmailJob {
  id: string;
  status: string;
  to: string[] | null;
}

/** A member who connects from an address of their own (any 127/8 address is the loopback here). */
async function memberFrom(baseUrl: string, address: string, tenantSlug: string, username: string) {
  const agent = request.agent(baseUrl);
  const local = new Agent({ localAddress: address });
  const login = await agent.get(`/auth/demo?user=${encodeURIComponent(username)}&tenant=${encodeURIComponent(tenantSlug)}`).agent(local);
  if (login.status !== 302) throw new Error(`sign-in of ${username} failed: ${login.status}`);
  const csrf: string = (await agent.get("/auth/csrf").agent(local)).body.csrfToken;
  const write = (test: Test, body?: object) => test.agent(local).set("x-csrf-token", csrf).send(body);
  return {
    post: (url: string, body?: object) => write(agent.post(url), body),
    put: (url: string, body?: object) => write(agent.put(url), body),
    delete: (url: string) => write(agent.delete(url)),
  };
}

describe("the author of an anonymous question, looked for by a curious admin and moderator (CONTRACT §3)", () => {
  let sink: SmtpSink;
  let app: TestApp<BullEmailQueue>;
  let worker: EmailWorker;
  let server: Awaited<ReturnType<typeof listen>>;
  let fixture: TenantFixture;
  let distDir: string;
  let refuseAuthor = false;
  let author: { id: string; email: string; name: string; username: string };
  let authorAddress: string;
  let needles: string[];
  let staff: Record<"admin" | "moderator" | "teammoderator", ApiClient>;
  let readers: Reader[];
  let document: WalkedDocument;
  let before: Surface;
  let after: Surface;
  let flowLogs: string[];
  let streams: EventStream[];
  const asked: Record<"open" | "answered" | "refused" | "held" | "withdrawn", { id: string; body: string }> = {} as never;
  const jobIds: Record<"answered" | "refused", string> = {} as never;
  let retried: request.Response;
  let failedView: request.Response;

  /** The id of the answered e-mail job queued for a question (read from the queue, as the test has no other way to name it). */
  async function answeredJobOf(questionId: string): Promise<string> {
    for (let tries = 0; tries < 200; tries++) {
      const view = await app.queue.overview(fixture.tenant.id, 100);
      const job = Object.values(view.recent)
        .flat()
        .find((candidate) => candidate.name === "question-answered" && (candidate.data as { questionId: string }).questionId === questionId);
      if (job) return job.id;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no answered e-mail job for question ${questionId}`);
  }

  async function knownIds(): Promise<string[]> {
    const { admin } = staff;
    const tags = (await admin.get("/tags").expect(200)).body as Array<{ id: string }>;
    const tokens = (await admin.get("/auth/tokens").expect(200)).body as Array<{ id: string }>;
    const view = await app.queue.overview(fixture.tenant.id, 100);
    const questions = (await app.db("questions").where({ tenant_id: fixture.tenant.id }).select("id")) as Array<{ id: string }>;
    const polls = (await app.db("polls").where({ tenant_id: fixture.tenant.id }).select("id")) as Array<{ id: string }>;
    let pulseQuestions = (await admin.get("/admin/pulse/questions").expect(200)).body as Array<{ id: string }>;
    if (pulseQuestions.length === 0) {
      await admin.post("/admin/pulse/questions", { text: "How was your week?" }).expect(201);
      pulseQuestions = (await admin.get("/admin/pulse/questions").expect(200)).body as Array<{ id: string }>;
    }
    // A released pulse comment, so the leads' comment routes are read too (as a release writes it).
    if (!(await app.db("pulse_comments").where({ tenant_id: fixture.tenant.id }).first())) {
      await app.db("pulse_comments").insert({
        id: randomUUID(),
        tenant_id: fixture.tenant.id,
        question_id: pulseQuestions[0]?.id,
        team_id: fixture.teams.a.id,
        week: new Date().toISOString().slice(0, 10),
        body: "A comment released with its batch.",
        conversation_hash: randomUUID().replace(/-/g, ""),
      });
    }
    const comments = (await app.db("pulse_comments").where({ tenant_id: fixture.tenant.id }).select("id")) as Array<{ id: string }>;
    const webhooks = (await admin.get("/admin/webhooks").expect(200)).body as Array<{ id: string }>;
    return [
      fixture.tenant.id,
      fixture.teams.a.id,
      fixture.teams.b.id,
      ...Object.values(fixture.users).map((user) => user.id),
      author.id,
      ...tags.map((tag) => tag.id),
      ...tokens.map((token) => token.id),
      ...questions.map((question) => question.id),
      ...polls.map((poll) => poll.id),
      ...pulseQuestions.map((question) => question.id),
      ...comments.map((comment) => comment.id),
      ...webhooks.map((webhook) => webhook.id),
      ...Object.values(asked).map((question) => question.id),
      ...Object.values(view.recent)
        .flat()
        .map((job) => job.id),
    ];
  }

  async function walk(): Promise<Surface> {
    return readSurface({
      document,
      readers,
      schemeReaders: { metricsToken: { name: "operator", get: (url) => request(app.app).get(url).set("Authorization", `Bearer ${METRICS_TOKEN}`) } },
      ids: [...new Set(await knownIds())],
      probes: { ids: [author.id], texts: [author.name, author.email, author.username] },
      notReads: NOT_READS,
      extraPaths: [`/${fixture.teams.a.slug}`, `/${fixture.teams.b.slug}`],
    });
  }

  beforeAll(async () => {
    sink = await startSmtpSink({
      // What a real server says when it refuses a mailbox: the address, quoted.
      rejectRecipient: (address) =>
        refuseAuthor && address === author.email
          ? { code: 550, message: `5.1.1 <${address}>: Recipient address rejected: User unknown in virtual mailbox table` }
          : null,
    });
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), "qa-anonymous-authors-"));
    fs.writeFileSync(path.join(distDir, "index.html"), INDEX);
    // No webhook retries: a delivery that is retried changes (attempts, error) between the walks, and its payload would count as newly read.
    app = await createTestApp({
      emailQueue: "bullmq",
      env: smtpEnv(sink.port, { METRICS_TOKEN }),
      web: builtFrontend(distDir),
      tuning: { webhookRetryDelaysMs: [] },
    });
    worker = startWorker(app);
    server = await listen(app.app);
    fixture = await createTenantFixture(app.db, { settings: { features: { enableEmailNotifications: true, allowAnonymousQuestions: true } } });
    const suffix = randomUUID().slice(0, 8);
    author = await insertUser(app.db, fixture.tenant.id, {
      teamId: fixture.teams.a.id,
      name: `Avery Quillfeather ${suffix}`,
      email: `avery.quillfeather.${suffix}@example.net`,
      demoUsername: `avery-${suffix}`,
    });
    authorAddress = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(2, 255)}`;
    needles = [author.id, author.email, author.name, author.username, authorAddress];

    staff = await signInMany(app, fixture.tenant.slug, ["admin", "moderator", "teammoderator"]);
    const { token } = (await staff.admin.post("/auth/tokens", { name: "dashboard", scope: "read" }).expect(201)).body as { token: string };
    const session = (name: string, client: ApiClient): Reader => ({ name, get: (url) => client.get(url) });
    readers = [
      session("admin", staff.admin),
      { name: "admin read token", get: (url) => request(app.app).get(url).set("Authorization", `Bearer ${token}`) },
      session("moderator", staff.moderator),
      session("team moderator", staff.teammoderator),
    ];
    document = (await staff.admin.get("/openapi.json").expect(200)).body as WalkedDocument;
    // An outgoing webhook for every event (CONTRACT §11): its deliveries' stored payloads are read by the walk too.
    // Nothing reaches it (a name resolving to loopback is refused when connecting), and nothing needs to.
    await staff.admin
      .post("/admin/webhooks", {
        url: "https://localhost:1/hook",
        events: ["question.created", "question.answered", "question.deleted", "poll.closed", "pulse.batch_released"],
      })
      .expect(201);

    // The author is known before: signed in (from their address), with a question under their name.
    const member = await memberFrom(server.url, authorAddress, fixture.tenant.slug, author.username);
    await member.post("/questions", { body: questionBody(), teamId: fixture.teams.a.id }).expect(201);
    // A live poll of the team, results shown: the author's vote (below) must not name them either (CONTRACT §9).
    const poll = (await staff.moderator.post("/polls", { teamId: fixture.teams.a.id, title: "Lunch?", type: "single", options: ["Soup", "Salad"] }).expect(201))
      .body as { id: string; options: Array<{ id: string }> };
    await staff.moderator.post(`/polls/${poll.id}/open`).expect(200);
    await staff.moderator.post(`/polls/${poll.id}/results`, { visible: true }).expect(200);
    // A pulse question, so the routes that read one (its e-mail's preview) are walked too.
    await staff.admin.post("/admin/pulse/questions", { text: "How clear are this week's priorities?" }).expect(201);
    // Each delivery's one attempt has ended before the first walk reads the deliveries.
    await eventually(async () => expect(await app.db("webhook_deliveries").where({ tenant_id: fixture.tenant.id, status: "pending" })).toEqual([]));
    before = await walk();

    streams = await Promise.all(
      [staff.admin, staff.moderator].map((client) => openEventStream(server.url, `/events?tenant=${fixture.tenant.slug}`, { cookie: client.cookie ?? "" })),
    );
    const logsFrom = app.rawLogs.length;

    const ask = async (body: string) => {
      const question = (await member.post("/questions", { body, teamId: fixture.teams.a.id, anonymous: true }).expect(201)).body as { id: string };
      return { id: question.id, body };
    };
    await member.post(`/polls/${poll.id}/votes`, { optionIds: [poll.options[1]?.id] }).expect(200);
    asked.open = await ask(questionBody());
    await member.post(`/questions/${asked.open.id}/upvote`).expect(200);
    asked.answered = await ask(questionBody());
    asked.held = await ask(FLAGGED_BODY);
    asked.refused = await ask(questionBody());
    asked.withdrawn = await ask(questionBody());
    const reworded = `${asked.withdrawn.body} Or later?`;
    await member.put(`/questions/${asked.withdrawn.id}`, { body: reworded }).expect(200);
    await member.put(`/questions/${asked.withdrawn.id}`, { body: reworded }).expect(200);
    await member.delete(`/questions/${asked.withdrawn.id}`).expect(204);

    await staff.moderator.post(`/questions/${asked.answered.id}/answer`, { responseText: "Yes, from next month." }).expect(200);
    jobIds.answered = await answeredJobOf(asked.answered.id);
    expect(await waitForJob(app.queue, fixture.tenant.id, jobIds.answered)).toMatchObject({ status: "completed" });
    await member.put(`/questions/${asked.answered.id}`, { body: `${asked.answered.body} Still?` }).expect(409);

    refuseAuthor = true;
    await staff.moderator.post(`/questions/${asked.refused.id}/answer`, { responseText: "It is being fixed this sprint." }).expect(200);
    jobIds.refused = await answeredJobOf(asked.refused.id);
    expect(await waitForJob(app.queue, fixture.tenant.id, jobIds.refused)).toMatchObject({ status: "failed", failedReason: "Recipient rejected" });
    failedView = await staff.admin.get("/admin/email-queue").expect(200);
    refuseAuthor = false;
    retried = await staff.admin.post(`/admin/email-queue/${jobIds.refused}/retry`).expect(200);
    expect(await waitForJob(app.queue, fixture.tenant.id, jobIds.refused)).toMatchObject({ status: "completed" });
    await sink.waitForMessages(2);

    flowLogs = app.rawLogs.slice(logsFrom);
    for (const stream of streams) stream.close();
    after = await walk();
  });

  afterAll(async () => {
    await worker?.close();
    await server?.close();
    await app?.close();
    await sink?.close();
    if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
  });

  const answeredJobsSeenBy = (surface: Surface) =>
    surface.captures
      .filter((capture) => capture.operationId === "getEmailQueue" && capture.status === 200)
      .flatMap((capture) => Object.values(JSON.parse(capture.text).recentJobs as Record<string, EmailJob[]>).flat())
      .filter((job) => job.id === jobIds.answered || job.id === jobIds.refused);

  it("the walk read every GET operation of /openapi.json (none could not be read), exports in both formats, the moderation queue and the first screen", () => {
    for (const surface of [before, after]) {
      expect(surface.unreadable).toEqual([]);
      expect(surface.operations.called).toBe(surface.operations.documented - Object.keys(NOT_READS).length);
    }
    const read = (check: (capture: Capture) => boolean) => after.captures.some((capture) => capture.status === 200 && check(capture));
    for (const operationId of ["exportQuestions", "exportAuditLogs", "exportUsers", "exportPulse"]) {
      expect(
        read((c) => c.operationId === operationId && c.contentType.includes("text/csv")),
        `${operationId} as CSV`,
      ).toBe(true);
      expect(
        read((c) => c.operationId === operationId && c.contentType.includes("json")),
        `${operationId} as JSON`,
      ).toBe(true);
    }
    expect(read((c) => c.reader === "moderator" && c.url.includes("status=UNDER_REVIEW") && c.text.includes(asked.held.id))).toBe(true);
    expect(read((c) => c.operationId === `page /${fixture.teams.a.slug}` && c.text.includes(asked.open.body))).toBe(true);
    expect(read((c) => c.operationId === "getMetrics")).toBe(true);
    // The needles do match where the author legitimately is (the user list, their own question).
    expect(before.captures.filter((capture) => namingRecords(capture, needles).length > 0).length).toBeGreaterThan(0);
  });

  it("the e-mail queue shows the answered e-mails of the anonymous questions with `to: null`, sent and retried alike", () => {
    const jobs = answeredJobsSeenBy(after);
    expect(new Set(jobs.map((job) => job.id))).toEqual(new Set([jobIds.answered, jobIds.refused]));
    for (const job of jobs) expect(job).toMatchObject({ status: "completed", to: null, recipientHidden: true });
    expect(retried.body).toMatchObject({ id: jobIds.refused, to: null, recipientHidden: true });
    // While it had failed (the server refused the address, quoting it): listed, retryable, naming nobody.
    const failed = (failedView.body as { recentJobs: { failed: EmailJob[] } }).recentJobs.failed;
    expect(failed).toEqual([expect.objectContaining({ id: jobIds.refused, to: null, recipientHidden: true, failedReason: "Recipient rejected" })]);
    expect(namingRecords({ contentType: "application/json", text: failedView.text, headers: {} }, needles)).toEqual([]);
  });

  it("nothing an admin, a moderator or the operator reads names the author more than before", () => {
    const findings = newlyNaming(before.captures, after.captures, needles);
    if (process.env.SHOW_FINDINGS) console.log(findings.map((f) => `${f.key}\n    ${f.record.slice(0, 400)}`).join("\n"));
    expect(findings).toEqual([]);
  });

  it("no answer to a request naming the author (a filter by their id, a search by their name) leads to an anonymous question", () => {
    const markers = Object.values(asked).flatMap((question) => [question.id, question.body]);
    const naming = (capture: Capture) => needles.some((needle) => decodeURIComponent(capture.url).toLowerCase().includes(needle.toLowerCase()));
    const found = after.captures.filter(naming).filter((capture) => markers.some((marker) => capture.text.includes(marker)));
    expect(found.map((capture) => capture.key)).toEqual([]);
  });

  it("no log line written during the flow names the author or their address (requests, e-mail worker, queue)", () => {
    expect(flowLogs.length).toBeGreaterThan(10);
    const naming = flowLogs.filter((line) => needles.some((needle) => line.toLowerCase().includes(needle.toLowerCase())));
    expect(naming).toEqual([]);
  });

  it("no live event the admin and the moderator received names the author", () => {
    expect(streams.every((stream) => stream.messages.some((message) => message.data.type === "question:created"))).toBe(true);
    const naming = streams.flatMap((stream) => stream.blocks).filter((block) => needles.some((needle) => block.toLowerCase().includes(needle.toLowerCase())));
    expect(naming).toEqual([]);
  });

  it("an anonymous question its own moderator answers still queues its answered e-mail (else the queue would tell who asked)", async () => {
    const { teammoderator } = staff;
    const body = questionBody();
    const { id } = (await teammoderator.post("/questions", { body, teamId: fixture.teams.a.id, anonymous: true }).expect(201)).body as { id: string };
    await teammoderator.post(`/questions/${id}/answer`, { responseText: "Answered by whoever asked it." }).expect(200);
    const jobId = await answeredJobOf(id);
    expect(await waitForJob(app.queue, fixture.tenant.id, jobId)).toMatchObject({ status: "completed" });
    const view = (await staff.admin.get("/admin/email-queue").expect(200)).body as { recentJobs: { completed: EmailJob[] } };
    expect(view.recentJobs.completed.find((job) => job.id === jobId)).toMatchObject({ to: null, recipientHidden: true, outcome: null, skipReason: null });
    // Nobody is told of their own answer.
    expect(sink.messages.filter((message) => String(message.text).includes(body))).toHaveLength(0);
  });

  it("deleting the author later: the deletion's audit entry counts only the questions it made anonymous, not the anonymous ones", async () => {
    const owner = await signIn(app, fixture.tenant.slug, "owner");
    await owner.delete(`/admin/users/${author.id}`).expect(204);
    const { items } = (await staff.admin.get(`/admin/audit-logs?action=user.delete&entityId=${author.id}`).expect(200)).body as {
      items: Array<{ metadata: Record<string, unknown> }>;
    };
    // One question was asked under their name before; four anonymous ones remain, counted nowhere.
    expect(items.map((entry) => entry.metadata.questionsAnonymised)).toEqual([1]);
  });
});
