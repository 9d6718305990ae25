import { describe, expect, it } from "vitest";
import { classifyApiResponse, classifySmtpError } from "../../src/modules/email/email.delivery.js";
import { directEmail, pulseInviteEmail, questionAnsweredEmail } from "../../src/modules/email/email.templates.js";

const HOSTILE = `<x-evil onload="1">'"&`;
const ESCAPED = "&lt;x-evil onload=&quot;1&quot;&gt;&#39;&quot;&amp;";

describe("email templates", () => {
  it("escape every interpolated value in the HTML, in text and in attributes", () => {
    const answered = questionAnsweredEmail({
      recipientName: HOSTILE,
      tenantName: HOSTILE,
      teamName: HOSTILE,
      questionBody: HOSTILE,
      responseText: HOSTILE,
      responderName: HOSTILE,
      questionUrl: `https://qa.example/t?q="><x-evil>`,
      unsubscribeUrl: `https://qa.example/u?t="><x-evil>`,
    });
    const pulse = pulseInviteEmail({
      recipientName: HOSTILE,
      tenantName: HOSTILE,
      questionText: HOSTILE,
      respondUrl: (score) => `https://qa.example/pulse/respond?token="><x-evil>&score=${score}`,
      expiresAt: new Date("2026-11-30T09:00:00Z"),
      timezone: "Europe/Paris",
      anonThreshold: 5,
      unsubscribeUrl: "https://qa.example/u",
    });
    const direct = directEmail({ subject: HOSTILE, body: HOSTILE, senderName: HOSTILE, tenantName: HOSTILE });
    for (const email of [answered, pulse, direct]) {
      expect(email.html).not.toContain("<x-evil");
      expect(email.html).toContain(ESCAPED);
    }
    expect(answered.html).toContain('href="https://qa.example/t?q=&quot;&gt;&lt;x-evil&gt;"');
    expect(answered.text).toContain(HOSTILE);
  });

  it("SPEC's subjects and content: answered names responder, question and answer; pulse has five links and its notes", () => {
    const answered = questionAnsweredEmail({
      recipientName: "Alice",
      tenantName: "Acme",
      teamName: "Platform",
      questionBody: "When is the offsite?",
      responseText: "In June.",
      responderName: null,
      questionUrl: "https://qa.example/platform?question=1",
      unsubscribeUrl: "https://qa.example/u",
    });
    expect(answered.subject).toBe("Your question was answered!");
    expect(answered.text).toMatch(
      /Hi Alice,[\s\S]*When is the offsite\?[\s\S]*Answer from a moderator:\nIn June\.[\s\S]*https:\/\/qa\.example\/platform\?question=1[\s\S]*Unsubscribe: https:\/\/qa\.example\/u/,
    );

    const pulse = pulseInviteEmail({
      recipientName: null,
      tenantName: "Acme",
      questionText: "How was your week?",
      respondUrl: (score) => `https://qa.example/pulse/respond?token=t&score=${score}`,
      expiresAt: new Date("2026-11-30T09:00:00Z"),
      timezone: "Not/AZone",
      anonThreshold: 5,
      unsubscribeUrl: "https://qa.example/u",
    });
    expect(pulse.subject).toBe("Weekly Pulse - How are you feeling?");
    expect(pulse.html.match(/href="https:\/\/qa\.example\/pulse\/respond\?token=t&amp;score=[1-5]"/g)).toHaveLength(5);
    expect(pulse.text).toContain("Hi there,");
    expect(pulse.text).toContain("anonymous");
    expect(pulse.text).toContain("at least 5 responses");
    // An unknown time zone falls back to UTC rather than failing the job.
    expect(pulse.text).toMatch(/expires on Monday, 30 November 2026.*09:00 UTC, 7 days after it was sent/);
  });
});

describe("failure classification", () => {
  it.each([
    [{ code: "EAUTH", responseCode: 535, response: "535 5.7.8 Authentication credentials invalid" }, "Authentication failed", true],
    [{ code: "ENOAUTH" }, "Authentication failed", true],
    [{ code: "EENVELOPE", command: "RCPT TO", responseCode: 550, response: "550 5.1.1 No such user", permanent: true }, "Recipient rejected", true],
    [
      { code: "EENVELOPE", command: "RCPT TO", responseCode: 451, response: "451 4.7.1 Too many messages, slow down", permanent: false },
      "Rate limit exceeded",
      false,
    ],
    [{ code: "EENVELOPE", command: "RCPT TO", responseCode: 421, response: "421 4.7.0 Try again later, closing connection" }, "Rate limit exceeded", false],
    [
      { code: "EENVELOPE", command: "MAIL FROM", responseCode: 421, response: "421 Service shutting down", permanent: false },
      "Mail server temporarily unavailable",
      false,
    ],
    [{ code: "EMESSAGE", command: "DATA", responseCode: 554, response: "554 5.7.1 Message rejected as spam", permanent: true }, "Message rejected", true],
    [
      { code: "EENVELOPE", command: "RCPT TO", responseCode: 452, response: "452 4.2.2 Mailbox full", permanent: false },
      "Mail server temporarily unavailable",
      false,
    ],
    [{ code: "ETIMEDOUT", message: "Greeting never received" }, "SMTP connection timeout", false],
    [{ code: "ESOCKET", message: "connect ECONNREFUSED 127.0.0.1:1025" }, "SMTP connection timeout", false],
    [{ message: "something odd" }, "Delivery failed", false],
  ])("SMTP %j -> %s", (error, reason, permanent) => {
    expect(classifySmtpError(error)).toMatchObject({ reason, permanent });
  });

  it.each([
    [401, "", "Invalid API key", true],
    [403, "", "Invalid API key", true],
    [429, "", "Rate limit exceeded", false],
    [422, '{"message":"Invalid `to` field"}', "Recipient rejected", true],
    [400, '{"message":"html is required"}', "Message rejected", true],
    [500, "", "Email API unavailable", false],
    [302, "", "Delivery failed", false],
  ])("hosted API %i %s -> %s", (status, body, reason, permanent) => {
    expect(classifyApiResponse(status, body)).toMatchObject({ reason, permanent });
  });
});
