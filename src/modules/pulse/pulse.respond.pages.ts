import { contrastRatio, textShade, WHITE } from "../../platform/colour.constants.js";
import type { TenantSettings } from "../../platform/tenant-settings.schemas.js";
import { PROTECTING_SETTING_NAMES, scaleEnds, scaleScores, scoreChoice, type PulseScale } from "./pulse.constants.js";
import type { PulsePrivacy } from "./pulse.privacy.service.js";

/**
 * The page a person sees after tapping a score in the pulse email: plain HTML that works without
 * JavaScript, escaped, with the organisation's theme colour, and nothing loaded from elsewhere (the
 * address bar holds the token, so no request may carry it on as a referrer). It follows the
 * device's dark preference with the web app's dark page colours; the brand colour is shaded for
 * each scheme until text in it reads at 4.5:1.
 */

/** The web app's default dark theme (web/src/shared/theme.ts): page, card, text and muted text. */
const DARK = { background: "#0b1120", surface: "#162033", text: "#e6e9ef", muted: "#a9b3c4", noticeBg: "#38250a", noticeBorder: "#f59e0b" };
const LIGHT = { background: "#f3f4f6", surface: "#ffffff", text: "#1f2937", muted: "#4b5563", noticeBg: "#fffbeb", noticeBorder: "#b45309" };
const DARK_TEXT = "#111827";

const THEME_COLOURS: Record<TenantSettings["branding"]["theme"], string> = {
  "executive-blue": "#1e3a8a",
  "modern-purple": "#5b21b6",
  "refined-teal": "#115e59",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string);
}

