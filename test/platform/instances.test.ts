import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/platform/db.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { addPulseQuestion } from "../helpers/pulse.js";
import { startServerProcess, type ServerProcess } from "../helpers/processes.js";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp-sink.js";
import { openEventStream } from "../helpers/sse.js";

/**
 * Two real server processes (what `npm start` runs) sharing PostgreSQL and Redis, as behind a
 * load balancer, in production mode: sessions, live events, rate limits, the email queue and the
 * pulse send are correct whichever instance a request reaches; SIGTERM drains an instance.
 */
const HTTPS = { "x-forwarded-proto": "https" };

class Browser {
  cookie = "";
  csrf = "";
  constructor(readonly forwardedFor: string) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { ...HTTPS, "x-forwarded-for": this.forwardedFor, ...(this.cookie ? { cookie: this.cookie } : {}), ...extra };
  }

  async signIn(base: string, tenant: string, user: string): Promise<void> {
    const login = await fetch(`${base}/auth/demo?user=${user}&tenant=${tenant}`, { redirect: "manual", headers: this.headers() });
    expect(login.status).toBe(302);
    this.cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] as string;
    this.csrf = ((await (await fetch(`${base}/auth/csrf`, { headers: this.headers() })).json()) as { csrfToken: string }).csrfToken;
  }

  get(base: string, path: string) {
    return fetch(`${base}${path}`, { headers: this.headers({ accept: "application/json" }) });
  }

  post(base: string, path: string, body?: unknown) {
    return fetch(`${base}${path}`, {
      method: "POST",
      headers: this.headers({ "content-type": "application/json", "x-csrf-token": this.csrf, accept: "application/json" }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
}

describe("two instances behind one load balancer", () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let smtp: SmtpSink;
  let handle: DatabaseHandle;
  let t: TenantFixture;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    handle = await openDatabase({ url: inject("databaseUrl"), poolMax: 2, dataDir: "" });
    t = await createTenantFixture(handle.db, {
      settings: { features: { enableEmailNotifications: true }, pulse: { enabled: true }, security: { rateLimits: { questionsPerHour: 3 } } },
    });
    const env = {
      NODE_ENV: "production",
      DATABASE_URL: inject("databaseUrl"),
      KVSTORE_URL: inject("redisUrl"),
      KV_PREFIX: `${inject("kvPrefix")}pair-${randomUUID().slice(0, 8)}:`,
      SESSION_SECRET: "a-session-secret-shared-by-both-instances",
      AUTH_MODE_DEMO: "true",
      SEED_DEMO_DATA: "false",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
      DATABASE_POOL_MAX: "4",
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
    await handle?.close();
  });

  it("a session made on one instance works on the other, and rate limits count across both", async () => {
    const member = new Browser("198.51.100.10");
    await member.signIn(a.url, t.tenant.slug, "member");
    const me = (await (await member.get(b.url, "/auth/me")).json()) as { user: { id: string } };
    expect(me.user.id).toBe(t.users.member.id);
    const statuses: number[] = [];
    for (const base of [a.url, b.url, a.url, b.url]) {
      statuses.push((await member.post(base, "/questions", { body: `Asked through ${base} about capacity`, teamId: t.teams.a.id })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it("an SSE client of one instance receives events caused on the other; the answered email is sent once", async () => {
    const viewer = new Browser("198.51.100.11");
    await viewer.signIn(b.url, t.tenant.slug, "viewer");
    const stream = await openEventStream(b.url, `/events?tenant=${t.tenant.slug}`, viewer.headers());
    expect(stream.status).toBe(200);
    const author = new Browser("198.51.100.12");
    await author.signIn(a.url, t.tenant.slug, "memberb");
    const question = (await (
      await author.post(a.url, "/questions", { body: "Does the new on-call policy apply to contractors?", teamId: t.teams.a.id })
    ).json()) as { id: string };
    await stream.next((message) => message.data.type === "question:created" && message.data.data?.id === question.id, 10_000);

    const admin = new Browser("198.51.100.13");
    await admin.signIn(b.url, t.tenant.slug, "admin");
    expect((await admin.post(b.url, `/questions/${question.id}/answer`, { responseText: "Yes, from January." })).status).toBe(200);
    await stream.next((message) => message.data.type === "question:answered", 10_000);
    stream.close();
    // Both instances run an email worker on the shared queue: the email goes out exactly once.
    const [mail] = await smtp.waitForMessages(1, 20_000);
    expect(mail?.subject).toBe("Your question was answered!");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.messages.filter((message) => message.subject === "Your question was answered!")).toHaveLength(1);
  });

  it("the pulse send happens once when both instances run it at the same moment", async () => {
    await addPulseQuestion(handle.db, t.tenant.id, { text: "How was your week?" });
    const admins = [new Browser("198.51.100.14"), new Browser("198.51.100.15")];
    await admins[0]!.signIn(a.url, t.tenant.slug, "admin");
    await admins[1]!.signIn(b.url, t.tenant.slug, "owner");
    const [one, two] = await Promise.all([admins[0]!.post(a.url, "/admin/pulse/run"), admins[1]!.post(b.url, "/admin/pulse/run")]);
    const results = [
      (await one.json()) as { invitesCreated: number; alreadyRan?: boolean },
      (await two.json()) as { invitesCreated: number; alreadyRan?: boolean },
    ];
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(results.filter((result) => result.alreadyRan)).toHaveLength(1);
    const invites = await handle.db("pulse_invites").where({ tenant_id: t.tenant.id }).count<{ count: number }[]>("* as count");
    expect(Number(invites[0]?.count)).toBe(results.reduce((sum, result) => sum + result.invitesCreated, 0));
  });

  it("SIGTERM drains an instance: it stops accepting, ends SSE streams with a retry hint, finishes requests and exits within 10 s; the other keeps serving", async () => {
    const member = new Browser("198.51.100.16");
    await member.signIn(a.url, t.tenant.slug, "viewer");
    const stream = await openEventStream(a.url, `/events?tenant=${t.tenant.slug}`, member.headers());
    expect(stream.status).toBe(200);
    // Requests under way when the signal arrives complete with full answers.
    const inFlight = Array.from({ length: 20 }, () => member.get(a.url, `/questions?teamId=${t.teams.a.id}`));
    const started = Date.now();
    a.child.kill("SIGTERM");
    const responses = await Promise.allSettled(inFlight);
    for (const outcome of responses) {
      if (outcome.status === "fulfilled") {
        expect([200, 503]).toContain(outcome.value.status);
        if (outcome.value.status === 200) expect(((await outcome.value.json()) as { items: unknown[] }).items).toBeInstanceOf(Array);
      }
    }
    expect(await a.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    await stream.closed;
    // The stream opened with the usual hint and ended with a short one: reconnect now, elsewhere.
    expect(stream.blocks[0]).toMatch(/^retry: 3000\nid: \d+$/);
    expect(stream.blocks.at(-1)).toBe("retry: 500");
    expect(a.output.join("")).toContain("shutting down");
    await expect(fetch(`${a.url}/health/live`)).rejects.toThrow();
    expect((await member.get(b.url, "/auth/me")).status).toBe(200);
  });
});
