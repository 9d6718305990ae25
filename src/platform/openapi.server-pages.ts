import { z } from "zod";
import { healthSchema, liveSchema, notReadySchema, readySchema } from "./health.schemas.js";

/** A media type's body that is text, not JSON (HTML pages, CSV, event streams, metrics). */
export const TEXT_BODY = { type: "string" } as const;

const unsubscribeStateSchema = z.object({ email: z.string(), tenantName: z.string(), unsubscribed: z.boolean() }).meta({ id: "UnsubscribeState" });

const linkToken = z.object({ token: z.string().optional().describe("The signed token from the email's link (a missing or bad one answers 400)") });

/** One answer of a server page: JSON bodies have a zod schema; `"error"` is the shared Error body; text media types are strings. */
export interface PageResponse {
  description: string;
  json?: z.ZodType | "error";
  /** Other media types of the same answer (text/html, text/plain...). */
  text?: string[];
}

export interface ServerPage {
  method: "get" | "post";
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  responses: Record<number, PageResponse>;
  query?: z.ZodObject;
  /** Security alternatives; default: anyone (`{}`). */
  security?: Array<Record<string, string[]>>;
}

const unsubscribeResponses = (done: string): Record<number, PageResponse> => ({
  200: { description: `${done}: an HTML page, or the JSON state with \`Accept: application/json\``, json: unsubscribeStateSchema, text: ["text/html"] },
  400: { description: "INVALID_UNSUBSCRIBE_LINK: an HTML page, or the error body with `Accept: application/json`", json: "error", text: ["text/html"] },
});

/**
 * Pages the app serves outside the route table: they concern the process or authenticate
 * themselves, so they run before tenant resolution, sessions and CSRF. Listed here so the
 * document names every path a client can call.
 */
export const SERVER_PAGES: ServerPage[] = [
  {
    method: "get",
    path: "/health",
    operationId: "getHealth",
    tag: "Health",
    summary: "Status of the API, database, Redis, rate limiting and sign-in modes, and the uptime",
    description: "Public; no tenant. 200 while the process answers, `status: degraded` when a dependency does not.",
    responses: { 200: { description: "SPEC's health fields", json: healthSchema } },
  },
  {
    method: "get",
    path: "/health/live",
    operationId: "getLiveness",
    tag: "Health",
    summary: "Liveness: the process answers",
    description: "Public; no tenant.",
    responses: { 200: { description: "Alive", json: liveSchema } },
  },
  {
    method: "get",
    path: "/health/ready",
    operationId: "getReadiness",
    tag: "Health",
    summary: "Readiness: database, Redis and migrations are usable",
    description: "Public; no tenant. 503 while a dependency is down and while the process drains at shutdown.",
    responses: {
      200: { description: "Ready, with each check", json: readySchema },
      503: { description: "Not ready, naming the failing check", json: notReadySchema },
    },
  },
  {
    method: "get",
    path: "/metrics",
    operationId: "getMetrics",
    tag: "Operations",
    summary: "Prometheus metrics (HTTP latency by route, SSE clients, queue depths, scheduler runs)",
    description: "Needs `Authorization: Bearer $METRICS_TOKEN`; 404 while METRICS_TOKEN is unset.",
    security: [{ metricsToken: [] }],
    responses: {
      200: { description: "Prometheus text format", text: ["text/plain"] },
      401: { description: "UNAUTHENTICATED: missing or wrong token", json: "error" },
      404: { description: "NOT_FOUND: metrics disabled", json: "error" },
    },
  },
  {
    method: "get",
    path: "/email/unsubscribe",
    operationId: "showUnsubscribePage",
    tag: "Email",
    summary: "The unsubscribe link's confirmation page; changes nothing (link scanners prefetch GETs)",
    description: "The signed token is the only credential.",
    responses: unsubscribeResponses("The confirmation page"),
    query: linkToken,
  },
  {
    method: "post",
    path: "/email/unsubscribe",
    operationId: "unsubscribeByLink",
    tag: "Email",
    summary: "Unsubscribe from notification and pulse emails: the page's form, and RFC 8058 one-click",
    description: "No session or CSRF token: the signed token is the credential. Form body `List-Unsubscribe=One-Click` from mail clients.",
    responses: unsubscribeResponses("Unsubscribed"),
    query: linkToken,
  },
  {
    method: "post",
    path: "/email/resubscribe",
    operationId: "resubscribeByLink",
    tag: "Email",
    summary: "Undo an unsubscribe from the same link",
    description: "No session or CSRF token: the signed token is the credential.",
    responses: unsubscribeResponses("Subscribed again"),
    query: linkToken,
  },
  {
    method: "get",
    path: "/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "Documentation",
    summary: "This document",
    description: "Public.",
    responses: { 200: { description: "OpenAPI 3.1", json: z.record(z.string(), z.unknown()) } },
  },
  {
    method: "get",
    path: "/asyncapi.json",
    operationId: "getAsyncApiDocument",
    tag: "Documentation",
    summary: "The live events of `GET /events`: one schema per event type",
    description: "Public. An AsyncAPI 3 document built from the schemas the server checks every event against before it goes out.",
    responses: { 200: { description: "AsyncAPI 3.1", json: z.record(z.string(), z.unknown()) } },
  },
  {
    method: "get",
    path: "/docs",
    operationId: "showApiDocs",
    tag: "Documentation",
    summary: "Interactive API documentation of this document",
    description: "Public.",
    responses: { 200: { description: "HTML", text: ["text/html"] } },
  },
];
