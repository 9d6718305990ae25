import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import type { AnyRoute } from "./http/route.js";
import { PERMISSIONS } from "./permissions.js";

extendZodWithOpenApi(z);

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string().describe("UPPER_SNAKE error code, e.g. VALIDATION_FAILED"),
    message: z.string(),
    details: z.array(z.unknown()).optional(),
  }),
  requestId: z.string(),
});

function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}

function accessText(route: AnyRoute): string {
  const recordRule = route.record ? ` Then, about the record it names (403 otherwise): ${route.record.rule.refusal}` : "";
  return gateText(route) + recordRule;
}

function gateText(route: AnyRoute): string {
  if (route.access === "public") return "Access: public.";
  if (route.access === "session") return "Access: any signed-in user.";
  const rule = PERMISSIONS[route.access] as { minRole: string; teamScoped?: boolean; visitorsWhenAnonymousAllowed?: boolean };
  const parts = [`Permission \`${route.access}\`: ${rule.minRole} and above`];
  if (rule.teamScoped) parts.push("or a moderator of the team concerned");
  if (rule.visitorsWhenAnonymousAllowed) parts.push("or a visitor while the tenant allows anonymous questions");
  return `${parts.join(", ")}.`;
}

interface ServerPage {
  method: "get" | "post";
  path: string;
  tag: string;
  summary: string;
  description: string;
  responses: Record<string, string>;
  query?: z.ZodObject;
}

const linkToken = z.object({ token: z.string().describe("The signed token from the email's link") });

/**
 * Pages the app serves outside the route table: they concern the process or authenticate
 * themselves, so they run before tenant resolution, sessions and CSRF. Listed here so the
 * document names every path a client can call.
 */
const SERVER_PAGES: ServerPage[] = [
  {
    method: "get",
    path: "/health",
    tag: "Health",
    summary: "Status of the API, database, Redis, rate limiting and sign-in modes, and the uptime",
    description: "Public; no tenant.",
    responses: { 200: "Status (SPEC's health fields)" },
  },
  {
    method: "get",
    path: "/health/live",
    tag: "Health",
    summary: "Liveness: the process answers",
    description: "Public; no tenant.",
    responses: { 200: '{"status": "ok"}' },
  },
  {
    method: "get",
    path: "/health/ready",
    tag: "Health",
    summary: "Readiness: database, Redis and migrations are usable",
    description: "Public; no tenant. 503 while a dependency is down and while the process drains at shutdown.",
    responses: { 200: "Ready, with each check", 503: "Not ready, with each check" },
  },
  {
    method: "get",
    path: "/metrics",
    tag: "Operations",
    summary: "Prometheus metrics (HTTP latency by route, SSE clients, queue depths, scheduler runs)",
    description: "Needs `Authorization: Bearer $METRICS_TOKEN`; 404 while METRICS_TOKEN is unset.",
    responses: { 200: "Prometheus text format", 401: "Missing or wrong token", 404: "Metrics disabled" },
  },
  {
    method: "get",
    path: "/email/unsubscribe",
    tag: "Email",
    summary: "The unsubscribe link's confirmation page; changes nothing (link scanners prefetch GETs)",
    description: "The signed token is the only credential. HTML; JSON `{email, tenantName, unsubscribed}` with `Accept: application/json`.",
    responses: { 200: "Confirmation page", 400: "INVALID_UNSUBSCRIBE_LINK" },
    query: linkToken,
  },
  {
    method: "post",
    path: "/email/unsubscribe",
    tag: "Email",
    summary: "Unsubscribe from notification and pulse emails: the page's form, and RFC 8058 one-click",
    description: "No session or CSRF token: the signed token is the credential. Form body `List-Unsubscribe=One-Click` from mail clients.",
    responses: { 200: "Unsubscribed", 400: "INVALID_UNSUBSCRIBE_LINK" },
    query: linkToken,
  },
  {
    method: "post",
    path: "/email/resubscribe",
    tag: "Email",
    summary: "Undo an unsubscribe from the same link",
    description: "No session or CSRF token: the signed token is the credential.",
    responses: { 200: "Subscribed again", 400: "INVALID_UNSUBSCRIBE_LINK" },
    query: linkToken,
  },
  { method: "get", path: "/openapi.json", tag: "Documentation", summary: "This document", description: "Public.", responses: { 200: "OpenAPI 3.1" } },
  {
    method: "get",
    path: "/docs",
    tag: "Documentation",
    summary: "Interactive API documentation of this document",
    description: "Public.",
    responses: { 200: "HTML" },
  },
];

/** Builds the OpenAPI 3.1 document from the same route definitions the app mounts. */
export function buildOpenApiDocument(routes: AnyRoute[], info: { title: string; version: string; serverUrl: string }) {
  const registry = new OpenAPIRegistry();
  const errorBody = registry.register("Error", errorBodySchema);
  registry.registerComponent("securitySchemes", "session", { type: "apiKey", in: "cookie", name: "qa.sid" });
  registry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });

  for (const route of routes) {
    const status = route.status ?? 200;
    const responses: Record<string, { description: string; content?: Record<string, { schema: z.ZodType }> }> = {
      [status]: route.response
        ? { description: "Success", content: { "application/json": { schema: route.response } } }
        : { description: status === 204 ? "No content" : "Success" },
    };
    for (const [code, description] of Object.entries(route.otherResponses ?? {})) {
      responses[code] = { description };
    }
    responses.default = { description: "Error (CONTRACT §1 error body)", content: { "application/json": { schema: errorBody } } };
    registry.registerPath({
      method: route.method,
      path: openApiPath(route.path),
      summary: route.summary,
      description: [route.description, accessText(route)].filter(Boolean).join("\n\n"),
      tags: [route.tag],
      security: route.access === "public" ? [] : [{ session: [] }, { bearer: [] }],
      request: {
        params: route.params as z.ZodObject | undefined,
        query: route.query as z.ZodObject | undefined,
        body: route.body ? { content: { "application/json": { schema: route.body } } } : undefined,
      },
      responses,
    });
  }

  for (const page of SERVER_PAGES) {
    registry.registerPath({
      method: page.method,
      path: page.path,
      summary: page.summary,
      description: page.description,
      tags: [page.tag],
      security: [],
      request: page.query ? { query: page.query } : undefined,
      responses: Object.fromEntries(Object.entries(page.responses).map(([code, description]) => [code, { description }])),
    });
  }

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: info.title,
      version: info.version,
      description:
        "Team Q&A and Weekly Pulse API. Tenant: session tenant, else `x-tenant-id` header (slug or id), else subdomain, else `default`. " +
        "State-changing requests with a session cookie need the `x-csrf-token` header from `GET /auth/csrf`.",
    },
    servers: [{ url: info.serverUrl }],
  });
}
