import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import type { AnyRoute } from "./http/route.js";
import { PERMISSIONS } from "./http/permissions.js";

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
  if (route.access === "public") return "Access: public.";
  if (route.access === "session") return "Access: any signed-in user.";
  const rule = PERMISSIONS[route.access] as { minRole: string; teamScoped?: boolean; visitorsWhenAnonymousAllowed?: boolean };
  const parts = [`Permission \`${route.access}\`: ${rule.minRole} and above`];
  if (rule.teamScoped) parts.push("or a moderator of the team concerned");
  if (rule.visitorsWhenAnonymousAllowed) parts.push("or a visitor while the tenant allows anonymous questions");
  return `${parts.join(", ")}.`;
}

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
