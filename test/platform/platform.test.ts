import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtFrontend, isServerPage } from "../../src/platform/http/spa.js";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { listen } from "../helpers/sse.js";
import path from "node:path";
import fs from "node:fs";
import os from "node:os";
import zlib from "node:zlib";
import http from "node:http";

describe("HTTP platform: errors, request ids, body limits, headers, logs", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  beforeAll(async () => {
    app = await createTestApp();
    fixture = await createTenantFixture(app.db);
  });
  afterAll(() => app.close());

  it("an unknown route is 404 NOT_FOUND with the error body and the request id", async () => {
    const response = await request(app.app).get("/no/such/route").expect(404);
    expect(response.body).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) }, requestId: response.headers["x-request-id"] });
    expect((await request(app.app).delete("/teams").expect(404)).body.error.code).toBe("NOT_FOUND");
  });

  it("honours a safe incoming x-request-id and replaces an unsafe one", async () => {
    const echoed = await request(app.app).get("/no-route").set("x-request-id", "abc-123.def").expect(404);
    expect(echoed.headers["x-request-id"]).toBe("abc-123.def");
    expect(echoed.body.requestId).toBe("abc-123.def");
    const replaced = await request(app.app).get("/no-route").set("x-request-id", "bad id <script>");
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("malformed JSON is 400 VALIDATION_FAILED, never 500", async () => {
    const response = await request(app.app).post("/auth/logout").set("Content-Type", "application/json").send('{"broken":');
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: "VALIDATION_FAILED",
      message: expect.any(String),
      details: [{ path: "body", message: "The body is not valid JSON." }],
    });
  });

  it("a body over the limit is 413 PAYLOAD_TOO_LARGE", async () => {
    const response = await request(app.app)
      .post("/auth/logout")
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ padding: "x".repeat(200_000) }));
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("query validation failures name the parameter", async () => {
    const response = await request(app.app).get("/auth/demo?user=").expect(400);
    expect(response.body.error.details).toEqual([{ path: "query.user", message: expect.any(String) }]);
  });

  it("sends helmet's security headers and no x-powered-by", async () => {
    const response = await request(app.app).get("/health/live");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(response.headers["x-powered-by"]).toBeUndefined();
  });

  it("request logs are JSON with requestId and tenantId, and never the cookie", async () => {
    const client = await signIn(app, fixture.tenant.slug, "admin");
    await client.get("/teams").set("x-request-id", "log-check-1").expect(200);
    const line = app.logs.find((entry) => entry.requestId === "log-check-1" && entry.res);
    expect(line).toMatchObject({ tenantId: fixture.tenant.id, req: { method: "GET", url: "/teams" }, res: { statusCode: 200 } });
    // Each key once: log pipelines (Elasticsearch, Cloud Logging) reject or merge duplicates.
    const raw = app.rawLogs.find((text) => text.includes('"log-check-1"') && text.includes('"res"')) ?? "";
    expect(raw.match(/"requestId"/g)).toHaveLength(1);
    expect(raw.match(/"tenantId"/g)).toHaveLength(1);
    expect(JSON.stringify(app.logs)).not.toMatch(/qa\.sid=s%3A/);
  });

  it("pulse respondent requests are logged without token or address", async () => {
    const token = "11111111-2222-4333-8444-555555555555";
    await request(app.app).get(`/pulse/respond?token=${token}&score=4`).set("x-request-id", "pulse-log-check");
    const line = app.logs.find((entry) => entry.requestId === "pulse-log-check" && entry.req);
    expect(line?.req).toEqual({ method: "GET", path: "/pulse/respond" });
    expect(JSON.stringify(app.logs)).not.toContain(token);
  });

  it("an unexpected error is 500 INTERNAL without stack or SQL, logged once with the request id", async () => {
    const failing = await createTestApp({ privateDatabase: true });
    await failing.close(); // the database is gone: the route's query fails
    const response = await request(failing.app).get("/teams").set("x-tenant-id", fixture.tenant.slug).set("x-request-id", "boom-1");
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: { code: "INTERNAL", message: "Something went wrong on our side." }, requestId: "boom-1" });
    const errorLines = failing.logs.filter((entry) => entry.requestId === "boom-1" && entry.level === 50);
    expect(errorLines).toHaveLength(1);
    expect(errorLines[0]).toMatchObject({ err: { message: expect.any(String) }, res: { statusCode: 500 } });
  });
});

