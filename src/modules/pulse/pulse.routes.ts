import type { Request, RequestHandler, Response } from "express";
import { isAppError } from "../../platform/errors.js";
import { route, type AnyRoute } from "../../platform/http/route.js";
import type { TokenLinks } from "../../platform/http/tenant.js";
import { DEFAULT_TENANT_SETTINGS } from "../../platform/tenant-settings.js";
import { chooseScorePage, invalidInvitePage, thankYouPage } from "./pulse.respond.pages.js";
import type { PulseRespondService, RespondResult } from "./pulse.respond.service.js";
import { pulsePolicy } from "./pulse.policy.js";
import type { PulseSummaryService } from "./pulse.summary.service.js";
import { pulseSummarySchema, respondBody, respondQuery, respondResultSchema, summaryQuery } from "./pulse.schemas.js";

/** Link checkers in mail systems probe links with HEAD: it answers 200 and never consumes. */
const headNeverConsumes: RequestHandler = (req, res, next) => {
  if (req.method !== "HEAD") return next();
  res.setHeader("Cache-Control", "no-store");
  res.status(200).end();
};

/** People get a page; `Accept: application/json` (the SPA, scripts) gets JSON. */
function wantsJson(req: Request): boolean {
  return req.accepts(["html", "json"]) === "json";
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? undefined : value;
}

/**
 * The one-tap link goes to FRONTEND_URL, which need not name the tenant (subdomains, no
 * `default` tenant): its token does. A token that names no invite is answered as invalid under
 * a neutral tenant with the default look.
 */
export function pulseTokenLinks(respond: PulseRespondService): TokenLinks {
  return {
    paths: ["/pulse/respond"],
    tenantOf: (req) => respond.tenantOf(req.method === "POST" ? req.body?.token : req.query.token),
    unknown: { tenant: { id: "00000000-0000-0000-0000-000000000000", slug: "", name: "" }, settings: DEFAULT_TENANT_SETTINGS },
  };
}

export function pulseRoutes(deps: { respond: PulseRespondService; summary: PulseSummaryService }): AnyRoute[] {
  const { respond, summary } = deps;

  const sendPage = (res: Response, status: number, html: string) => {
    res.status(status).type("html").send(html);
  };

  return [
    route({
      method: "get",
      path: "/pulse/respond",
      operationId: "respondToPulseLink",
      tag: "Pulse",
      summary: "One-tap pulse answer from the email link: stores the anonymous response and shows a confirmation page",
      description:
        "HTML for people; JSON ({ok: true}) with `Accept: application/json`. Unknown, used, expired or malformed " +
        "token: 400 `Invalid or expired invite`. Score missing or outside 1..5: 400 VALIDATION_FAILED and the invite " +
        "stays open. HEAD answers 200 and never consumes the invite. Authenticated by the token alone.",
      access: "public",
      query: respondQuery,
      before: [headNeverConsumes],
      response: respondResultSchema,
      otherResponses: { 400: "Invalid or expired invite, or a score outside 1..5" },
      handler: async ({ ctx, query, req, res }) => {
        res.setHeader("Cache-Control", "no-store");
        const json = wantsJson(req);
        const token = first(query.token);
        let result: RespondResult;
        try {
          result = await respond.respond(ctx, { token, score: first(query.score) }, { page: !json });
        } catch (error) {
          if (json || !isAppError(error)) throw error;
          if (error.code === "VALIDATION_FAILED") {
            // A score to choose only makes sense for a link that still works.
            const invite = await respond.describe(token);
            if (!invite) return sendPage(res, 400, invalidInvitePage(ctx.settings));
            return sendPage(
              res,
              400,
              chooseScorePage(token ?? "", { questionText: invite.questionText, settings: invite.settings, organisation: invite.tenantName }),
            );
          }
          if (error.code === "INVALID_INVITE") return sendPage(res, 400, invalidInvitePage(ctx.settings));
          throw error;
        }
        if (json) return { ok: true as const };
        sendPage(
          res,
          200,
          thankYouPage({ questionText: result.questionText, score: result.score, settings: result.settings, organisation: result.tenantName }),
        );
      },
    }),
    route({
      method: "post",
      path: "/pulse/respond",
      operationId: "respondToPulse",
      tag: "Pulse",
      summary: "The same answer for the web app: {token, score}",
      access: "public",
      body: respondBody,
      response: respondResultSchema,
      otherResponses: { 400: "Invalid or expired invite, or a score outside 1..5" },
      handler: async ({ ctx, body, res }) => {
        res.setHeader("Cache-Control", "no-store");
        await respond.respond(ctx, { token: body.token, score: body.score });
        return { ok: true as const };
      },
    }),
    route({
      method: "get",
      path: "/pulse/summary",
      operationId: "getPulseSummary",
      tag: "Pulse",
      summary: "Anonymous pulse aggregates: totals, participation, per question average, weekly trend and teams",
      description:
        "Counts released responses only: an answer waits until its (question, team) group has pulse.anonThreshold " +
        "answers, then all of them count together in the ISO week (UTC) of their release, so no figure and no " +
        "difference of figures is about fewer people. waitingResponses tells how many answers wait. Admins and " +
        "owners: any team or all; a moderator: `team` = one of their teams; others 403.",
      access: "pulse.summary",
      query: summaryQuery,
      record: { load: async ({ query }) => ({ teamId: query.team ?? null }), rule: pulsePolicy.summary },
      response: pulseSummarySchema,
      handler: ({ ctx, query }) => summary.summary(ctx, { rangeWeeks: Number.parseInt(query.range, 10), teamId: query.team }),
    }),
  ];
}
