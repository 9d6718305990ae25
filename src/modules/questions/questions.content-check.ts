import { DataSet, RegExpMatcher, englishDataset, englishRecommendedTransformers } from "obscenity";

/**
 * The local, deterministic content check (CONTRACT §3): no network, the same answer for the same
 * text. `high` -> the question is refused (422, audit question.auto_reject); `medium`/`low` ->
 * it waits in the moderation queue (audit question.moderation.flagged).
 *
 * CONTRACT §8 "moderation must not get in the way": an ordinary workplace question (plain words,
 * sentence case, no link, at most one `!`) is never flagged. Every rule below needs something an
 * ordinary question does not have: a listed word, a link, shouting, a run of `!`/`?`, stretched
 * letters, repetition, or spam phrasing.
 */
export type Confidence = "low" | "medium" | "high";

export interface ContentVerdict {
  flagged: boolean;
  confidence: Confidence | null;
  reasons: string[];
}

/**
 * Words of the profanity list that name body parts, medical or policy topics: a question about
 * the harassment policy or parental leave must not wait in a queue because of them.
 */
const NOT_PROFANITY_AT_WORK = new Set(["sex", "anal", "anus", "vagina", "penis", "rape", "incest", "abo", "scat", "cum", "semen", "orgasm", "tit"]);
/** Slurs: never acceptable, refused outright. */
const SLURS = new Set(["abeed", "africoon", "arabush", "boonga", "chingchong", "chink", "kike", "nigger", "fag", "tranny"]);

const workplaceDataset = new DataSet<{ originalWord: string }>()
  .addAll(englishDataset)
  .removePhrasesIf((phrase) => NOT_PROFANITY_AT_WORK.has(phrase.metadata?.originalWord ?? ""));
/**
 * Ordinary words and names that contain a listed word (the list matches inside words so that it
 * catches "fucking"): a question about the cockpit, flame retardant or a colleague called Dickson
 * is not profane. The library already spares many (Scunthorpe, cocktail, assess, peacock).
 */
const ORDINARY_WORDS = [
  "cockpit",
  "dickson",
  "dickinson",
  "dickerson",
  "dickey",
  "pussycat",
  "pussyfoot",
  "pussywillow",
  "pussy willow",
  "retardant",
  "shitij",
  "shittu",
  "shiite",
  "faggin",
  "fagan",
  "wankel",
  "slutsky",
];
const workplaceTerms = workplaceDataset.build();
const profanity = new RegExpMatcher({
  ...workplaceTerms,
  whitelistedTerms: [...(workplaceTerms.whitelistedTerms ?? []), ...ORDINARY_WORDS],
  ...englishRecommendedTransformers,
});

/**
 * Numbers are numbers, not leetspeak: the recommended transformers read 4 as a and 5 as s, so
 * "room 455" or "$455" would hold a question for review. A token made of digits only is blanked
 * before matching; digits among letters ("a55", "sh1t") still read as letters.
 *
 * Identifiers are not words either: read as leetspeak, a UUID or a commit hash ("ffa6ebae",
 * "c2b8313a-1fe3-…") spells a slur about once in 400, and a question quoting a build or a ticket
 * would be refused as hate speech. A UUID, and a run of 7 or more hex characters with a digit in
 * it, is blanked too; what that could hide is a mild word in disguise, which moderators still see.
 */
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const isNumberOrHexId = (token: string) => /^\p{N}+$/u.test(token) || (token.length >= 7 && /^[0-9a-f]+$/i.test(token) && /\d/.test(token));

function withoutNumbersOrIds(text: string): string {
  return text.replace(UUID, (id) => " ".repeat(id.length)).replace(/[\p{L}\p{N}]+/gu, (token) => (isNumberOrHexId(token) ? " ".repeat(token.length) : token));
}

/** The listed words a text contains. Matches carry ids of the dataset the matcher was built from. */
function listedWords(text: string): Set<string> {
  const found = new Set(
    profanity.getAllMatches(withoutNumbersOrIds(text)).map((match) => workplaceDataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord ?? ""),
  );
  found.delete("");
  return found;
}

