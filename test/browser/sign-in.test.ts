import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { expectAccessible, signInAs, startHarness, type Harness } from "./harness.js";

describe("browser: sign-in and the app shell", () => {
  let harness: Harness;
  let fixture: TenantFixture;

  beforeAll(async () => {
    // With Redis, so the health page has a key-value store to report on.
    harness = await startHarness({ redis: true });
    fixture = await createTenantFixture(harness.app.db);
  });
  afterAll(() => harness?.close());

  it("renders the sign-in page from /auth/modes and signs in a demo user into their team board", async () => {
    const context = await harness.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy|Refused to/.test(message.text())) errors.push(message.text());
    });
    await page.goto("/login");
    await page.getByRole("heading", { name: "Sign in to Team Q&A" }).waitFor();
    // The default tenant's demo accounts, as /auth/modes lists them; no OAuth buttons when no provider is configured.
    for (const username of ["admin", "moderator", "alice", "bob"]) {
      await expect(page.getByRole("link", { name: new RegExp(`Continue as ${username}`) }).count()).resolves.toBe(1);
    }
    await expect(page.getByRole("link", { name: /Sign in with GitHub/ }).count()).resolves.toBe(0);
    await expectAccessible(page, "sign-in");

    // Typing another organisation lists that organisation's demo accounts.
    await page.getByLabel("Organisation").fill(fixture.tenant.slug);
    await page.getByRole("link", { name: /Continue as alice/ }).waitFor({ state: "detached" });
    await page.getByRole("link", { name: /Continue as admin/ }).waitFor();
    // Any seeded account can sign in by its username.
    await page.getByLabel("Another demo account").fill("member");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(`**/${fixture.teams.a.slug}`);
    await page.getByRole("heading", { level: 1, name: fixture.teams.a.name }).waitFor();
    await expect(page.getByText(fixture.users.member.name).first().isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
  });

  it("an invalid or unknown organisation is pointed out before signing in", async () => {
    const context = await harness.newContext();
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("Organisation").fill("Not A Slug!");
    await page.getByText("Use the organisation's short name").waitFor();
    // The account buttons lose their address: nothing can be followed with an invalid organisation.
    await expect(page.locator("a.demo-user", { hasText: "Continue as admin" }).getAttribute("href")).resolves.toBeNull();
    await expect(page.getByRole("textbox", { name: "Organisation" }).getAttribute("aria-invalid")).resolves.toBe("true");
    await page.getByLabel("Organisation").fill("no-such-organisation");
    await page.getByText("No organisation is named “no-such-organisation”.").waitFor();
  });

  it("shows the teams of the tenant on the start page and signs out", async () => {
    const context = await harness.newContext();
    const page = await signInAs(context, fixture.tenant.slug, "admin");
    // Signing in lands on one's own team board; the start page lists every team.
    await page.waitForURL(`**/${fixture.teams.a.slug}`);
    await page.goto("/");
    await page.getByRole("heading", { name: /Welcome/ }).waitFor();
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: fixture.teams.a.name, exact: true }).count()).resolves.toBe(1);
    await expect(main.getByRole("link", { name: fixture.teams.b.name, exact: true }).count()).resolves.toBe(1);
    // Waited for, not read at once: the row of links settles after the header measures what fits.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).waitFor({ state: "visible", timeout: 5000 });
    await expectAccessible(page, "home");

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("link", { name: "Sign in" }).first().waitFor();
    const me = await page.evaluate(() => fetch("/auth/me", { headers: { Accept: "application/json" } }).then((response) => response.status));
    expect(me).toBe(401);
  });

  it("a member sees no Admin or Moderation links and is refused the admin panel", async () => {
    const context = await harness.newContext();
    const page = await signInAs(context, fixture.tenant.slug, "member", "/admin");
    await page.getByRole("heading", { name: "Not allowed" }).waitFor();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Admin" }).count()).resolves.toBe(0);
    await expect(nav.getByRole("link", { name: "Moderation" }).count()).resolves.toBe(0);
  });

  it("shows API, database and Redis status on /admin/health for an admin", async () => {
    const context = await harness.newContext();
    const page = await signInAs(context, fixture.tenant.slug, "admin", "/admin/health");
    await page.getByRole("heading", { name: "Health" }).waitFor();
    const table = page.getByRole("table");
    await table.getByRole("rowheader", { name: "Database" }).waitFor();
    await expect(table.getByRole("row", { name: /Database/ }).textContent()).resolves.toMatch(/connected.*Latency \d+ms/);
    await expect(table.getByRole("row", { name: /Redis/ }).textContent()).resolves.toMatch(/connected.*Latency \d+ms/);
    await expect(table.getByRole("row", { name: /Rate limiting/ }).textContent()).resolves.toMatch(/disabled.*\d+ requests checked against the limits/);
    await expect(table.getByRole("row", { name: /Sign-in/ }).textContent()).resolves.toMatch(/development.*demo/);
    await expect(table.getByRole("row", { name: /Uptime/ }).textContent()).resolves.toMatch(/\d+s/);
    await expectAccessible(page, "admin health");
  });

  it("tells the user when the session ended elsewhere and offers to sign in again", async () => {
    const context = await harness.newContext();
    const page = await signInAs(context, fixture.tenant.slug, "member", `/${fixture.teams.a.slug}`);
    await page.getByRole("banner").getByText("Live", { exact: true }).waitFor();
    // Signed out in another tab of the same browser, then the stream reconnects.
    await page.evaluate(async () => {
      const { csrfToken } = await fetch("/auth/csrf", { headers: { Accept: "application/json" } }).then((response) => response.json());
      await fetch("/auth/logout", { method: "POST", headers: { Accept: "application/json", "x-csrf-token": csrfToken } });
    });
    harness.dropConnections();
    await page.getByRole("alert").filter({ hasText: "Your session has ended." }).waitFor();
    await page.getByRole("link", { name: "Sign in again" }).click();
    await page.getByRole("heading", { name: "Sign in to Team Q&A" }).waitFor();
    expect(new URL(page.url()).searchParams.get("returnTo")).toBe(`/${fixture.teams.a.slug}`);
  });

  it("a visitor browses and asks anonymously without any stored session; a signed-in user's first write carries the CSRF header", async () => {
    const kv = harness.app.kv!;
    const sessions = async () => (await kv.keys(`${harness.app.config.kv.prefix}sess:*`)).sort();
    const before = await sessions();
    const context = await harness.browser.newContext({ baseURL: harness.baseUrl, extraHTTPHeaders: { "x-tenant-id": fixture.tenant.slug } });
    const page = await context.newPage();
    const csrfAnswers: unknown[] = [];
    page.on("response", async (response) => {
      if (new URL(response.url()).pathname === "/auth/csrf") csrfAnswers.push(await response.json());
    });
    await page.goto("/login");
    await page.getByRole("heading", { name: "Sign in to Team Q&A" }).waitFor();
    await page.goto(`/${fixture.teams.a.slug}`);
    const body = "Will the office be open between the holidays this year?";
    await page.getByLabel("Your question").fill(body);
    await page.getByText("You are not signed in: your question will be posted anonymously.").waitFor();
    await page.getByRole("button", { name: "Ask question" }).click();
    await page.getByText("Your question is on the board.").waitFor();
    expect(csrfAnswers).toEqual([{ csrfToken: null }]);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("qa.sid");
    expect(await sessions()).toEqual(before);
    await context.close();

    // Signed in, the same client fetches a real token and sends it: the write goes through.
    const member = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", `/${fixture.teams.a.slug}`);
    const sent: Array<string | undefined> = [];
    member.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/questions") sent.push(request.headers()["x-csrf-token"]);
    });
    const signedIn = "Could the team calendar show everyone's time zone?";
    await member.getByLabel("Your question").fill(signedIn);
    await member.getByRole("button", { name: "Ask question" }).click();
    await member.getByText("Your question is on the board.").waitFor();
    expect(sent).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
  });

  it("works on a phone-sized screen: the sign-in page has no horizontal scroll", async () => {
    const context = await harness.newContext({ viewport: { width: 375, height: 740 }, isMobile: true });
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByRole("heading", { name: "Sign in to Team Q&A" }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

describe("browser: sign-in with GitHub and Google enabled", () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({
      env: { GITHUB_CLIENT_ID: "gh-client", GITHUB_CLIENT_SECRET: "gh-secret", GOOGLE_CLIENT_ID: "google-client", GOOGLE_CLIENT_SECRET: "google-secret" },
    });
  });
  afterAll(() => harness?.close());

  it("shows both provider buttons, carrying the organisation and the page to return to", async () => {
    const page = await (await harness.newContext()).newPage();
    await page.goto("/login?returnTo=/engineering");
    const github = page.getByRole("link", { name: "Sign in with GitHub" });
    const google = page.getByRole("link", { name: "Sign in with Google" });
    await github.waitFor();
    await expect(github.getAttribute("href")).resolves.toBe("/auth/github?returnTo=%2Fengineering");
    await page.getByLabel("Organisation").fill("acme");
    await expect(google.getAttribute("href")).resolves.toBe("/auth/google?tenant=acme&returnTo=%2Fengineering");
    await expectAccessible(page, "sign-in with providers");
  });

  it("an organisation's company sign-in comes first, follows the organisation typed in, and stands alone when required", async () => {
    const open = await createTenantFixture(harness.app.db, {
      settings: { auth: { oidc: { issuer: "https://login.example.test", clientId: "team-qa", buttonLabel: "Sign in with Example ID" } } },
    });
    const closed = await createTenantFixture(harness.app.db, {
      settings: {
        auth: {
          requireSso: true,
          saml: { entryPoint: "https://idp.example.test/sso", idpCertificate: "MIIC".padEnd(200, "A"), buttonLabel: "Sign in with Closed SSO" },
        },
      },
    });
    const page = await (await harness.newContext()).newPage();
    await page.goto("/login?returnTo=/engineering");
    await page.getByRole("link", { name: "Sign in with GitHub" }).waitFor();
    await expect(page.getByRole("heading", { name: "With your company account" }).count()).resolves.toBe(0);

    await page.getByLabel("Organisation").fill(open.tenant.slug);
    const openButton = page.getByRole("link", { name: "Sign in with Example ID" });
    await openButton.waitFor();
    await expect(openButton.getAttribute("href")).resolves.toBe(`/auth/oidc?tenant=${open.tenant.slug}&returnTo=%2Fengineering`);
    // First: before GitHub and Google, as the primary button.
    const links = await page.locator("a.button").evaluateAll((anchors) => anchors.map((anchor) => anchor.textContent?.trim()));
    expect(links.slice(0, 3)).toEqual(["Sign in with Example ID", "Sign in with GitHub", "Sign in with Google"]);
    await expectAccessible(page, "sign-in with a company button");

    // Another organisation: the first one's button goes (it would start the wrong organisation's sign-in), the other's comes alone.
    await page.getByLabel("Organisation").fill(closed.tenant.slug);
    await openButton.waitFor({ state: "detached" });
    const closedButton = page.getByRole("link", { name: "Sign in with Closed SSO" });
    await closedButton.waitFor();
    await expect(closedButton.getAttribute("href")).resolves.toBe(`/auth/saml?tenant=${closed.tenant.slug}&returnTo=%2Fengineering`);
    await page.getByText(`${closed.tenant.name} signs in with its company account.`).waitFor();
    await expect(page.getByRole("link", { name: /GitHub|Google|Continue as/ }).count()).resolves.toBe(0);
    await expectAccessible(page, "sign-in when company sign-in is required");

    await page.getByLabel("Organisation").fill("");
    await closedButton.waitFor({ state: "detached" });
    await page.getByRole("link", { name: "Sign in with GitHub" }).waitFor();
  });
});

