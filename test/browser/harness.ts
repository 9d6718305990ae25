import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { builtFrontend } from "../../src/platform/http/spa.js";
import { createTestApp, type TestApp, type TestAppOptions } from "../helpers/app.js";
import { builtArtifact } from "../setup/background-build.js";

/**
 * Browser tests: the real app (built web app included) on a real port, driven by Debian's
 * Chromium through playwright-core. Each test file starts one harness and its own tenants.
 */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Debian's headless shell (package chromium-headless-shell, the same Chromium without the
 * browser's windows and their UI processes) where it is installed: it runs the browser suites in
 * about half the CPU of the full browser's headless mode. Otherwise the full browser.
 */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium";
}
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface Harness {
  app: TestApp;
  baseUrl: string;
  browser: Browser;
  /** A fresh browser profile (cookies, storage): one person. */
  newContext(options?: { viewport?: { width: number; height: number }; isMobile?: boolean }): Promise<BrowserContext>;
  /** Cuts every open connection (SSE streams included), as a network drop or a proxy restart would. */
  dropConnections(): void;
  close(): Promise<void>;
}

export async function startHarness(options: Omit<TestAppOptions, "web"> = {}): Promise<Harness> {
  // Listen first: the app must know its own address for the sign-in redirects.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const app = await createTestApp({
    ...options,
    env: { BASE_URL: baseUrl, FRONTEND_URL: baseUrl, LOG_LEVEL: "warn", ...options.env },
    web: builtFrontend(await builtArtifact(inject("webDist"))),
  });
  server.on("request", app.app);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
  const contexts: BrowserContext[] = [];
  return {
    app,
    baseUrl,
    browser,
    async newContext(contextOptions = {}) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: contextOptions.viewport ?? { width: 1280, height: 800 },
        isMobile: contextOptions.isMobile,
      });
      contexts.push(context);
      return context;
    },
    dropConnections() {
      server.closeAllConnections();
    },
    async close() {
      await Promise.allSettled(contexts.map((context) => context.close()));
      await browser.close();
      // SSE streams never end by themselves: cut every connection so close() returns.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
    },
  };
}

/** Signs a browser profile in through demo mode, landing on `returnTo`. */
export async function signInAs(context: BrowserContext, tenantSlug: string, username: string, returnTo = "/"): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/auth/demo?user=${encodeURIComponent(username)}&tenant=${encodeURIComponent(tenantSlug)}&returnTo=${encodeURIComponent(returnTo)}`);
  return page;
}

/**
 * Runs axe-core in the page and fails on any serious or critical violation, naming each one.
 * `scheme` first waits until the page shows that colour scheme (<html data-color-scheme>), so a
 * check meant for dark mode cannot pass on the light page.
 */
export async function expectAccessible(page: Page, screen: string, options: { scheme?: "light" | "dark" } = {}): Promise<void> {
  // Waited for: the page follows an emulated scheme through a media-query listener, which a loaded machine runs a moment later.
  if (options.scheme) {
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.colorScheme), { message: `colour scheme of ${screen}`, timeout: 5000 })
      .toBe(options.scheme);
  }
  // Evaluated through the DevTools protocol: the page's CSP (no inline scripts) does not apply to it.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe;
    // label-content-name-mismatch is off by default in axe: a control's accessible name must
    // contain the text it shows (WCAG 2.5.3), which speech users say to press it.
    const result = await axe.run(document, { resultTypes: ["violations"], rules: { "label-content-name-mismatch": { enabled: true } } });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
    }));
  });
  const blocking = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(blocking, `axe on ${screen}`).toEqual([]);
}

/** axe in the light scheme, then in the dark one (the device's preference, which the app follows), then light again. */
export async function expectAccessibleInBothSchemes(page: Page, screen: string): Promise<void> {
  const scheme = () => page.evaluate(() => document.documentElement.dataset.colorScheme);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect.poll(scheme, { timeout: 15_000, interval: 100 }).toBe(colorScheme);
    await expectAccessible(page, `${screen} (${colorScheme})`, { scheme: colorScheme });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/**
 * After the page has drawn two more frames: React has rendered what the last input changed and run
 * its effects (the timers they start or clear), before a test moves the page's clock on.
 */
export async function afterRender(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** The computed value of a CSS custom property on <html>. */
export async function cssVariable(page: Page, name: string): Promise<string> {
  return page.evaluate((variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(), name);
}

/**
 * The sizes and colour schemes a screen is checked in, paired so that each size and each scheme
 * comes once: a phone in dark, a laptop in light. Layout follows the width and colours follow the
 * scheme, independently (colours are CSS variables that no layout rule reads), so the other two
 * combinations would repeat these checks at the cost of a browser run each.
 */
export function sizesAndSchemes<P, L>(phone: P, laptop: L): ReadonlyArray<readonly ["phone", P, "dark"] | readonly ["laptop", L, "light"]> {
  return [
    ["phone", phone, "dark"],
    ["laptop", laptop, "light"],
  ] as const;
}
