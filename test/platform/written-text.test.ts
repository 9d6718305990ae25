import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";

/**
 * CONTRACT §3 "Text that people write", tried as an attacker would: texts that look empty (only
 * zero-width, blank or joining characters) or that meet a minimum only with invisible padding are
 * 400 VALIDATION_FAILED, and bidirectional override and isolate controls, with which a text could
 * reverse what is shown after it, never reach what others read.
 */
const ZWSP = "\u200B";
const BRAILLE_BLANK = "\u2800";
const ZWJ = "\u200D";
const RLO = "\u202E"; // right-to-left override
const PDF = "\u202C"; // pop directional formatting
const RLI = "\u2067"; // right-to-left isolate
const LRI = "\u2066"; // left-to-right isolate
const PDI = "\u2069"; // pop directional isolate
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;

/** Texts with nothing visible in them, each long enough for any code-point minimum of this tenant. */
const NOTHING_VISIBLE: Array<[string, string]> = [
  ["eleven zero-width spaces", ZWSP.repeat(11)],
  ["Braille blanks", BRAILLE_BLANK.repeat(12)],
  ["spaces and zero-width joiners", ` ${ZWJ} `.repeat(6)],
  ["Hangul fillers", "\u3164\u115F\u1160\uFFA0".repeat(3)],
  ["combining marks with nothing under them", "\u0301\u0336".repeat(6)],
];

