import type { Request, RequestHandler, Response } from "express";
import { isAppError } from "../../platform/errors.js";
import { route, type AnyRoute } from "../../platform/http/route.js";
import type { TokenLinks } from "../../platform/http/tenant.js";
import { DEFAULT_TENANT_SETTINGS } from "../../platform/tenant-settings.schemas.js";
import { isPrefetchOrPreview } from "./pulse.link-scanners.js";
import { isScoreOnScale } from "./pulse.constants.js";
import type { PulsePrivacyService } from "./pulse.privacy.service.js";
import { chooseScorePage, confirmScorePage, invalidInvitePage, thankYouPage, unconfirmedPage } from "./pulse.respond.pages.js";
import { invalidInvite, parseScore, type InviteDescription, type PulseRespondService, type RespondResult } from "./pulse.respond.service.js";
import { pulsePolicy } from "./pulse.policy.js";
import type { PulseSummaryService } from "./pulse.summary.service.js";
import type { PulseComments } from "./pulse.comments.service.js";
import type { PulseFollowUps } from "./pulse.follow-ups.service.js";
import { pulsePrivacySchema, pulseSummarySchema, respondBody, respondQuery, respondResultSchema, summaryQuery } from "./pulse.schemas.js";

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
export function pulseTokenLinks(respond: PulseRespondService, comments: Pick<PulseComments, "tenantOf">): TokenLinks {
  const CONVERSATION = /^\/pulse\/conversations\/([^/]+)(?:\/replies)?$/;
  return {
    covers: (path) => path === "/pulse/respond" || path === "/pulse/comments" || path === "/pulse/follow-ups" || CONVERSATION.test(path),
    tenantOf: async (req) => {
      if (req.path === "/pulse/respond") return respond.tenantOf(req.method === "POST" ? req.body?.token : req.query.token);
      // The respondent's comment and conversation: the capability names its tenant.
      const capability = req.path === "/pulse/comments" || req.path === "/pulse/follow-ups" ? req.body?.conversation : CONVERSATION.exec(req.path)?.[1];
      return comments.tenantOf(capability);
    },
    unknown: { tenant: { id: "00000000-0000-0000-0000-000000000000", slug: "", name: "" }, settings: DEFAULT_TENANT_SETTINGS },
  };
}

