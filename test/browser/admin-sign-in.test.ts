import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, type ApiClient } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { expectAccessible, signInAs, startHarness, type Harness } from "./harness.js";

/** A self-signed certificate, as an identity provider's admin page hands it out (PEM). */
const IDP_CERTIFICATE = [
  "-----BEGIN CERTIFICATE-----",
  "MIIDFzCCAf+gAwIBAgIUHVMS6ccOuv0fayizSxG4PtUCql8wDQYJKoZIhvcNAQEL",
  "BQAwGzEZMBcGA1UEAwwQaWRwLmV4YW1wbGUudGVzdDAeFw0yNjExMjgxNzU3NDFa",
  "Fw0zNjExMjUxNzU3NDFaMBsxGTAXBgNVBAMMEGlkcC5leGFtcGxlLnRlc3QwggEi",
  "MA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQCeUxD+2V7+Tdvv0jcVhYXNxs9l",
  "MDCag5x5y/gb91St3+jLMNmUhA2O2N2jytFqvmxnKLf6BW4Q0SgA1CBkXOxuPYKv",
  "1EGJl1ECG7/ZyoL8JLgXhSmVw8E3yWrQee9z+/hUJL0D/em5r+Vb4MDi7K8O5T/t",
  "t0/fPsIcrdJxWQRqTlMNpbFZ9N7W1nO9ZyyUpVnTg95DYt+zbh0RMhDQZPj67K7/",
  "EPumsPH2gd9TwHW2HN7fSRMzk5kUmcNqROXfvKlrvp++N9Dn7Ncg83fLQvSq756f",
  "euUi4jJfYh14jspOXs6gFrq/qOyamGBXsHA3dE7IDfFSppdFbhpZbfRxu4J1AgMB",
  "AAGjUzBRMB0GA1UdDgQWBBQnsdVvwhp/Or3STYFevzllekxS0TAfBgNVHSMEGDAW",
  "gBQnsdVvwhp/Or3STYFevzllekxS0TAPBgNVHRMBAf8EBTADAQH/MA0GCSqGSIb3",
  "DQEBCwUAA4IBAQA92lKkQT2k0TUqRqi2bYz6N+yrkUJlM5bSV5q3/whV/joki9hY",
  "0dBZR3M3C4j2zHafHVl/hy0RgiLA1rMrVDwJ3V0hosf1cr04WcgG989IS+nFagkE",
  "7etErB1L34uhn3k+5GK9RqqxdAmecsBdzix2F5A9j2Qx1sLAPjR2M1iWo3K/Jevo",
  "YpCscj3lgaWq4agdHBvRb30JGM9RufK/aO5jV/i5YF9hooFd6X8XXfnrFj/mM04b",
  "YdvYMapmyiGx2WzGTloVdemk13lYYWe/jK7Kmd86PW7Tr3AbvZ4ZmFuvWgzbqbwP",
  "DRU9pejdUhiGhtFRH23an9lMGhzzv6jtTxFU",
  "-----END CERTIFICATE-----",
].join("\n");

const PHONE = { width: 390, height: 844 };

const fitsWidth = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** The value shown under a label of the values to enter at the identity provider. */
const shownValue = (page: Page, label: string) => page.locator("dl.copy-values > div", { has: page.locator("dt", { hasText: label }) }).locator("code");

/** The message under a field, as its aria-describedby names it. */
const fieldError = (page: Page, label: string) =>
  page.evaluate((name) => {
    const field = [...document.querySelectorAll("label")].find((label) => label.textContent?.trim() === name);
    const input = field && document.getElementById(field.htmlFor);
    const ids = input?.getAttribute("aria-describedby")?.split(" ") ?? [];
    return ids.map((id) => document.getElementById(id)).find((element) => element?.classList.contains("field-error"))?.textContent ?? null;
  }, label);

