import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtFrontend } from "../../src/platform/http/spa.js";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture, insertQuestion, type TenantFixture } from "../helpers/factories.js";

const PLACEHOLDER = '<div class="boot-title"></div>';
const INDEX = `<!doctype html><html><body><div id="root"><!--first-screen-->${PLACEHOLDER}<!--/first-screen--></div></body></html>`;

/**
 * A team board's first questions written into index.html (a slow phone shows them before the app
 * has run): exactly what GET /questions would show the caller, and nothing a visitor may not read.
 */
describe("the board's first screen in index.html", () => {
  let app: TestApp;
  let open: TenantFixture;
  let closed: TenantFixture;
  let distDir: string;

  const page = (tenant: string, pathname: string) => request(app.app).get(pathname).set("Accept", "text/html").set("x-tenant-id", tenant);

  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), "qa-first-screen-"));
    fs.writeFileSync(path.join(distDir, "index.html"), INDEX);
    app = await createTestApp({ web: builtFrontend(distDir) });
    open = await createTenantFixture(app.db, { settings: { features: { allowAnonymousQuestions: true } } });
    closed = await createTenantFixture(app.db, { settings: { features: { allowAnonymousQuestions: false } } });
    const { db } = app;
    await insertQuestion(db, open.tenant.id, open.teams.a.id, { body: "Top voted: when is the offsite?", upvoteCount: 40 });
    await insertQuestion(db, open.tenant.id, open.teams.a.id, { body: "<img src=x onerror=alert(1)> & more?", upvoteCount: 30 });
    await insertQuestion(db, open.tenant.id, open.teams.a.id, {
      body: "Asked anonymously by a member",
      authorId: open.users.member.id,
      anonymous: true,
      upvoteCount: 20,
    });
    await insertQuestion(db, open.tenant.id, open.teams.a.id, {
      body: "Still waiting for a moderator",
      authorId: open.users.member.id,
      status: "UNDER_REVIEW",
    });
    await insertQuestion(db, open.tenant.id, open.teams.a.id, { body: "Already answered earlier", responseText: "Yes." });
    await insertQuestion(db, open.tenant.id, open.teams.b.id, { body: "A question of the other team" });
    await insertQuestion(db, closed.tenant.id, closed.teams.a.id, { body: "Only for signed-in people", upvoteCount: 5 });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it("shows a visitor the team's open questions, most votes first, as text that cannot become markup", async () => {
    const response = await page(open.tenant.slug, `/${open.teams.a.slug}`).expect(200);
    const body = response.text;
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(body).not.toContain(PLACEHOLDER);
    // Each written text in an element of its own direction (CONTRACT §3), as in the web app.
    expect(body).toContain(`<h1 class="boot-team" dir="auto">${open.teams.a.name}</h1>`);
    expect(body).toContain('<p class="boot-text" dir="auto">Top voted: when is the offsite?</p>');
    expect(body.indexOf("Top voted: when is the offsite?")).toBeLessThan(body.indexOf("&lt;img src=x onerror=alert(1)&gt; &amp; more?"));
    expect(body).not.toContain("<img src=x");
    expect(body).toContain('<div class="boot-vote boot-count">40</div>');
  });

  it("writes no author, nothing under review, answered or of another team", async () => {
    const body = (await signIn(app, open.tenant.slug, "member").then((member) => member.agent.get(`/${open.teams.a.slug}`).set("Accept", "text/html"))).text;
    expect(body).toContain("Asked anonymously by a member");
    expect(body).not.toContain(open.users.member.name);
    for (const hidden of ["Still waiting for a moderator", "Already answered earlier", "A question of the other team"]) expect(body).not.toContain(hidden);
  });

  it("gives a visitor nothing where the organisation keeps questions for signed-in people; a member gets them", async () => {
    const visitorPage = (await page(closed.tenant.slug, `/${closed.teams.a.slug}`).expect(200)).text;
    expect(visitorPage).toContain(PLACEHOLDER);
    expect(visitorPage).not.toContain("Only for signed-in people");

    const member = await signIn(app, closed.tenant.slug, "member");
    const memberPage = (await member.agent.get(`/${closed.teams.a.slug}`).set("Accept", "text/html").expect(200)).text;
    expect(memberPage).toContain("Only for signed-in people");
  });

  it("never writes one tenant's questions into another tenant's page, even for a signed-in member of the first", async () => {
    const member = await signIn(app, open.tenant.slug, "member");
    // The session's tenant wins over the header (as for the API): the page is the member's own tenant's.
    const across = (await member.agent.get(`/${closed.teams.a.slug}`).set("Accept", "text/html").set("x-tenant-id", closed.tenant.slug).expect(200)).text;
    expect(across).not.toContain("Only for signed-in people");
    const visitorAcross = (await page(closed.tenant.slug, `/${open.teams.a.slug}`).expect(200)).text;
    expect(visitorAcross).not.toContain("Top voted: when is the offsite?");
  });

  it("leaves the plain skeleton on other pages, unknown teams and unknown tenants", async () => {
    for (const pathname of ["/admin", "/login", `/${open.teams.a.slug}/open/present`, "/no-such-team"]) {
      const response = await page(open.tenant.slug, pathname).expect(200);
      expect(response.text, pathname).toContain(PLACEHOLDER);
      expect(response.headers["cache-control"], pathname).toBe("no-cache");
    }
    const unknownTenant = await page("no-such-tenant", `/${open.teams.a.slug}`).expect(200);
    expect(unknownTenant.text).toContain(PLACEHOLDER);
  });
});
