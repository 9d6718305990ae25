import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, signInMany, visitor, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";

describe("tag administration", () => {
  let app: TestApp;
  let t: TenantFixture;
  let other: TenantFixture;
  let c: Record<"owner" | "admin" | "moderator" | "member" | "viewer", ApiClient>;

  beforeAll(async () => {
    app = await createTestApp();
    t = await createTenantFixture(app.db);
    other = await createTenantFixture(app.db);
    c = await signInMany(app, t.tenant.slug, ["owner", "admin", "moderator", "member", "viewer"]);
  });
  afterAll(() => app.close());

  it("admins create a tag (201) with a normalised colour; it is listed and audited", async () => {
    const created = await c.admin.post("/admin/tags", { name: "  Security  ", color: "#ABC" }).expect(201);
    expect(created.body).toEqual({ id: expect.any(String), name: "Security", color: "#aabbcc", createdAt: expect.any(String) });
    expect((await c.member.get("/tags").expect(200)).body.map((tag: { name: string }) => tag.name)).toContain("Security");
    const entry = await app.db("audit_logs").where({ entity_id: created.body.id, action: "tag.create" }).first();
    expect(entry).toMatchObject({ user_id: t.users.admin.id, entity_type: "tag", after: { name: "Security", color: "#aabbcc" } });
  });

  it("names are unique per tenant ignoring case (409 DUPLICATE), but another tenant may reuse them", async () => {
    await c.owner.post("/admin/tags", { name: "Hiring", color: "#112233" }).expect(201);
    const duplicate = await c.admin.post("/admin/tags", { name: "hiring", color: "#445566" }).expect(409);
    expect(duplicate.body.error.code).toBe("DUPLICATE");
    await c.admin.post("/admin/tags", { name: "bug", color: "#445566" }).expect(409);
    await (await signIn(app, other.tenant.slug, "admin")).post("/admin/tags", { name: "Hiring", color: "#112233" }).expect(201);
  });

  it("updates name or colour, audited with before and after; a clash is 409", async () => {
    const tag = (await c.admin.post("/admin/tags", { name: "Budget", color: "#000000" }).expect(201)).body;
    const updated = await c.admin.put(`/admin/tags/${tag.id}`, { color: "#FF8800" }).expect(200);
    expect(updated.body).toMatchObject({ id: tag.id, name: "Budget", color: "#ff8800" });
    expect((await c.admin.put(`/admin/tags/${tag.id}`, { name: "Finance" }).expect(200)).body.name).toBe("Finance");
    await c.admin.put(`/admin/tags/${tag.id}`, { name: "Process" }).expect(409);
    const entries = await app.db("audit_logs").where({ entity_id: tag.id, action: "tag.update" }).orderBy("created_at");
    expect(entries.map((entry) => [entry.before, entry.after])).toEqual([
      [
        { name: "Budget", color: "#000000" },
        { name: "Budget", color: "#ff8800" },
      ],
      [
        { name: "Budget", color: "#ff8800" },
        { name: "Finance", color: "#ff8800" },
      ],
    ]);
  });

  it("deletes a tag (204), removing it from questions, audited as tag.delete", async () => {
    const tag = (await c.admin.post("/admin/tags", { name: "Temporary", color: "#123456" }).expect(201)).body;
    const question = (await c.member.post("/questions", { body: "Which tools does the platform team support?", teamId: t.teams.a.id }).expect(201)).body;
    await c.moderator.post(`/questions/${question.id}/tags`, { tagId: tag.id }).expect(200);
    await c.admin.delete(`/admin/tags/${tag.id}`).expect(204);
    expect((await c.member.get(`/questions/${question.id}`).expect(200)).body.tags).toEqual([]);
    const entry = await app.db("audit_logs").where({ entity_id: tag.id, action: "tag.delete" }).first();
    expect(entry).toMatchObject({ before: { name: "Temporary" }, metadata: expect.objectContaining({ questionsTagged: 1 }) });
    await c.admin.delete(`/admin/tags/${tag.id}`).expect(404);
  });

  it("the Currently Presenting tag can be recoloured but not renamed or deleted", async () => {
    const presenting = ((await c.member.get("/tags").expect(200)).body as Array<{ id: string; name: string }>).find(
      (tag) => tag.name === "Currently Presenting",
    )!;
    await c.admin.put(`/admin/tags/${presenting.id}`, { color: "#00ff00" }).expect(200);
    expect((await c.admin.put(`/admin/tags/${presenting.id}`, { name: "On stage" }).expect(409)).body.error.code).toBe("PROTECTED_TAG");
    expect((await c.admin.delete(`/admin/tags/${presenting.id}`).expect(409)).body.error.code).toBe("PROTECTED_TAG");
  });

  it("moderators, members and viewers get 403; visitors 401", async () => {
    for (const client of [c.moderator, c.member, c.viewer]) {
      expect((await client.post("/admin/tags", { name: "Nope", color: "#111111" }).expect(403)).body.error.code).toBe("FORBIDDEN");
    }
    const someTag = (await c.member.get("/tags").expect(200)).body[0];
    await c.member.put(`/admin/tags/${someTag.id}`, { color: "#111111" }).expect(403);
    await c.moderator.delete(`/admin/tags/${someTag.id}`).expect(403);
    await visitor(app, { "x-tenant-id": t.tenant.slug }).post("/admin/tags", { name: "Nope", color: "#111111" }).expect(401);
  });

  it("bad bodies are 400 and another tenant's tag is 404", async () => {
    for (const body of [
      {},
      { name: "", color: "#111111" },
      { name: "x".repeat(51), color: "#111111" },
      { name: "Ok", color: "red" },
      { name: "Ok", color: "#12345" },
      { name: "Ok", color: "#111111", extra: 1 },
      { name: 5, color: "#111111" },
    ]) {
      expect((await c.admin.post("/admin/tags", body).expect(400)).body.error.code).toBe("VALIDATION_FAILED");
    }
    await c.admin.put(`/admin/tags/${(await c.member.get("/tags")).body[0].id}`, {}).expect(400);
    const foreign = (await request(app.app).get("/tags").set("x-tenant-id", other.tenant.slug).expect(200)).body[0];
    await c.admin.put(`/admin/tags/${foreign.id}`, { color: "#111111" }).expect(404);
    await c.admin.delete(`/admin/tags/${foreign.id}`).expect(404);
    await c.admin.delete("/admin/tags/not-a-uuid").expect(404);
  });
});
