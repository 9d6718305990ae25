import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../src/platform/context.js";
import request from "supertest";
import { ApiClient, createTestApp, signIn, visitor, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture, insertTeam, insertUser } from "../helpers/factories.js";
import { addPulseQuestion } from "../helpers/pulse.js";

/**
 * The permission matrix of every admin route (SPEC's authorisation table, CONTRACT §2/§8),
 * generated from one table. The table must list exactly the admin routes the app mounts: a new
 * route without a row here fails the first test.
 */
interface World {
  app: TestApp;
  own: TenantFixture;
  other: TenantFixture;
}
interface Call {
  path: string;
  body?: object;
  /** A text/csv body instead of JSON. */
  csv?: string;
}
interface Row {
  /** Roles that succeed; every other role gets 403 FORBIDDEN, a visitor 401 UNAUTHENTICATED. */
  allowed: Role[];
  success: number;
  /** A fresh call: records it consumes (deleted, changed) are created for each call. */
  call: (w: World) => Promise<Call>;
  /** The same call naming the other tenant's records: 404 for a caller who holds the permission. */
  foreign?: (w: World) => Promise<Call>;
}

const ADMINS: Role[] = ["owner", "admin"];
const OWNER: Role[] = ["owner"];
const email = () => `perm-${randomUUID().slice(0, 8)}@example.com`;
const freshUser = (w: World, teamId?: string) => insertUser(w.app.db, w.own.tenant.id, { teamId });
const freshTeam = (w: World) => insertTeam(w.app.db, w.own.tenant.id);
const tagName = () => `Tag ${randomUUID().slice(0, 8)}`;
async function freshTag(w: World, tenantId = w.own.tenant.id): Promise<string> {
  const [row] = await w.app.db("tags").insert({ tenant_id: tenantId, name: tagName(), color: "#123456" }).returning(["id"]);
  return row.id;
}
async function freshScimToken(app: TestApp, tenantId: string): Promise<string> {
  const [row] = await app
    .db("scim_tokens")
    .insert({ tenant_id: tenantId, name: "Matrix", token_hash: randomUUID(), token_prefix: "qa_scim_matrix" })
    .returning(["id"]);
  return row.id;
}
/** An endpoint no request reaches (a name resolving to loopback is refused when connecting). */
const WEBHOOK_URL = "https://localhost:1/hook";
async function freshWebhook(app: TestApp, tenantId: string): Promise<string> {
  const [row] = await app
    .db("webhook_endpoints")
    .insert({ tenant_id: tenantId, url: WEBHOOK_URL, events: ["question.created"], secret_sealed: "sealed.v1.matrix" })
    .returning(["id"]);
  return row.id;
}
/** A finished delivery (replayable) of a fresh endpoint: its path prefix `/admin/webhooks/:id/deliveries/:deliveryId`. */
async function freshDelivery(app: TestApp, tenantId: string): Promise<string> {
  const endpointId = await freshWebhook(app, tenantId);
  const [row] = await app
    .db("webhook_deliveries")
    .insert({ tenant_id: tenantId, endpoint_id: endpointId, event_type: "question.created", payload: JSON.stringify({}), status: "failed", attempts: 8 })
    .returning(["id"]);
  return `/admin/webhooks/${endpointId}/deliveries/${row.id}`;
}
const get = (path: string) => async (): Promise<Call> => ({ path });
const queueEmail = (w: World, tenantId: string) =>
  w.app.queue.add("direct-email", { tenantId, to: [email()], subject: "Matrix", body: "Hello", sentByUserId: w.own.users.admin.id });

