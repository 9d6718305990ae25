import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toPrefixQuery } from "../../src/modules/questions/questions.repository.js";
import { createTestApp, signIn, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";

describe("full-text search", () => {
  let app: TestApp;
  let t: TenantFixture;
  let member: ApiClient;
  const ids: Record<string, string> = {};

  const FIXTURE: Record<string, string> = {
    deployment: "When will the deployment pipeline support canary releases?",
    deploying: "Is anyone deploying on Fridays, and who approves it?",
    both: "Deployment checklist: should deploying to production need two reviewers for every deployment?",
    unrelated: "What snacks are we ordering for the office party?",
    answered: "How do we onboard new hires into the team?",
  };

  beforeAll(async () => {
    app = await createTestApp();
    t = await createTenantFixture(app.db);
    member = await signIn(app, t.tenant.slug, "member");
    for (const [key, body] of Object.entries(FIXTURE)) {
      ids[key] = (await member.post("/questions", { body, teamId: t.teams.a.id }).expect(201)).body.id;
    }
    const admin = await signIn(app, t.tenant.slug, "admin");
    await admin.post(`/questions/${ids.answered}/answer`, { responseText: "Every new hire gets a deployment buddy for the first month." }).expect(200);
    // The same words in another tenant must never show up.
    const other = await createTenantFixture(app.db);
    await (
      await signIn(app, other.tenant.slug, "member")
    )
      .post("/questions", { body: "Deployment questions from another tenant", teamId: other.teams.a.id })
      .expect(201);
  });
  afterAll(() => app.close());

  const search = async (text: string, extra = "") => {
    const response = await member.get(`/questions?search=${encodeURIComponent(text)}${extra}`).expect(200);
    return response.body as { items: Array<{ id: string }>; total: number };
  };
  const found = async (text: string) => (await search(text)).items.map((item) => item.id);

  it("stems: 'deploying' finds 'deployment' and 'deploying'", async () => {
    const result = await found("deploying");
    expect(result).toEqual(expect.arrayContaining([ids.deployment, ids.deploying, ids.both]));
    expect(result).not.toContain(ids.unrelated);
  });

  it("matches every term as a prefix: 'depl' finds both forms", async () => {
    expect(await found("depl")).toEqual(expect.arrayContaining([ids.deployment, ids.deploying, ids.both]));
    expect(await found("canar relea")).toEqual([ids.deployment]);
  });

  it("ranks the more relevant question first and searches answers too (with less weight)", async () => {
    const result = await found("deployment");
    expect(result[0]).toBe(ids.both);
    expect(result).toContain(ids.answered);
    expect(result.at(-1)).toBe(ids.answered);
  });

  it("requires every term; reports the total; stays inside the tenant", async () => {
    expect(await found("deployment snacks")).toEqual([]);
    expect((await search("deploy")).total).toBe(4);
  });

  it("is safe for any input: quotes, tsquery operators, SQL, unicode, 2,000 characters", async () => {
    const hostile = [
      "'",
      '"',
      "deploy'",
      "!!!",
      "& | ! <->",
      "deploy:*",
      "(deploy",
      "deploy)",
      "a & (b | !c)",
      "'; drop table questions; --",
      "\\",
      "%",
      "_",
      "🚀 deployment",
      "デプロイ",
      "déploiement",
      "null",
      "\u0000deploy",
      " ",
      "the",
      "x".repeat(2000),
      Array.from({ length: 300 }, (_, i) => `w${i}`).join(" "),
    ];
    for (const text of hostile) {
      const response = await member.get(`/questions?search=${encodeURIComponent(text)}`);
      expect(response.status, text.slice(0, 30)).toBe(200);
      expect(response.body).toMatchObject({ items: expect.any(Array), total: expect.any(Number) });
    }
    expect(await found("🚀 deployment")).toContain(ids.deployment);
    const tooLong = await member.get(`/questions?search=${"x".repeat(2001)}`).expect(400);
    expect(tooLong.body.error.code).toBe("VALIDATION_FAILED");
  });

  it("combines with filters and other sorts", async () => {
    expect((await search("deploy", "&status=ANSWERED")).items.map((item) => item.id)).toEqual([ids.answered]);
    expect((await search("deploy", "&sort=new")).items[0]?.id).toBe(ids.answered);
    expect((await search("deploy", `&teamId=${t.teams.b.id}`)).total).toBe(0);
  });

  it("builds prefix terms from letters and digits only", () => {
    expect(toPrefixQuery("Deploying, to PROD!")).toBe("'deploying':* & 'to':* & 'prod':*");
    expect(toPrefixQuery("a'b & c|d")).toBe("'a':* & 'b':* & 'c':* & 'd':*");
    expect(toPrefixQuery("!!! ''' ***")).toBeNull();
  });
});
