import { expect } from "vitest";
import { signIn, type ApiClient, type TestApp } from "./app.js";
import { createTenantFixture, type TenantFixture } from "./factories.js";
import { scheduleEveryoneInOneGroup } from "./pulse.js";
import type { EmailQueue } from "../../src/platform/queue.js";

/** A tenant's Slack app as its admin enters it (the fake Slack knows the bot token). */
export const slackApp = (slug: string) => ({ botToken: `xoxb-test-${slug}`, signingSecret: `signing-secret-of-${slug}-0123456789` });

export interface SlackPulseTenant {
  fixture: TenantFixture;
  admin: ApiClient;
  /** The invited people, in the order they were made: their addresses. */
  people: string[];
  slack: { botToken: string; signingSecret: string };
}

/**
 * A tenant with pulse on, its Slack app connected through the admin API, `people` extra members
 * (team A, or alternating A/B) and one question; the fixture's own users are opted out, so a run
 * invites exactly the extra people.
 */
export async function slackPulseTenant(
  app: TestApp<EmailQueue>,
  options: { people: number; channelEmail?: boolean; anonThreshold?: number; scale?: "agree5" | "emoji5" | "enps11"; teams?: "a" | "ab" },
): Promise<SlackPulseTenant> {
  const fixture = await createTenantFixture(app.db);
  const admin = await signIn(app, fixture.tenant.slug, "admin");
  const slack = slackApp(fixture.tenant.slug);
  await admin
    .post("/admin/tenant-settings", {
      slack,
      pulse: { enabled: true, channelSlack: true, channelEmail: options.channelEmail ?? false, minTenureDays: 0, anonThreshold: options.anonThreshold ?? 5 },
    })
    .expect(200);
  await app
    .db("users")
    .whereIn(
      "id",
      Object.values(fixture.users).map((user) => user.id),
    )
    .update({ email_opt_out_at: new Date() });
  const people = Array.from({ length: options.people }, (_, i) => `person${i}.${fixture.tenant.slug}@example.com`);
  await app.db("users").insert(
    people.map((email, i) => ({
      tenant_id: fixture.tenant.id,
      email,
      name: `Person ${i}`,
      role: "member",
      primary_team_id: options.teams === "ab" && i % 2 === 1 ? fixture.teams.b.id : fixture.teams.a.id,
    })),
  );
  await admin.post("/admin/pulse/questions", { text: "How is your week going?", scale: options.scale ?? "agree5" }).expect(201);
  await scheduleEveryoneInOneGroup(admin);
  return { fixture, admin, people, slack };
}

/** Runs today's send and answers the invite tokens by the invitee's address. */
export async function runPulse(app: TestApp<EmailQueue>, tenant: SlackPulseTenant): Promise<Map<string, string>> {
  const run = await tenant.admin.post("/admin/pulse/run").expect(200);
  expect(run.body.invitesCreated).toBe(tenant.people.length);
  const rows = await app
    .db("pulse_invites as i")
    .join("users as u", "u.id", "i.user_id")
    .where({ "i.tenant_id": tenant.fixture.tenant.id })
    .select("u.email", "i.token");
  return new Map(rows.map((row: { email: string; token: string }) => [row.email, row.token]));
}
