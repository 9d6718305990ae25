import { button, html, layout, paragraphs, type SafeHtml } from "./email.html.js";
import { scaleEnds, scaleScores, scoreChoice, type PulseScale } from "../pulse/pulse.constants.js";

/** A rendered email: HTML and plain-text alternatives of the same content. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export const QUESTION_ANSWERED_SUBJECT = "Your question was answered!";
export const PULSE_INVITE_SUBJECT = "Weekly Pulse - How are you feeling?";
export const PULSE_REMINDER_SUBJECT = "Reminder: Weekly Pulse - How are you feeling?";

const QUOTE_STYLE = "margin:0 0 16px;padding:12px 16px;border-left:4px solid #cbd2d9;background:#f8f9fb;border-radius:4px;";
const ANSWER_STYLE = "margin:0 0 16px;padding:12px 16px;border-left:4px solid #16a34a;background:#f0fdf4;border-radius:4px;";

function greetingName(name: string | null | undefined): string {
  return name?.trim() || "there";
}

export interface QuestionAnsweredInput {
  recipientName: string | null;
  tenantName: string;
  teamName: string;
  questionBody: string;
  responseText: string;
  responderName: string | null;
  questionUrl: string;
  unsubscribeUrl: string;
}

export function questionAnsweredEmail(input: QuestionAnsweredInput): RenderedEmail {
  const responder = input.responderName?.trim() || "a moderator";
  const body = html` <p style="margin:0 0 12px;">Hi ${greetingName(input.recipientName)},</p>
    <p style="margin:0 0 16px;">Your question in <strong>${input.teamName}</strong> was answered by ${responder}.</p>
    <div style="${QUOTE_STYLE}">
      <div style="font-size:12px;color:#616e7c;margin-bottom:4px;">Your question</div>
      ${paragraphs(input.questionBody)}
    </div>
    <div style="${ANSWER_STYLE}">
      <div style="font-size:12px;color:#616e7c;margin-bottom:4px;">Answer from ${responder}</div>
      ${paragraphs(input.responseText)}
    </div>
    <p style="margin:0;">${button(input.questionUrl, "View the question")}</p>`;
  const footer = html`You receive this email because you asked a question in the Team Q&amp;A of ${input.tenantName}.
    <a href="${input.unsubscribeUrl}" style="color:#616e7c;">Unsubscribe</a> from these emails.`;
  const text = [
    `Hi ${greetingName(input.recipientName)},`,
    "",
    `Your question in ${input.teamName} was answered by ${responder}.`,
    "",
    "Your question:",
    input.questionBody,
    "",
    `Answer from ${responder}:`,
    input.responseText,
    "",
    `View the question: ${input.questionUrl}`,
    "",
    "--",
    `You receive this email because you asked a question in the Team Q&A of ${input.tenantName}.`,
    `Unsubscribe: ${input.unsubscribeUrl}`,
  ].join("\n");
  return {
    subject: QUESTION_ANSWERED_SUBJECT,
    html: layout({ title: QUESTION_ANSWERED_SUBJECT, preheader: `${responder} answered your question.`, body, footer }),
    text,
  };
}

export interface PulseInviteInput {
  recipientName: string | null;
  tenantName: string;
  questionText: string;
  /** The question's scale: one link per score of it (default agree5, SPEC's 1..5). */
  scale?: PulseScale;
  /** The one reminder of a still open invite (CONTRACT §5 "Reminders"): the same links. */
  reminder?: boolean;
  /** The one-tap link for a score: {frontend_url}/pulse/respond?token=...&score=n */
  respondUrl: (score: number) => string;
  expiresAt: Date;
  timezone: string;
  anonThreshold: number;
  unsubscribeUrl: string;
}

export function formatExpiry(at: Date, timezone: string): string {
  const format = (timeZone: string) =>
    new Intl.DateTimeFormat("en-GB", {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    }).format(at);
  try {
    return format(timezone);
  } catch {
    return format("UTC");
  }
}

/**
 * A score's link: a 1..5 agree scale keeps SPEC's buttons; faces carry their words for screen
 * readers, and the eleven eNPS links are compact so the row fits a phone.
 */
function scoreButton(url: string, scale: PulseScale, score: number): SafeHtml {
  const choice = scoreChoice(scale, score);
  if (scale === "agree5") return button(url, choice.shown);
  const size = scale === "enps11" ? "min-width:28px;padding:8px 4px;font-size:15px;" : "min-width:40px;padding:8px 6px;font-size:24px;";
  const style = `display:inline-block;${size}margin:0 2px 6px 0;text-align:center;border:2px solid #1d4ed8;border-radius:6px;color:#1d4ed8;font-weight:600;text-decoration:none;`;
  return html`<a href="${url}" aria-label="${choice.words}" title="${choice.words}" style="${style}">${choice.shown}</a>`;
}

