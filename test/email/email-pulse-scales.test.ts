import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BullEmailQueue } from "../../src/platform/queue-bullmq.js";
import { signIn, type TestApp } from "../helpers/app.js";
import { type MailStack, startMailStack } from "../helpers/email.js";
import { type TenantFixture } from "../helpers/factories.js";
import type { SmtpSink } from "../helpers/smtp-sink.js";
import { scheduleEveryoneInOneGroup } from "../helpers/pulse.js";

/** CONTRACT §5: a pulse e-mail carries one link per score of its question's scale; for enps11, 0..10. */
describe("pulse e-mail of an enps11 question, through SMTP", () => {
  let sink: SmtpSink;
  let app: TestApp<BullEmailQueue>;
  let fixture: TenantFixture;
  let stack: MailStack;

  beforeAll(async () => {
    stack = await startMailStack({ pulse: { enabled: true } });
    ({ sink, app, fixture } = stack);
  });
  afterAll(() => stack.close());

  it("every invitee's e-mail has eleven links, scores 0..10 of one working token, with the scale's ends in words", async () => {
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    await scheduleEveryoneInOneGroup(admin);
    await admin.post("/admin/pulse/questions", { text: "How likely are you to recommend working in your team to a friend?", scale: "enps11" }).expect(201);
    const run = await admin.post("/admin/pulse/run").expect(200);
    const messages = await sink.waitForMessages(run.body.invitesCreated, 30_000);
    const tokens = (await app.db("pulse_invites").where({ tenant_id: fixture.tenant.id }).select("token")).map((row) => row.token);
    for (const message of messages) {
      for (const part of [String(message.text), String(message.html)]) {
        const links = [...part.matchAll(/\/pulse\/respond\?token=([0-9a-f-]{36})&(?:amp;)?score=(\d+)/g)];
        expect(links.map((link) => Number(link[2]))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        expect(new Set(links.map((link) => link[1])).size).toBe(1);
        expect(tokens).toContain(links[0]?.[1]);
      }
      expect(message.text).toContain("0 – Not likely");
      expect(message.text).toContain("10 – Very likely");
    }
  });
});
