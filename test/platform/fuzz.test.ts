import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnyRoute } from "../../src/platform/http/route.js";
import { createTestApp, signIn, visitor, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";

/**
 * A bounded fuzz over every mounted route that changes state (and the query strings of every
 * read): malformed JSON, wrong types, huge and deeply nested bodies, unicode, injection strings
 * and hostile path parameters. Whatever the input, the answer is never a 5xx and every error
 * carries CONTRACT §1's body.
 */
const HOSTILE_STRINGS = [
  "",
  " ",
  "'; drop table questions; --",
  '" OR 1=1 --',
  "<script>alert(1)</script>",
  "${7*7}{{7*7}}",
  "../../../../etc/passwd",
  "\u0000",
  "\ud800",
  "🚀".repeat(300),
  "ｆｕｌｌｗｉｄｔｈ",
  "Ω≈ç√∫˜µ≤≥÷",
  "x".repeat(20_000),
  "%00%0d%0a",
  "=cmd|' /C calc'!A0",
  "null",
  "-1",
  "1e309",
];
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  Number.POSITIVE_INFINITY,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  [1, "a"],
  {},
  { $gt: "" },
  "2026-13-45T99:99:99Z",
];
const HOSTILE_PATH_VALUES = ["not-a-uuid", "00000000-0000-4000-8000-000000000000", "%27%20OR%201%3D1", "..%2F..%2Fetc", "%00", "a".repeat(500), "-1"];

/** Deterministic pseudo-random choice, so a failure reproduces. */
function chooser(seed: number) {
  let state = seed >>> 0;
  return <T>(list: readonly T[]): T => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return list[state % list.length] as T;
  };
}

function nested(depth: number): unknown {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

/** Bodies for a route: raw strings that are not valid JSON objects, then objects with hostile field values. */
function bodiesFor(route: AnyRoute, pick: ReturnType<typeof chooser>): Array<string | object> {
  const shape = route.body as { shape?: Record<string, unknown>; def?: { innerType?: { shape?: Record<string, unknown> } } } | undefined;
  const fields = Object.keys(shape?.shape ?? shape?.def?.innerType?.shape ?? {});
  const keys = fields.length ? fields : ["body", "name", "id"];
  const bodies: Array<string | object> = ['{"unterminated": ', "[1,2,3]", "null", "42", '"just a string"', '{"a":1,"a":2}', JSON.stringify(nested(200))];
  for (let round = 0; round < 6; round += 1) {
    const body: Record<string, unknown> = {};
    for (const key of keys) body[key] = round % 2 === 0 ? pick(HOSTILE_STRINGS) : pick(HOSTILE_VALUES);
    if (round === 5) body.__proto__extra = { polluted: true };
    bodies.push(body);
  }
  bodies.push(Object.fromEntries(keys.map((key) => [key, "x".repeat(200_000)])));
  return bodies;
}

function fillPath(path: string, value: string): string {
  return path.replace(/:([A-Za-z]+)/g, () => value);
}

describe("bounded fuzz: no input gives a 5xx", () => {
  let app: TestApp;
  let t: TenantFixture;
  let owner: ApiClient;
  /** Ids of real records of the tenant, so requests get past "not found" into the services. */
  let realIds: string[];

  beforeAll(async () => {
    app = await createTestApp();
    t = await createTenantFixture(app.db);
    owner = await signIn(app, t.tenant.slug, "owner");
    const question = (await owner.post("/questions", { body: "A real question for the fuzzer to aim at", teamId: t.teams.a.id }).expect(201)).body;
    const tag = (await owner.get("/tags").expect(200)).body[1];
    realIds = [t.teams.a.id, t.users.member.id, question.id, tag.id];
  });
  afterAll(() => app.close());

  const expectContractError = (label: string, response: { status: number; body: unknown; headers: Record<string, string> }) => {
    expect(response.status, label).toBeLessThan(500);
    if (response.status >= 400 && String(response.headers["content-type"]).includes("json")) {
      expect(response.body, label).toMatchObject({
        error: { code: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) },
        requestId: expect.any(String),
      });
    }
  };

  it("every mutating route, as the owner (past authentication, into validation and the services)", async () => {
    const pick = chooser(20261123);
    // Signing out would end the session the rest of the fuzz relies on.
    const mutating = app.routes.filter((route) => route.method !== "get" && route.path !== "/auth/logout");
    expect(mutating.length).toBeGreaterThan(10);
    for (const route of mutating) {
      for (const body of bodiesFor(route, pick)) {
        const path = fillPath(route.path, pick([...HOSTILE_PATH_VALUES, ...realIds]));
        const label = `${route.method.toUpperCase()} ${path.slice(0, 80)} ${typeof body === "string" ? body.slice(0, 40) : JSON.stringify(body).slice(0, 60)}`;
        let request = owner.agent[route.method](path).set("x-csrf-token", owner.csrfToken);
        request = typeof body === "string" ? request.set("content-type", "application/json").send(body) : request.send(body);
        expectContractError(label, await request);
      }
    }
  });

  it("every mutating route, as a visitor and with valid ids of the tenant", async () => {
    const pick = chooser(7);
    const guest = visitor(app, { "x-tenant-id": t.tenant.slug });
    for (const route of app.routes.filter((candidate) => candidate.method !== "get")) {
      for (const body of bodiesFor(route, pick).slice(7, 10)) {
        const path = fillPath(route.path, pick(realIds));
        expectContractError(`visitor ${route.method} ${path}`, await guest[route.method === "delete" ? "delete" : route.method](path, body as object));
      }
    }
  });

  it("every read route with hostile query strings", async () => {
    const pick = chooser(99);
    for (const route of app.routes.filter((candidate) => candidate.method === "get")) {
      const shape = route.query as { shape?: Record<string, unknown>; def?: { in?: { shape?: Record<string, unknown> } } } | undefined;
      const keys = Object.keys(shape?.shape ?? shape?.def?.in?.shape ?? {});
      for (let round = 0; round < 4; round += 1) {
        const params = new URLSearchParams();
        for (const key of [...keys, "unknown"]) params.append(key, pick(HOSTILE_STRINGS).slice(0, 3000));
        if (round === 3) for (const key of keys) params.append(key, "repeated");
        const path = `${fillPath(route.path, pick(HOSTILE_PATH_VALUES))}?${params.toString()}`;
        expectContractError(`GET ${path.slice(0, 120)}`, await owner.get(path));
      }
    }
  });

  it("bodies over the size limit are 413 PAYLOAD_TOO_LARGE", async () => {
    const response = await owner.post("/questions", { body: "x".repeat(200_000), teamId: t.teams.a.id }).expect(413);
    expect(response.body.error.code).toBe("PAYLOAD_TOO_LARGE");
  });
});