/** Admin › Company sign-in (CONTRACT §10): OpenID Connect and SAML set up by an owner, required or not, read-only for admins. */
describe("browser: the company sign-in section of the admin panel", () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness?.close());

  const newTenant = async (): Promise<{ fixture: TenantFixture; ownerApi: ApiClient }> => {
    const fixture = await createTenantFixture(harness.app.db);
    return { fixture, ownerApi: await signIn(harness.app, fixture.tenant.slug, "owner") };
  };

  it("an owner sets up OpenID Connect: a bad issuer is marked on its field, the secret is never shown back, the redirect URI copies", async () => {
    const { fixture, ownerApi } = await newTenant();
    const context = await harness.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: harness.baseUrl });
    const page = await signInAs(context, fixture.tenant.slug, "owner", "/admin/sign-in");
    await page.getByRole("heading", { level: 1, name: "Company sign-in" }).waitFor();
    const card = page.getByRole("region", { name: "OpenID Connect" });
    // Nothing to require or test before a provider is saved.
    await expect(page.getByRole("switch", { name: "Require company sign-in" }).isDisabled()).resolves.toBe(true);
    await expect(card.getByRole("button", { name: "Test sign-in" }).isDisabled()).resolves.toBe(true);
    await card.getByText("Save first: the test uses the saved settings.").waitFor();
    await expect(card.getByLabel("Scopes").inputValue()).resolves.toBe("openid email profile");
    await expectAccessible(page, "company sign-in, nothing set up");

    const secret = "s3cr3t-from-the-provider-7f1c";
    await card.getByLabel("Issuer URL").fill("acme.okta.com");
    await card.getByLabel("Client ID").fill("0oa1qa-client");
    await card.getByLabel("Client secret").fill(secret);
    await card.getByRole("button", { name: "Save OpenID Connect" }).click();
    await card.getByText("Not saved: one field needs a change (marked above).").waitFor();
    expect(await fieldError(page, "Issuer URL")).toBe("Enter a web address starting with https://.");
    await expect(card.getByLabel("Issuer URL").getAttribute("aria-invalid")).resolves.toBe("true");
    expect((await ownerApi.get("/admin/tenant-settings").expect(200)).body.auth.oidc).toBeNull();
    await expectAccessible(page, "company sign-in, a refused issuer");

    await card.getByLabel("Issuer URL").fill("https://acme.okta.com");
    // The message was about the old value.
    expect(await fieldError(page, "Issuer URL")).toBeNull();
    await card.getByRole("button", { name: "Save OpenID Connect" }).click();
    await card.getByText("OpenID Connect saved.").waitFor();
    await card.getByText("A secret is stored. Leave empty to keep it").waitFor();
    await expect(card.getByLabel("Client secret").inputValue()).resolves.toBe("");
    expect(await page.content()).not.toContain(secret);
    const stored = (await ownerApi.get("/admin/tenant-settings").expect(200)).body.auth.oidc;
    expect(stored).toEqual({
      issuer: "https://acme.okta.com",
      clientId: "0oa1qa-client",
      clientSecretSet: true,
      scopes: ["openid", "email", "profile"],
      buttonLabel: "Sign in with your company account",
    });

    // What to register at the provider, copied as shown.
    const redirectUri = `${harness.baseUrl}/auth/oidc/callback`;
    await expect(shownValue(page, "Redirect URI").textContent()).resolves.toBe(redirectUri);
    await card.getByRole("button", { name: "Copy redirect URI" }).click();
    await card.getByRole("button", { name: "Copied redirect URI" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(redirectUri);

    // The test sign-in starts this organisation's sign-in in a new tab, in test mode.
    const test = card.getByRole("link", { name: "Test sign-in" });
    await expect(test.getAttribute("href")).resolves.toBe(`${harness.baseUrl}/auth/oidc?tenant=${fixture.tenant.slug}&test=true`);
    await expect(test.getAttribute("target")).resolves.toBe("_blank");

    // Saving other fields keeps the secret; removing it makes a public client.
    await card.getByLabel("Button label").fill("Sign in with Okta");
    await card.getByRole("button", { name: "Save OpenID Connect" }).click();
    await card.getByText("OpenID Connect saved.").waitFor();
    expect((await ownerApi.get("/admin/tenant-settings").expect(200)).body.auth.oidc).toMatchObject({
      buttonLabel: "Sign in with Okta",
      clientSecretSet: true,
    });
    await card.getByLabel("Remove secret (public client)").check();
    await expect(card.getByLabel("Client secret").isDisabled()).resolves.toBe(true);
    await card.getByRole("button", { name: "Save OpenID Connect" }).click();
    await card.getByText("Leave empty for a public client (PKCE only).").waitFor();
    expect((await ownerApi.get("/admin/tenant-settings").expect(200)).body.auth.oidc).toMatchObject({ clientSecretSet: false });
    await expect(card.getByLabel("Remove secret (public client)").count()).resolves.toBe(0);

    // Removing asks first.
    await card.getByRole("button", { name: "Remove OpenID Connect" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove OpenID Connect?" });
    await dialog.getByText("The “Sign in with Okta” button leaves the sign-in page").waitFor();
    await expectAccessible(page, "remove OpenID Connect dialog");
    await dialog.getByRole("button", { name: "Remove OpenID Connect" }).click();
    await card.getByText("OpenID Connect removed.").waitFor();
    expect((await ownerApi.get("/admin/tenant-settings").expect(200)).body.auth.oidc).toBeNull();
    await expect(card.getByLabel("Issuer URL").inputValue()).resolves.toBe("");
  });

  it("an owner sets up SAML: the values for the identity provider, a refused certificate on its field, an entity ID of their own", async () => {
    const { fixture, ownerApi } = await newTenant();
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "owner", "/admin/sign-in");
    const card = page.getByRole("region", { name: "SAML" });
    const metadataUrl = `${harness.baseUrl}/auth/saml/metadata?tenant=${fixture.tenant.slug}`;
    await expect(shownValue(page, "Entity ID").textContent()).resolves.toBe(metadataUrl);
    await expect(shownValue(page, "ACS URL").textContent()).resolves.toBe(`${harness.baseUrl}/auth/saml/callback`);
    await expect(shownValue(page, "Metadata URL").textContent()).resolves.toBe(metadataUrl);
    await expect(card.getByLabel("SP entity ID (optional)").getAttribute("placeholder")).resolves.toBe(metadataUrl);

    await card.getByLabel("IdP SSO URL").fill("https://idp.example.test/sso/saml");
    await card.getByLabel("IdP signing certificate").fill("not a certificate at all, ".repeat(5));
    await card.getByRole("button", { name: "Save SAML" }).click();
    await card.getByText("Not saved: one field needs a change (marked above).").waitFor();
    expect(await fieldError(page, "IdP signing certificate")).toBe("Must be a certificate in PEM or base64.");

    await card.getByLabel("IdP signing certificate").fill(IDP_CERTIFICATE);
    await card.getByRole("button", { name: "Save SAML" }).click();
    await card.getByText("SAML saved.").waitFor();
    expect((await ownerApi.get("/admin/tenant-settings").expect(200)).body.auth.saml).toEqual({
      entryPoint: "https://idp.example.test/sso/saml",
      idpCertificate: IDP_CERTIFICATE,
      issuer: null,
      buttonLabel: "Sign in with your company account",
    });
    await expect(card.getByRole("link", { name: "Test sign-in" }).getAttribute("href")).resolves.toBe(
      `${harness.baseUrl}/auth/saml?tenant=${fixture.tenant.slug}&test=true`,
    );

    await card.getByLabel("SP entity ID (optional)").fill("urn:example:team-qa");
    await card.getByRole("button", { name: "Save SAML" }).click();
    await card.getByText("SAML saved.").waitFor();
    await expect.poll(() => shownValue(page, "Entity ID").textContent()).toBe("urn:example:team-qa");
    await expectAccessible(page, "company sign-in with SAML");
  });

  it("requiring company sign-in asks first; the sign-in page then offers only the company button", async () => {
    const { fixture, ownerApi } = await newTenant();
    await ownerApi
      .post("/admin/tenant-settings", { auth: { oidc: { issuer: "https://login.example.test", clientId: "team-qa", buttonLabel: "Sign in with Example ID" } } })
      .expect(200);
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "owner", "/admin/sign-in");
    const toggle = page.getByRole("switch", { name: "Require company sign-in" });
    await toggle.waitFor();
    await expect(toggle.isDisabled()).resolves.toBe(false);

    // Cancelled: nothing changes.
    await toggle.click();
    const dialog = page.getByRole("dialog", { name: "Require company sign-in?" });
    await dialog.getByText(`Demo, GitHub and Google sign-in stop for everyone in ${fixture.tenant.name}, you included.`).waitFor();
    await dialog.getByText("Sessions already open and API tokens keep working").waitFor();
    await dialog.getByText("Run a test sign-in first").waitFor();
    await expectAccessible(page, "require company sign-in dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(toggle.isChecked()).resolves.toBe(false);
    expect((await ownerApi.get("/admin/tenant-settings").expect(200)).body.auth.requireSso).toBe(false);

    await toggle.click();
    await dialog.getByRole("button", { name: "Require company sign-in" }).click();
    await page.getByText("Company sign-in is now required.").waitFor();
    await expect(toggle.isChecked()).resolves.toBe(true);
    expect((await ownerApi.get("/admin/tenant-settings").expect(200)).body.auth.requireSso).toBe(true);

    // A visitor typing the organisation's name gets its company button alone, leading to its sign-in.
    const visitor = await (await harness.newContext()).newPage();
    await visitor.goto("/login?returnTo=/alpha");
    await visitor.getByRole("link", { name: /Continue as admin/ }).waitFor();
    await visitor.getByLabel("Organisation").fill(fixture.tenant.slug);
    const company = visitor.getByRole("link", { name: "Sign in with Example ID" });
    await company.waitFor();
    await expect(company.getAttribute("href")).resolves.toBe(`/auth/oidc?tenant=${fixture.tenant.slug}&returnTo=%2Falpha`);
    await visitor.getByText(`${fixture.tenant.name} signs in with its company account.`).waitFor();
    await expect(visitor.getByRole("link", { name: /Continue as/ }).count()).resolves.toBe(0);
    await expect(visitor.getByRole("heading", { name: "Demo accounts" }).count()).resolves.toBe(0);
    await expect(visitor.getByText("No sign-in mode is enabled").count()).resolves.toBe(0);
    await expectAccessible(visitor, "sign-in page, company sign-in required");
    // Back to this address's organisation: its demo accounts, no company button.
    await visitor.getByLabel("Organisation").fill("");
    await company.waitFor({ state: "detached" });
    await visitor.getByRole("link", { name: /Continue as admin/ }).waitFor();

    // The only company sign-in cannot go while it is required.
    const oidc = page.getByRole("region", { name: "OpenID Connect" });
    await oidc.getByRole("button", { name: "Remove OpenID Connect" }).click();
    await page.getByRole("dialog", { name: "Remove OpenID Connect?" }).getByRole("button", { name: "Remove OpenID Connect" }).click();
    await oidc.getByText("Company sign-in is required, so at least one provider must stay.").waitFor();
    expect((await ownerApi.get("/admin/tenant-settings").expect(200)).body.auth.oidc).toMatchObject({ clientId: "team-qa" });

    // Turning it off takes no confirmation: it opens sign-in up again.
    await toggle.click();
    await page.getByText("Company sign-in is no longer required").waitFor();
    await expect(toggle.isChecked()).resolves.toBe(false);
    expect((await ownerApi.get("/admin/tenant-settings").expect(200)).body.auth.requireSso).toBe(false);
  });

  it("an admin sees the section read-only, with a line saying why, and can still copy the values and test", async () => {
    const { fixture, ownerApi } = await newTenant();
    await ownerApi
      .post("/admin/tenant-settings", {
        auth: {
          oidc: { issuer: "https://login.example.test", clientId: "team-qa", clientSecret: "kept-secret" },
          saml: { entryPoint: "https://idp.example.test/sso", idpCertificate: IDP_CERTIFICATE },
        },
      })
      .expect(200);
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/sign-in");
    await page.getByText("Only an owner of the organisation can change how its people sign in").waitFor();
    const oidc = page.getByRole("region", { name: "OpenID Connect" });
    await expect(oidc.getByLabel("Issuer URL").inputValue()).resolves.toBe("https://login.example.test");
    for (const label of ["Issuer URL", "Client ID", "Client secret", "Scopes", "Button label"]) {
      await expect(oidc.getByLabel(label).isDisabled(), label).resolves.toBe(true);
    }
    await expect(page.getByRole("region", { name: "SAML" }).getByLabel("IdP signing certificate").isDisabled()).resolves.toBe(true);
    await expect(page.getByRole("switch", { name: "Require company sign-in" }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: /^Save|^Remove/ }).count()).resolves.toBe(0);
    await expect(oidc.getByRole("button", { name: "Copy redirect URI" }).isEnabled()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Test sign-in" }).count()).resolves.toBe(2);
    await expectAccessible(page, "company sign-in, read-only for an admin");
  });

  for (const colorScheme of ["light", "dark"] as const) {
    it(`fits a 390px phone in ${colorScheme}: the admin section and the sign-in page when company sign-in is required`, async () => {
      const { fixture, ownerApi } = await newTenant();
      // Signed in before company sign-in is required: a session already open keeps working.
      const context = await harness.newContext({ viewport: PHONE, isMobile: true });
      const page = await signInAs(context, fixture.tenant.slug, "owner", "/admin");
      await ownerApi
        .post("/admin/tenant-settings", {
          auth: {
            requireSso: true,
            oidc: { issuer: "https://login.microsoftonline.com/4f6a1e0b-2c55-4d8e-9a11-0f3b2c7d9e01/v2.0", clientId: "c0ffee00-1234-5678-9abc-def012345678" },
            saml: {
              entryPoint: "https://idp.example.test/app/team-qa/sso/saml/a-rather-long-path",
              idpCertificate: IDP_CERTIFICATE,
              buttonLabel: "Sign in with SAML",
            },
          },
        })
        .expect(200);
      await page.goto("/admin/sign-in");
      await page.emulateMedia({ colorScheme });
      await page.getByRole("heading", { level: 1, name: "Company sign-in" }).waitFor();
      await page.getByRole("region", { name: "SAML" }).getByText("Set up", { exact: true }).waitFor();
      await fitsWidth(page, PHONE.width);
      await expectAccessible(page, `company sign-in on a phone (${colorScheme})`, { scheme: colorScheme });

      const visitorContext = await harness.browser.newContext({
        baseURL: harness.baseUrl,
        viewport: PHONE,
        isMobile: true,
        extraHTTPHeaders: { "x-tenant-id": fixture.tenant.slug },
      });
      const visitor = await visitorContext.newPage();
      await visitor.emulateMedia({ colorScheme });
      await visitor.goto("/login");
      // This address's organisation requires it: both company buttons at once, nothing else.
      await visitor.getByRole("link", { name: "Sign in with your company account" }).waitFor();
      await visitor.getByRole("link", { name: "Sign in with SAML" }).waitFor();
      await visitor.getByText(`${fixture.tenant.name} signs in with its company account.`).waitFor();
      await expect(visitor.getByRole("link", { name: /Continue as/ }).count()).resolves.toBe(0);
      await fitsWidth(visitor, PHONE.width);
      await expectAccessible(visitor, `sign-in page on a phone, company sign-in required (${colorScheme})`, { scheme: colorScheme });
      await visitorContext.close();
    });
  }
});
