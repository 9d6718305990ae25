import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { auditActionsOn } from "../helpers/audit-log.js";
import { questionReads, watchEvents } from "../helpers/commands.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";

type Tag = { id: string; name: string; color: string };

/** The tag command (questions.tag.command.ts): add or remove one tag; `Currently Presenting` moves within a team. */
describe("POST /questions/:id/tags and DELETE /questions/:id/tags/:tagId (the tag command)", () => {
  let app: TestApp;
  let t: TenantFixture;
  let c: Record<"moderator" | "admin" | "member", ApiClient>;
  let tags: Record<string, Tag>;

  beforeAll(async () => {
    app = await createTestApp();
    t = await createTenantFixture(app.db);
    c = await signInMany(app, t.tenant.slug, ["moderator", "admin", "member"]);
    // As a question carries them: id, name and colour.
    const list = (await c.member.get("/tags").expect(200)).body as Tag[];
    tags = Object.fromEntries(list.map(({ id, name, color }) => [name, { id, name, color }]));
  });
  afterAll(() => app.close());

  const tag = (name: string) => tags[name] as Tag;

  it("adds tags in the order every read lists them, audits and announces each once, reading the question once, locked", async () => {
    const question = await askQuestion(c.member, t.teams.a.id);
    await c.moderator.post(`/questions/${question.id}/tags`, { tagId: tag("Technical").id }).expect(200);
    const live = watchEvents(app, t.tenant.id);
    let body: { tags: Tag[] } = { tags: [] };
    const reads = await questionReads(app, question.id, async () => {
      body = (await c.moderator.post(`/questions/${question.id}/tags`, { tagId: tag("Bug").id }).expect(200)).body;
    });
    live.stop();
    expect(reads).toEqual({ reads: 2, locking: 1 });
    expect(body.tags).toEqual([tag("Bug"), tag("Technical")]);
    expect((await c.member.get(`/questions/${question.id}`).expect(200)).body.tags).toEqual(body.tags);
    expect(live.received()).toEqual([{ type: "question:tagged", data: { questionId: question.id, tag: tag("Bug") } }]);
    const entry = await app.db("audit_logs").where({ tenant_id: t.tenant.id, entity_id: question.id, action: "tag.add" }).orderBy("created_at", "desc").first();
    expect(entry).toMatchObject({ user_id: t.users.moderator.id, entity_type: "question" });
    expect(entry.metadata).toMatchObject({ tagId: tag("Bug").id, tagName: "Bug" });
  });

  it("adding a tag the question has, or removing one it lacks, changes, audits and announces nothing", async () => {
    const question = await askQuestion(c.member, t.teams.a.id);
    await c.moderator.post(`/questions/${question.id}/tags`, { tagId: tag("Bug").id }).expect(200);
    const live = watchEvents(app, t.tenant.id);
    expect((await c.moderator.post(`/questions/${question.id}/tags`, { tagId: tag("Bug").id }).expect(200)).body.tags).toEqual([tag("Bug")]);
    expect((await c.admin.delete(`/questions/${question.id}/tags/${tag("Process").id}`).expect(200)).body.tags).toEqual([tag("Bug")]);
    live.stop();
    expect(live.received()).toEqual([]);
    expect(await auditActionsOn(app.db, t.tenant.id, question.id)).toEqual(["question.create", "tag.add"]);
  });

  it("removes a tag, keeping the others in order; audited and announced as an untag", async () => {
    const question = await askQuestion(c.member, t.teams.a.id);
    for (const name of ["Bug", "Process", "Technical"]) await c.moderator.post(`/questions/${question.id}/tags`, { tagId: tag(name).id }).expect(200);
    const live = watchEvents(app, t.tenant.id);
    const untagged = await c.admin.delete(`/questions/${question.id}/tags/${tag("Process").id}`).expect(200);
    live.stop();
    expect(untagged.body.tags).toEqual([tag("Bug"), tag("Technical")]);
    expect(live.received()).toEqual([{ type: "question:untagged", data: { questionId: question.id, tagId: tag("Process").id } }]);
    expect((await auditActionsOn(app.db, t.tenant.id, question.id)).at(-1)).toBe("tag.remove");
  });

  it("presenting a question takes the tag off the team's holder: its untag is audited and announced before the new tag", async () => {
    const holder = await askQuestion(c.member, t.teams.a.id);
    const next = await askQuestion(c.member, t.teams.a.id);
    await c.moderator.post(`/questions/${holder.id}/tags`, { tagId: tag("Currently Presenting").id }).expect(200);
    const live = watchEvents(app, t.tenant.id);
    const presented = await c.moderator.post(`/questions/${next.id}/tags`, { tagId: tag("Currently Presenting").id }).expect(200);
    live.stop();
    expect(presented.body.tags).toEqual([tag("Currently Presenting")]);
    expect(live.received()).toEqual([
      { type: "question:untagged", data: { questionId: holder.id, tagId: tag("Currently Presenting").id } },
      { type: "question:tagged", data: { questionId: next.id, tag: tag("Currently Presenting") } },
    ]);
    expect(await auditActionsOn(app.db, t.tenant.id, holder.id)).toEqual(["question.create", "tag.add", "tag.remove"]);
  });

  it("an unknown tag is 404 before anything is locked or written", async () => {
    const question = await askQuestion(c.member, t.teams.a.id);
    const reads = await questionReads(app, question.id, () =>
      c.moderator.post(`/questions/${question.id}/tags`, { tagId: "00000000-0000-4000-8000-000000000000" }).expect(404),
    );
    expect(reads).toEqual({ reads: 1, locking: 0 });
    expect(await auditActionsOn(app.db, t.tenant.id, question.id)).toEqual(["question.create"]);
  });
});
