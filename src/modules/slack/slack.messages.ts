import { scaleEnds, scaleScores, scoreChoice, type PulseScale } from "../pulse/index.js";

/**
 * The Slack messages of a pulse invite (Block Kit). A button's value carries what the e-mail's
 * link carries, the invite's one-time token and the score, plus the tenant's slug: the
 * interaction is verified with that tenant's signing secret, so a value naming another tenant
 * fails the signature.
 */

const VALUE_PREFIX = "pulse1";
const VALUE = /^pulse1:([^:]{1,100}):([0-9a-fA-F-]{36}):(\d{1,2})$/;
export const SCORE_ACTION_PREFIX = "pulse_score_";

export function buttonValue(tenantSlug: string, token: string, score: number): string {
  return `${VALUE_PREFIX}:${tenantSlug}:${token}:${score}`;
}

export function parseButtonValue(value: unknown): { tenantSlug: string; token: string; score: number } | null {
  const match = typeof value === "string" ? VALUE.exec(value) : null;
  if (!match) return null;
  return { tenantSlug: match[1] as string, token: match[2] as string, score: Number(match[3]) };
}

/** Slack's mrkdwn treats &, < and > as markup. */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export interface InviteMessageInput {
  tenantSlug: string;
  tenantName: string;
  token: string;
  questionText: string;
  scale: PulseScale;
  reminder: boolean;
  anonThreshold: number;
  expiresAt: Date;
}

export function inviteMessage(input: InviteMessageInput) {
  const ends = scaleEnds(input.scale);
  const opening = input.reminder
    ? `A gentle reminder: this week's pulse question from ${escapeMrkdwn(input.tenantName)} is still open. This is the only reminder.`
    : `Here is this week's pulse question from ${escapeMrkdwn(input.tenantName)}. One click answers it.`;
  const expiry = input.expiresAt.toISOString().slice(0, 10);
  return {
    text: `Weekly Pulse: ${input.questionText}`,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: `${opening}\n\n*${escapeMrkdwn(input.questionText)}*` } },
      {
        type: "actions",
        block_id: "pulse_scores",
        elements: scaleScores(input.scale).map((score) => {
          const choice = scoreChoice(input.scale, score);
          return {
            type: "button",
            action_id: `${SCORE_ACTION_PREFIX}${score}`,
            text: { type: "plain_text", text: choice.shown, emoji: true },
            value: buttonValue(input.tenantSlug, input.token, score),
            accessibility_label: choice.words,
          };
        }),
      },
      {
        type: "context",
        elements: [
          {
            type: "mrkdwn",
            text:
              `${escapeMrkdwn(ends.low)}, ${escapeMrkdwn(ends.high)}. Your answer is anonymous: it is stored without your name or any link to you ` +
              `or this message, and results are only shown for groups of at least ${input.anonThreshold} answers. ` +
              `The buttons work until ${expiry} and count once.`,
          },
        ],
      },
    ],
  };
}

/**
 * What replaces the invite once answered: no score, and no conversation link either. The message
 * stays in the person's direct messages, beside their name, where a workspace's exports and
 * eDiscovery reach: a link there would tie their comment to them.
 */
export function thankYouMessage() {
  const text = "Thank you, your answer is recorded anonymously.";
  return { text, blocks: [{ type: "section", text: { type: "mrkdwn", text } }] };
}

/**
 * The private conversation's address, as the e-mail path's thank-you page gives it, in an
 * ephemeral message: shown to the person once, kept in no history or export.
 */
export function conversationLinkMessage(input: { conversationUrl: string }) {
  const text =
    `If you like, add a comment and read your leads' replies in your private conversation: <${input.conversationUrl}|open it here>. ` +
    "Keep the link to yourself: anyone with it can read the conversation. This note disappears when you reload Slack.";
  return { text: "Your private conversation", blocks: [{ type: "section", text: { type: "mrkdwn", text } }] };
}

export function alreadyAnsweredMessage() {
  const text = "This pulse question has already been answered, or its invite has expired. Nothing more was recorded.";
  return { text, blocks: [{ type: "section", text: { type: "mrkdwn", text } }] };
}

/** A section's text holds 3,000 characters; longer text is cut, and the link shows it whole. */
const SECTION_MAX = 2_900;
const clip = (text: string) => (text.length > SECTION_MAX ? `${text.slice(0, SECTION_MAX)}…` : text);

export interface AnsweredMessageInput {
  teamName: string;
  questionBody: string;
  responseText: string;
  responderName: string | null;
  questionUrl: string;
  accountUrl: string;
}

/**
 * The answered notice as a direct message: what SPEC's e-mail says, people's text escaped so a
 * question cannot carry a link, a mention or `<!channel>`. The question's address is a link, not
 * a button: a button would send Slack an interaction for us to answer.
 */
export function answeredMessage(input: AnsweredMessageInput) {
  const responder = escapeMrkdwn(input.responderName?.trim() || "a moderator");
  const team = escapeMrkdwn(input.teamName);
  return {
    text: `Your question in ${input.teamName} was answered`,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: `Your question in *${team}* was answered by ${responder}.` } },
      { type: "section", text: { type: "mrkdwn", text: `*Your question*\n${escapeMrkdwn(clip(input.questionBody))}` } },
      { type: "section", text: { type: "mrkdwn", text: `*Answer from ${responder}*\n${escapeMrkdwn(clip(input.responseText))}` } },
      { type: "section", text: { type: "mrkdwn", text: `<${input.questionUrl}|View the question>` } },
      {
        type: "context",
        elements: [{ type: "mrkdwn", text: `You get answers here because you chose Slack in <${input.accountUrl}|your account>, where you can change it.` }],
      },
    ],
  };
}
