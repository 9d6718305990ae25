import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import type { AnyRoute } from "./http/route.js";
import { PERMISSIONS } from "./permissions.js";
import { TEXT_BODY, SERVER_PAGES, type ServerPage } from "./openapi.server-pages.js";

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

type PermissionRule = { minRole: string; teamScoped?: boolean; visitorsWhenAnonymousAllowed?: boolean };

function gateText(route: AnyRoute): string {
  if (route.access === "public") return "Access: public.";
  if (route.access === "session") return "Access: any signed-in user.";
  const rule = PERMISSIONS[route.access] as PermissionRule;
  const parts = [`Permission \`${route.access}\`: ${rule.minRole} and above`];
  if (rule.teamScoped) parts.push("or a moderator of the team concerned");
  if (rule.visitorsWhenAnonymousAllowed) parts.push("or a visitor while the tenant allows anonymous questions");
  return `${parts.join(", ")}.`;
}

/** `{}` (no credential) is an alternative wherever a visitor may call. */
function security(route: AnyRoute): Array<Record<string, string[]>> {
  const signedIn: Array<Record<string, string[]>> = [{ session: [] }, { bearer: [] }];
  if (route.access === "public") return [{}, ...signedIn];
  if (route.access !== "session" && (PERMISSIONS[route.access] as PermissionRule).visitorsWhenAnonymousAllowed) return [...signedIn, {}];
  return signedIn;
}

/**
 * Media types besides JSON, by operation: what the route table's JSON schemas cannot say. The
 * exports stream CSV by default; the event stream is nothing but `text/event-stream`; the pages
 * people open from a link or a browser answer (their errors too) in HTML.
 */
const OTHER_MEDIA: Record<string, { success?: string[]; errors?: string[]; jsonSuccess?: false; otherSuccess?: Record<number, string[]> }> = {
  exportQuestions: { success: ["text/csv"] },
  exportAuditLogs: { success: ["text/csv"] },
  exportUsers: { success: ["text/csv"] },
  exportPulse: { success: ["text/csv"] },
  exportPolls: { success: ["text/csv"] },
  streamEvents: { success: ["text/event-stream"], jsonSuccess: false },
  respondToPulseLink: { success: ["text/html"], errors: ["text/html"] },
  signInDemo: { errors: ["text/html"] },
  startGitHubSignIn: { errors: ["text/html"] },
  completeGitHubSignIn: { errors: ["text/html"] },
  startGoogleSignIn: { errors: ["text/html"] },
  completeGoogleSignIn: { errors: ["text/html"] },
  startOidcSignIn: { errors: ["text/html"] },
  // A test sign-in's report is a page (200) where a real sign-in redirects.
  completeOidcSignIn: { errors: ["text/html"], otherSuccess: { 200: ["text/html"] } },
  startSamlSignIn: { errors: ["text/html"] },
  completeSamlSignIn: { errors: ["text/html"], otherSuccess: { 200: ["text/html"] } },
  getSamlMetadata: { success: ["application/samlmetadata+xml"], jsonSuccess: false },
};

/**
 * The error statuses every route of its kind can answer, besides those it declares itself
 * (`otherResponses`): the request pipeline's (tenant, credentials, CSRF, validation, body
 * limit), the route rule's, and 503 (load shedding, an unreachable backing service). Other 5xx fall under `default`.
 */
function pipelineErrors(route: AnyRoute): Record<number, string> {
  const errors: Record<number, string> = {};
  const writes = route.method !== "get";
  // Every write passes the JSON body parser, whether or not the route reads a body.
  if (route.params || route.query || route.body || writes) errors[400] = "VALIDATION_FAILED (details: each invalid field; or a body that is not JSON)";
  if (route.access !== "public") errors[401] = "UNAUTHENTICATED: no session or API token, or an invalid one";
  const refusals: string[] = [];
  if (route.access !== "public" && route.access !== "session") refusals.push("FORBIDDEN: the permission is missing");
  if (route.record) refusals.push(`FORBIDDEN: ${route.record.rule.refusal}`);
  if (writes && !route.csrfExempt) refusals.push("CSRF_INVALID (a session without its x-csrf-token)");
  if (writes) refusals.push("TOKEN_SCOPE (a read-only API token)");
  if (refusals.length) errors[403] = refusals.join("; ");
  errors[404] = route.params || route.record ? "NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND" : "TENANT_NOT_FOUND";
  if (writes) errors[413] = `PAYLOAD_TOO_LARGE: a body over ${route.formBody ? route.formBody.maxBytes / 1024 : 100} kB`;
  if (route.streamedBody) errors[415] = `UNSUPPORTED_MEDIA_TYPE: the body is not ${route.streamedBody.mediaType} in UTF-8`;
  if (route.formBody) errors[415] = "UNSUPPORTED_MEDIA_TYPE: the body is not application/x-www-form-urlencoded";
  errors[503] =
    "SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable";
  return errors;
}

type MediaContent = Record<string, { schema: z.ZodType | typeof TEXT_BODY }>;

function content(json: z.ZodType | undefined, text: string[] = []): MediaContent | undefined {
  const media: MediaContent = {};
  if (json) media["application/json"] = { schema: json };
  for (const type of text) media[type] = { schema: TEXT_BODY };
  return Object.keys(media).length ? media : undefined;
}