const SPAM_PHRASES = [
  /\bbuy now\b/i,
  /\bclick (?:here|the link|this link)\b/i,
  /\bfree (?:money|bitcoin|crypto|gift ?cards?|iphone)\b/i,
  /\b(?:work from home and )?earn \$?\d[\d,]* (?:per|a) (?:day|week|hour)\b/i,
  /\b(?:viagra|cialis|casino|forex signals?|crypto ?airdrop)\b/i,
  /\b(?:limited time offer|act now|100% (?:free|guaranteed))\b/i,
  /\bsubscribe to my\b/i,
];
/**
 * Links: `http://`, `https://` or `www.` at a word boundary, or a domain of the listed endings
 * followed by a path (`name-1.com/...`). A link takes the rest of its white-space-delimited word,
 * so a word holds at most one. Linear in the text's length: the domain's name, a run of
 * [a-z0-9-], is only tried from where such a run begins (the look-behind), is checked once for
 * its ending (the look-ahead), and only then searched for the word boundary where the link
 * starts. Written as `\b[a-z0-9-]+\.(?:...)\/`, the engine would scan the rest of a run from
 * every boundary inside it (every hyphen of "a-a-a-..."): quadratic, about 130 ms for 10,000
 * characters. The two find the same links (test/questions/content-check-links.test.ts).
 */
const DOMAIN_ENDING = String.raw`\.(?:com|net|org|io|ru|cn|xyz|top|biz|info)\/`;
const LINK = new RegExp(String.raw`\b(?:https?:\/\/|www\.)\S+|(?<![a-z0-9-])(?=[a-z0-9-]+${DOMAIN_ENDING})[a-z0-9-]*?\b[a-z0-9-]+${DOMAIN_ENDING}\S*`, "gi");

/** The number of links in a text (see LINK). */
export function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

const RANK: Record<Confidence, number> = { low: 1, medium: 2, high: 3 };

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
}

/** Share of upper-case letters among cased letters, over texts long enough to shout. */
function isShouting(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  const cased = letters.filter((letter) => letter.toLowerCase() !== letter.toUpperCase());
  if (cased.length < 12) return false;
  const upper = cased.filter((letter) => letter === letter.toUpperCase()).length;
  return upper / cased.length > 0.7;
}

function isRepetitive(text: string): boolean {
  const list = words(text);
  for (let i = 0; i + 3 < list.length; i += 1) {
    if (list[i] === list[i + 1] && list[i] === list[i + 2] && list[i] === list[i + 3]) return true;
  }
  if (list.length >= 12) {
    const distinct = new Set(list).size;
    if (distinct / list.length < 0.3) return true;
  }
  return false;
}

export function checkContent(text: string): ContentVerdict {
  const findings: Array<[Confidence, string]> = [];

  const matched = listedWords(text);
  const slurs = [...matched].filter((word) => SLURS.has(word));
  if (slurs.length > 0) findings.push(["high", "hate speech"]);
  const swearWords = [...matched].filter((word) => !SLURS.has(word));
  if (swearWords.length >= 3) findings.push(["high", "profanity"]);
  else if (swearWords.length > 0) findings.push(["medium", "profanity"]);

  const links = countLinks(text);
  const spamPhrases = SPAM_PHRASES.filter((phrase) => phrase.test(text)).length;
  if (links >= 5 || (spamPhrases > 0 && links > 0) || spamPhrases >= 2) findings.push(["high", "spam"]);
  else if (spamPhrases > 0) findings.push(["medium", "spam"]);
  else if (links >= 3) findings.push(["medium", "many links"]);
  else if (links === 2) findings.push(["low", "several links"]);

  // Letters of words only: an identifier's run of letters ("ddddddeb-…") is neither shouting nor stretching.
  const wordsOnly = withoutNumbersOrIds(text);
  if (isShouting(wordsOnly)) findings.push(["low", "excessive capitals"]);
  if (/[!?]{3,}|(?:!.*){3,}/s.test(text)) findings.push(["low", "excessive punctuation"]);
  if (/(\p{L})\1{5,}/u.test(wordsOnly)) findings.push(["low", "stretched words"]);
  if (isRepetitive(text)) findings.push(["medium", "repetitive text"]);

  if (findings.length === 0) return { flagged: false, confidence: null, reasons: [] };
  const confidence = findings.reduce<Confidence>((top, [level]) => (RANK[level] > RANK[top] ? level : top), "low");
  return { flagged: true, confidence, reasons: [...new Set(findings.map(([, reason]) => reason))] };
}
