import { describe, expect, it } from "vitest";
import { slackMessage, teamsMessage } from "../../src/modules/channels/channels.messages.js";

const PHISH = "Please [reset your password](https://evil.example/login) before Friday <https://evil.example|here>";

/** Collects every element of a card whose text holds `needle`, with its element type. */
function holders(node: unknown, needle: string, found: Array<{ type: string; key: string }> = [], parentType = ""): Array<{ type: string; key: string }> {
  if (Array.isArray(node)) node.forEach((item) => holders(item, needle, found, parentType));
  else if (node && typeof node === "object") {
    const record = node as Record<string, unknown>;
    const type = typeof record.type === "string" ? record.type : parentType;
    for (const [key, value] of Object.entries(record)) {
      if (typeof value === "string" && value.includes(needle)) found.push({ type, key });
      else holders(value, needle, found, type);
    }
  }
  return found;
}

/** CONTRACT §11: people's words reach a channel as words, never as markup a reader could be tricked by. */
describe("team channel messages", () => {
  const question = {
    kind: "question.created" as const,
    teamName: "Team Alpha",
    link: "https://qa.example/alpha?question=1",
    body: PHISH,
    authorName: "Ann",
    responseText: PHISH,
  };

  it("Teams: a question's and an answer's Markdown links stay text (TextRun, which renders no Markdown)", () => {
    const card = teamsMessage({ ...question, kind: "question.answered" });
    const found = holders(card, "evil.example");
    expect(found.length).toBeGreaterThanOrEqual(2);
    expect(found.every((holder) => holder.type === "TextRun")).toBe(true);
  });

  it("Teams: poll options written by people are plain runs too", () => {
    const card = teamsMessage({ kind: "poll.closed", teamName: "Team Alpha", title: "Where?", voteCount: 1, lines: [`${PHISH}: 1 (100%)`] });
    expect(holders(card, "evil.example").every((holder) => holder.type === "TextRun")).toBe(true);
  });

  it("Slack: <, > and & are escaped, so a question cannot make a link of its own", () => {
    const message = slackMessage(question);
    const text = JSON.stringify(message.blocks);
    expect(text).not.toContain("<https://evil.example|here>");
    expect(text).toContain("&lt;https://evil.example|here&gt;");
  });
});
