import request from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { createTenantFixture } from "../helpers/factories.js";

/** GET /tenant `address`: the start of every team's join address (CONTRACT §8 "The room"). */
describe("the tenant's address", () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it("is the tenant's subdomain under BASE_DOMAIN, with FRONTEND_URL's scheme and port", async () => {
    app = await createTestApp({ env: { BASE_DOMAIN: "qa.example.com", FRONTEND_URL: "https://qa.example.com:8443" } });
    const other = await createTenantFixture(app.db);
    const response = await request(app.app).get("/tenant").set("x-tenant-id", other.tenant.slug).expect(200);
    expect(response.body.address).toBe(`https://${other.tenant.slug}.qa.example.com:8443`);
  });

  it("is FRONTEND_URL without subdomains", async () => {
    app = await createTestApp({ env: { FRONTEND_URL: "https://questions.example.org/" } });
    const response = await request(app.app).get("/tenant").expect(200);
    expect(response.body.address).toBe("https://questions.example.org");
  });

  it("is null when neither is configured, rather than a guessed localhost", async () => {
    app = await createTestApp({ env: { FRONTEND_URL: undefined, BASE_URL: undefined, BASE_DOMAIN: undefined } });
    const response = await request(app.app).get("/tenant").expect(200);
    expect(response.body.address).toBeNull();
  });
});