describe("browser: production reached over plain HTTP, FRONTEND_URL unset (docker compose at http://localhost:3000)", () => {
  let harness: Harness;
  let fixture: TenantFixture;

  beforeAll(async () => {
    harness = await startHarness({
      redis: true,
      env: { NODE_ENV: "production", AUTH_MODE_DEMO: "true", BASE_URL: undefined, FRONTEND_URL: undefined },
    });
    fixture = await createTenantFixture(harness.app.db);
  });
  afterAll(() => harness?.close());

  it("demo sign-in sticks on http://localhost:<port> (a cookie without Secure), lands on that address, and a write works", async () => {
    // The browser uses another name for this server than the configured BASE_URL (localhost:3000):
    // like a phone using the LAN address, it must stay on the address it used.
    const origin = harness.baseUrl.replace("127.0.0.1", "localhost");
    const context = await harness.browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      // A visitor's 401s on the sign-in page are expected; a blocked or upgraded request is not.
      if (message.type() === "error" && /Content Security Policy|Refused to|Mixed Content|ERR_/.test(message.text())) errors.push(message.text());
    });
    await page.goto("/login");
    await page.getByLabel("Organisation").fill(fixture.tenant.slug);
    await page.getByRole("link", { name: /Continue as admin/ }).waitFor();
    await page.getByLabel("Another demo account").fill("member");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(`${origin}/${fixture.teams.a.slug}`);
    await page.getByRole("heading", { level: 1, name: fixture.teams.a.name }).waitFor();
    await expect(page.getByText(fixture.users.member.name).first().isVisible()).resolves.toBe(true);

    const cookie = (await context.cookies()).find((candidate) => candidate.name === "qa.sid");
    expect(cookie).toMatchObject({ httpOnly: true, secure: false, sameSite: "Lax" });

    const body = "Can we move the all-hands to Thursday afternoons?";
    await page.getByLabel("Your question").fill(body);
    await page.getByRole("button", { name: "Ask question" }).click();
    await page.getByText("Your question is on the board.").waitFor();
    await page.getByRole("article", { name: body }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe("browser: production with no server-wide sign-in (company sign-in only)", () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ redis: true, env: { NODE_ENV: "production" } });
  });
  afterAll(() => harness?.close());

  it("says when an organisation has no way to sign in, and offers its company button once it has one", async () => {
    const none = await createTenantFixture(harness.app.db);
    const company = await createTenantFixture(harness.app.db, {
      settings: { auth: { oidc: { issuer: "https://login.example.test", clientId: "team-qa" } } },
    });
    const page = await (await harness.newContext()).newPage();
    await page.goto("/login");
    await page.getByLabel("Organisation").fill(none.tenant.slug);
    const notice = page.getByText("No sign-in mode is enabled for this organisation.");
    await notice.waitFor();

    await page.getByLabel("Organisation").fill(company.tenant.slug);
    await page.getByRole("link", { name: "Sign in with your company account" }).waitFor();
    await expect(notice.count()).resolves.toBe(0);
    // Not required: no line saying it is the only way.
    await expect(page.getByText("signs in with its company account").count()).resolves.toBe(0);
    await expectAccessible(page, "sign-in with only a company button");
  });
});
