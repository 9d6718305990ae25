import fs from "node:fs/promises";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_TYPES_COMMAND, API_TYPES_FILE, renderApiTypes } from "../../scripts/api-types.js";
import { createTestApp, type TestApp } from "../helpers/app.js";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app.close();
});

describe("the web app's API types (web/src/shared/api-types.gen.ts)", () => {
  it("are what openapi-typescript makes of today's /openapi.json", async () => {
    const document = (await request(app.app).get("/openapi.json").expect(200)).body;
    const fresh = await renderApiTypes(document);
    const checkedIn = await fs.readFile(API_TYPES_FILE, "utf8").catch(() => "");
    const freshLines = fresh.split("\n");
    const firstDifference = checkedIn.split("\n").findIndex((line, index) => line !== freshLines[index]);
    // A route or schema changed without the web app's types: its calls would be checked against an old API.
    expect(
      checkedIn === fresh,
      `web/src/shared/api-types.gen.ts is out of date with /openapi.json (from line ${firstDifference + 1}): run \`${API_TYPES_COMMAND}\` and commit the result`,
    ).toBe(true);
  });
});
