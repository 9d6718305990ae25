import type { Request, Response } from "express";
import type { RequestContext } from "../../platform/context.js";
import type { Voter, VoterKeys } from "./polls.voter.js";

/** The visitor's vote cookie: a random id and its signature, nothing stored on the server (CONTRACT §9). */
export const VOTER_COOKIE = "qa.voter";
/** As long as browsers keep a cookie (400 days): the same browser is the same voter for a poll's life and beyond. */
const MAX_AGE_MS = 400 * 24 * 60 * 60 * 1000;

function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** Who is asking, as a voter: the signed-in user, or the browser's signed cookie; null for a visitor who has not voted. */
export function currentVoter(ctx: RequestContext, req: Request, keys: VoterKeys): Voter | null {
  if (ctx.user) return { kind: "user", id: ctx.user.id };
  const id = keys.visitorFromCookie(cookieValue(req, VOTER_COOKIE));
  return id ? { kind: "visitor", id } : null;
}

/**
 * The voter of a vote. A visitor without a valid cookie (none yet, or one this service did not
 * sign) becomes a new voter: `commit` sets their cookie once the vote is stored. HttpOnly,
 * SameSite=Lax, Secure as the session cookie is (production over HTTPS), on the whole site.
 */
export function votingVoter(
  ctx: RequestContext,
  req: Request,
  keys: VoterKeys,
  secureCookies: boolean,
): { voter: Voter; isNew: boolean; commit(res: Response): void } {
  const known = currentVoter(ctx, req, keys);
  if (known) return { voter: known, isNew: false, commit: () => undefined };
  const visitor = keys.newVisitor();
  return {
    voter: { kind: "visitor", id: visitor.id },
    isNew: true,
    commit: (res) =>
      res.cookie(VOTER_COOKIE, visitor.cookie, { httpOnly: true, sameSite: "lax", secure: secureCookies && req.secure, path: "/", maxAge: MAX_AGE_MS }),
  };
}