describe("text that people write: visible characters, no bidi controls", () => {
  let app: TestApp;
  let t: TenantFixture;
  let owner: ApiClient;
  let admin: ApiClient;
  let member: ApiClient;

  beforeAll(async () => {
    app = await createTestApp();
    t = await createTenantFixture(app.db, { settings: { pulse: { enabled: true } } });
    ({ owner, admin, member } = await signInMany(app, t.tenant.slug, ["owner", "admin", "member"]));
  });
  afterAll(() => app.close());

  const refused = (response: { body: { error: { code: string; details: Array<{ path: string; message: string }> } } }, path: string) => {
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(response.body.error.details).toEqual([{ path, message: expect.stringMatching(/^must have at least \d+ visible characters? \(got \d+\)$/) }]);
  };

  describe("question bodies", () => {
    it.each(NOTHING_VISIBLE)("POST /questions refuses a body of %s", async (_name, body) => {
      refused(await member.post("/questions", { body, teamId: t.teams.a.id }).expect(400), "body.body");
    });

    it("POST /questions refuses a body at the tenant's minimum only with invisible padding, and says so in words", async () => {
      // The tenant minimum is 10: nine letters and twenty invisible characters are nine characters.
      const response = await member.post("/questions", { body: `Why pay?${ZWSP.repeat(10)}${BRAILLE_BLANK.repeat(10)}x`, teamId: t.teams.a.id }).expect(400);
      expect(response.body.error.details).toEqual([{ path: "body.body", message: "must have at least 10 visible characters (got 8)" }]);
      await member.post("/questions", { body: `Why pay more${ZWSP.repeat(10)}?`, teamId: t.teams.a.id }).expect(201);
    });

    it("PUT /questions/:id and POST /questions/:id/approve with a body refuse one with nothing visible", async () => {
      const { id } = await askQuestion(member, t.teams.a.id);
      refused(await member.put(`/questions/${id}`, { body: ZWSP.repeat(20) }).expect(400), "body.body");
      const flagged = await member.post("/questions", { body: "Why is nobody answering this?!?!", teamId: t.teams.a.id }).expect(201);
      expect(flagged.body.status).toBe("UNDER_REVIEW");
      refused(await admin.post(`/questions/${flagged.body.id}/approve`, { body: BRAILLE_BLANK.repeat(20) }).expect(400), "body.body");
    });

    it("a body is stored without bidi controls (read back through the API), and new and edited bodies alike", async () => {
      const written = `Why is the ${RLO}tegdub${PDF} late and ${LRI}who${PDI} decides ${RLI}now${PDI}?`;
      const created = await member.post("/questions", { body: written, teamId: t.teams.a.id }).expect(201);
      expect(created.body.body).toBe("Why is the tegdub late and who decides now?");
      expect((await member.get(`/questions/${created.body.id}`).expect(200)).body.body).toBe("Why is the tegdub late and who decides now?");
      await member.put(`/questions/${created.body.id}`, { body: `${RLO}Edited: when is the budget due?` }).expect(200);
      expect((await member.get(`/questions/${created.body.id}`).expect(200)).body.body).toBe("Edited: when is the budget due?");
    });

    it("an emoji sequence keeps its joiners; the joiners do not count", async () => {
      const family = `👩${ZWJ}👩${ZWJ}👧${ZWJ}👦`;
      const body = `Family day ${family}?`;
      const created = await member.post("/questions", { body, teamId: t.teams.a.id }).expect(201);
      expect((await member.get(`/questions/${created.body.id}`).expect(200)).body.body).toBe(body);
    });
  });

  describe("answers", () => {
    it.each(NOTHING_VISIBLE)("POST /questions/:id/answer refuses an answer of %s", async (_name, responseText) => {
      const { id } = await askQuestion(member, t.teams.a.id);
      refused(await admin.post(`/questions/${id}/answer`, { responseText }).expect(400), "body.responseText");
      expect((await member.get(`/questions/${id}`).expect(200)).body).toMatchObject({ status: "OPEN", responseText: null });
    });

    it("an answer is stored without bidi controls, and refuses NUL with 400", async () => {
      const { id } = await askQuestion(member, t.teams.a.id);
      await admin.post(`/questions/${id}/answer`, { responseText: `Next week.${RLO} See the plan.` }).expect(200);
      expect((await member.get(`/questions/${id}`).expect(200)).body.responseText).toBe("Next week. See the plan.");
      expect((await admin.post(`/questions/${id}/answer`, { responseText: "Soon\u0000" }).expect(400)).body.error.details).toEqual([
        { path: "body.responseText", message: "must not contain control characters" },
      ]);
    });
  });

  describe("names of teams, tags and users, and pulse questions", () => {
    it("refuses a team name, tag name, user name or pulse question with nothing visible, on create and on change", async () => {
      const team = (await admin.post("/admin/teams", { name: "Visible team" }).expect(201)).body;
      const tag = (await admin.post("/admin/tags", { name: "visible", color: "#123456" }).expect(201)).body;
      const pulse = (await admin.post("/admin/pulse/questions", { text: "How was your week?" }).expect(201)).body;
      for (const [, blank] of NOTHING_VISIBLE) {
        refused(await admin.post("/admin/teams", { name: blank }).expect(400), "body.name");
        refused(await admin.put(`/admin/teams/${team.id}`, { name: blank }).expect(400), "body.name");
        refused(await admin.post("/admin/tags", { name: blank, color: "#123456" }).expect(400), "body.name");
        refused(await admin.put(`/admin/tags/${tag.id}`, { name: blank }).expect(400), "body.name");
        refused(await admin.post("/admin/users", { email: `blank-${Math.random()}@example.com`, name: blank }).expect(400), "body.name");
        refused(await owner.put(`/admin/users/${t.users.member.id}`, { name: blank }).expect(400), "body.name");
        refused(await admin.post("/admin/pulse/questions", { text: blank }).expect(400), "body.text");
        refused(await admin.put(`/admin/pulse/questions/${pulse.id}`, { text: blank }).expect(400), "body.text");
      }
      expect((await admin.get("/teams").expect(200)).body.map((row: { name: string }) => row.name)).toContain("Visible team");
    });

    it("stores a team's name and description, a tag, a user's name and a pulse question without bidi controls", async () => {
      const team = (await admin.post("/admin/teams", { name: `Ops ${RLO}gnikcart`, description: `On call ${LRI}24/7${PDI}` }).expect(201)).body;
      await admin.put(`/admin/teams/${team.id}`, { name: `Ops ${RLI}tracking${PDI}` }).expect(200);
      const tag = (await admin.post("/admin/tags", { name: `${RLO}ecnanif`, color: "#123456" }).expect(201)).body;
      const user = (await admin.post("/admin/users", { email: "bidi@example.com", name: `Eve ${RLO}nimda` }).expect(201)).body;
      await owner.put(`/admin/users/${t.users.viewer.id}`, { name: `Vic ${LRI}viewer${PDI}` }).expect(200);
      const pulse = (await admin.post("/admin/pulse/questions", { text: `How was ${RLO}keew${PDF} your week?` }).expect(201)).body;
      await admin.put(`/admin/pulse/questions/${pulse.id}`, { text: `How was ${RLI}your${PDI} week?` }).expect(200);

      const teams = (await member.get("/teams").expect(200)).body as Array<{ id: string; name: string; description: string | null }>;
      expect(teams.find((row) => row.id === team.id)).toMatchObject({ name: "Ops tracking", description: "On call 24/7" });
      const tags = (await member.get("/tags").expect(200)).body as Array<{ id: string; name: string }>;
      expect(tags.find((row) => row.id === tag.id)?.name).toBe("ecnanif");
      const users = (await admin.get("/users").expect(200)).body as Array<{ id: string; name: string }>;
      expect(users.find((row) => row.id === user.id)?.name).toBe("Eve nimda");
      expect(users.find((row) => row.id === t.users.viewer.id)?.name).toBe("Vic viewer");
      const pulses = (await admin.get("/admin/pulse/questions").expect(200)).body as Array<{ id: string; text: string }>;
      expect(pulses.find((row) => row.id === pulse.id)?.text).toBe("How was your week?");
      for (const text of [...teams, ...tags, ...users].map((row) => row.name).concat(pulses.map((row) => row.text))) expect(text).not.toMatch(BIDI);
    });
  });
});
