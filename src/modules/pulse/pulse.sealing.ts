import { createSealer, type SealedValue, type Sealer } from "../../platform/sealed-box.js";
import { DEFAULT_TENANT_SETTINGS } from "../../platform/tenant-settings.schemas.js";
import { MAX_ANY_SCORE, MIN_ANY_SCORE } from "./pulse.constants.js";

/**
 * One key per server secret, not per tenant: a tap is sealed before the statement that holds it
 * tells which tenant and question it belongs to, so that a tap is one round trip. Confidentiality is the same (every tenant's key would come from the one secret);
 * only moving sealed values between rows, which needs write access to the database, goes undetected.
 */
const SEAL_SCOPE = "server";
const SEAL_CONTEXT = "pulse-answer";

/** The bytes of a conversation's reference inside an answer's box (see sealAnswer). */
export const CONVERSATION_REF_BYTES = 32;

/**
 * A score sealed for the held and waiting tables (the seed writes its unreleased history with this
 * too). `conversationRef`, when the respondent was given a conversation, is sealed with it: the
 * only record of which answer a comment belongs to, readable by nobody without the server secret.
 */
export function sealAnswer(sealer: Sealer, score: number, conversationRef?: Buffer): SealedValue {
  const payload = conversationRef ? Buffer.concat([Buffer.from([score]), conversationRef]) : Buffer.from([score]);
  return sealer.seal(SEAL_SCOPE, SEAL_CONTEXT, payload);
}

/** What a sealed answer holds, or null when it cannot be opened with the sealer's secrets. */
export function openAnswerBox(sealer: Sealer, box: SealedValue): { score: number; conversationRef: Buffer | null } | null {
  const value = sealer.open(SEAL_SCOPE, SEAL_CONTEXT, box);
  if (!value || (value.length !== 1 && value.length !== 1 + CONVERSATION_REF_BYTES)) return null;
  const score = value[0] as number;
  // Any scale's score (0..10); the question's own scale was checked when the answer was taken.
  if (score < MIN_ANY_SCORE || score > MAX_ANY_SCORE) return null;
  return { score, conversationRef: value.length > 1 ? value.subarray(1) : null };
}

/** The score of a sealed answer, or null when it cannot be opened with the sealer's secrets. */
export function openAnswer(sealer: Sealer, box: SealedValue): number | null {
  return openAnswerBox(sealer, box)?.score ?? null;
}

/** The same answer sealed again with the current secret (rotation), its conversation kept. */
export function resealAnswer(sealer: Sealer, box: SealedValue): SealedValue | null {
  const opened = openAnswerBox(sealer, box);
  return opened ? sealAnswer(sealer, opened.score, opened.conversationRef ?? undefined) : null;
}

const COMMENT_CONTEXT = "pulse-comment";

/** A waiting comment's body, sealed as its answer is until their batch is released. */
export function sealComment(sealer: Sealer, body: string): SealedValue {
  return sealer.seal(SEAL_SCOPE, COMMENT_CONTEXT, Buffer.from(body, "utf8"));
}

export function openComment(sealer: Sealer, box: SealedValue): string | null {
  return sealer.open(SEAL_SCOPE, COMMENT_CONTEXT, box)?.toString("utf8") ?? null;
}

/** The sealer of waiting answers: its keys are derived from the server secrets (see SEAL_SCOPE). */
export function createPulseSealer(secrets: string[]): Sealer {
  return createSealer("pulse-waiting-responses", secrets);
}

export const DEFAULT_THRESHOLD = DEFAULT_TENANT_SETTINGS.pulse.anonThreshold;