type Responses = Record<string, { description: string; content?: MediaContent }>;

function routeResponses(route: AnyRoute, errorBody: z.ZodType): Responses {
  const status = route.status ?? 200;
  const media = OTHER_MEDIA[route.operationId] ?? {};
  const declared = route.otherResponses ?? {};
  const successJson = media.jsonSuccess === false ? undefined : route.response;
  const responses: Responses = {
    [status]: {
      description: declared[status] ?? (status === 204 ? "No content" : "Success"),
      content: status === 204 ? undefined : content(successJson, media.success),
    },
  };
  // A route's own description of a status (`otherResponses`) says more than the pipeline's.
  const errorStatuses: Record<string, string> = { ...pipelineErrors(route) };
  for (const [code, description] of Object.entries(declared)) {
    if (Number(code) >= 400) errorStatuses[code] = description;
    else if (Number(code) !== status) responses[code] = { description, content: content(undefined, media.otherSuccess?.[Number(code)]) };
  }
  for (const [code, description] of Object.entries(errorStatuses)) {
    responses[code] = { description, content: content(errorBody, media.errors) };
  }
  responses.default = { description: "Error (CONTRACT §1 error body)", content: content(errorBody, media.errors) };
  return responses;
}

function pageResponses(page: ServerPage, errorBody: z.ZodType): Responses {
  return Object.fromEntries(
    Object.entries(page.responses).map(([code, answer]) => [
      code,
      { description: answer.description, content: content(answer.json === "error" ? errorBody : answer.json, answer.text) },
    ]),
  );
}

/** A query string holds no `null`: a coerced number's schema accepts null (Number(null) is 0), which a URL cannot send. */
function withoutNullQueryTypes(document: ReturnType<OpenApiGeneratorV31["generateDocument"]>) {
  type Parameter = { in?: string; schema?: { type?: unknown } };
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations as Record<string, { parameters?: Parameter[] }>)) {
      for (const parameter of operation.parameters ?? []) {
        const type = parameter.schema?.type;
        if (parameter.in === "query" && Array.isArray(type) && type.includes("null")) {
          const rest = type.filter((entry) => entry !== "null");
          (parameter.schema as { type: unknown }).type = rest.length === 1 ? rest[0] : rest;
        }
      }
    }
  }
}

/** A body is required unless its schema takes none: a client generated from the document must then send one. */
function bodyRequired(schema: z.ZodType): boolean {
  return !schema.safeParse(undefined).success;
}

function requestBody(route: AnyRoute) {
  if (route.streamedBody) {
    const { mediaType, description } = route.streamedBody;
    return { required: true, description, content: { [mediaType]: { schema: TEXT_BODY } } };
  }
  const mediaType = route.formBody ? "application/x-www-form-urlencoded" : "application/json";
  return route.body ? { required: bodyRequired(route.body), content: { [mediaType]: { schema: route.body } } } : undefined;
}

function assertUniqueOperationIds(ids: string[]): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new Error(`OpenAPI: operationId "${id}" is used twice`);
    seen.add(id);
  }
}

/** Builds the OpenAPI 3.1 document from the same route definitions the app mounts. */
export function buildOpenApiDocument(routes: AnyRoute[], info: { title: string; version: string; serverUrl: string }) {
  assertUniqueOperationIds([...routes.map((route) => route.operationId), ...SERVER_PAGES.map((page) => page.operationId)]);
  const registry = new OpenAPIRegistry();
  const errorBody = registry.register("Error", errorBodySchema);
  registry.registerComponent("securitySchemes", "session", { type: "apiKey", in: "cookie", name: "qa.sid" });
  registry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer", description: "An API token (POST /auth/tokens)" });
  registry.registerComponent("securitySchemes", "metricsToken", { type: "http", scheme: "bearer", description: "The server's METRICS_TOKEN" });

  for (const route of routes) {
    registry.registerPath({
      method: route.method,
      path: openApiPath(route.path),
      operationId: route.operationId,
      summary: route.summary,
      description: [route.description, accessText(route)].filter(Boolean).join("\n\n"),
      tags: [route.tag],
      security: security(route),
      request: {
        params: route.params as z.ZodObject | undefined,
        query: route.query as z.ZodObject | undefined,
        body: requestBody(route),
      },
      responses: routeResponses(route, errorBody),
    });
  }

  for (const page of SERVER_PAGES) {
    registry.registerPath({
      method: page.method,
      path: page.path,
      operationId: page.operationId,
      summary: page.summary,
      description: page.description,
      tags: [page.tag],
      security: page.security ?? [{}],
      request: page.query ? { query: page.query } : undefined,
      responses: pageResponses(page, errorBody),
    });
  }

  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: info.title,
      version: info.version,
      description:
        "Team Q&A and Weekly Pulse API. Tenant: session tenant, else `x-tenant-id` header (slug or id), else subdomain, else `default`. " +
        "State-changing requests with a session cookie need the `x-csrf-token` header from `GET /auth/csrf`. " +
        "Where the server also serves the web app, a GET whose Accept prefers text/html (a browser's navigation) to any path but the " +
        "server pages (/auth/..., /pulse/respond, /email/..., /health..., /events, /docs, /openapi.json, /metrics) gets the web app's index.html instead.",
    },
    servers: [{ url: info.serverUrl }],
  });
  withoutNullQueryTypes(document);
  return document;
}