const SCRIPT = `console.log(${JSON.stringify("a line the compressors can shrink ".repeat(100))});`;

describe("SPA fallback (CONTRACT §0)", () => {
  let app: TestApp;
  let distDir: string;
  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), "qa-web-"));
    fs.mkdirSync(path.join(distDir, "assets"));
    fs.writeFileSync(path.join(distDir, "index.html"), "<!doctype html><title>spa-index</title>");
    fs.writeFileSync(path.join(distDir, "assets", "app-123.js"), SCRIPT);
    // As web/vite.config.ts writes them at build time.
    fs.writeFileSync(path.join(distDir, "assets", "app-123.js.br"), zlib.brotliCompressSync(SCRIPT));
    fs.writeFileSync(path.join(distDir, "assets", "app-123.js.gz"), zlib.gzipSync(SCRIPT));
    app = await createTestApp({ web: builtFrontend(distDir) });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  const browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

  it("a browser navigation to an app path gets index.html", async () => {
    for (const pathname of ["/", "/engineering", "/engineering/open/present", "/admin/audit", "/moderation/queue", "/questions"]) {
      const response = await request(app.app).get(pathname).set("Accept", browserAccept).expect(200);
      expect(response.text).toContain("spa-index");
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("API clients (no Accept, */*, JSON) reach the API on the same paths", async () => {
    expect((await request(app.app).get("/teams").expect(200)).body).toBeInstanceOf(Array);
    expect((await request(app.app).get("/teams").set("Accept", "*/*").expect(200)).body).toBeInstanceOf(Array);
    expect((await request(app.app).get("/teams").set("Accept", "application/json").expect(200)).body).toBeInstanceOf(Array);
  });

  it("server pages are never replaced by the SPA", async () => {
    expect((await request(app.app).get("/health").set("Accept", browserAccept).expect(200)).body.status).toBe("ok");
    expect((await request(app.app).get("/auth/modes").set("Accept", browserAccept).expect(200)).body.modes).toBeDefined();
    for (const pathname of ["/auth/demo", "/auth/github/callback", "/pulse/respond", "/health/ready", "/events", "/docs", "/openapi.json"]) {
      expect(isServerPage(pathname)).toBe(true);
    }
    expect(isServerPage("/authors")).toBe(false);
  });

  it("built assets are served with long-lived caching", async () => {
    const response = await request(app.app).get("/assets/app-123.js").expect(200);
    expect(response.headers["cache-control"]).toContain("immutable");
  });

  it("built assets go out compressed as the browser accepts, brotli first (CONTRACT §8 static files)", async () => {
    // Node's own client: supertest would decompress the body before the test could see it.
    const server = await listen(app.app);
    const fetchRaw = (acceptEncoding: string | undefined) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const headers = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
        http
          .get(`${server.url}/assets/app-123.js`, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
    const cases: Array<[string | undefined, string | undefined, (body: Buffer) => Buffer]> = [
      ["gzip, deflate, br, zstd", "br", (body) => zlib.brotliDecompressSync(body)],
      ["gzip", "gzip", (body) => zlib.gunzipSync(body)],
      [undefined, undefined, (body) => body],
      ["identity", undefined, (body) => body],
    ];
    try {
      for (const [accept, encoding, decode] of cases) {
        const response = await fetchRaw(accept);
        expect(response.headers["content-encoding"], accept).toBe(encoding);
        expect(response.headers["content-type"]).toMatch(/javascript/);
        expect(response.headers["vary"]).toMatch(/Accept-Encoding/i);
        expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(decode(response.body).toString("utf8")).toBe(SCRIPT);
        if (encoding) expect(response.body.length).toBeLessThan(SCRIPT.length / 5);
      }
    } finally {
      await server.close();
    }
    // index.html is never cached, compressed or not.
    const index = await request(app.app).get("/").set("Accept", browserAccept).set("Accept-Encoding", "br, gzip").expect(200);
    expect(index.headers["cache-control"]).toBe("no-cache");
  });
});

describe("OpenAPI", () => {
  it("every `pattern` of /openapi.json is a plain ECMA-262 expression that accepts what the API accepts", async () => {
    const app = await createTestApp();
    try {
      const document = (await request(app.app).get("/openapi.json").expect(200)).body;
      const patterns: string[] = [];
      const walk = (node: unknown): void => {
        if (Array.isArray(node)) node.forEach(walk);
        else if (node && typeof node === "object") {
          for (const [key, value] of Object.entries(node)) {
            if (key === "pattern" && typeof value === "string") patterns.push(value);
            else walk(value);
          }
        }
      };
      walk(document);
      expect(patterns.length).toBeGreaterThan(0);
      for (const pattern of patterns) {
        expect(() => new RegExp(pattern, "u"), pattern).not.toThrow();
        // A regular-expression literal's flags copied into the text would match nothing.
        expect(pattern, pattern).not.toMatch(/\/[a-z]+$/);
      }
      const action = document.paths["/admin/audit-logs"].get.parameters.find((parameter: { name: string }) => parameter.name === "action");
      const actionPattern = new RegExp(action.schema.pattern, "u");
      for (const accepted of ["question.create", "team*", "team_member.add"]) expect(actionPattern.test(accepted), accepted).toBe(true);
      expect(actionPattern.test("drop table;")).toBe(false);
    } finally {
      await app.close();
    }
  });

  it("/openapi.json documents every mounted route, and /docs serves the browser", async () => {
    const app = await createTestApp();
    try {
      const document = (await request(app.app).get("/openapi.json").expect(200)).body;
      expect(document.openapi).toBe("3.1.0");
      for (const route of app.routes) {
        const pathKey = route.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
        expect(document.paths[pathKey]?.[route.method], `${route.method} ${route.path}`).toBeDefined();
      }
      // The server pages outside the route table too, each answering as documented.
      for (const [method, pathname] of [
        ["get", "/health"],
        ["get", "/health/live"],
        ["get", "/health/ready"],
        ["get", "/metrics"],
        ["get", "/email/unsubscribe"],
        ["post", "/email/unsubscribe"],
        ["post", "/email/resubscribe"],
        ["get", "/openapi.json"],
        ["get", "/docs"],
      ] as const) {
        const documented = document.paths[pathname]?.[method];
        expect(documented, `${method} ${pathname}`).toBeDefined();
        const answered = await request(app.app)[method](pathname).set("Accept", "application/json");
        expect(Object.keys(documented.responses), `${method} ${pathname} answered ${answered.status}`).toContain(String(answered.status));
      }
      const docs = await request(app.app).get("/docs").expect(200);
      expect(docs.text).toContain("swagger-ui");
      await request(app.app).get("/docs/assets/swagger-ui-bundle.js").expect(200);
    } finally {
      await app.close();
    }
  });
});

describe("production's HTTPS-only headers", () => {
  it("upgrade-insecure-requests and HSTS go on HTTPS requests only, so production over plain HTTP still loads its scripts", async () => {
    const app = await createTestApp({ redis: true, env: { NODE_ENV: "production", AUTH_MODE_DEMO: "true" } });
    try {
      const plain = await request(app.app).get("/health/live").expect(200);
      expect(plain.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(plain.headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
      expect(plain.headers["strict-transport-security"]).toBeUndefined();
      // Through the trusted proxy (loopback), over HTTPS.
      const secure = await request(app.app).get("/health/live").set("X-Forwarded-Proto", "https").expect(200);
      expect(secure.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
      expect(secure.headers["strict-transport-security"]).toBe("max-age=15552000; includeSubDomains");
    } finally {
      await app.close();
    }
  });
});
