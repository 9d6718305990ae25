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

/** A score sealed for the waiting table (the seed writes its unreleased history with this too). */
export function sealAnswer(sealer: Sealer, score: number): SealedValue {
  return sealer.seal(SEAL_SCOPE, SEAL_CONTEXT, Buffer.from([score]));
}

/** The score of a sealed waiting answer, or null when it cannot be opened with the sealer's secrets. */
export function openAnswer(sealer: Sealer, box: SealedValue): number | null {
  const value = sealer.open(SEAL_SCOPE, SEAL_CONTEXT, box);
  const score = value?.length === 1 ? value[0] : undefined;
  // Any scale's score (0..10); the question's own scale was checked when the answer was taken.
  return score !== undefined && score >= MIN_ANY_SCORE && score <= MAX_ANY_SCORE ? score : null;
}

/** The sealer of waiting answers: its keys are derived from the server secrets (see SEAL_SCOPE). */
export function createPulseSealer(secrets: string[]): Sealer {
  return createSealer("pulse-waiting-responses", secrets);
}

export const DEFAULT_THRESHOLD = DEFAULT_TENANT_SETTINGS.pulse.anonThreshold;