export function pulseInviteEmail(input: PulseInviteInput): RenderedEmail {
  const expiry = formatExpiry(input.expiresAt, input.timezone);
  const scale = input.scale ?? "agree5";
  const scores = scaleScores(scale);
  const ends = scaleEnds(scale);
  const subject = input.reminder ? PULSE_REMINDER_SUBJECT : PULSE_INVITE_SUBJECT;
  const anonymity =
    `Your answer is anonymous: it is stored without your name, your email address or any link to this email, ` +
    `and results are only shown for groups of at least ${input.anonThreshold} responses.`;
  const expiryNote = `This link expires on ${expiry}, 7 days after it was sent, and counts once.`;
  const opening = input.reminder
    ? `A gentle reminder: this week's pulse question from ${input.tenantName} is still open. One tap answers it; this is the only reminder.`
    : `Here is this week's pulse question from ${input.tenantName}. One tap answers it.`;
  const body = html` <p style="margin:0 0 12px;">Hi ${greetingName(input.recipientName)},</p>
    <p style="margin:0 0 16px;">${opening}</p>
    <p style="margin:0 0 16px;font-size:18px;font-weight:600;">${input.questionText}</p>
    <p style="margin:0 0 4px;">${scores.map((score) => scoreButton(input.respondUrl(score), scale, score))}</p>
    <p style="margin:0 0 16px;font-size:12px;color:#616e7c;">${ends.low}, ${ends.high}</p>
    <p style="margin:0 0 12px;">${anonymity}</p>
    <p style="margin:0;color:#616e7c;">${expiryNote}</p>`;
  const footer = html`You receive the weekly pulse as a member of ${input.tenantName}.
    <a href="${input.unsubscribeUrl}" style="color:#616e7c;">Unsubscribe</a> from these emails.`;
  const text = [
    `Hi ${greetingName(input.recipientName)},`,
    "",
    `${opening} Open one link to answer (${ends.low}, ${ends.high}):`,
    "",
    input.questionText,
    "",
    ...scores.map((score) => `${scoreChoice(scale, score).words}: ${input.respondUrl(score)}`),
    "",
    anonymity,
    expiryNote,
    "",
    "--",
    `You receive the weekly pulse as a member of ${input.tenantName}.`,
    `Unsubscribe: ${input.unsubscribeUrl}`,
  ].join("\n");
  return {
    subject,
    html: layout({ title: subject, preheader: input.questionText, body, footer }),
    text,
  };
}

export interface DirectEmailInput {
  subject: string;
  body: string;
  senderName: string | null;
  tenantName: string;
}

export function directEmail(input: DirectEmailInput): RenderedEmail {
  const sender = input.senderName?.trim() || "An administrator";
  const signature = `Sent by ${sender} of ${input.tenantName} through Team Q&A.`;
  return {
    subject: input.subject,
    html: layout({ title: input.subject, preheader: input.body.slice(0, 120), body: paragraphs(input.body), footer: html`${signature}` }),
    text: [input.body, "", "--", signature].join("\n"),
  };
}

export const WEBHOOK_DISABLED_SUBJECT = "A webhook was disabled after failing for 3 days";

export interface WebhookDisabledInput {
  recipientName: string | null;
  tenantName: string;
  url: string;
  failingSince: string;
  adminUrl: string;
}

/** To the tenant's admins: nothing more is sent to the endpoint until one of them enables it again. */
export function webhookDisabledEmail(input: WebhookDisabledInput): RenderedEmail {
  const since = new Date(input.failingSince).toUTCString();
  const body = html` <p style="margin:0 0 12px;">Hi ${greetingName(input.recipientName)},</p>
    <p style="margin:0 0 16px;">
      Every delivery to the webhook <strong>${input.url}</strong> of ${input.tenantName} has failed since ${since}, so it was disabled: no event is sent to it
      any more.
    </p>
    <p style="margin:0 0 16px;">Check the receiver, then enable the webhook again in the administration (its failed deliveries can be replayed).</p>
    <p style="margin:0;">${button(input.adminUrl, "Open the webhooks")}</p>`;
  const text = [
    `Hi ${greetingName(input.recipientName)},`,
    "",
    `Every delivery to the webhook ${input.url} of ${input.tenantName} has failed since ${since}, so it was disabled: no event is sent to it any more.`,
    "",
    "Check the receiver, then enable the webhook again in the administration (its failed deliveries can be replayed).",
    "",
    `Open the webhooks: ${input.adminUrl}`,
  ].join("\n");
  return {
    subject: WEBHOOK_DISABLED_SUBJECT,
    html: layout({
      title: WEBHOOK_DISABLED_SUBJECT,
      preheader: `${input.url} was disabled`,
      body,
      footer: html`Sent to the administrators of ${input.tenantName}.`,
    }),
    text,
  };
}
