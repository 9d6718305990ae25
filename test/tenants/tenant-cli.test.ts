import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { uniqueSlug } from "../helpers/factories.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

function cli(...args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", "src/cli/tenant.ts", ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATABASE_URL: inject("databaseUrl") },
    encoding: "utf8",
    timeout: 30_000,
  });
}

describe("tenant CLI", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it("creates a tenant with settings, default tags, a team, a pulse schedule and its owner", async () => {
    const slug = uniqueSlug("cli");
    const result = cli("create", slug, "CLI Corp", "--owner", "Boss@CLI.example", "--team", "Engineering", "--team", "Sales");
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output.tenant).toMatchObject({ slug, name: "CLI Corp" });
    expect(output.teams.map((team: { slug: string }) => team.slug)).toEqual(["engineering", "sales"]);

    const tenantId = output.tenant.id;
    const owner = await app.db("users").where({ tenant_id: tenantId }).first();
    expect(owner).toMatchObject({ email: "boss@cli.example", role: "owner", sso_id: null, primary_team_id: output.teams[0].id });
    expect(await app.db("tags").where({ tenant_id: tenantId })).toHaveLength(6);
    expect(await app.db("pulse_schedules").where({ tenant_id: tenantId }).first()).toMatchObject({ timezone: "UTC", num_cohorts: 5 });
    // The pulse starts off; enabling it in the settings is all it takes to start automatic sends (CONTRACT §8).
    expect((await app.db("tenant_settings").where({ tenant_id: tenantId }).first()).settings.pulse).toMatchObject({
      enabled: false,
      defaultCadence: "weekly",
      defaultTime: "09:00",
      rotatingCohorts: true,
    });

    expect(cli("list").stdout).toContain(`${slug}\tCLI Corp\t${tenantId}`);
    // A real organisation starts closed to strangers with GitHub or Google accounts.
    expect(output).toMatchObject({ signup: "invite", allowedEmailDomains: [] });
    expect((await app.db("tenant_settings").where({ tenant_id: tenantId }).first()).settings.users).toMatchObject({
      signup: "invite",
      allowedEmailDomains: [],
    });
  });

  it("--allow-domain opens sign-up to those domains; a malformed one is refused with one line", async () => {
    const slug = uniqueSlug("cli");
    const result = cli("create", slug, "Open Corp", "--owner", "boss@open.example", "--allow-domain", "Open.Example", "--allow-domain", "partner.example");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ signup: "domains", allowedEmailDomains: ["open.example", "partner.example"] });
    const bad = cli("create", uniqueSlug("cli"), "Bad Corp", "--owner", "boss@bad.example", "--allow-domain", "@bad.example");
    expect(bad.status).not.toBe(0);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    expect(bad.stderr).toMatch(/users\.allowedEmailDomains\.0: must be a domain such as example\.com/);
  });

  it("refuses a duplicate slug, a bad slug and a missing owner with one line", () => {
    const slug = uniqueSlug("cli");
    expect(cli("create", slug, "First", "--owner", "a@b.example").status).toBe(0);
    const duplicate = cli("create", slug, "Second", "--owner", "a@b.example");
    expect(duplicate.status).toBe(1);
    expect(duplicate.stderr.trim()).toBe(`Tenant '${slug}' already exists.`);
    const bad = cli("create", "Not A Slug!", "X", "--owner", "a@b.example");
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/Tenant slug must be/);
    const noOwner = cli("create", uniqueSlug("cli"), "X");
    expect(noOwner.status).toBe(1);
    expect(noOwner.stderr).toMatch(/--owner <email> is required/);
  });

  it("a tenant created by the CLI is served: visitors see its team", async () => {
    const slug = uniqueSlug("cli");
    expect(cli("create", slug, "Served", "--owner", "o@served.example").status).toBe(0);
    const response = await (await import("supertest")).default(app.app).get("/teams").set("x-tenant-id", slug).expect(200);
    expect(response.body.map((team: { slug: string }) => team.slug)).toEqual(["general"]);
    await expect(signIn(app, slug, "owner")).rejects.toThrow(/404/);
  });
});
