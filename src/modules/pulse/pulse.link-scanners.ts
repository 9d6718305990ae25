import type { IncomingHttpHeaders } from "node:http";

/**
 * Requests that open a pulse link without a person behind them (CONTRACT §5 "Link scanners"):
 * browsers' prefetches and previews say so in a header; chat and mail link previews are known
 * by their user agents. Mail security gateways that look like browsers are caught by the hold
 * window instead (pulse.held-answers.service.ts).
 */
const PURPOSE_HEADERS = ["sec-purpose", "purpose", "x-purpose"] as const;
const PREFETCH_OR_PREVIEW = /\b(?:prefetch|preview)\b/i;

/**
 * Link-preview and link-checking agents, which never stand for a person's tap. Kept to names
 * no person's browser sends: Outlook's and Office's link discovery, chat unfurlers, preview bots.
 */
const PREVIEW_AGENTS =
  /\b(?:ms-office|Microsoft Office Existence Discovery|Microsoft Office Protocol Discovery|MicrosoftPreview|BingPreview|SkypeUriPreview|Slackbot-LinkExpanding|Slackbot|facebookexternalhit|Twitterbot|LinkedInBot|WhatsApp|TelegramBot|Discordbot|Google-Safety|Googlebot|bingbot|Mimecast|Proofpoint|Barracuda)\b/i;

export function isPrefetchOrPreview(headers: IncomingHttpHeaders): boolean {
  for (const name of PURPOSE_HEADERS) {
    const value = headers[name];
    if (typeof value === "string" && PREFETCH_OR_PREVIEW.test(value)) return true;
  }
  const moz = headers["x-moz"];
  if (typeof moz === "string" && /prefetch/i.test(moz)) return true;
  const agent = headers["user-agent"];
  return typeof agent === "string" && PREVIEW_AGENTS.test(agent);
}
