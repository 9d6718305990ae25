import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture, insertUser, type TenantFixture } from "../helpers/factories.js";
import { listen, openEventStream, type EventStream } from "../helpers/sse.js";
import { PATCH_SCHEMA, scimClient, scimToken } from "./scim-helpers.js";

/** CONTRACT §4/§10: a person the identity provider deactivates loses their live streams too, within seconds, whatever opened them. */
describe("SCIM deactivation ends live streams", () => {
  let app: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  let fixture: TenantFixture;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    app = await createTestApp({ tuning: { streamCheckMs: 500 } });
    server = await listen(app.app);
    fixture = await createTenantFixture(app.db);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await server.close();
    await app.close();
  });

  const open = async (headers: Record<string, string>) => {
    const stream = await openEventStream(server.url, "/events", headers);
    streams.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  };
  const endsWithin = (stream: EventStream, ms: number) =>
    Promise.race([stream.closed.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

  it("Entra ID's PATCH active \"False\" ends the session's stream and the API token's stream; reconnecting is 401", async () => {
    const person = await insertUser(app.db, fixture.tenant.id, { teamId: fixture.teams.a.id });
    const session = await signIn(app, fixture.tenant.slug, person.username);
    const token = (await session.post("/auth/tokens", { name: "dashboard" }).expect(201)).body.token as string;
    const bySession = await open({ cookie: session.cookie as string });
    const byToken = await open({ authorization: `Bearer ${token}` });
    const bystander = await open({ cookie: (await signIn(app, fixture.tenant.slug, "member")).cookie as string });

    await scimClient(app, await scimToken(app, fixture.tenant.slug))
      .patch(`/Users/${person.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: "Replace", path: "active", value: "False" }] })
      .expect(200);

    expect(await endsWithin(bySession, 5000)).toBe(true);
    expect(await endsWithin(byToken, 5000)).toBe(true);
    expect(await endsWithin(bystander, 1000)).toBe(false);
    expect((await openEventStream(server.url, "/events", { cookie: session.cookie as string })).status).toBe(401);
    expect((await openEventStream(server.url, "/events", { authorization: `Bearer ${token}` })).status).toBe(401);
  });
});
