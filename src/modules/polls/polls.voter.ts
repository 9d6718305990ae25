import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Who a vote belongs to, without saying who (CONTRACT §9). A vote row holds
 * HMAC-SHA256(key, poll id + voter), the voter being `user:<id>` or `visitor:<random id>`. The key
 * is derived (HKDF-SHA256) from SESSION_SECRET and never enters the database, so a dump alone
 * cannot tell whose hash is whose, not even by hashing every user id of the tenant: that needs the
 * secret. The service recomputes the caller's hash to find their own vote (one per poll).
 *
 * A visitor is one browser: a random id in a cookie, signed (HMAC under a second derived key) so
 * that a made-up cookie is not taken for a voter; nothing about it is stored on the server.
 */
const HASH_PURPOSE = "polls:voter-hash:v1";
const COOKIE_PURPOSE = "polls:visitor-cookie:v1";
/** 128 random bits, base64url. */
const VISITOR_ID_BYTES = 16;

export type Voter = { kind: "user"; id: string } | { kind: "visitor"; id: string };

export interface VoterKeys {
  /** The hash under the current secret first, then under each previous one (a rotation keeps votes found). */
  hashes(pollId: string, voter: Voter): string[];
  /** A new visitor's id and its cookie value. */
  newVisitor(): { id: string; cookie: string };
  /** The visitor id a cookie value carries, or null when it was not signed by this service. */
  visitorFromCookie(value: string | undefined): string | null;
}

const derive = (secret: string, purpose: string) => Buffer.from(hkdfSync("sha256", secret, "", purpose, 32));
const voterName = (voter: Voter) => `${voter.kind}:${voter.id}`;

/** `secrets[0]` signs and hashes; the others (before a rotation) still recognise what they made. */
export function createVoterKeys(secrets: string[]): VoterKeys {
  const usable = secrets.filter((secret) => secret.length > 0);
  if (usable.length === 0) throw new Error("poll voter keys need a secret");
  const hashKeys = usable.map((secret) => derive(secret, HASH_PURPOSE));
  const cookieKeys = usable.map((secret) => derive(secret, COOKIE_PURPOSE));
  const sign = (key: Buffer, id: string) => createHmac("sha256", key).update(id).digest("base64url");

  return {
    hashes(pollId, voter) {
      return hashKeys.map((key) =>
        createHmac("sha256", key)
          .update(`${pollId}\n${voterName(voter)}`)
          .digest("base64url"),
      );
    },
    newVisitor() {
      const id = randomBytes(VISITOR_ID_BYTES).toString("base64url");
      return { id, cookie: `${id}.${sign(cookieKeys[0] as Buffer, id)}` };
    },
    visitorFromCookie(value) {
      if (!value || value.length > 200) return null;
      const [id, signature, extra] = value.split(".");
      if (!id || !signature || extra !== undefined || !/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
      const given = Buffer.from(signature);
      for (const key of cookieKeys) {
        const expected = Buffer.from(sign(key, id));
        if (expected.length === given.length && timingSafeEqual(expected, given)) return id;
      }
      return null;
    },
  };
}
