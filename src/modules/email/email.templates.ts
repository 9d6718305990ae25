import { button, html, layout, paragraphs } from "./email.html.js";

/** A rendered email: HTML and plain-text alternatives of the same content. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export const QUESTION_ANSWERED_SUBJECT = "Your question was answered!";
export const PULSE_INVITE_SUBJECT = "Weekly Pulse - How are you feeling?";
export const PULSE_SCORES = [1, 2, 3, 4, 5] as const;

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

export function pulseInviteEmail(input: PulseInviteInput): RenderedEmail {
  const expiry = formatExpiry(input.expiresAt, input.timezone);
  const anonymity =
    `Your answer is anonymous: it is stored without your name, your email address or any link to this email, ` +
    `and results are only shown for groups of at least ${input.anonThreshold} responses.`;
  const expiryNote = `This link expires on ${expiry}, 7 days after it was sent, and counts once.`;
  const body = html` <p style="margin:0 0 12px;">Hi ${greetingName(input.recipientName)},</p>
    <p style="margin:0 0 16px;">Here is this week's pulse question from ${input.tenantName}. One tap answers it.</p>
    <p style="margin:0 0 16px;font-size:18px;font-weight:600;">${input.questionText}</p>
    <p style="margin:0 0 4px;">${PULSE_SCORES.map((score) => button(input.respondUrl(score), String(score)))}</p>
    <p style="margin:0 0 16px;font-size:12px;color:#616e7c;">1 = lowest, 5 = highest</p>
    <p style="margin:0 0 12px;">${anonymity}</p>
    <p style="margin:0;color:#616e7c;">${expiryNote}</p>`;
  const footer = html`You receive the weekly pulse as a member of ${input.tenantName}.
    <a href="${input.unsubscribeUrl}" style="color:#616e7c;">Unsubscribe</a> from these emails.`;
  const text = [
    `Hi ${greetingName(input.recipientName)},`,
    "",
    `Here is this week's pulse question from ${input.tenantName}. Open one link to answer (1 = lowest, 5 = highest):`,
    "",
    input.questionText,
    "",
    ...PULSE_SCORES.map((score) => `${score}: ${input.respondUrl(score)}`),
    "",
    anonymity,
    expiryNote,
    "",
    "--",
    `You receive the weekly pulse as a member of ${input.tenantName}.`,
    `Unsubscribe: ${input.unsubscribeUrl}`,
  ].join("\n");
  return {
    subject: PULSE_INVITE_SUBJECT,
    html: layout({ title: PULSE_INVITE_SUBJECT, preheader: input.questionText, body, footer }),
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
