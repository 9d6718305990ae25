import express, { Router, type Request, type Response } from "express";
import { AppError } from "../../platform/errors.js";
import { confirmPage, invalidLinkPage, resubscribedPage, unsubscribedPage } from "./email.unsubscribe.pages.js";
import type { LinkActor, UnsubscribeService, UnsubscribeState } from "./email.unsubscribe.service.js";

export const UNSUBSCRIBE_PATH = "/email/unsubscribe";
export const RESUBSCRIBE_PATH = "/email/resubscribe";

function tokenOf(req: Request): string | undefined {
  const token = req.query.token;
  return typeof token === "string" ? token : undefined;
}

function actorOf(req: Request): LinkActor {
  return { ip: req.ip ?? null, userAgent: req.get("user-agent") ?? null, requestId: req.requestId };
}

function wantsJson(req: Request): boolean {
  return req.accepts(["html", "json"]) === "json";
}

function present(state: UnsubscribeState) {
  return { email: state.email, tenantName: state.tenantName, unsubscribed: state.optedOut };
}

function send(req: Request, res: Response, state: UnsubscribeState | null, render: (state: UnsubscribeState, token: string) => string): void {
  // The token is a standing credential for this user's opt-out: keep it out of caches and referrers.
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Referrer-Policy", "no-referrer");
  res.setHeader("X-Robots-Tag", "noindex");
  if (!state) {
    if (wantsJson(req)) throw new AppError("INVALID_UNSUBSCRIBE_LINK", 400, "This unsubscribe link is not valid.");
    res.status(400).type("html").send(invalidLinkPage());
    return;
  }
  if (wantsJson(req)) {
    res.json(present(state));
    return;
  }
  res.type("html").send(render(state, tokenOf(req) ?? ""));
}

/** RFC 8058: a one-click POST carries exactly this form field. */
function isOneClick(req: Request): boolean {
  return (req.body as Record<string, unknown> | undefined)?.["List-Unsubscribe"] === "One-Click";
}

/**
 * Server pages of the unsubscribe link, mounted before sessions and CSRF: the signed token in
 * the URL is the only credential, and mail clients' one-click POSTs carry no cookie or CSRF token.
 *  - GET  /email/unsubscribe?token=  a confirmation page with a POST form (link scanners that
 *    prefetch GETs unsubscribe nobody)
 *  - POST /email/unsubscribe?token=  unsubscribes: the form, and RFC 8058 one-click
 *    (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`)
 *  - POST /email/resubscribe?token=  undoes it
 */
export function unsubscribeRouter(service: UnsubscribeService): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: "2kb" });

  router.get(UNSUBSCRIBE_PATH, async (req, res) => {
    const state = await service.lookup(tokenOf(req));
    send(req, res, state, (current, token) => (current.optedOut ? unsubscribedPage(current, token) : confirmPage(current, token)));
  });
  router.post(UNSUBSCRIBE_PATH, form, async (req, res) => {
    const state = await service.setOptOut(actorOf(req), tokenOf(req), true, isOneClick(req) ? "one-click" : "link");
    send(req, res, state, unsubscribedPage);
  });
  router.post(RESUBSCRIBE_PATH, form, async (req, res) => {
    const state = await service.setOptOut(actorOf(req), tokenOf(req), false, "link");
    send(req, res, state, resubscribedPage);
  });
  return router;
}
