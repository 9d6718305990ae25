import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RANKED_SEARCH_MATCHES } from "../../src/modules/questions/questions.search.repository.js";
import { createTestApp, signIn, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";

/**
 * A search ranks the newest matches, at most RANKED_SEARCH_MATCHES: what it finds, how it pages,
 * and that a rare word is still found in a tenant larger than what is read in date order.
 */
describe("search in a large tenant", () => {
  let app: TestApp;
  let t: TenantFixture;
  let member: ApiClient;
  let rareId: string;

  beforeAll(async () => {
    app = await createTestApp();
    t = await createTenantFixture(app.db);
    member = await signIn(app, t.tenant.slug, "member");
    // 25,000 questions about the roadmap, one a minute, and the oldest of all about a zeppelin.
    await app.db.raw(
      `insert into questions (tenant_id, team_id, body, status, upvote_count, submitted_at)
       select ?, ?, 'Roadmap question number ' || i || ?, 'OPEN', i % 7, now() - make_interval(mins => i)
       from generate_series(1, 25000) as i`,
      [t.tenant.id, t.teams.a.id, " for the quarter?"],
    );
    const [rare] = await app
      .db("questions")
      .insert({
        tenant_id: t.tenant.id,
        team_id: t.teams.a.id,
        body: "Will the zeppelin ever fly?",
        status: "OPEN",
        submitted_at: new Date(Date.now() - 40_000 * 60_000),
      })
      .returning("id");
    rareId = rare.id;
    await app.db.raw("analyze questions");
  }, 60_000);
  afterAll(() => app.close());

  const search = async (query: string) =>
    (await member.get(`/questions?${query}`).expect(200)).body as { items: Array<{ id: string; body: string; submittedAt: string }>; total: number };

  it("a common word ranks its newest matches only; total says how many, and paging ends there", async () => {
    const first = await search("search=roadm&sort=new&limit=100");
    expect(first.total).toBe(RANKED_SEARCH_MATCHES);
    expect(first.items).toHaveLength(100);
    // The newest questions of the tenant, newest first.
    expect(first.items[0]?.body).toBe("Roadmap question number 1 for the quarter?");
    const second = await search(`search=roadm&sort=new&limit=100&offset=100`);
    expect(second.items.at(-1)?.body).toBe(`Roadmap question number ${RANKED_SEARCH_MATCHES} for the quarter?`);
    const past = await search(`search=roadm&sort=new&limit=100&offset=${RANKED_SEARCH_MATCHES}`);
    expect(past).toEqual({ items: [], total: RANKED_SEARCH_MATCHES, limit: 100, offset: RANKED_SEARCH_MATCHES });
  });

  it("ranked by relevance by default, among those newest matches", async () => {
    const page = await search("search=roadmap%20quarter&limit=5");
    expect(page.total).toBe(RANKED_SEARCH_MATCHES);
    const oldestRanked = Date.now() - (RANKED_SEARCH_MATCHES + 1) * 60_000;
    for (const item of page.items) expect(new Date(item.submittedAt).getTime()).toBeGreaterThan(oldestRanked);
  });

  it("a rare word is found however old, past the newest questions read in date order", async () => {
    const page = await search("search=zeppel");
    expect(page.items.map((item) => item.id)).toEqual([rareId]);
    expect(page.total).toBe(1);
  });

  it("a word nobody used finds nothing, quickly enough for the test's timeout", async () => {
    expect(await search("search=xylophone")).toMatchObject({ items: [], total: 0 });
  });
});
