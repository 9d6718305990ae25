import { z } from "zod";
import { errors } from "../../platform/errors.js";
import { route, type AnyRoute } from "../../platform/http/route.js";
import type { SseHub } from "./events.sse-hub.js";

export const eventsQuery = z.object({
  tenant: z.string().trim().min(1).max(100).optional().describe("The session's tenant (slug or id); defaults to it"),
  lastEventId: z.coerce.number().int().min(0).optional().describe("Alternative to the Last-Event-ID header"),
});

const lastEventIdHeader = z.coerce.number().int().min(0);

/** CONTRACT §4: the tenant's live events as Server-Sent Events. */
export function eventRoutes(deps: { hub: SseHub }): AnyRoute[] {
  return [
    route({
      method: "get",
      path: "/events",
      operationId: "streamEvents",
      tag: "Events",
      summary: "Live events of the tenant (text/event-stream)",
      description:
        "Each message is `id: <n>` and `data: <json>` with `{type, tenantId, data, timestamp}`; a `heartbeat` every 30 s. " +
        "Every event type and its payload are described at `/asyncapi.json` (AsyncAPI 3). " +
        "Reconnect with `Last-Event-ID` to receive the events missed meanwhile. `tenant` must name the session's tenant (403 otherwise). " +
        "A stream ends within 5 s of what opened it: logout, the session's expiry, deactivation or deletion of the user, revocation " +
        "or expiry of the API token. At most 20 streams per user at once: 429 RATE_LIMITED for the next.",
      access: "session",
      query: eventsQuery,
      otherResponses: { 200: "text/event-stream", 403: "FORBIDDEN: `tenant` names another tenant", 429: "RATE_LIMITED: the user already has 20 streams open" },
      handler: async ({ ctx, query, req, res }) => {
        const named = query.tenant?.toLowerCase();
        if (named && named !== ctx.tenant.slug && named !== ctx.tenant.id) {
          throw errors.forbidden("The stream's tenant must be the tenant you are signed in to.");
        }
        const header = lastEventIdHeader.safeParse(req.get("last-event-id"));
        const lastEventId = header.success ? header.data : (query.lastEventId ?? null);
        const owner = ctx.user && req.credential ? { tenantId: ctx.tenant.id, userId: ctx.user.id, credential: req.credential } : undefined;
        await deps.hub.attach(res, { tenantId: ctx.tenant.id, lastEventId, owner });
      },
    }),
  ];
}
