import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.js";

/**
 * Client errors of operations that no module suite provokes: what /openapi.json lists for them
 * is proved here (the contract recorder checks each answer against the document).
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app.close();
});

describe("the public reads of a tenant refuse a tenant that does not exist", () => {
  it.each(["/auth/modes", "/auth/session", "/auth/csrf", "/tenant"])("GET %s with an unknown x-tenant-id is 404 TENANT_NOT_FOUND, naming it", async (path) => {
    const response = await request(app.app).get(path).set("x-tenant-id", "no-such-tenant").expect(404);
    expect(response.body.error).toMatchObject({ code: "TENANT_NOT_FOUND", message: "Tenant 'no-such-tenant' not found." });
    expect(response.body.requestId).toEqual(expect.any(String));
  });
});
