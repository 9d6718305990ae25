import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../helpers/app.js";
import { createTenantFixture } from "../helpers/factories.js";
import { TestOpenIdProvider } from "../helpers/oidc-provider.js";
import { expectAccessible, signInAs, startHarness, type Harness } from "./harness.js";

/**
 * CONTRACT §10 from the admin pages to a person signed in, in a real browser against a real
 * OpenID provider: an owner sets up OpenID Connect, tests it in a new tab, requires it, and a
 * member then signs in with the company button alone.
 */
describe("browser: an organisation moves to company sign-in, end to end", () => {
  let harness: Harness;
  let idp: TestOpenIdProvider;

  beforeAll(async () => {
    harness = await startHarness();
    idp = await TestOpenIdProvider.start({ redirectUri: `${harness.baseUrl}/auth/oidc/callback` });
  });
  afterAll(async () => {
    await harness?.close();
    await idp?.close();
  });

  it("an owner sets up and tests OpenID Connect, requires it, and a member signs in with the company button", async () => {
    const fixture = await createTenantFixture(harness.app.db, { settings: { users: { signup: "invite" } } });
    const context = await harness.newContext();
    const page = await signInAs(context, fixture.tenant.slug, "owner", "/admin/sign-in");
    const card = page.getByRole("region", { name: "OpenID Connect" });
    await card.getByLabel("Issuer URL").fill(idp.issuer);
    await card.getByLabel("Client ID").fill(idp.clientId);
    await card.getByLabel("Client secret").fill(idp.clientSecret);
    await card.getByLabel("Button label").fill("Sign in with Corp ID");
    await card.getByRole("button", { name: "Save OpenID Connect" }).click();
    await card.getByText("OpenID Connect saved.").waitFor();

    // The test goes through the provider in a new tab and reports whom it would sign in; the owner stays the owner.
    idp.signInAs({ sub: "test-owner", email: fixture.users.owner.email, email_verified: true, name: "Olivia Owner" });
    const [report] = await Promise.all([context.waitForEvent("page"), card.getByRole("link", { name: "Test sign-in" }).click()]);
    await report.getByRole("heading", { name: "Test sign-in succeeded" }).waitFor();
    await report.getByText(fixture.users.owner.email).first().waitFor();
    await expectAccessible(report, "test sign-in report");
    await report.close();

    const toggle = page.getByRole("switch", { name: "Require company sign-in" });
    await toggle.click();
    await page.getByRole("dialog", { name: "Require company sign-in?" }).getByRole("button", { name: "Require company sign-in" }).click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    // Still signed in: requiring company sign-in ends nobody's session.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Company sign-in" }).waitFor();

    // A member, in their own browser: the sign-in page offers the company button alone, and it works.
    const member = await (await harness.newContext()).newPage();
    await member.goto(`/login?tenant=${fixture.tenant.slug}&returnTo=/alpha`);
    const button = member.getByRole("link", { name: "Sign in with Corp ID" });
    await button.waitFor();
    await expect(member.getByRole("heading", { name: "Demo accounts" }).count()).resolves.toBe(0);
    idp.signInAs({ sub: "member-at-corp", email: fixture.users.member.email, email_verified: true, name: "Max Member" });
    await button.click();
    await member.waitForURL(`${harness.baseUrl}/alpha`);
    const me = await member.evaluate(async () => (await fetch("/auth/me")).json());
    expect(me.user).toMatchObject({ id: fixture.users.member.id, email: fixture.users.member.email });
    await expectAccessible(member, "the board after company sign-in");

    // Demo sign-in is refused for this organisation now, with a page that says why.
    const demo = await (await harness.newContext()).newPage();
    const refused = await demo.goto(`/auth/demo?user=memberb&tenant=${fixture.tenant.slug}`);
    expect(refused?.status()).toBe(403);
    await demo.getByText("signs in with its company account only").waitFor();
    const ownerApi = await signIn(harness.app, fixture.tenant.slug, "owner").catch((error: Error) => error);
    expect(ownerApi).toBeInstanceOf(Error);
  });
});
