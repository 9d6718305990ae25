import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, createTestApp, signIn, visitor, type TestApp } from "../helpers/app.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";

/**
 * Reads many requests share (a tenant's teams, a board page, the signed-in user) are served from
 * memory until a write changes them. Two instances on one database and one Redis: every read is
 * made on the second instance once before the change (so it holds the old answer) and right after
 * the change made on the first. No retry, no wait: the read after a write's response must show it.
 */
describe("shared reads after a change, across two instances", () => {
  let first: TestApp;
  let second: TestApp;
  let t: TenantFixture;

  beforeAll(async () => {
    const kvPrefix = `qa-test-shared-reads-${Date.now()}:`;
    first = await createTestApp({ redis: true, kvPrefix });
    second = await createTestApp({ redis: true, kvPrefix });
    t = await createTenantFixture(first.db);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  /** The same signed-in browser, its requests reaching the second instance. */
  const onSecond = (client: ApiClient) => new ApiClient(request.agent(second.app), client.csrfToken, {}, client.cookie, true);

  async function board(client: ApiClient, query = `teamId=${t.teams.a.id}`) {
    const response = await client.get(`/questions?${query}`).expect(200);
    return response.body as { items: Array<Record<string, unknown>>; total: number };
  }
  const find = (page: { items: Array<Record<string, unknown>> }, id: string) => page.items.find((question) => question.id === id);

  it("a board page follows each kind of question change made on the other instance", async () => {
    const member = await signIn(first, t.tenant.slug, "member");
    const moderator = await signIn(first, t.tenant.slug, "moderator");
    const admin = await signIn(first, t.tenant.slug, "admin");
    const owner = await signIn(first, t.tenant.slug, "owner");
    const reader = onSecond(await signIn(first, t.tenant.slug, "viewer"));
    const { id } = await askQuestion(member, t.teams.a.id, "Shared reads: will the board follow?");
    const tag = (await admin.post("/admin/tags", { name: "Shared-reads", color: "#123456" }).expect(201)).body as { id: string };

    const steps: Array<{ change: () => Promise<unknown>; expect: (question: Record<string, unknown> | undefined) => void }> = [
      { change: () => member.post(`/questions/${id}/upvote`).expect(200), expect: (q) => expect(q?.upvoteCount).toBe(1) },
      { change: () => moderator.post(`/questions/${id}/upvote`).expect(200), expect: (q) => expect(q?.upvoteCount).toBe(2) },
      { change: () => member.delete(`/questions/${id}/upvote`).expect(200), expect: (q) => expect(q?.upvoteCount).toBe(1) },
      {
        change: () => member.put(`/questions/${id}`, { body: "Shared reads: edited on the first instance" }).expect(200),
        expect: (q) => expect(q?.body).toBe("Shared reads: edited on the first instance"),
      },
      { change: () => moderator.post(`/questions/${id}/pin`, { pinned: true }).expect(200), expect: (q) => expect(q?.isPinned).toBe(true) },
      { change: () => moderator.post(`/questions/${id}/freeze`, { frozen: true }).expect(200), expect: (q) => expect(q?.isFrozen).toBe(true) },
      {
        change: () => moderator.post(`/questions/${id}/tags`, { tagId: tag.id }).expect(200),
        expect: (q) => expect(q?.tags).toEqual([expect.objectContaining({ id: tag.id, name: "Shared-reads" })]),
      },
      {
        change: () => admin.put(`/admin/tags/${tag.id}`, { name: "Renamed-tag" }).expect(200),
        expect: (q) => expect(q?.tags).toEqual([expect.objectContaining({ name: "Renamed-tag" })]),
      },
      {
        change: () => owner.put(`/admin/users/${t.users.member.id}`, { name: "Member Renamed" }).expect(200),
        expect: (q) => expect(q?.author).toEqual({ id: t.users.member.id, name: "Member Renamed" }),
      },
      { change: () => moderator.delete(`/questions/${id}/tags/${tag.id}`).expect(200), expect: (q) => expect(q?.tags).toEqual([]) },
      { change: () => moderator.post(`/questions/${id}/freeze`, { frozen: false }).expect(200), expect: (q) => expect(q?.isFrozen).toBe(false) },
      {
        change: () => moderator.post(`/questions/${id}/answer`, { responseText: "Yes, on every instance." }).expect(200),
        expect: (q) => expect(q).toMatchObject({ status: "ANSWERED", responseText: "Yes, on every instance." }),
      },
    ];
    for (const [index, step] of steps.entries()) {
      await board(reader);
      await step.change().catch((error: Error) => {
        throw new Error(`step ${index}: ${error.message}`);
      });
      step.expect(find(await board(reader), id));
    }

    await board(reader);
    await moderator.delete(`/questions/${id}`).expect(204);
    expect(find(await board(reader), id)).toBeUndefined();
  });

  it("a new question appears on the other instance's board at once, and in its total", async () => {
    const reader = onSecond(await signIn(first, t.tenant.slug, "viewer"));
    const before = await board(reader, `teamId=${t.teams.b.id}&status=OPEN`);
    const memberB = await signIn(first, t.tenant.slug, t.users.memberB.username);
    const { id } = await askQuestion(memberB, t.teams.b.id, "Shared reads: a brand new question");
    const after = await board(reader, `teamId=${t.teams.b.id}&status=OPEN`);
    expect(find(after, id)).toBeDefined();
    expect(after.total).toBe(before.total + 1);
  });

  it("each viewer sees their own upvotes and only their own anonymous authorship on a shared page", async () => {
    const member = await signIn(first, t.tenant.slug, "member");
    const viewer = await signIn(first, t.tenant.slug, "viewer");
    const anonymous = (await member.post("/questions", { body: "Shared reads: asked anonymously", teamId: t.teams.a.id, anonymous: true }).expect(201))
      .body as {
      id: string;
    };
    await member.post(`/questions/${anonymous.id}/upvote`).expect(200);

    const asMember = find(await board(onSecond(member)), anonymous.id);
    const asViewer = find(await board(onSecond(viewer)), anonymous.id);
    const asVisitor = find(await board(visitor(second, { "x-tenant-id": t.tenant.slug })), anonymous.id);
    expect(asMember).toMatchObject({ hasUpvoted: true, author: { id: t.users.member.id } });
    expect(asViewer).toMatchObject({ hasUpvoted: false, author: null });
    // A visitor may read only where the tenant allows it; when it does not, nothing leaks either.
    if (asVisitor) expect(asVisitor).toMatchObject({ hasUpvoted: false, author: null });
  });

  it("a voter's own upvote marks the question on the other instance at once, and so does taking it back", async () => {
    const member = await signIn(first, t.tenant.slug, "member");
    const voter = await signIn(first, t.tenant.slug, "moderator");
    const { id } = await askQuestion(member, t.teams.a.id, "Shared reads: does my vote show?");
    const voterOnSecond = onSecond(voter);
    expect(find(await board(voterOnSecond), id)).toMatchObject({ hasUpvoted: false });
    await voter.post(`/questions/${id}/upvote`).expect(200);
    expect(find(await board(voterOnSecond), id)).toMatchObject({ hasUpvoted: true, upvoteCount: 1 });
    await voter.delete(`/questions/${id}/upvote`).expect(200);
    expect(find(await board(voterOnSecond), id)).toMatchObject({ hasUpvoted: false, upvoteCount: 0 });
  });

  it("the team list follows renames, paused queues, new and deleted teams", async () => {
    const admin = await signIn(first, t.tenant.slug, "admin");
    const moderator = await signIn(first, t.tenant.slug, "moderator");
    const reader = onSecond(await signIn(first, t.tenant.slug, "viewer"));
    const teams = async () => (await reader.get("/teams").expect(200)).body as Array<{ id: string; name: string; queueFrozen: boolean }>;

    await teams();
    const created = (await admin.post("/admin/teams", { name: "Shared Reads Team" }).expect(201)).body as { id: string };
    expect((await teams()).map((team) => team.id)).toContain(created.id);

    await admin.put(`/admin/teams/${created.id}`, { name: "Shared Reads Renamed" }).expect(200);
    expect((await teams()).find((team) => team.id === created.id)?.name).toBe("Shared Reads Renamed");

    await moderator.post(`/teams/${t.teams.a.id}/freeze`, { frozen: true }).expect(200);
    expect((await teams()).find((team) => team.id === t.teams.a.id)?.queueFrozen).toBe(true);
    await moderator.post(`/teams/${t.teams.a.id}/freeze`, { frozen: false }).expect(200);
    expect((await teams()).find((team) => team.id === t.teams.a.id)?.queueFrozen).toBe(false);

    // The board by slug reads the same list: a renamed slug is found at once, the old one is gone.
    await admin.put(`/admin/teams/${created.id}`, { slug: "shared-reads-slug" }).expect(200);
    await reader.get("/questions?team=shared-reads-slug").expect(200);

    await admin.delete(`/admin/teams/${created.id}`).expect(204);
    expect((await teams()).map((team) => team.id)).not.toContain(created.id);
    await reader.get("/questions?team=shared-reads-slug").expect(404);
  });

  it("the tag list follows new, renamed and deleted tags", async () => {
    const admin = await signIn(first, t.tenant.slug, "admin");
    const reader = onSecond(await signIn(first, t.tenant.slug, "viewer"));
    const names = async () => ((await reader.get("/tags").expect(200)).body as Array<{ name: string }>).map((tag) => tag.name);

    await names();
    const tag = (await admin.post("/admin/tags", { name: "Shared-list", color: "#00aa00" }).expect(201)).body as { id: string };
    expect(await names()).toContain("Shared-list");
    await admin.put(`/admin/tags/${tag.id}`, { name: "Shared-list-renamed" }).expect(200);
    expect(await names()).toContain("Shared-list-renamed");
    await admin.delete(`/admin/tags/${tag.id}`).expect(204);
    expect(await names()).not.toContain("Shared-list-renamed");
  });

  it("questions moved by a team's deletion show under their new team at once", async () => {
    const admin = await signIn(first, t.tenant.slug, "admin");
    const reader = onSecond(await signIn(first, t.tenant.slug, "admin"));
    const doomed = (await admin.post("/admin/teams", { name: "Shared Reads Doomed" }).expect(201)).body as { id: string };
    const { id } = await askQuestion(admin, doomed.id, "Shared reads: a question that moves");
    expect(find(await board(reader, `teamId=${t.teams.b.id}`), id)).toBeUndefined();
    await admin.delete(`/admin/teams/${doomed.id}?moveQuestionsTo=${t.teams.b.id}`).expect(204);
    expect(find(await board(reader, `teamId=${t.teams.b.id}`), id)).toMatchObject({ teamId: t.teams.b.id });
  });

  it("the signed-in user follows role changes, team roles and deactivation made on the other instance", async () => {
    const owner = await signIn(first, t.tenant.slug, "owner");
    const memberB = onSecond(await signIn(first, t.tenant.slug, t.users.memberB.username));
    const me = async () => ((await memberB.get("/auth/me").expect(200)).body as { user: { role: string } }).user;

    expect((await me()).role).toBe("member");
    await owner.put(`/admin/users/${t.users.memberB.id}`, { role: "moderator" }).expect(200);
    expect((await me()).role).toBe("moderator");
    await owner.put(`/admin/users/${t.users.memberB.id}`, { role: "member" }).expect(200);
    expect((await me()).role).toBe("member");

    // A team moderator may answer in that team only: the membership change applies on the next request.
    const { id } = await askQuestion(owner, t.teams.a.id, "Shared reads: who may answer this?");
    await memberB.post(`/questions/${id}/pin`, { pinned: true }).expect(403);
    await owner.post(`/admin/teams/${t.teams.a.id}/members`, { userId: t.users.memberB.id, role: "moderator" }).expect(201);
    await memberB.post(`/questions/${id}/pin`, { pinned: true }).expect(200);
    await owner.delete(`/admin/teams/${t.teams.a.id}/members/${t.users.memberB.id}`).expect(204);
    await memberB.post(`/questions/${id}/pin`, { pinned: false }).expect(403);

    await owner.put(`/admin/users/${t.users.memberB.id}`, { deactivated: true }).expect(200);
    await memberB.get("/auth/me").expect(401);
  });
});
