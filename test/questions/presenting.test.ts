import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { auditActions, auditActionsOn } from "../helpers/audit-log.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { listen, openEventStream, type EventStream, type SseMessage } from "../helpers/sse.js";

type Tag = { id: string; name: string; color: string };

/** CONTRACT §8 "The room": `Currently Presenting` is held by at most one question per team. */
describe("the Currently Presenting tag moves", () => {
  let app: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  let t: TenantFixture;
  let other: TenantFixture;
  let c: Record<"admin" | "moderator" | "teammoderator" | "othermoderator" | "member" | "memberb" | "viewer", ApiClient>;
  let o: Record<"moderator" | "member", ApiClient>;
  let presenting: Tag;
  let bug: Tag;
  let otherPresenting: Tag;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    app = await createTestApp({ tuning: { sseHeartbeatMs: 300 } });
    server = await listen(app.app);
    t = await createTenantFixture(app.db);
    other = await createTenantFixture(app.db);
    c = await signInMany(app, t.tenant.slug, ["admin", "moderator", "teammoderator", "othermoderator", "member", "memberb", "viewer"]);
    o = await signInMany(app, other.tenant.slug, ["moderator", "member"]);
    const tags = (await c.member.get("/tags").expect(200)).body as Tag[];
    presenting = tags.find((tag) => tag.name === "Currently Presenting")!;
    bug = tags.find((tag) => tag.name === "Bug")!;
    otherPresenting = ((await o.member.get("/tags").expect(200)).body as Tag[]).find((tag) => tag.name === "Currently Presenting")!;
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await server.close();
    await app.close();
  });

  /** A viewer's live stream, open and proven live (a heartbeat arrived). */
  const watch = async (client: ApiClient = c.viewer, slug = t.tenant.slug) => {
    const stream = await openEventStream(server.url, `/events?tenant=${slug}`, client.cookie ? { cookie: client.cookie } : {});
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((message) => message.data.type === "heartbeat");
    return stream;
  };
  const ofType =
    (type: string, match: (data: Record<string, unknown>) => boolean = () => true) =>
    (message: SseMessage) =>
      message.data.type === type && match(message.data.data ?? {});
  const tagNames = (question: { tags: Tag[] }) => question.tags.map((tag) => tag.name);
  /** The team's questions carrying the tag, from the database (every status). */
  const holders = async (tenantId: string, teamId: string, tagId: string): Promise<string[]> =>
    (
      await app
        .db("question_tags as qt")
        .join("questions as q", function joinQuestion() {
          this.on("q.tenant_id", "qt.tenant_id").andOn("q.id", "qt.question_id");
        })
        .where({ "qt.tenant_id": tenantId, "qt.tag_id": tagId, "q.team_id": teamId })
        .select("qt.question_id")
    ).map((row) => row.question_id as string);

  it("tagging B after A leaves only B tagged, audits A's removal and announces both", async () => {
    const a = await askQuestion(c.member, t.teams.a.id);
    const b = await askQuestion(c.member, t.teams.a.id);
    await c.moderator.post(`/questions/${a.id}/tags`, { tagId: presenting.id }).expect(200);
    await c.moderator.post(`/questions/${a.id}/tags`, { tagId: bug.id }).expect(200);
    const stream = await watch();

    const tagged = await c.teammoderator.post(`/questions/${b.id}/tags`, { tagId: presenting.id }).expect(200);
    expect(tagNames(tagged.body)).toEqual(["Currently Presenting"]);

    const board = (await c.member.get(`/questions?team=${t.teams.a.slug}&limit=100`).expect(200)).body.items as Array<{ id: string; tags: Tag[] }>;
    expect(tagNames(board.find((question) => question.id === a.id)!)).toEqual(["Bug"]);
    expect(tagNames(board.find((question) => question.id === b.id)!)).toEqual(["Currently Presenting"]);
    expect(board.filter((question) => question.tags.some((tag) => tag.id === presenting.id)).map((question) => question.id)).toEqual([b.id]);
    expect(tagNames((await c.member.get(`/questions/${a.id}`).expect(200)).body)).toEqual(["Bug"]);

    expect(await auditActionsOn(app.db, t.tenant.id, a.id)).toEqual(["question.create", "tag.add", "tag.add", "tag.remove"]);
    expect(await auditActionsOn(app.db, t.tenant.id, b.id)).toEqual(["question.create", "tag.add"]);
    const removal = (await auditActions(app.db, t.tenant.id, "tag.remove")).find((row) => row.entity_id === a.id)!;
    expect(removal).toMatchObject({
      user_id: t.users.teamModerator.id,
      entity_type: "question",
      metadata: { tagId: presenting.id, tagName: "Currently Presenting" },
    });

    const untaggedA = await stream.next(ofType("question:untagged", (data) => data.questionId === a.id));
    expect(untaggedA.data).toEqual({
      type: "question:untagged",
      tenantId: t.tenant.id,
      timestamp: expect.any(Number),
      data: { questionId: a.id, tagId: presenting.id },
    });
    const taggedB = await stream.next(ofType("question:tagged", (data) => data.questionId === b.id));
    expect(taggedB.data.data).toEqual({ questionId: b.id, tag: { id: presenting.id, name: presenting.name, color: presenting.color } });
    expect(stream.messages.indexOf(untaggedA)).toBeLessThan(stream.messages.indexOf(taggedB));
    expect(stream.ofType("question:untagged").map((message) => message.data.data)).toEqual([{ questionId: a.id, tagId: presenting.id }]);
  });

  it("leaves another team's presenting question, another tenant's and other tags alone", async () => {
    const teamB = await askQuestion(c.memberb, t.teams.b.id);
    await c.othermoderator.post(`/questions/${teamB.id}/tags`, { tagId: presenting.id }).expect(200);
    const foreign = await askQuestion(o.member, other.teams.a.id);
    await o.moderator.post(`/questions/${foreign.id}/tags`, { tagId: otherPresenting.id }).expect(200);
    const bugged = await askQuestion(c.member, t.teams.a.id);
    await c.moderator.post(`/questions/${bugged.id}/tags`, { tagId: bug.id }).expect(200);
    const stream = await watch();
    const foreignStream = await watch(o.member, other.tenant.slug);

    const next = await askQuestion(c.member, t.teams.a.id);
    await c.moderator.post(`/questions/${next.id}/tags`, { tagId: presenting.id }).expect(200);
    await stream.next(ofType("question:tagged", (data) => data.questionId === next.id));

    expect(await holders(t.tenant.id, t.teams.a.id, presenting.id)).toEqual([next.id]);
    expect(await holders(t.tenant.id, t.teams.b.id, presenting.id)).toEqual([teamB.id]);
    expect(await holders(other.tenant.id, other.teams.a.id, otherPresenting.id)).toEqual([foreign.id]);
    expect(tagNames((await c.memberb.get(`/questions/${teamB.id}`).expect(200)).body)).toEqual(["Currently Presenting"]);
    expect(tagNames((await o.member.get(`/questions/${foreign.id}`).expect(200)).body)).toEqual(["Currently Presenting"]);
    expect(tagNames((await c.member.get(`/questions/${bugged.id}`).expect(200)).body)).toEqual(["Bug"]);
    expect(await auditActionsOn(app.db, t.tenant.id, teamB.id)).toEqual(["question.create", "tag.add"]);
    expect(await auditActionsOn(app.db, other.tenant.id, foreign.id)).toEqual(["question.create", "tag.add"]);
    const untagged = stream.ofType("question:untagged").map((message) => (message.data.data as { questionId: string }).questionId);
    expect(untagged).not.toContain(teamB.id);
    expect(untagged).not.toContain(bugged.id);
    expect(foreignStream.messages.filter((message) => message.data.type !== "heartbeat")).toEqual([]);
  });

  it("two moderators presenting two questions of one team at once leave exactly one holder", async () => {
    for (let round = 0; round < 6; round += 1) {
      const [first, second] = await Promise.all([askQuestion(c.member, t.teams.a.id), askQuestion(c.member, t.teams.a.id)]);
      const [one, two] = await Promise.all([
        c.moderator.post(`/questions/${first.id}/tags`, { tagId: presenting.id }),
        c.teammoderator.post(`/questions/${second.id}/tags`, { tagId: presenting.id }),
      ]);
      expect([one.status, two.status]).toEqual([200, 200]);
      const holding = await holders(t.tenant.id, t.teams.a.id, presenting.id);
      expect(holding).toHaveLength(1);
      expect([first.id, second.id]).toContain(holding[0]);
      const board = (await c.member.get(`/questions?team=${t.teams.a.slug}&tag=${presenting.id}`).expect(200)).body;
      expect(board.items.map((question: { id: string }) => question.id)).toEqual(holding);
    }
  });

  it("re-tagging the holder changes nothing: no untag event, no audit row", async () => {
    const holder = await askQuestion(c.member, t.teams.a.id);
    await c.moderator.post(`/questions/${holder.id}/tags`, { tagId: presenting.id }).expect(200);
    const audited = (await auditActions(app.db, t.tenant.id)).length;
    const stream = await watch();

    const again = await c.teammoderator.post(`/questions/${holder.id}/tags`, { tagId: presenting.id }).expect(200);
    expect(tagNames(again.body)).toEqual(["Currently Presenting"]);
    expect((await auditActions(app.db, t.tenant.id)).length).toBe(audited);
    expect(await holders(t.tenant.id, t.teams.a.id, presenting.id)).toEqual([holder.id]);

    // An event published afterwards proves the stream was live when the re-tag happened.
    await c.moderator.post(`/questions/${holder.id}/tags`, { tagId: bug.id }).expect(200);
    await stream.next(ofType("question:tagged", (data) => data.questionId === holder.id));
    expect(stream.ofType("question:untagged")).toEqual([]);
    expect(stream.ofType("question:tagged").map((message) => message.data.data)).toEqual([
      { questionId: holder.id, tag: { id: bug.id, name: bug.name, color: bug.color } },
    ]);
  });
});