const TABLE: Record<string, Row> = {
  "GET /users": { allowed: ADMINS, success: 200, call: get("/users") },
  "POST /admin/users": { allowed: ADMINS, success: 201, call: async () => ({ path: "/admin/users", body: { email: email(), name: "New" } }) },
  "POST /admin/users/import": {
    allowed: ADMINS,
    success: 200,
    call: async () => ({ path: "/admin/users/import", csv: `email,name,role,team\n${email()},Imported,member,\n` }),
  },
  "PUT /admin/users/:id": {
    allowed: OWNER,
    success: 200,
    call: async (w) => ({ path: `/admin/users/${(await freshUser(w)).id}`, body: { name: "Renamed" } }),
    foreign: async (w) => ({ path: `/admin/users/${w.other.users.member.id}`, body: { name: "Renamed" } }),
  },
  "DELETE /admin/users/:id": {
    allowed: OWNER,
    success: 204,
    call: async (w) => ({ path: `/admin/users/${(await freshUser(w)).id}` }),
    foreign: async (w) => ({ path: `/admin/users/${w.other.users.member.id}` }),
  },
  "GET /admin/tenant-settings": { allowed: ADMINS, success: 200, call: get("/admin/tenant-settings") },
  "POST /admin/tenant-settings": {
    allowed: ADMINS,
    success: 200,
    call: async () => ({ path: "/admin/tenant-settings", body: { pulse: { anonThreshold: 6 } } }),
  },
  "GET /admin/audit-logs": { allowed: ADMINS, success: 200, call: get("/admin/audit-logs") },
  "GET /admin/audit": { allowed: ADMINS, success: 200, call: get("/admin/audit?limit=5") },
  "GET /admin/audit-logs/filters": { allowed: ADMINS, success: 200, call: get("/admin/audit-logs/filters") },
  "POST /admin/teams": { allowed: ADMINS, success: 201, call: async () => ({ path: "/admin/teams", body: { name: `Team ${randomUUID().slice(0, 6)}` } }) },
  "PUT /admin/teams/:teamId": {
    allowed: ADMINS,
    success: 200,
    call: async (w) => ({ path: `/admin/teams/${(await freshTeam(w)).id}`, body: { description: "Changed" } }),
    foreign: async (w) => ({ path: `/admin/teams/${w.other.teams.a.id}`, body: { description: "Changed" } }),
  },
  "DELETE /admin/teams/:teamId": {
    allowed: ADMINS,
    success: 204,
    call: async (w) => ({ path: `/admin/teams/${(await freshTeam(w)).id}` }),
    foreign: async (w) => ({ path: `/admin/teams/${w.other.teams.a.id}` }),
  },
  "GET /admin/teams/:teamId/members": {
    allowed: ADMINS,
    success: 200,
    call: async (w) => ({ path: `/admin/teams/${w.own.teams.a.id}/members` }),
    foreign: async (w) => ({ path: `/admin/teams/${w.other.teams.a.id}/members` }),
  },
  "POST /admin/teams/:teamId/members": {
    allowed: ADMINS,
    success: 201,
    call: async (w) => ({ path: `/admin/teams/${w.own.teams.b.id}/members`, body: { userId: (await freshUser(w)).id, role: "member" } }),
    foreign: async (w) => ({ path: `/admin/teams/${w.other.teams.a.id}/members`, body: { userId: (await freshUser(w)).id, role: "member" } }),
  },
  "PUT /admin/teams/:teamId/members/:userId": {
    allowed: OWNER,
    success: 200,
    call: async (w) => ({ path: `/admin/teams/${w.own.teams.a.id}/members/${(await freshUser(w, w.own.teams.a.id)).id}`, body: { role: "moderator" } }),
    foreign: async (w) => ({ path: `/admin/teams/${w.other.teams.a.id}/members/${w.other.users.member.id}`, body: { role: "moderator" } }),
  },
  "DELETE /admin/teams/:teamId/members/:userId": {
    allowed: OWNER,
    success: 204,
    call: async (w) => ({ path: `/admin/teams/${w.own.teams.a.id}/members/${(await freshUser(w, w.own.teams.a.id)).id}` }),
    foreign: async (w) => ({ path: `/admin/teams/${w.other.teams.a.id}/members/${w.other.users.member.id}` }),
  },
  // Tag administration: admin.access.
  "POST /admin/tags": { allowed: ADMINS, success: 201, call: async () => ({ path: "/admin/tags", body: { name: tagName(), color: "#0a0b0c" } }) },
  "PUT /admin/tags/:id": {
    allowed: ADMINS,
    success: 200,
    call: async (w) => ({ path: `/admin/tags/${await freshTag(w)}`, body: { color: "#abcdef" } }),
    foreign: async (w) => ({ path: `/admin/tags/${await freshTag(w, w.other.tenant.id)}`, body: { color: "#abcdef" } }),
  },
  "DELETE /admin/tags/:id": {
    allowed: ADMINS,
    success: 204,
    call: async (w) => ({ path: `/admin/tags/${await freshTag(w)}` }),
    foreign: async (w) => ({ path: `/admin/tags/${await freshTag(w, w.other.tenant.id)}` }),
  },
  // Pulse administration: admin.access.
  "GET /admin/pulse/questions": { allowed: ADMINS, success: 200, call: get("/admin/pulse/questions") },
  "POST /admin/pulse/questions": {
    allowed: ADMINS,
    success: 201,
    call: async () => ({ path: "/admin/pulse/questions", body: { text: "How was your week?" } }),
  },
  "PUT /admin/pulse/questions/:id": {
    allowed: ADMINS,
    success: 200,
    call: async (w) => ({ path: `/admin/pulse/questions/${await addPulseQuestion(w.app.db, w.own.tenant.id)}`, body: { text: "Reworded" } }),
    foreign: async (w) => ({ path: `/admin/pulse/questions/${await addPulseQuestion(w.app.db, w.other.tenant.id)}`, body: { text: "Reworded" } }),
  },
  "GET /admin/pulse/questions/:id/email-preview": {
    allowed: ADMINS,
    success: 200,
    call: async (w) => ({ path: `/admin/pulse/questions/${await addPulseQuestion(w.app.db, w.own.tenant.id)}/email-preview` }),
    foreign: async (w) => ({ path: `/admin/pulse/questions/${await addPulseQuestion(w.app.db, w.other.tenant.id)}/email-preview` }),
  },
  "DELETE /admin/pulse/questions/:id": {
    allowed: ADMINS,
    success: 204,
    call: async (w) => ({ path: `/admin/pulse/questions/${await addPulseQuestion(w.app.db, w.own.tenant.id)}` }),
    foreign: async (w) => ({ path: `/admin/pulse/questions/${await addPulseQuestion(w.app.db, w.other.tenant.id)}` }),
  },
  "GET /admin/pulse/schedule": { allowed: ADMINS, success: 200, call: get("/admin/pulse/schedule") },
  "PUT /admin/pulse/schedule": {
    allowed: ADMINS,
    success: 200,
    call: async () => ({
      path: "/admin/pulse/schedule",
      // The schedule's switch is pulse.enabled: keep it on, or the run below would answer 409.
      body: { enabled: true, cadence: "weekly", time: "09:00", timezone: "UTC", rotatingCohorts: true, numCohorts: 5 },
    }),
  },
  "GET /admin/pulse/cohorts": { allowed: ADMINS, success: 200, call: get("/admin/pulse/cohorts") },
  "GET /admin/pulse/send-preview": { allowed: ADMINS, success: 200, call: get("/admin/pulse/send-preview") },
  // The first run sends; later runs of the same local date answer 200 {alreadyRan: true}.
  "POST /admin/pulse/run": { allowed: ADMINS, success: 200, call: async () => ({ path: "/admin/pulse/run" }) },
  // Email: admin.access.
  "GET /admin/email-queue": { allowed: ADMINS, success: 200, call: get("/admin/email-queue") },
  "POST /admin/emails": {
    allowed: ADMINS,
    success: 202,
    call: async () => ({ path: "/admin/emails", body: { to: [email()], subject: "Matrix", body: "Hello" } }),
    foreign: async (w) => ({ path: "/admin/emails", body: { to: [w.other.users.member.id], subject: "Matrix", body: "Hello" } }),
  },
  "GET /admin/teams/:teamId/channels": {
    allowed: ADMINS,
    success: 200,
    call: async (w) => ({ path: `/admin/teams/${w.own.teams.a.id}/channels` }),
    foreign: async (w) => ({ path: `/admin/teams/${w.other.teams.a.id}/channels` }),
  },
  "PUT /admin/teams/:teamId/channels": {
    allowed: ADMINS,
    success: 200,
    call: async (w) => ({ path: `/admin/teams/${(await freshTeam(w)).id}/channels`, body: { teamsWebhookUrl: WEBHOOK_URL } }),
    foreign: async (w) => ({ path: `/admin/teams/${w.other.teams.a.id}/channels`, body: { teamsWebhookUrl: null } }),
  },
  // A team without channels: the test posts nothing and answers {slack: null, teams: null}.
  "POST /admin/teams/:teamId/channels/test": {
    allowed: ADMINS,
    success: 200,
    call: async (w) => ({ path: `/admin/teams/${(await freshTeam(w)).id}/channels/test` }),
    foreign: async (w) => ({ path: `/admin/teams/${w.other.teams.a.id}/channels/test` }),
  },
  // This app's queue is the in-memory one (development): its jobs never run, so never fail, and
  // the permitted answer is 409 JOB_NOT_FAILED. A successful retry is tested in email-failures.test.ts.
  "POST /admin/email-queue/:id/retry": {
    allowed: ADMINS,
    success: 409,
    call: async (w) => ({ path: `/admin/email-queue/${(await queueEmail(w, w.own.tenant.id)).id}/retry` }),
    foreign: async (w) => ({ path: `/admin/email-queue/${(await queueEmail(w, w.other.tenant.id)).id}/retry` }),
  },
  "GET /admin/export/questions": { allowed: ADMINS, success: 200, call: get("/admin/export/questions") },
  "GET /admin/export/audit-logs": { allowed: ADMINS, success: 200, call: get("/admin/export/audit-logs?format=json") },
  "GET /admin/export/users": { allowed: ADMINS, success: 200, call: get("/admin/export/users") },
  "GET /admin/export/pulse": { allowed: ADMINS, success: 200, call: get("/admin/export/pulse") },
  "GET /admin/export/polls": { allowed: ADMINS, success: 200, call: get("/admin/export/polls") },
  "GET /admin/sign-in": { allowed: ADMINS, success: 200, call: get("/admin/sign-in") },
  "GET /admin/scim-tokens": { allowed: ADMINS, success: 200, call: get("/admin/scim-tokens") },
  "POST /admin/scim-tokens": { allowed: ADMINS, success: 201, call: async () => ({ path: "/admin/scim-tokens", body: { name: "Okta" } }) },
  "DELETE /admin/scim-tokens/:id": {
    allowed: ADMINS,
    success: 204,
    call: async (w) => ({ path: `/admin/scim-tokens/${await freshScimToken(w.app, w.own.tenant.id)}` }),
    foreign: async (w) => ({ path: `/admin/scim-tokens/${await freshScimToken(w.app, w.other.tenant.id)}` }),
  },
  "GET /admin/webhooks": { allowed: ADMINS, success: 200, call: get("/admin/webhooks") },
  "POST /admin/webhooks": {
    allowed: ADMINS,
    success: 201,
    call: async () => ({ path: "/admin/webhooks", body: { url: WEBHOOK_URL, events: ["poll.closed"] } }),
  },
  "PUT /admin/webhooks/:id": {
    allowed: ADMINS,
    success: 200,
    call: async (w) => ({ path: `/admin/webhooks/${await freshWebhook(w.app, w.own.tenant.id)}`, body: { description: "Matrix" } }),
    foreign: async (w) => ({ path: `/admin/webhooks/${await freshWebhook(w.app, w.other.tenant.id)}`, body: { description: "Matrix" } }),
  },
  "DELETE /admin/webhooks/:id": {
    allowed: ADMINS,
    success: 204,
    call: async (w) => ({ path: `/admin/webhooks/${await freshWebhook(w.app, w.own.tenant.id)}` }),
    foreign: async (w) => ({ path: `/admin/webhooks/${await freshWebhook(w.app, w.other.tenant.id)}` }),
  },
  "GET /admin/webhooks/:id/deliveries": {
    allowed: ADMINS,
    success: 200,
    call: async (w) => ({ path: `/admin/webhooks/${await freshWebhook(w.app, w.own.tenant.id)}/deliveries` }),
    foreign: async (w) => ({ path: `/admin/webhooks/${await freshWebhook(w.app, w.other.tenant.id)}/deliveries` }),
  },
  "POST /admin/webhooks/:id/test": {
    allowed: ADMINS,
    success: 200,
    call: async (w) => ({ path: `/admin/webhooks/${await freshWebhook(w.app, w.own.tenant.id)}/test` }),
    foreign: async (w) => ({ path: `/admin/webhooks/${await freshWebhook(w.app, w.other.tenant.id)}/test` }),
  },
  // These tenants have no Slack app: the permitted answer is 409 SLACK_NOT_CONNECTED (the test
  // itself is in slack-connection-test.test.ts).
  "POST /admin/integrations/slack/test": { allowed: ADMINS, success: 409, call: async () => ({ path: "/admin/integrations/slack/test" }) },
  "POST /admin/webhooks/:id/deliveries/:deliveryId/replay": {
    allowed: ADMINS,
    success: 202,
    call: async (w) => ({ path: `${await freshDelivery(w.app, w.own.tenant.id)}/replay` }),
    foreign: async (w) => ({ path: `${await freshDelivery(w.app, w.other.tenant.id)}/replay` }),
  },
};

