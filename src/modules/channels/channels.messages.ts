import type { KnownBlock } from "@slack/web-api";
import { escapeMrkdwn } from "../slack/index.js";

/**
 * What a team's channel shows (CONTRACT §11): a new question, an answer, a closed poll's results,
 * as Slack Block Kit and as an Adaptive Card 1.4 for Microsoft Teams. Built only from the event's
 * data, which never carries an anonymous author: such a question shows "Anonymous".
 */

export interface QuestionPost {
  kind: "question.created" | "question.answered";
  teamName: string;
  link: string;
  body: string;
  authorName: string | null;
  responseText: string | null;
}

export interface PollPost {
  kind: "poll.closed";
  teamName: string;
  title: string;
  voteCount: number;
  /** One line per option, the average, or the top words, as the results have them. */
  lines: string[];
}

export interface TestPost {
  kind: "test";
  teamName: string;
}

export type ChannelPost = QuestionPost | PollPost | TestPost;

const MAX_TEXT = 2500;
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

/** The poll's results as lines of text, whatever its type. */
export function resultLines(results: Record<string, unknown>): string[] {
  const total = typeof results.voteCount === "number" ? results.voteCount : 0;
  const percent = (votes: number) => (total > 0 ? ` (${Math.round((votes / total) * 100)}%)` : "");
  if (Array.isArray(results.options)) {
    return (results.options as Array<{ text: string; votes: number }>).map((option) => `${option.text}: ${option.votes}${percent(option.votes)}`);
  }
  if (Array.isArray(results.distribution)) {
    const distribution = results.distribution as number[];
    const average = typeof results.average === "number" ? `Average ${results.average} of ${distribution.length}` : "No ratings";
    return [average, ...distribution.map((votes, index) => `${index + 1}: ${votes}`)];
  }
  if (Array.isArray(results.words)) {
    return (results.words as Array<{ text: string; count: number }>).slice(0, 10).map((word) => `${word.text}: ${word.count}`);
  }
  return [];
}

function headline(post: ChannelPost): string {
  switch (post.kind) {
    case "question.created":
      return `New question in ${post.teamName}`;
    case "question.answered":
      return `Answered in ${post.teamName}`;
    case "poll.closed":
      return `Poll closed in ${post.teamName}: ${post.title}`;
    case "test":
      return `Test message for ${post.teamName}`;
  }
}

export function slackMessage(post: ChannelPost): { text: string; blocks: KnownBlock[] } {
  const text = headline(post);
  const blocks: KnownBlock[] = [{ type: "header", text: { type: "plain_text", text: clip(text).slice(0, 150), emoji: false } }];
  if (post.kind === "test") {
    blocks.push({ type: "section", text: { type: "plain_text", text: "Team Q&A will post this team's new questions, answers and closed polls here." } });
    return { text, blocks };
  }
  if (post.kind === "poll.closed") {
    blocks.push({ type: "section", text: { type: "mrkdwn", text: clip(post.lines.map(escapeMrkdwn).join("\n") || "No votes") } });
    blocks.push({ type: "context", elements: [{ type: "plain_text", text: `${post.voteCount} ${post.voteCount === 1 ? "vote" : "votes"}` }] });
    return { text, blocks };
  }
  blocks.push({ type: "section", text: { type: "mrkdwn", text: `*${escapeMrkdwn(clip(post.body))}*` } });
  if (post.kind === "question.answered" && post.responseText) {
    blocks.push({ type: "section", text: { type: "mrkdwn", text: `*Answer:* ${escapeMrkdwn(clip(post.responseText))}` } });
  }
  blocks.push({
    type: "context",
    elements: [{ type: "mrkdwn", text: `Asked by ${escapeMrkdwn(post.authorName ?? "Anonymous")} · <${post.link}|Open the question>` }],
  });
  return { text: `${text}: ${clip(post.body).slice(0, 200)}`, blocks };
}

/**
 * People's text (a question, an answer, a name, poll options) as plain runs: a TextBlock renders
 * Markdown, so "[Reset your password](https://…)" in a question would become a link in the
 * channel. A RichTextBlock's TextRun is shown as written.
 */
const plainText = (text: string, style: { weight?: "Bolder"; isSubtle?: boolean } = {}) => ({
  type: "RichTextBlock",
  inlines: [{ type: "TextRun", text, ...style }],
});

/** The Workflows webhook's body: one message with one Adaptive Card. */
export function teamsMessage(post: ChannelPost) {
  // The headline names the team (an admin's words) and a poll's title: plain too.
  const body: Array<Record<string, unknown>> = [
    { type: "RichTextBlock", inlines: [{ type: "TextRun", text: headline(post), weight: "Bolder", size: "Medium" }] },
  ];
  const actions: Array<Record<string, unknown>> = [];
  if (post.kind === "test") {
    body.push({ type: "TextBlock", text: "Team Q&A will post this team's new questions, answers and closed polls here.", wrap: true });
  } else if (post.kind === "poll.closed") {
    for (const line of post.lines) body.push(plainText(line));
    body.push({ type: "TextBlock", text: `${post.voteCount} ${post.voteCount === 1 ? "vote" : "votes"}`, isSubtle: true, wrap: true });
  } else {
    body.push(plainText(clip(post.body), { weight: "Bolder" }));
    if (post.kind === "question.answered" && post.responseText) body.push(plainText(`Answer: ${clip(post.responseText)}`));
    body.push(plainText(`Asked by ${post.authorName ?? "Anonymous"}`, { isSubtle: true }));
    actions.push({ type: "Action.OpenUrl", title: "Open the question", url: post.link });
  }
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body,
          ...(actions.length ? { actions } : {}),
        },
      },
    ],
  };
}