function primaryColour(settings: TenantSettings | null): string {
  const custom = settings?.branding.primaryColor;
  // Only a validated #rrggbb ever reaches the stylesheet.
  if (custom && /^#[0-9a-fA-F]{6}$/.test(custom)) return custom;
  return THEME_COLOURS[settings?.branding.theme ?? "executive-blue"] ?? THEME_COLOURS["executive-blue"];
}

/** The brand colour as text and outline on each scheme's card, and the text drawn on it as a fill. */
export function pageColours(settings: TenantSettings | null) {
  const brand = primaryColour(settings);
  const light = textShade(brand, [LIGHT.surface, LIGHT.background]);
  const dark = textShade(brand, [DARK.surface, DARK.background]);
  const onFill = (fill: string) => (contrastRatio(fill, WHITE) >= contrastRatio(fill, DARK_TEXT) ? WHITE : DARK_TEXT);
  return { light, onLight: onFill(light), dark, onDark: onFill(dark) };
}

export function layout(input: { title: string; settings: TenantSettings | null; organisation: string | null; body: string }): string {
  const colours = pageColours(input.settings);
  const organisation = input.organisation ? `<p class="org">${escapeHtml(input.organisation)}</p>` : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(input.title)} · Weekly Pulse</title>
<style>
  :root { color-scheme: light dark; --brand: ${colours.light}; --on-brand: ${colours.onLight}; --page: ${LIGHT.background}; --card: ${LIGHT.surface}; --text: ${LIGHT.text}; --muted: ${LIGHT.muted}; --notice-bg: ${LIGHT.noticeBg}; --notice-border: ${LIGHT.noticeBorder}; }
  @media (prefers-color-scheme: dark) {
    :root { --brand: ${colours.dark}; --on-brand: ${colours.onDark}; --page: ${DARK.background}; --card: ${DARK.surface}; --text: ${DARK.text}; --muted: ${DARK.muted}; --notice-bg: ${DARK.noticeBg}; --notice-border: ${DARK.noticeBorder}; }
  }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--text); background: var(--page); }
  main { max-width: 34rem; margin: 3rem auto; padding: 2rem; background: var(--card); border-radius: 12px; border-top: 6px solid var(--brand); box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  h1 { margin-top: 0; font-size: 1.5rem; line-height: 1.25; color: var(--brand); }
  a { color: var(--brand); }
  .org { margin: 0 0 .5rem; font-size: .875rem; color: var(--muted); text-transform: uppercase; letter-spacing: .05em; }
  .asked { margin: 0; font-size: .875rem; color: var(--muted); }
  .question { margin-top: .25rem; font-size: 1.25rem; font-weight: 600; }
  .code { font-size: .875rem; color: var(--muted); }
  .note { color: var(--muted); font-size: .9375rem; }
  .scores { display: flex; gap: .5rem; flex-wrap: wrap; margin: 1rem 0; padding: 0; border: 0; }
  .scores button { min-width: 3rem; min-height: 3rem; font-size: 1.125rem; border: 2px solid var(--brand); border-radius: 8px; background: var(--card); color: var(--brand); cursor: pointer; }
  .scores-eleven { gap: .25rem; }
  .scores-eleven button { min-width: 2.75rem; min-height: 2.75rem; font-size: 1rem; }
  .scores button:hover, .scores button:focus, .scores button[aria-current] { background: var(--brand); color: var(--on-brand); outline: 3px solid #fbbf24; outline-offset: 2px; }
  .way-on { margin: 1.5rem 0 0; }
  .way-on a { display: inline-flex; align-items: center; min-height: 2.75rem; padding: .5rem 1rem; border-radius: 8px; background: var(--brand); color: var(--on-brand); font-weight: 600; text-decoration: none; }
  .way-on a:focus-visible { outline: 3px solid #fbbf24; outline-offset: 2px; }
  .comment { margin-top: 2rem; padding-top: 1rem; border-top: 1px solid color-mix(in srgb, var(--muted) 35%, transparent); }
  .comment h2 { font-size: 1.125rem; margin: 0 0 .5rem; }
  label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
  textarea { box-sizing: border-box; width: 100%; min-height: 6rem; padding: .5rem .75rem; font: inherit; color: var(--text); background: var(--card); border: 1px solid var(--muted); border-radius: 8px; }
  textarea:focus-visible { outline: 3px solid #fbbf24; outline-offset: 2px; }
  .send { margin-top: .75rem; min-height: 2.75rem; padding: .5rem 1.25rem; font: inherit; font-weight: 600; border: 0; border-radius: 8px; background: var(--brand); color: var(--on-brand); cursor: pointer; }
  .send:focus-visible { outline: 3px solid #fbbf24; outline-offset: 2px; }
  .said { white-space: pre-wrap; overflow-wrap: anywhere; margin: .25rem 0 0; }
  .follow-ups { padding-left: 1.25rem; }
  .follow-ups .question { font-size: 1.0625rem; }
  .thread { list-style: none; padding: 0; margin: 1rem 0; }
  .thread li { padding: .75rem 1rem; margin: 0 0 .5rem; border-radius: 8px; background: color-mix(in srgb, var(--brand) 8%, var(--card)); }
  .thread li.mine { background: color-mix(in srgb, var(--muted) 12%, var(--card)); }
  .who { font-size: .875rem; color: var(--muted); margin: 0; }
  .error { border-left: 4px solid #dc2626; padding: .25rem 1rem; margin: 1rem 0; }
  .notice { border-left: 4px solid var(--notice-border); background: var(--notice-bg); padding: .25rem 1rem; margin: 1rem 0; }
  @media (max-width: 36rem) { main { margin: 0; border-radius: 0; padding: 1.5rem 1rem; } }
</style>
</head>
<body>
<main>
${organisation}${input.body}
</main>
</body>
</html>
`;
}

export function questionBlock(questionText: string | null): string {
  return questionText ? `<p class="asked">The question</p>\n<p class="question" dir="auto">${escapeHtml(questionText)}</p>` : "";
}

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/** What protects the answer, in plain words, and every change of it in the last 30 days. */
function privacyBlock(privacy: PulsePrivacy | null): string {
  if (!privacy) return "";
  const others = privacy.anonThreshold - 1;
  const tenure =
    privacy.minTenureDays > 0
      ? ` Only people who have been in the team for at least ${privacy.minTenureDays} days count toward that group, so accounts made for the purpose cannot single you out.`
      : "";
  const changes = privacy.changes
    .map(
      (change) =>
        `<li>On ${escapeHtml(formatDay(change.changedAt))} an administrator changed ${escapeHtml(PROTECTING_SETTING_NAMES[change.setting])} from ${change.from} to ${change.to}.</li>`,
    )
    .join("\n");
  return `<p class="note">Your answer is anonymous: it is stored without your name, email address or network address. It is counted only
together with the answers of at least ${others} other people of your team, all at once, so nobody can tell which answer was yours.${tenure}</p>
${changes ? `<div class="notice" role="note"><p><strong>Changed in the last 30 days</strong></p><ul>\n${changes}\n</ul></div>` : ""}`;
}

function scoreButtons(scale: PulseScale, highlight: number | null): string {
  return scaleScores(scale)
    .map((score) => {
      const choice = scoreChoice(scale, score);
      // The face or number is what is seen; the label is what is heard (and what a face means).
      const label = choice.words === choice.shown ? "" : ` aria-label="${escapeHtml(choice.words)}" title="${escapeHtml(choice.words)}"`;
      return `<button type="submit" name="score" value="${score}"${score === highlight ? ' aria-current="true"' : ""}${label}>${escapeHtml(choice.shown)}</button>`;
    })
    .join("\n");
}

/** The range of a scale in words, as the pages say it. */
export function scaleInWords(scale: PulseScale): string {
  const scores = scaleScores(scale);
  return `${scores[0]} to ${scores[scores.length - 1]}`;
}

function scoreForm(token: string, scale: PulseScale, highlight: number | null): string {
  const ends = scaleEnds(scale);
  return `<form method="get" action="/pulse/respond">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<fieldset class="scores${scale === "enps11" ? " scores-eleven" : ""}">
<legend class="note">${escapeHtml(ends.low)}, ${escapeHtml(ends.high)}.</legend>
${scoreButtons(scale, highlight)}
</fieldset>
</form>`;
}

export interface PageInvite {
  questionText: string | null;
  settings: TenantSettings | null;
  organisation: string | null;
  privacy: PulsePrivacy | null;
  /** The question's scale; null when the page no longer knows the invite (a used link). */
  scale: PulseScale | null;
}

export function thankYouPage(input: PageInvite & { score: number; conversation?: string | null; followUps?: FollowUpQuestion[] }): string {
  return layout({
    title: "Thank you",
    settings: input.settings,
    organisation: input.organisation,
    body: `<h1>Thank you, your response was recorded</h1>
<div role="status">
${questionBlock(input.questionText)}
<p>You chose <strong>${escapeHtml(chosenInWords(input.scale, input.score))}</strong>.</p>
${privacyBlock(input.privacy)}
<p class="note">This link has now been used; you can close this page.</p>
</div>
${input.conversation ? followUpBlock(conversationAddress(input.conversation), input.followUps ?? []) : ""}
${input.conversation ? commentOffer(input.conversation, input.privacy) : ""}`,
  });
}

/** Where the respondent's private conversation lives (CONTRACT §5): the capability is the address. */
export function conversationAddress(capability: string): string {
  return `/pulse/conversation/${encodeURIComponent(capability)}`;
}

/** After the answer: the optional comment, with who reads it and when, and the private conversation address. */
function commentOffer(capability: string, privacy: PulsePrivacy | null): string {
  const address = escapeHtml(conversationAddress(capability));
  const others = privacy ? privacy.anonThreshold - 1 : null;
  const when = others
    ? `together with the answers of at least ${others} other people of your team, when they are shared all at once`
    : "together with your team's other answers";
  return `<section class="comment" aria-labelledby="comment-title">
<h2 id="comment-title">Want to say why? (optional)</h2>
<p class="note">Your team's leads will read your comment ${when}, never with your name. You can add it within 24 hours, until your answer is shared.</p>
${commentForm(address, "")}
<p class="note">Your private conversation: <a href="${address}">open it here</a> and keep the address to read your leads' replies and answer them.
It is shown only on this page and never e-mailed; anyone with the address can read the conversation.</p>
</section>`;
}

/** A follow-up question as the pages show it (pulse.follow-ups.service.ts). */
export interface FollowUpQuestion {
  questionId: string;
  text: string;
  scale: PulseScale;
  answered: boolean;
}

/** Up to two more questions, each answered with one tap into its own anonymous answer (posted to the conversation page). */
export function followUpBlock(address: string, followUps: FollowUpQuestion[]): string {
  if (followUps.length === 0) return "";
  const items = followUps
    .map((followUp) => {
      const ends = scaleEnds(followUp.scale);
      const answer = followUp.answered
        ? `<p class="note">Answered, thank you.</p>`
        : `<form method="post" action="${escapeHtml(address)}">
<input type="hidden" name="action" value="follow-up">
<input type="hidden" name="question" value="${escapeHtml(followUp.questionId)}">
<fieldset class="scores${followUp.scale === "enps11" ? " scores-eleven" : ""}">
<legend class="note">${escapeHtml(ends.low)}, ${escapeHtml(ends.high)}.</legend>
${scoreButtons(followUp.scale, null)}
</fieldset>
</form>`;
      return `<li><p class="question" dir="auto">${escapeHtml(followUp.text)}</p>
${answer}</li>`;
    })
    .join("\n");
  return `<section class="comment" aria-labelledby="more-title">
<h2 id="more-title">${followUps.length === 1 ? "One more quick question" : "Two more quick questions"} (optional)</h2>
<p class="note">Each is its own anonymous answer, counted with its own group's answers, as your first one.</p>
<ol class="follow-ups">
${items}
</ol>
</section>`;
}

/** The comment form of the thank-you and conversation pages (posted to the conversation page). */
export function commentForm(address: string, draft: string): string {
  return `<form method="post" action="${address}">
<input type="hidden" name="action" value="comment">
<label for="comment-body">Your comment</label>
<textarea id="comment-body" name="body" minlength="10" maxlength="2000" rows="4" required dir="auto">${escapeHtml(draft)}</textarea>
<button class="send" type="submit">Send comment</button>
</form>`;
}

/**
 * Two different scores of one link within a minute: mail scanners open every link of an e-mail,
 * so none of them was kept. The person may simply tap again once the minute has passed.
 */
export function unconfirmedPage(token: string, input: PageInvite & { retryAfterSeconds: number }): string {
  return layout({
    title: "Nothing recorded yet",
    settings: input.settings,
    organisation: input.organisation,
    body: `<h1>Nothing was recorded yet</h1>
${questionBlock(input.questionText)}
<div role="alert">
<p>This link was opened with different scores within a minute. Mail security systems do that when they check every link of an
e-mail, so none of those answers was kept, and your link still works.</p>
<p>Please choose your score again in about ${Math.ceil(input.retryAfterSeconds / 60) <= 1 ? "a minute" : `${Math.ceil(input.retryAfterSeconds / 60)} minutes`}.</p>
</div>
${input.questionText && input.scale ? scoreForm(token, input.scale, null) : ""}
${privacyBlock(input.privacy)}`,
  });
}

/**
 * A prefetch or a link preview stores nothing. Should a browser show this prefetched page for
 * the person's own tap, the page asks them to confirm, with the score they tapped marked.
 */
export function confirmScorePage(token: string, score: number | null, input: PageInvite & { scale: PulseScale }): string {
  return layout({
    title: "Confirm your answer",
    settings: input.settings,
    organisation: input.organisation,
    body: `<h1>Confirm your answer</h1>
${questionBlock(input.questionText)}
<p>Nothing was recorded yet: choose your score to answer.</p>
${scoreForm(token, input.scale, score)}
${privacyBlock(input.privacy)}`,
  });
}

/** The organisation a used or expired link belongs to, and where its people reach the app. */
export interface LinkOrganisation {
  name: string;
  settings: TenantSettings;
  /** The organisation's address in the web app (its board, or sign-in for someone signed out). */
  appUrl: string;
}

/**
 * One page for a used, expired or broken link (CONTRACT §5 keeps one answer for all three, so it
 * cannot tell which): say what each case means for the person and that nothing more is needed,
 * and offer the way into the app. The organisation is named only when the link is one of its
 * invites; a link that names no invite gets the neutral page.
 */
export function invalidInvitePage(organisation: LinkOrganisation | null): string {
  const wayOn = organisation
    ? `<p class="way-on"><a href="${escapeHtml(organisation.appUrl)}">Go to ${escapeHtml(organisation.name)}&rsquo;s questions</a></p>
<p class="note">You may be asked to sign in first.</p>`
    : `<p class="way-on"><a href="/">Go to Team Q&amp;A</a></p>
<p class="note">You may be asked to sign in first.</p>`;
  return layout({
    title: "Invalid or expired invite",
    settings: organisation?.settings ?? null,
    organisation: organisation?.name ?? null,
    body: `<h1>This link can no longer be used</h1>
<div role="alert">
<p class="code">Invalid or expired invite</p>
<ul>
<li>If you already chose a score with this email, your answer was recorded: there is nothing more to do.</li>
<li>Pulse links work for 7 days. An older one has expired; the next pulse email brings a new one.</li>
<li>If you copied the link by hand, part of it may be missing: open it again from the email.</li>
</ul>
<p class="note">Each pulse email's links work once, and nobody can see which link was yours.</p>
</div>
${wayOn}`,
  });
}

/** A link without a usable score: show the question and offer its scale's choices again, as a form that needs no script. */
export function chooseScorePage(token: string, invite: PageInvite & { scale: PulseScale }): string {
  const range = scaleInWords(invite.scale);
  return layout({
    title: "Choose a score",
    settings: invite.settings,
    organisation: invite.organisation,
    body: `<h1>Choose a score from ${range}</h1>
${questionBlock(invite.questionText)}
<div role="alert"><p>The link did not carry a score from ${range}, so nothing was recorded yet.</p></div>
${scoreForm(token, invite.scale, null)}
${privacyBlock(invite.privacy)}`,
  });
}

/** "4 out of 5", "9 out of 10", or the face's words; just the number when the scale is not known. */
function chosenInWords(scale: PulseScale | null, score: number): string {
  if (!scale) return String(score);
  if (scale === "emoji5") return scoreChoice(scale, score).words;
  return `${score} out of ${scale === "enps11" ? 10 : 5}`;
}