const ROLES: Role[] = ["owner", "admin", "moderator", "member", "viewer"];
/** API tokens act as their user (CONTRACT §6): an owner's, an admin's and a member's token. */
const BEARERS = ["owner", "admin", "member"] as const;
type Bearer = `bearer:${(typeof BEARERS)[number]}`;
type Caller = Role | "visitor" | Bearer;
const CALLERS: Caller[] = [...ROLES, "visitor", ...BEARERS.map((role): Bearer => `bearer:${role}`)];

/** The role a caller acts with; null for a visitor. */
function roleOf(caller: Caller): Role | null {
  if (caller === "visitor") return null;
  return (caller.startsWith("bearer:") ? caller.slice("bearer:".length) : caller) as Role;
}

function isAdminRoute(path: string): boolean {
  return path === "/users" || path.startsWith("/admin/") || path === "/admin";
}

describe("admin permission matrix", () => {
  const world = {} as World;
  const clients = {} as Record<Caller, ApiClient>;

  beforeAll(async () => {
    world.app = await createTestApp();
    world.own = await createTenantFixture(world.app.db, { settings: { pulse: { enabled: true } } });
    world.other = await createTenantFixture(world.app.db);
    for (const role of ROLES) clients[role] = await signIn(world.app, world.own.tenant.slug, role);
    clients.visitor = visitor(world.app, { "x-tenant-id": world.own.tenant.slug });
    await addPulseQuestion(world.app.db, world.own.tenant.id, { text: "How was the week?" });
    for (const role of BEARERS) {
      const { body } = await clients[role].post("/auth/tokens", { name: `matrix ${role}` }).expect(201);
      // No session cookie and no CSRF token: the bearer header alone authenticates.
      clients[`bearer:${role}`] = new ApiClient(request.agent(world.app.app), "", { authorization: `Bearer ${body.token}` });
    }
  });
  afterAll(() => world.app.close());

  async function send(caller: Caller, method: string, call: Call) {
    const client = clients[caller];
    switch (method) {
      case "GET":
        return client.get(call.path);
      case "POST":
        return call.csv === undefined ? client.post(call.path, call.body) : client.postText(call.path, call.csv);
      case "PUT":
        return client.put(call.path, call.body);
      case "PATCH":
        return client.patch(call.path, call.body);
      case "DELETE":
        return client.delete(call.path);
      default:
        throw new Error(`no client method for ${method}`);
    }
  }

  it("bearer clients carry no session cookie", async () => {
    const response = await clients["bearer:admin"].get("/auth/me").expect(200);
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(response.body.user.id).toBe(world.own.users.admin.id);
  });

  it("the table lists exactly the admin routes the app mounts", () => {
    const mounted = world.app.routes.filter((route) => isAdminRoute(route.path)).map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(mounted.sort()).toEqual(Object.keys(TABLE).sort());
  });

  it("every admin route that names a record by path has a cross-tenant case", () => {
    const missing = Object.entries(TABLE)
      .filter(([key, row]) => key.includes("/:") && !row.foreign)
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });

  for (const [key, row] of Object.entries(TABLE)) {
    const [method, routePath] = key.split(" ") as [string, string];
    describe(key, () => {
      for (const caller of CALLERS) {
        const role = roleOf(caller);
        const allowed = role !== null && row.allowed.includes(role);
        const expected = allowed ? row.success : caller === "visitor" ? 401 : 403;
        it(`${caller} → ${expected}`, async () => {
          const response = await send(caller, method, await row.call(world));
          expect(response.status, JSON.stringify(response.body)).toBe(expected);
          if (!allowed) {
            expect(response.body).toEqual({
              error: { code: expected === 401 ? "UNAUTHENTICATED" : "FORBIDDEN", message: expect.any(String) },
              requestId: expect.any(String),
            });
          }
        });
      }
      if (row.foreign) {
        const foreign = row.foreign;
        it(`another tenant's record in ${routePath} → 404 NOT_FOUND`, async () => {
          const response = await send(row.allowed[0] as Role, method, await foreign(world));
          expect(response.status).toBe(404);
          expect(response.body.error.code).toBe("NOT_FOUND");
        });
      }
    });
  }
});