export function pulseRoutes(deps: {
  respond: PulseRespondService;
  summary: PulseSummaryService;
  followUps: Pick<PulseFollowUps, "offered">;
  privacy: PulsePrivacyService;
  /** Where an organisation's people reach the web app, by its slug. */
  appAddress: (tenantSlug: string) => string;
}): AnyRoute[] {
  const { respond, summary, privacy, appAddress, followUps } = deps;

  /** The invalid-link page, named after the link's own organisation when it is one of its invites. */
  const invalidPage = async (token: string | undefined) => {
    const organisation = await respond.organisationOf(token);
    return invalidInvitePage(organisation && { name: organisation.name, settings: organisation.settings, appUrl: `${appAddress(organisation.slug)}/` });
  };

  const sendPage = (res: Response, status: number, html: string) => {
    res.status(status).type("html").send(html);
  };
  const pageOf = (invite: InviteDescription) => ({
    questionText: invite.questionText,
    scale: invite.scale,
    settings: invite.settings,
    organisation: invite.tenantName,
    privacy: invite.privacy,
  });
  const resultOf = async (result: RespondResult) => ({
    ok: true as const,
    answer: result.answer,
    retryAfterSeconds: result.retryAfterSeconds,
    conversation: result.conversation,
    followUps: result.conversation ? await followUps.offered(result.conversation) : [],
  });

  return [
    route({
      method: "get",
      path: "/pulse/respond",
      operationId: "respondToPulseLink",
      tag: "Pulse",
      summary: "One-tap pulse answer from the email link: takes the anonymous answer and shows a confirmation page",
      description:
        "HTML for people; JSON with `Accept: application/json`. The answer is held for 60 s against link scanners: it " +
        "counts once no other score of the same link has come within 60 s; two different scores within 60 s keep nothing " +
        "and leave the link usable (answer `unconfirmed`). A prefetch or preview (Sec-Purpose, Purpose or X-Purpose " +
        "naming prefetch or preview, X-Moz: prefetch, link-preview agents) records nothing and gets a page to confirm. " +
        "Unknown, used, expired or malformed token: 400 `Invalid or expired invite`. Score missing or off the question's scale " +
        "(1..5 for agree5 and emoji5, 0..10 for enps11): 400 " +
        "VALIDATION_FAILED and the invite stays open. HEAD answers 200 and never consumes the invite. Authenticated by " +
        "the token alone.",
      access: "public",
      query: respondQuery,
      before: [headNeverConsumes],
      response: respondResultSchema,
      otherResponses: { 400: "Invalid or expired invite, or a score off the question's scale" },
      handler: async ({ ctx, query, req, res }) => {
        res.setHeader("Cache-Control", "no-store");
        const json = wantsJson(req);
        const token = first(query.token);
        if (isPrefetchOrPreview(req.headers)) {
          const invite = await respond.describe(token);
          if (!invite) {
            if (json) throw invalidInvite();
            return sendPage(res, 400, await invalidPage(token));
          }
          if (json) return { ok: true as const, answer: "preview" as const, retryAfterSeconds: null, conversation: null, followUps: [] };
          const tapped = parseScore(first(query.score));
          const onScale = tapped !== null && isScoreOnScale(invite.scale, tapped) ? tapped : null;
          return sendPage(res, 200, confirmScorePage(token ?? "", onScale, { ...pageOf(invite), scale: invite.scale }));
        }
        let result: RespondResult;
        try {
          result = await respond.respond(ctx, { token, score: first(query.score) }, { page: !json });
        } catch (error) {
          if (json || !isAppError(error)) throw error;
          if (error.code === "VALIDATION_FAILED") {
            // A score to choose only makes sense for a link that still works.
            const invite = await respond.describe(token);
            if (!invite) return sendPage(res, 400, await invalidPage(token));
            return sendPage(res, 400, chooseScorePage(token ?? "", { ...pageOf(invite), scale: invite.scale }));
          }
          if (error.code === "INVALID_INVITE") return sendPage(res, 400, await invalidPage(token));
          throw error;
        }
        if (json) return resultOf(result);
        const page = result.page ? pageOf(result.page) : { questionText: null, scale: null, settings: null, organisation: null, privacy: null };
        if (result.answer === "unconfirmed") {
          return sendPage(res, 200, unconfirmedPage(token ?? "", { ...page, retryAfterSeconds: result.retryAfterSeconds ?? 60 }));
        }
        const offered = result.conversation ? await followUps.offered(result.conversation) : [];
        sendPage(res, 200, thankYouPage({ ...page, score: result.score, conversation: result.conversation, followUps: offered }));
      },
    }),
    route({
      method: "post",
      path: "/pulse/respond",
      operationId: "respondToPulse",
      tag: "Pulse",
      summary: "The same answer for the web app: {token, score}",
      description: "Held against link scanners exactly as the link's answer (see respondToPulseLink).",
      access: "public",
      body: respondBody,
      response: respondResultSchema,
      otherResponses: { 400: "Invalid or expired invite, or a score off the question's scale" },
      handler: async ({ ctx, body, res }) => {
        res.setHeader("Cache-Control", "no-store");
        return resultOf(await respond.respond(ctx, { token: body.token, score: body.score }));
      },
    }),
    route({
      method: "get",
      path: "/pulse/privacy",
      operationId: "getPulsePrivacy",
      tag: "Pulse",
      summary: "What protects a pulse answer in this organisation, and what changed about it in the last 30 days",
      description:
        "For everyone signed in: the group size k, the tenure an invitee needs for their answer to count toward k, and " +
        "every change of either in the last 30 days (from the audit log, which nobody can edit).",
      access: "session",
      response: pulsePrivacySchema,
      handler: ({ ctx }) => privacy.current(ctx.tenant.id, ctx.settings),
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
