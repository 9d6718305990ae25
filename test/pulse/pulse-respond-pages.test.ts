import { randomUUID } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contrastRatio } from "../../src/platform/colour.constants.js";
import { pageColours } from "../../src/modules/pulse/pulse.respond.pages.js";
import { DEFAULT_TENANT_SETTINGS } from "../../src/platform/tenant-settings.schemas.js";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { addInvite } from "../helpers/pulse.js";

const FRONTEND = "https://qa.example.org";
const themed = (theme: "executive-blue" | "modern-purple" | "refined-teal", primaryColor: string | null = null) => ({
  ...DEFAULT_TENANT_SETTINGS,
  branding: { ...DEFAULT_TENANT_SETTINGS.branding, theme, primaryColor },
});

/** The invalid-link page names the link's own organisation and offers the way into the app; a forged link learns nothing. */
describe("pulse respond pages: the organisation, a way on, and dark mode", () => {
  let app: TestApp;
  let owner: TenantFixture;
  let other: TenantFixture;

  beforeAll(async () => {
    app = await createTestApp({ env: { FRONTEND_URL: FRONTEND } });
    owner = await createTenantFixture(app.db, { settings: { pulse: { enabled: true }, branding: { theme: "refined-teal" } } });
    other = await createTenantFixture(app.db, { settings: { pulse: { enabled: true }, branding: { theme: "modern-purple" } } });
  });
  afterAll(() => app.close());

  const page = (query: string) => request(app.app).get(`/pulse/respond${query}`).set("Accept", "text/html");
  const expiredInvite = () =>
    addInvite(app.db, { tenantId: owner.tenant.id, userId: owner.users.member.id, sentAt: "2020-01-01T09:00:00Z", expiresAt: "2020-01-08T09:00:00Z" });

  it("an expired link of a known organisation names it, uses its colour and links to its questions", async () => {
    const { token } = await expiredInvite();
    const response = await page(`?token=${token}&score=4`).expect(400);
    expect(response.text).toContain("This link can no longer be used");
    expect(response.text).toContain(`<p class="org">${owner.tenant.name}</p>`);
    expect(response.text).toContain(`<a href="${FRONTEND}/">Go to ${owner.tenant.name}&rsquo;s questions</a>`);
    expect(response.text).toContain(`--brand: ${pageColours(themed("refined-teal")).light};`);
    expect(response.text).not.toContain(other.tenant.name);
  });

  it("the link's organisation wins over the one the visitor is signed in to", async () => {
    const { token } = await expiredInvite();
    const signedInElsewhere = await signIn(app, other.tenant.slug, "member");
    const response = await signedInElsewhere.agent.get(`/pulse/respond?token=${token}`).set("Accept", "text/html").expect(400);
    expect(response.text).toContain(owner.tenant.name);
    expect(response.text).not.toContain(other.tenant.name);
  });

  it("a forged or broken token gets the neutral page: no organisation's name, slug or colour, and a plain way into the app", async () => {
    for (const query of [`?token=${randomUUID()}&score=3`, "?token=not-a-token&score=3", "?score=3"]) {
      for (const tenantHeader of [undefined, other.tenant.slug]) {
        const call = page(query);
        if (tenantHeader) call.set("x-tenant-id", tenantHeader);
        const response = await call.expect(400);
        expect(response.text, query).toContain("This link can no longer be used");
        for (const fixture of [owner, other]) {
          expect(response.text, query).not.toContain(fixture.tenant.name);
          expect(response.text, query).not.toContain(fixture.tenant.slug);
        }
        expect(response.text, query).not.toContain('class="org"');
        expect(response.text, query).toContain('<a href="/">Go to Team Q&amp;A</a>');
        expect(response.text, query).not.toContain(pageColours(themed("modern-purple")).light);
      }
    }
  });

  it("the pages follow the device's dark preference with styles only: the CSP allows no inline script", async () => {
    const { token } = await expiredInvite();
    const response = await page(`?token=${token}`).expect(400);
    expect(response.text).toContain("@media (prefers-color-scheme: dark)");
    expect(response.text).toContain('<meta name="color-scheme" content="light dark">');
    expect(response.text).not.toMatch(/<script|\son[a-z]+=/i);
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
  });

  it("the brand colour is shaded for each scheme until text in it reads at 4.5:1, however pale or dark the admin's choice", () => {
    for (const primaryColor of ["#ffff00", "#000080", "#808080", null]) {
      for (const theme of ["executive-blue", "modern-purple", "refined-teal"] as const) {
        const colours = pageColours(themed(theme, primaryColor));
        expect(contrastRatio(colours.light, "#ffffff"), `${theme} ${primaryColor} light`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(colours.light, "#f3f4f6"), `${theme} ${primaryColor} light page`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(colours.dark, "#162033"), `${theme} ${primaryColor} dark`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(colours.dark, "#0b1120"), `${theme} ${primaryColor} dark page`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(colours.light, colours.onLight)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(colours.dark, colours.onDark)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
