import { createConfig, lintFromString } from "@redocly/openapi-core";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { route } from "../../src/platform/http/route.js";
import { buildOpenApiDocument } from "../../src/platform/openapi.js";
import { PERMISSIONS } from "../../src/platform/permissions.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { OpenApiContract, type OpenApiDocument } from "../helpers/openapi-contract.js";

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: Json }>;
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
};

const ERROR_REF = "#/components/schemas/Error";

let app: TestApp;
let document: OpenApiDocument & { components: { schemas: Record<string, Json> } };
let operations: Array<{ method: string; path: string; operation: Operation }>;

beforeAll(async () => {
  app = await createTestApp();
  document = (await request(app.app).get("/openapi.json").expect(200)).body;
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Operation>).map(([method, operation]) => ({ method, path, operation })),
  );
});

afterAll(async () => {
  await app.close();
});

describe("/openapi.json names and describes every operation (CONTRACT §7)", () => {
  it("every operation has a unique camelCase operationId", () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    for (const [index, id] of ids.entries()) expect(id, `${operations[index]?.method} ${operations[index]?.path}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
    expect(new Set(ids).size).toBe(ids.length);
    const byPath = (method: string, path: string) => operations.find((entry) => entry.method === method && entry.path === path)?.operation.operationId;
    expect(byPath("get", "/questions")).toBe("listQuestions");
    expect(byPath("post", "/questions/{id}/upvote")).toBe("upvoteQuestion");
    expect(byPath("get", "/admin/export/audit-logs")).toBe("exportAuditLogs");
  });

  it("an operationId used twice, by a route and a server page too, stops the document from being built", () => {
    const clash = route({ method: "get", path: "/status", operationId: "getHealth", tag: "t", summary: "s", access: "public", handler: () => ({}) });
    expect(() => buildOpenApiDocument([...app.routes, clash], { title: "t", version: "1", serverUrl: "http://localhost" })).toThrow(
      /operationId "getHealth" is used twice/,
    );
  });

  it("every error status answers the one shared Error schema, and the non-JSON answers name their media types", () => {
    for (const { method, path, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status !== "default" && Number(status) < 400) continue;
        // CONTRACT §7 gives readiness its own 503 body: {status: "not_ready", checks}.
        if (path === "/health/ready" && status === "503") continue;
        expect(response.content?.["application/json"]?.schema, `${method} ${path} ${status}`).toEqual({ $ref: ERROR_REF });
      }
    }
    const media = (path: string, status: string, method = "get") => Object.keys(document.paths[path]?.[method]?.responses?.[status]?.content ?? {});
    expect(media("/admin/export/audit-logs", "200")).toEqual(expect.arrayContaining(["application/json", "text/csv"]));
    expect(media("/events", "200")).toEqual(["text/event-stream"]);
    expect(media("/pulse/respond", "200")).toContain("text/html");
    expect(media("/pulse/respond", "400")).toContain("text/html");
    expect(media("/docs", "200")).toEqual(["text/html"]);
    expect(media("/metrics", "200")).toEqual(["text/plain"]);
    expect(document.components.schemas.Error).toBeDefined();
  });

  it("each request body names its media type: JSON, or the streamed body (the CSV import) or HTML form (the SAML ACS) a route declares, with 415 listed", () => {
    type WithBody = Operation & { requestBody?: { required?: boolean; content: Record<string, { schema: Json }> } };
    for (const route of app.routes) {
      const operation = document.paths[route.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}")]?.[route.method] as WithBody | undefined;
      const media = Object.keys(operation?.requestBody?.content ?? {});
      if (route.streamedBody) {
        expect(media, route.operationId).toEqual([route.streamedBody.mediaType]);
        expect(operation?.requestBody?.required, route.operationId).toBe(true);
        expect(operation?.requestBody?.content[route.streamedBody.mediaType]?.schema, route.operationId).toEqual({ type: "string" });
        expect(operation?.responses["415"]?.content?.["application/json"]?.schema, route.operationId).toEqual({ $ref: ERROR_REF });
      } else if (route.formBody) {
        expect(media, route.operationId).toEqual(["application/x-www-form-urlencoded"]);
        expect(operation?.responses["415"]?.content?.["application/json"]?.schema, route.operationId).toEqual({ $ref: ERROR_REF });
      } else {
        expect(media, route.operationId).toEqual(route.body ? ["application/json"] : []);
      }
    }
    expect(app.routes.filter((route) => route.streamedBody).map((route) => route.operationId)).toEqual(["importUsers"]);
    expect(app.routes.filter((route) => route.formBody).map((route) => route.operationId)).toEqual(["completeSamlSignIn"]);
  });

  it("a route may not declare both a JSON body and a streamed body", async () => {
    const { mountRoutes } = await import("../../src/platform/http/route.js");
    const { Router } = await import("express");
    const { z } = await import("zod");
    const both = route({
      method: "post",
      path: "/both",
      operationId: "both",
      tag: "t",
      summary: "s",
      access: "session",
      body: z.object({}),
      streamedBody: { mediaType: "text/csv", description: "d" },
      handler: () => ({}),
    });
    expect(() => mountRoutes(Router(), [both])).toThrow(/declares a JSON body and a streamed body/);
  });

  it("the health answers have their schemas: /health/ready 200 ready or 503 not_ready with the checks", () => {
    const schemaOf = (path: string, status: string) => document.paths[path]?.get?.responses?.[status]?.content?.["application/json"]?.schema;
    expect(schemaOf("/health/live", "200")).toEqual({ $ref: "#/components/schemas/Liveness" });
    expect(schemaOf("/health/ready", "200")).toEqual({ $ref: "#/components/schemas/Ready" });
    expect(schemaOf("/health/ready", "503")).toEqual({ $ref: "#/components/schemas/NotReady" });
    expect(document.components.schemas.Health?.required).toEqual(
      expect.arrayContaining(["status", "timestamp", "uptime", "database", "kvstore", "rateLimiting", "auth"]),
    );
  });

  it("operations a visitor may call list `{}` among their security alternatives; the others do not", () => {
    const visitorCalls = new Set(
      app.routes
        .filter(
          (route) =>
            route.access === "public" ||
            (route.access !== "session" && (PERMISSIONS[route.access] as { visitorsWhenAnonymousAllowed?: boolean }).visitorsWhenAnonymousAllowed),
        )
        .map((route) => route.operationId),
    );
    expect(visitorCalls.has("submitQuestion") && visitorCalls.has("getTenant")).toBe(true);
    for (const route of app.routes) {
      const security = (document.paths[route.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}")]?.[route.method] as Operation | undefined)?.security;
      expect(
        security?.some((alternative) => Object.keys(alternative).length === 0),
        route.operationId,
      ).toBe(visitorCalls.has(route.operationId));
    }
  });

  it("optional query parameters are optional and never null-typed", () => {
    for (const { method, path, operation } of operations) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== "query") continue;
        const types = ([] as unknown[]).concat(parameter.schema.type ?? []);
        expect(types, `${method} ${path} ?${parameter.name}`).not.toContain("null");
      }
    }
    const offset = (document.paths["/questions"]?.get as Operation | undefined)?.parameters?.find((parameter: { name: string }) => parameter.name === "offset");
    expect(offset).toMatchObject({ required: false, schema: { type: "integer", minimum: 0 } });
  });

  it("compiles whole with a JSON Schema 2020-12 validator (every pattern a plain ECMA-262 expression under the `u` flag)", () => {
    const contract = new OpenApiContract(document);
    const live = contract.match("GET", "/health/live");
    expect(live?.operationId).toBe("getLiveness");
    // A literal segment wins over a parameter: /admin/audit-logs/filters is not /admin/audit-logs.
    expect(contract.match("GET", "/admin/audit-logs/filters")?.operationId).toBe("listAuditLogFilters");
    expect(contract.match("DELETE", "/questions/abc/tags/def")?.operationId).toBe("untagQuestion");
    for (const operation of contract.operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!response.content?.["application/json"]) continue;
        // Each schema compiles (ajv throws on a pattern invalid under `u` and on a dangling $ref).
        expect(() =>
          contract.problems(operation, {
            method: "GET",
            pathname: "/",
            status: status === "default" ? 500 : Number(status),
            contentType: "application/json",
            body: Buffer.from("{}"),
          }),
        ).not.toThrow();
      }
    }
  });
});

describe("the contract check itself refuses what the document does not say", () => {
  it("a wrong body, an undocumented status or content type, and a body where none is documented", () => {
    const contract = new OpenApiContract(document);
    const live = contract.match("GET", "/health/live");
    const deleteTag = contract.match("DELETE", "/admin/tags/some-id");
    if (!live || !deleteTag) throw new Error("operations missing from the document");
    const answer = (status: number, contentType: string | undefined, body: string) => ({
      method: "GET",
      pathname: "/health/live",
      status,
      contentType,
      body: Buffer.from(body),
    });
    expect(contract.problems(live, answer(200, "application/json; charset=utf-8", '{"status":"ok"}'))).toEqual([]);
    expect(contract.problems(live, answer(200, "application/json", '{"status":"fine"}')).join()).toMatch(/must be equal to one of the allowed values/);
    expect(contract.problems(live, answer(201, "application/json", '{"status":"ok"}')).join()).toMatch(/status 201 is not documented/);
    expect(contract.problems(live, answer(200, "text/html", "<p>ok</p>")).join()).toMatch(/content type text\/html is not documented/);
    expect(contract.problems(deleteTag, { ...answer(204, "application/json", '{"deleted":true}'), method: "DELETE" }).join()).toMatch(/documents no body/);
    // A 5xx falls to `default`: the shared Error body.
    expect(contract.problems(deleteTag, answer(503, "application/json", '{"error":{"code":"UNAVAILABLE","message":"x"},"requestId":"r"}'))).toEqual([]);
    expect(contract.problems(deleteTag, answer(503, "application/json", '{"message":"x"}')).join()).toMatch(/must have required property 'error'/);
  });
});

describe("the document passes Redocly's recommended rules", () => {
  it("no error; the warnings left are the known, explained ones", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: "openapi.json", config });
    const summarize = (problem: (typeof problems)[number]) => `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ""}: ${problem.message}`;
    expect(problems.filter((problem) => problem.severity === "error").map(summarize)).toEqual([]);
    const explained = (problem: (typeof problems)[number]) =>
      // A self-hosted, private service publishes no licence for its API.
      problem.ruleId === "info-license" ||
      // The server URL is the configured BASE_URL, which is localhost in tests.
      problem.ruleId === "no-server-example.com" ||
      // The process pages (health probes, this document, the events document, the viewer) answer no client error: there is nothing a client can get wrong.
      (problem.ruleId === "operation-4xx-response" &&
        /^#\/paths\/~1(health(~1live|~1ready)?|openapi\.json|asyncapi\.json|docs)\//.test(problem.location[0]?.pointer ?? ""));
    expect(problems.filter((problem) => !explained(problem)).map(summarize)).toEqual([]);
  });
});
