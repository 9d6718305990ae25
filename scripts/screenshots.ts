import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext } from "playwright-core";

/**
 * Screenshots of every page, as each role sees it, at phone and laptop size in light and dark,
 * for a design review side by side (docs/DESIGN.md). Runs against a service started with demo data
 * (`npm start`); writes one PNG per view and one contact sheet per page (the four views together).
 *
 *   npm start &   npm run screenshots -- [base URL] [output folder]
 *   SCREENSHOTS_ONLY=admin npm run screenshots   (only the views whose name contains "admin")
 */
const baseUrl = process.argv[2] ?? "http://localhost:3000";
const outputDir = path.resolve(process.argv[3] ?? "screenshots");
const tenant = "default";

interface View {
  name: string;
  /** Demo user to sign in as; none is a visitor. */
  user?: string;
  path: string;
  /** Only this size (the presenter is a big screen). */
  only?: Size;
}
interface Size {
  name: string;
  width: number;
  height: number;
  mobile: boolean;
}

const phone: Size = { name: "phone", width: 390, height: 844, mobile: true };
const laptop: Size = { name: "laptop", width: 1280, height: 800, mobile: false };
const bigScreen: Size = { name: "screen", width: 1920, height: 1080, mobile: false };

const nameFilter = process.env.SCREENSHOTS_ONLY;
const allViews: View[] = [
  { name: "visitor-home", path: "/" },
  { name: "visitor-sign-in", path: "/login" },
  { name: "visitor-board", path: "/engineering" },
  { name: "member-home", user: "alice", path: "/" },
  { name: "member-board", user: "alice", path: "/engineering" },
  { name: "member-account", user: "alice", path: "/account" },
  { name: "member-not-found", user: "alice", path: "/no-such-page/at-all" },
  { name: "moderator-board", user: "moderator", path: "/engineering" },
  { name: "moderator-queue", user: "moderator", path: "/moderation/queue" },
  { name: "admin-settings", user: "admin", path: "/admin" },
  { name: "admin-users", user: "admin", path: "/admin/users" },
  { name: "admin-teams", user: "admin", path: "/admin/teams" },
  { name: "admin-tags", user: "admin", path: "/admin/tags" },
  { name: "admin-pulse", user: "admin", path: "/admin/pulse" },
  { name: "admin-email", user: "admin", path: "/admin/email" },
  { name: "admin-export", user: "admin", path: "/admin/data-export" },
  { name: "admin-audit", user: "admin", path: "/admin/audit" },
  { name: "admin-health", user: "admin", path: "/admin/health" },
  { name: "admin-sign-in", user: "owner", path: "/admin/sign-in" },
  { name: "admin-integrations", user: "admin", path: "/admin/integrations" },
  { name: "pulse-dashboard", user: "admin", path: "/pulse/dashboard" },
  { name: "pulse-link-invalid", path: "/pulse/respond?token=not-a-real-link&score=4" },
  { name: "presenter", user: "moderator", path: "/engineering/open/present", only: bigScreen },
];
/** SCREENSHOTS_ONLY=admin shoots only the views whose name contains "admin". */
const views = nameFilter ? allViews.filter((view) => view.name.includes(nameFilter)) : allViews;

async function signedInContext(browser: Browser, size: Size, scheme: "light" | "dark", user?: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: size.width, height: size.height },
    isMobile: size.mobile,
    hasTouch: size.mobile,
    colorScheme: scheme,
    reducedMotion: "reduce",
  });
  if (user) {
    const page = await context.newPage();
    await page.goto(`/auth/demo?user=${user}&tenant=${tenant}&returnTo=/`);
    await page.close();
  }
  return context;
}

async function shoot(browser: Browser, view: View, size: Size, scheme: "light" | "dark"): Promise<string> {
  const context = await signedInContext(browser, size, scheme, view.user);
  try {
    const page = await context.newPage();
    // Not "networkidle": a signed-in page holds its live stream open, so the network never rests.
    await page.goto(view.path, { waitUntil: "load" });
    await page.waitForTimeout(1500);
    const file = path.join(outputDir, `${view.name}.${size.name}.${scheme}.png`);
    await page.screenshot({ path: file, fullPage: size !== bigScreen });
    return file;
  } finally {
    await context.close();
  }
}

/** One image per page: its views beside each other, scaled to the same column width. */
async function contactSheet(browser: Browser, view: View, files: string[]): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1800, height: 1000 } });
  const cells = files
    .map((file) => {
      const data = fs.readFileSync(file).toString("base64");
      return `<figure><figcaption>${path.basename(file, ".png")}</figcaption><img src="data:image/png;base64,${data}"></figure>`;
    })
    .join("");
  await page.setContent(
    `<style>body{margin:0;display:flex;gap:12px;align-items:flex-start;font:14px sans-serif;background:#888}figure{margin:0;flex:1}img{width:100%;display:block}figcaption{padding:4px;background:#fff}</style>${cells}`,
  );
  await page.screenshot({ path: path.join(outputDir, `sheet.${view.name}.png`), fullPage: true });
  await page.close();
}

async function main(): Promise<void> {
  fs.mkdirSync(outputDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    for (const view of views) {
      const files: string[] = [];
      for (const size of view.only ? [view.only] : [phone, laptop]) {
        for (const scheme of ["light", "dark"] as const) files.push(await shoot(browser, view, size, scheme));
      }
      await contactSheet(browser, view, files);
      console.log(`${view.name}: ${files.length} views`);
    }
  } finally {
    await browser.close();
  }
  console.log(`Screenshots in ${outputDir}`);
}

await main();
