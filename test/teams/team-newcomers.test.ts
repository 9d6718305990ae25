import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/platform/clock.js";
import { createTestApp, signIn, visitor, type TestApp } from "../helpers/app.js";
import { createTenantFixture, insertTeam, insertUser, type TenantFixture } from "../helpers/factories.js";

const DAY = 24 * 60 * 60 * 1000;
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/**
 * GET /teams/:teamId/newcomers (CONTRACT §5 "Accounts made for the purpose"): the team page shows
 * who joined the team, or the tenant, in the last 30 days, so accounts an admin makes in somebody's
 * team are made in plain view of that team.
 */
describe("GET /teams/:teamId/newcomers", () => {
  const clock = new ManualClock();
  let app: TestApp;
  let fixture: TenantFixture;
  let other: TenantFixture;
  let team: { id: string; name: string; slug: string };
  const people: Record<string, { id: string; name: string }> = {};
  const ago = (days: number) => new Date(clock.now().getTime() - days * DAY);

  /** A member of `team` whose account and membership were made `accountDays` and `membershipDays` ago. */
  async function member(key: string, accountDays: number, membershipDays: number, deactivated = false) {
    const user = await insertUser(app.db, fixture.tenant.id, { teamId: team.id, name: `Newcomer ${key}` });
    await app
      .db("users")
      .where({ id: user.id })
      .update({ created_at: ago(accountDays), deactivated_at: deactivated ? ago(0) : null });
    await app
      .db("team_members")
      .where({ team_id: team.id, user_id: user.id })
      .update({ created_at: ago(membershipDays) });
    people[key] = user;
  }

  beforeAll(async () => {
    app = await createTestApp({ clock });
    fixture = await createTenantFixture(app.db);
    other = await createTenantFixture(app.db);
    team = await insertTeam(app.db, fixture.tenant.id, "Tiger");
    await member("settled", 200, 200);
    await member("almost", 60, 31);
    await member("movedIn", 200, 3);
    await member("newHire", 5, 5);
    // A membership older than its account cannot happen through the API; it shows which date counts.
    await member("newAccount", 2, 40);
    await member("today", 0, 0);
    await member("deactivated", 1, 1, true);
  });
  afterAll(() => app.close());

  it("lists the active members who joined the team or the tenant in the last 30 days, newest first, with the later date", async () => {
    const response = await (await signIn(app, fixture.tenant.slug, "member")).get(`/teams/${team.id}/newcomers`).expect(200);
    expect(response.body.map((item: { name: string }) => item.name)).toEqual(["Newcomer today", "Newcomer newAccount", "Newcomer movedIn", "Newcomer newHire"]);
    expect(response.body[1]).toEqual({ userId: people.newAccount!.id, name: "Newcomer newAccount", joinedAt: ago(2).toISOString() });
    expect(response.body[2]).toEqual({ userId: people.movedIn!.id, name: "Newcomer movedIn", joinedAt: ago(3).toISOString() });
    // Nothing but who and when: no email, no role.
    for (const item of response.body) expect(Object.keys(item).sort()).toEqual(["joinedAt", "name", "userId"]);
  });

  it("every signed-in role reads it, viewers included; a visitor gets 401 even where visitors may read the board", async () => {
    for (const username of ["viewer", "member", "moderator", "othermoderator", "admin", "owner"]) {
      const response = await (await signIn(app, fixture.tenant.slug, username)).get(`/teams/${team.id}/newcomers`);
      expect(response.status, username).toBe(200);
      expect(response.body).toHaveLength(4);
    }
    const guest = visitor(app, { "x-tenant-id": fixture.tenant.slug });
    await guest.get("/teams").expect(200);
    expect((await guest.get(`/teams/${team.id}/newcomers`).expect(401)).body.error.code).toBe("UNAUTHENTICATED");
  });

  it("another tenant's team is 404, like an unknown or malformed id", async () => {
    const stranger = await signIn(app, other.tenant.slug, "admin");
    expect((await stranger.get(`/teams/${team.id}/newcomers`).expect(404)).body.error.code).toBe("NOT_FOUND");
    // The stranger's own team answers: its fixture users joined today.
    expect((await stranger.get(`/teams/${other.teams.a.id}/newcomers`).expect(200)).body.length).toBeGreaterThan(0);
    const insider = await signIn(app, fixture.tenant.slug, "member");
    await insider.get(`/teams/${other.teams.a.id}/newcomers`).expect(404);
    await insider.get(`/teams/${UNKNOWN_ID}/newcomers`).expect(404);
    // As every path id of the API: one answer for any id that names nothing (route.ts parsePathParams).
    expect((await insider.get("/teams/not-a-uuid/newcomers").expect(404)).body.error.code).toBe("NOT_FOUND");
  });

  it("lists at most 50, the newest", async () => {
    const big = await insertTeam(app.db, fixture.tenant.id, "Big intake");
    const ids: string[] = [];
    for (let index = 0; index < 52; index += 1) ids.push((await insertUser(app.db, fixture.tenant.id, { teamId: big.id, name: `Hire ${index}` })).id);
    // Hire 0 joined 52 hours ago, Hire 51 one hour ago.
    for (const [index, id] of ids.entries()) {
      await app
        .db("team_members")
        .where({ team_id: big.id, user_id: id })
        .update({ created_at: new Date(clock.now().getTime() - (52 - index) * 60 * 60 * 1000) });
      await app
        .db("users")
        .where({ id })
        .update({ created_at: ago(100) });
    }
    const response = await (await signIn(app, fixture.tenant.slug, "viewer")).get(`/teams/${big.id}/newcomers`).expect(200);
    expect(response.body).toHaveLength(50);
    expect(response.body[0].name).toBe("Hire 51");
    expect(response.body[49].name).toBe("Hire 2");
  });

  it("counts 30 days from the service's clock", async () => {
    clock.advance(4 * DAY);
    const later = await signIn(app, fixture.tenant.slug, "member");
    // movedIn (3 days before) and newHire (5 days before) are now 7 and 9 days in; nobody passed the 30.
    expect((await later.get(`/teams/${team.id}/newcomers`).expect(200)).body).toHaveLength(4);
    clock.advance(26 * DAY);
    const month = await signIn(app, fixture.tenant.slug, "member");
    // 30 days on: today's newcomer joined exactly 30 days ago (still listed), the others longer ago.
    expect((await month.get(`/teams/${team.id}/newcomers`).expect(200)).body.map((item: { name: string }) => item.name)).toEqual(["Newcomer today"]);
    clock.advance(DAY);
    const after = await signIn(app, fixture.tenant.slug, "member");
    expect((await after.get(`/teams/${team.id}/newcomers`).expect(200)).body).toEqual([]);
  });
});
