import express from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { mountRoutes, route } from "../../src/platform/http/route.js";
import { rule } from "../../src/platform/policy.js";
import { createTestApp, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";

const MISSING = "00000000-0000-4000-8000-000000000000";

/**
 * A route's rule is declared whole where the route is: the gate (`access`), then the record the
 * request names and the module policy's rule about it (`record`). These tests try the rules as
 * someone probing them would.
 */
describe("route rules: the gate, then the record the request names", () => {
  let app: TestApp;
  let t: TenantFixture;
  let c: Record<"owner" | "admin" | "moderator" | "othermoderator" | "member", ApiClient>;
  let teamAQuestion: string;
  let pendingInA: string;

  beforeAll(async () => {
    app = await createTestApp();
    t = await createTenantFixture(app.db);
    c = await signInMany(app, t.tenant.slug, ["owner", "admin", "moderator", "othermoderator", "member"]);
    teamAQuestion = (await c.member.post("/questions", { body: "Which rooms are we using next quarter?", teamId: t.teams.a.id }).expect(201)).body.id;
    const [row] = await app
      .db("questions")
      .insert({ tenant_id: t.tenant.id, team_id: t.teams.a.id, author_id: t.users.owner.id, body: "A question waiting for review", status: "UNDER_REVIEW" })
      .returning("id");
    pendingInA = row.id;
  });
  afterAll(() => app.close());

  it("someone who moderates no team learns 403 for any moderation, whether the question exists, waits for review or not", async () => {
    for (const id of [teamAQuestion, pendingInA, MISSING]) {
      const response = await c.member.post(`/questions/${id}/answer`, { responseText: "Probing." }).expect(403);
      expect(response.body.error.code, id).toBe("FORBIDDEN");
    }
    // Before validation too: a malformed request tells them nothing more.
    await c.member.post(`/questions/not-an-id/pin`, { pinned: "yes" }).expect(403);
    await c.member.post(`/teams/${MISSING}/freeze`, { frozen: true }).expect(403);
  });

  it("a moderator of another team is refused with the policy's reason, and a question in review there does not exist for them", async () => {
    const refused = await c.othermoderator.post(`/questions/${teamAQuestion}/pin`, { pinned: true }).expect(403);
    expect(refused.body.error.message).toBe("Only a moderator of this team or an admin can do this.");
    await c.othermoderator.post(`/questions/${pendingInA}/approve`, {}).expect(404);
    await c.othermoderator.post(`/teams/${t.teams.a.id}/freeze`, { frozen: true }).expect(403);
    await c.othermoderator.post(`/teams/${MISSING}/freeze`, { frozen: true }).expect(404);
    // Nothing changed on the way.
    const question = (await c.member.get(`/questions/${teamAQuestion}`).expect(200)).body;
    expect(question.isPinned).toBe(false);
    expect((await app.db("teams").where({ id: t.teams.a.id }).first()).queue_frozen).toBe(false);
  });

  it("the team's moderator passes the same rule", async () => {
    await c.moderator.post(`/questions/${teamAQuestion}/pin`, { pinned: true }).expect(200);
    await c.moderator.post(`/questions/${teamAQuestion}/pin`, { pinned: false }).expect(200);
  });

  it("an author's change of someone else's question is refused; a member learns nothing of a question in review", async () => {
    const refused = await c.othermoderator.put(`/questions/${teamAQuestion}`, { body: "Rewritten by someone else entirely" }).expect(403);
    expect(refused.body.error.message).toBe("Only the author, a moderator of this team or an admin can change this question.");
    await c.member.delete(`/questions/${pendingInA}`).expect(404);
  });

  it("the pulse summary: a moderator sees their own team only, and must name it; others learn 403 before their query is read", async () => {
    await c.moderator.get(`/pulse/summary?team=${t.teams.a.id}`).expect(200);
    const otherTeam = await c.moderator.get(`/pulse/summary?team=${t.teams.b.id}`).expect(403);
    expect(otherTeam.body.error.message).toMatch(/their own teams only/);
    await c.moderator.get("/pulse/summary").expect(403);
    await c.member.get("/pulse/summary?range=not-a-range").expect(403);
    await c.admin.get(`/pulse/summary?team=${MISSING}`).expect(404);
  });

  it("changing a user: only an owner passes the gate; the user changed must exist", async () => {
    await c.admin.put(`/admin/users/${t.users.owner.id}`, { name: "Owner Renamed" }).expect(403);
    await c.admin.delete(`/admin/users/${t.users.member.id}`).expect(403);
    await c.owner.put(`/admin/users/${t.users.admin.id}`, { name: "Admin Renamed" }).expect(200);
    const missing = await c.owner.put(`/admin/users/${MISSING}`, { name: "Nobody" }).expect(404);
    expect(missing.body.error.code).toBe("NOT_FOUND");
    expect((await app.db("users").where({ id: t.users.owner.id }).first()).name).not.toBe("Owner Renamed");
  });

  it("the API description states each team-scoped route's record rule", async () => {
    const document = (await request(app.app).get("/openapi.json").expect(200)).body;
    const operations = Object.values(document.paths as Record<string, Record<string, { description?: string }>>).flatMap((methods) => Object.values(methods));
    const teamScoped = operations.filter((operation) => operation.description?.includes("or a moderator of the team concerned"));
    expect(teamScoped.length).toBeGreaterThanOrEqual(9);
    for (const operation of teamScoped) expect(operation.description).toMatch(/Then, about the record it names \(403 otherwise\): \S/);
  });
});

describe("route rules are mandatory where a permission is team-scoped", () => {
  it("mounting a team-scoped route without a record rule fails at start-up, not at the first request", () => {
    const unscoped = route({ method: "post", path: "/x", operationId: "x", tag: "t", summary: "s", access: "question.answer", handler: () => ({}) });
    expect(() => mountRoutes(express.Router(), [unscoped])).toThrow(/team-scoped permission needs a record rule/);
    const scoped = route({
      method: "post",
      path: "/x/:id",
      operationId: "xById",
      tag: "t",
      summary: "s",
      access: "question.answer",
      params: z.object({ id: z.string() }),
      record: { load: async ({ params }: { params: { id: string } }) => ({ teamId: params.id }), rule: rule<{ teamId: string }>("no", () => false) },
      handler: () => ({}),
    });
    expect(() => mountRoutes(express.Router(), [scoped])).not.toThrow();
  });
});

describe("every operation is named", () => {
  it("mounting two routes with one operationId fails at start-up: client generators name their methods after it", () => {
    const first = route({ method: "get", path: "/a", operationId: "readThing", tag: "t", summary: "s", access: "public", handler: () => ({}) });
    const second = route({ method: "get", path: "/b", operationId: "readThing", tag: "t", summary: "s", access: "public", handler: () => ({}) });
    expect(() => mountRoutes(express.Router(), [first, second])).toThrow(/GET \/b needs an operationId of its own/);
    expect(() => mountRoutes(express.Router(), [first])).not.toThrow();
  });
});
