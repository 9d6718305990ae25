import { createHash, randomBytes } from "node:crypto";
import type { Sealer } from "../../platform/sealed-box.js";

/**
 * The private conversation link a respondent gets with their answer (CONTRACT §5 "Comments"): a
 * capability, held by the respondent alone. It is a sealed box (the pulse sealer's key, never in
 * the database) of a random secret and what the conversation is about: the tenant, the question,
 * the invite's team and when it was given. Nothing is stored when it is given; once a comment is
 * written, the database keeps only the hash of the secret (conversationHash), and the answer's own
 * sealed box keeps the same hash (conversationRef), the one link between a comment and its
 * answer, readable only with the server secret.
 *
 * Format: base64url(8-byte key id | AES-GCM box of [version, 16-byte secret, tenant, question,
 * team or zeros, flags, issued-at seconds]); about 140 characters. The same capability lets the
 * respondent answer the follow-up questions of their answer (pulse.follow-ups.service.ts), which
 * count toward their groups' k as the answer does (the `established` flag). A capability sealed with a secret
 * the server no longer has (a completed rotation) opens no more.
 */
const SCOPE = "server";
const CONTEXT = "pulse-conversation";
const VERSION = 1;
const SECRET_BYTES = 16;
const UUID_BYTES = 16;
const PAYLOAD_BYTES = 1 + SECRET_BYTES + 3 * UUID_BYTES + 1 + 4;
const ESTABLISHED = 1;
const KEY_ID_BYTES = 8;
const NO_TEAM = Buffer.alloc(UUID_BYTES);

export interface ConversationGrant {
  /** The capability's random secret; only its hash is ever stored. */
  secret: Buffer;
  tenantId: string;
  questionId: string;
  teamId: string | null;
  /** Whether the invitee's answers count toward k (CONTRACT §5 tenure), for the follow-up answers. */
  established: boolean;
  issuedAt: Date;
}

/** A new conversation's secret (one per answer taken). */
export function newConversationSecret(): Buffer {
  return randomBytes(SECRET_BYTES);
}

/** What the answer's sealed box and the comment's row share: sha256 of the secret. */
export function conversationRef(secret: Buffer): Buffer {
  return createHash("sha256").update(secret).digest();
}

/** The stored form of conversationRef (hex). */
export function conversationHash(secret: Buffer): string {
  return conversationRef(secret).toString("hex");
}

const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ""), "hex");
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export function issueCapability(sealer: Sealer, grant: ConversationGrant): string {
  const issuedAt = Buffer.alloc(4);
  issuedAt.writeUInt32BE(Math.floor(grant.issuedAt.getTime() / 1000));
  const payload = Buffer.concat([
    Buffer.from([VERSION]),
    grant.secret,
    uuidBytes(grant.tenantId),
    uuidBytes(grant.questionId),
    grant.teamId ? uuidBytes(grant.teamId) : NO_TEAM,
    Buffer.from([grant.established ? ESTABLISHED : 0]),
    issuedAt,
  ]);
  const box = sealer.seal(SCOPE, CONTEXT, payload);
  return Buffer.concat([Buffer.from(box.keyId, "hex"), box.sealed]).toString("base64url");
}

/** The grant of a capability, or null for anything this server did not issue (or no longer can open). */
export function readCapability(sealer: Sealer, capability: unknown): ConversationGrant | null {
  if (typeof capability !== "string" || capability.length > 400 || !/^[A-Za-z0-9_-]+$/.test(capability)) return null;
  const raw = Buffer.from(capability, "base64url");
  if (raw.length <= KEY_ID_BYTES) return null;
  const payload = sealer.open(SCOPE, CONTEXT, { keyId: raw.subarray(0, KEY_ID_BYTES).toString("hex"), sealed: raw.subarray(KEY_ID_BYTES) });
  if (!payload || payload.length !== PAYLOAD_BYTES || payload[0] !== VERSION) return null;
  let offset = 1;
  const take = (bytes: number) => payload.subarray(offset, (offset += bytes));
  const secret = Buffer.from(take(SECRET_BYTES));
  const tenantId = uuidOf(take(UUID_BYTES));
  const questionId = uuidOf(take(UUID_BYTES));
  const team = take(UUID_BYTES);
  const flags = take(1)[0] as number;
  const issuedAt = new Date(take(4).readUInt32BE() * 1000);
  return { secret, tenantId, questionId, teamId: team.equals(NO_TEAM) ? null : uuidOf(team), established: (flags & ESTABLISHED) !== 0, issuedAt };
}
