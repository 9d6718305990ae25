import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PULSE_QUESTION_LIBRARY } from "../../src/modules/pulse/pulse.library.js";
import { provisionTenant } from "../../src/modules/provisioning/provisioning.service.js";
import { openEmbeddedDatabase, type DatabaseHandle } from "../../src/platform/db.js";
import { migrateToLatest } from "../../src/platform/migrator.js";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { uniqueSlug } from "../helpers/factories.js";
import { nodeArgsFor } from "../helpers/bundled-entry.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const THEMES = ["engagement", "workload", "recognition", "growth", "manager support", "belonging"];
const ENPS_TEXT = "How likely are you to recommend working in your team to a friend?";

/** CONTRACT §5: a new tenant starts with at least 12 active questions across the themes, one of them enps11. */
function expectLibrary(questions: Array<{ text: string; scale: string; active: boolean; teamId?: string | null; team_id?: string | null }>) {
  expect(questions.length).toBeGreaterThanOrEqual(12);
  expect(questions.every((question) => question.active)).toBe(true);
  expect(questions.filter((question) => question.scale === "enps11").map((question) => question.text)).toEqual([ENPS_TEXT]);
  expect(new Set(questions.map((question) => question.text)).size).toBe(questions.length);
  for (const question of questions) expect(question.text.length).toBeLessThanOrEqual(80);
}

describe("the pulse question library of a new tenant", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it("covers engagement, workload, recognition, growth, manager support and belonging", () => {
    expect(new Set(PULSE_QUESTION_LIBRARY.map((question) => question.theme))).toEqual(new Set(THEMES));
  });

  it("the tenant CLI's new tenant lists the library in the admin API, in library order, and its pulse can ask it at once", async () => {
    const slug = uniqueSlug("lib");
    const result = spawnSync(
      process.execPath,
      [...(await nodeArgsFor("src/cli/tenant.ts")), "create", slug, "Library Corp", "--owner", `boss@${slug}.example`],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH, DATABASE_URL: inject("databaseUrl") },
        encoding: "utf8",
        timeout: 30_000,
      },
    );
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const tenantId = JSON.parse(result.stdout).tenant.id;
    await app.db("users").insert({ tenant_id: tenantId, email: `admin@${slug}.example`, name: "Admin", role: "admin", sso_provider: "demo", sso_id: "admin" });
    const admin = await signIn(app, slug, "admin");
    const listed = (await admin.get("/admin/pulse/questions").expect(200)).body;
    expectLibrary(listed);
    expect(listed.map((question: { text: string }) => question.text)).toEqual(PULSE_QUESTION_LIBRARY.map((question) => question.text));
    expect(listed.every((question: { teamId: string | null }) => question.teamId === null)).toBe(true);
    const preview = (await admin.get("/admin/pulse/send-preview").expect(200)).body;
    expect(preview.reason).not.toBe("no_active_questions");
  });

  it("another tenant's questions are not touched by a new tenant", async () => {
    const first = await provisionTenant(app.db, { slug: uniqueSlug("lib"), name: "First" });
    const before = await app.db("pulse_questions").where({ tenant_id: first.tenant.id }).count<{ count: string }[]>("* as count");
    await provisionTenant(app.db, { slug: uniqueSlug("lib"), name: "Second" });
    const after = await app.db("pulse_questions").where({ tenant_id: first.tenant.id }).count<{ count: string }[]>("* as count");
    expect(after).toEqual(before);
  });
});

describe("the pulse question library on the embedded database (PGlite)", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openEmbeddedDatabase("memory://");
    await migrateToLatest(handle.db);
  });
  afterAll(() => handle.close());

  it("a tenant provisioned there starts with the library too", async () => {
    const { tenant } = await provisionTenant(handle.db, { slug: "embedded-lib", name: "Embedded" });
    const rows = await handle.db("pulse_questions").where({ tenant_id: tenant.id }).orderBy("created_at");
    expectLibrary(rows);
    expect(rows.map((row) => row.text)).toEqual(PULSE_QUESTION_LIBRARY.map((question) => question.text));
  });
});
