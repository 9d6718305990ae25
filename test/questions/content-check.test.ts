import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkContent } from "../../src/modules/questions/questions.content-check.js";
import { createTestApp, signIn, visitor, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";

/** CONTRACT §8: ordinary workplace questions (plain words, sentence case, no link, at most one "!") are never flagged. */
const ORDINARY_QUESTIONS = [
  "What is the plan for paying down tech debt in the billing service this quarter?",
  "Can we get a staging environment that mirrors production data volumes?",
  "How do we handle sex discrimination complaints under the new policy?",
  "Will the class assessment for the analytics team be shared with the Scunthorpe office?",
  "Great work everyone! When is the next offsite?",
  "Is the cocktail party on Friday, and is the Dickens reading club still on?",
  "Can we assess whether the cache hit rate is acceptable before launch?",
  "What's our stance on remote work in 2027, and how does it affect hiring in Tokyo?",
  "Why did the deployment pipeline get slower after the last migration?",
  "Who decides which incidents get a public postmortem?",
  "Are we going to hire more SREs for the EU region next year?",
  "How does the parental leave policy work for contractors?",
  "Could the API team publish the roadmap for the v2 SDK?",
  "When will we get the results of the engagement survey?",
  "Is there budget for conference travel in Q3?",
  "Can we rename the analysis repository to something clearer?",
  "What happens to unused vacation days at the end of the year?",
  "Will the all-hands be recorded for people in other time zones?",
  "Is Dickson leaving the company next month, and who takes over his accounts?",
  "Who sits in the cockpit of the new release train?",
  "Do we need flame retardant panels in the new server room?",
  "Is Federico Faggin joining the board as an advisor?",
  "Will Shitij present the pricing changes on Friday?",
  "Do we give time off for Shiite and Sunni holidays alike?",
];

describe("content check", () => {
  it("never flags an ordinary workplace question", () => {
    for (const question of ORDINARY_QUESTIONS) expect(checkContent(question), question).toEqual({ flagged: false, confidence: null, reasons: [] });
  });

  it("grades what it finds: low for style, medium for profanity and repetition, high for slurs, heavy profanity and spam", () => {
    expect(checkContent("WHY IS NOBODY ANSWERING MY QUESTIONS ABOUT THE BUDGET")).toEqual({
      flagged: true,
      confidence: "low",
      reasons: ["excessive capitals"],
    });
    expect(checkContent("When do we get raises???")).toMatchObject({ confidence: "low", reasons: ["excessive punctuation"] });
    expect(checkContent("See https://a.example.com/x and https://b.example.com/y please")).toMatchObject({ confidence: "low", reasons: ["several links"] });
    expect(checkContent("Why is this shit still broken after three releases?")).toEqual({ flagged: true, confidence: "medium", reasons: ["profanity"] });
    expect(checkContent("bonus bonus bonus bonus for everyone")).toMatchObject({ confidence: "medium", reasons: ["repetitive text"] });
    expect(checkContent("fuck this shit, the bastard manager again")).toMatchObject({ confidence: "high", reasons: ["profanity"] });
    expect(checkContent("Buy now! Click here http://spam.example/x for free money")).toMatchObject({ confidence: "high", reasons: ["spam"] });
  });

  it("names each listed word for what it is: a slur is hate speech, three different swear words are heavy profanity", () => {
    // Built from parts so the file is not itself a list of slurs.
    const slur = ["nig", "ger"].join("");
    expect(checkContent(`Why do we hire that ${slur} from accounting?`)).toEqual({ flagged: true, confidence: "high", reasons: ["hate speech"] });
    expect(checkContent("You stupid bitch, you bastard ass, answer the question")).toEqual({ flagged: true, confidence: "high", reasons: ["profanity"] });
    expect(checkContent("Is Dick from finance a dick about expenses?")).toEqual({ flagged: true, confidence: "medium", reasons: ["profanity"] });
  });

  it("reads digits as letters among letters only: a number is not a word", () => {
    // 4 and 5 read as a and s: "455" spelled a listed word and held the question for review.
    for (const question of [
      "How does the all-hands plan change our roadmap next quarter? (ah-455)",
      "Can we book room 455 for the retro, or is it $455 a day?",
      "Is the 5318008 ticket still open?",
    ]) {
      expect(checkContent(question), question).toEqual({ flagged: false, confidence: null, reasons: [] });
    }
    expect(checkContent("Why is this a55 of a manager still here?")).toEqual({ flagged: true, confidence: "medium", reasons: ["profanity"] });
    expect(checkContent("Why is this sh1t still broken?")).toEqual({ flagged: true, confidence: "medium", reasons: ["profanity"] });
  });

  it("reads a UUID or a commit hash as an identifier, not as leetspeak", () => {
    // Each of these read as a slur (hate speech, refused) before identifiers were blanked.
    // ...or as stretched letters ("dddddd").
    for (const id of [
      "0800c596-ecb7-40dd-863c-ff4654fb4e89",
      "38a5e605-f46b-4638-83a5-4703f6f66662",
      "56c035b7-fa46-407f-8308-ac1eff1f90c9",
      "ffa6ebae",
      "ddddddeb-d92f-4dde-affc-d858bac8373e",
      "DDDDDDEB-D92F-4DDE-AFFC-D858BAC8373E",
    ]) {
      const question = `Why did build ${id} fail on main?`;
      expect(checkContent(question), question).toEqual({ flagged: false, confidence: null, reasons: [] });
    }
    for (let i = 0; i < 2000; i += 1) {
      const id = i % 2 === 0 ? randomUUID() : randomUUID().toUpperCase();
      const question = `Which worker answers this one? ${id} (commit ${randomUUID().replace(/-/g, "").slice(0, 12)})`;
      expect(checkContent(question), question).toEqual({ flagged: false, confidence: null, reasons: [] });
    }
    // Words written with digits still read as words.
    expect(checkContent("Why is this sh1t still broken?")).toEqual({ flagged: true, confidence: "medium", reasons: ["profanity"] });
  });

  it("is deterministic", () => {
    const text = "Why is this shit still broken after three releases???";
    expect(checkContent(text)).toEqual(checkContent(text));
  });
});

describe("POST /questions through the content check", () => {
  let app: TestApp;
  let t: TenantFixture;
  let member: ApiClient;

  beforeAll(async () => {
    app = await createTestApp();
    t = await createTenantFixture(app.db);
    member = await signIn(app, t.tenant.slug, "member");
  });
  afterAll(() => app.close());

  it("ordinary questions go straight to OPEN", async () => {
    for (const body of ORDINARY_QUESTIONS.slice(0, 6)) {
      expect((await member.post("/questions", { body, teamId: t.teams.a.id }).expect(201)).body.status, body).toBe("OPEN");
    }
  });

  it("a question with a number that digits-as-letters would read as a listed word goes straight to OPEN", async () => {
    const body = "Can we book room 455 for the retro, or is it $455 a day?";
    expect((await member.post("/questions", { body, teamId: t.teams.a.id }).expect(201)).body.status).toBe("OPEN");
  });

  it("a medium or low finding sends the question to UNDER_REVIEW with a flagged audit (reasons, confidence)", async () => {
    const response = await member.post("/questions", { body: "Why is this shit still broken after three releases?", teamId: t.teams.a.id }).expect(201);
    expect(response.body).toMatchObject({ status: "UNDER_REVIEW", moderation: null });
    const entry = await app.db("audit_logs").where({ entity_id: response.body.id, action: "question.moderation.flagged" }).first();
    expect(entry.metadata).toMatchObject({ reasons: ["profanity"], confidence: "medium" });
    const shouting = await member.post("/questions", { body: "WHY IS NOBODY ANSWERING MY QUESTIONS ABOUT THE BUDGET", teamId: t.teams.a.id }).expect(201);
    expect(shouting.body.status).toBe("UNDER_REVIEW");
    const admin = await signIn(app, t.tenant.slug, "admin");
    expect((await admin.get(`/questions/${shouting.body.id}`).expect(200)).body.moderation).toEqual({ reasons: ["excessive capitals"], confidence: "low" });
  });

  it("a high-confidence finding is refused with 422 CONTENT_REJECTED, nothing stored, audited as question.auto_reject", async () => {
    const before = await app.db("questions").where({ tenant_id: t.tenant.id }).count<{ count: number }[]>("* as count");
    const response = await visitor(app, { "x-tenant-id": t.tenant.slug })
      .post("/questions", { body: "Buy now! Click here http://spam.example/x for free money", teamId: t.teams.a.id })
      .expect(422);
    expect(response.body).toEqual({
      error: { code: "CONTENT_REJECTED", message: expect.any(String), details: ["spam"] },
      requestId: expect.any(String),
    });
    expect(await app.db("questions").where({ tenant_id: t.tenant.id }).count<{ count: number }[]>("* as count")).toEqual(before);
    const entry = await app.db("audit_logs").where({ tenant_id: t.tenant.id, action: "question.auto_reject" }).first();
    expect(entry).toMatchObject({ entity_type: "question", entity_id: null, user_id: null });
    expect(entry.metadata).toMatchObject({ reasons: ["spam"], confidence: "high" });
    expect(entry.after.body).toContain("Buy now");
  });
});
