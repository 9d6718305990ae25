import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Plugin } from "vite";
import { chromium, type Browser } from "playwright-core";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { systemClock } from "../src/platform/clock.js";
import { openDatabase } from "../src/platform/db.js";
import { InProcessEventBus } from "../src/platform/events.js";
import { builtFrontend, type WebFrontend } from "../src/platform/http/spa.js";
import { createHttpServer } from "../src/platform/http/server.js";
import { createLogger } from "../src/platform/logger.js";
import { migrateToLatest } from "../src/platform/migrator.js";
import { InMemoryJobQueue } from "../src/platform/queue.js";
import { createPulseSealer } from "../src/modules/pulse/index.js";
import { seedDemoData } from "../seeds/demo.js";
import { insertQuestion } from "../test/helpers/factories.js";
import { machine, ROOT, saveResults } from "./lib.js";

/**
 * Issue 17: the first load of a team board on a slow phone, as a visitor opening a shared link.
 * Chromium (Debian's, through playwright-core) with DevTools throttling: 1.6 Mbps down, 750 kbps
 * up, 150 ms latency, CPU 4× slower, a 390×844 viewport, and a fresh browser context (cold HTTP
 * cache, new connections) for every run. Measured from navigation start: the first paint (the
 * skeleton in index.html), DOMContentLoaded (after the app's module script has run), and the
 * frame in which the first question card is in the page.
 *
 * Servers, in this one process: the app (buildApp, the real API on embedded PGlite, demo seed plus
 * 60 open questions on the Engineering board so its first page is a full 50) serving each build of
 * the web app in turn, and, as the floor, a bare node:http server sending the same files (their
 * brotli copies) and the API answers the app gave, recorded and replayed from memory.
 *
 * Builds of the web app, from the current sources unless stated:
 * - app: as shipped (skeleton, reads started by the prefetch chunk);
 * - prefetch off: the same sources with web/src/shared/prefetch.ts replaced at build time by a
 *   module that prefetches nothing (skeleton kept): the reads start when React asks for them;
 * - before: BENCH_BEFORE_REF=<git ref> builds that commit's web/ (read with `git archive`).
 * BENCH_RUNS (default 7) cold runs of each, after one warm-up of each; the order of the builds is
 * rotated run by run so that a slower minute of the machine does not fall on one build only.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const BEFORE_REF = process.env.BENCH_BEFORE_REF;
const BOARD = "/engineering";
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const VIEWPORT = { width: 390, height: 844 };
const PREFETCH_MODULE = path.join(ROOT, "web/src/shared/prefetch.ts");

interface Marks {
  firstPaint: number | null;
  domContentLoaded: number;
  /** A question's text on screen: the server's first screen in index.html, or the app's card. */
  firstQuestion: number;
  /** The app's own card (votes work from here on). */
  firstCard: number;
}

/**
 * Records, from the page's own clock, the frame in which a question's text is first in the page
 * (the server-written first screen or the app's card), and the frame of the app's first card.
 */
const RECORD_FIRST_QUESTION = `(() => {
  const marks = (window.__firstLoad = {});
  new MutationObserver((_, observer) => {
    if (marks.firstQuestion === undefined && !marks.textSeen && document.querySelector(".boot-question, .question-card")) {
      marks.textSeen = true;
      requestAnimationFrame(() => { marks.firstQuestion = performance.now(); });
    }
    if (!document.querySelector(".question-card")) return;
    observer.disconnect();
    requestAnimationFrame(() => { marks.firstCard = performance.now(); });
  }).observe(document, { childList: true, subtree: true });
})();`;

/** A build whose prefetch module starts nothing and hands nothing over (the API client then always fetches). */
const prefetchOff: Plugin = {
  name: "bench-prefetch-off",
  enforce: "pre",
  load: (id) =>
    id === PREFETCH_MODULE
      ? "export const takePrefetched = () => null; export const discardPrefetched = () => {}; export const startPrefetch = () => {};"
      : undefined,
};

async function buildWeb(outDir: string, options: { webRoot?: string; plugins?: Plugin[] } = {}): Promise<string> {
  const { build } = await import("vite");
  const webRoot = options.webRoot ?? path.join(ROOT, "web");
  // Vite picks React's production build from NODE_ENV.
  process.env.NODE_ENV = "production";
  await build({
    configFile: path.join(webRoot, "vite.config.ts"),
    root: webRoot,
    mode: "production",
    logLevel: "warn",
    plugins: options.plugins ?? [],
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  return outDir;
}

/** That commit's web app and the server files it imports, where Vite finds this checkout's node_modules. */
function checkoutOf(ref: string): string {
  const dir = path.join(ROOT, "node_modules/.cache", `qa-first-load-${ref.replace(/[^\w.-]/g, "_")}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const archive = execFileSync("git", ["archive", "--format=tar", ref, "web", "src"], { cwd: ROOT, maxBuffer: 256 * 2 ** 20 });
  execFileSync("tar", ["-x", "-C", dir], { input: archive });
  return dir;
}

async function startApp(web: WebFrontend) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "qa-first-load-db-"));
  const config = loadConfig({ PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "warn", SCHEDULER: "false", EMAIL_WORKER: "false" });
  const logger = createLogger({ level: "warn" });
  const database = await openDatabase({ ...config.database, logger });
  await migrateToLatest(database.db);
  await seedDemoData(database.db, { emailDomain: config.auth.demoEmailDomain, sealer: createPulseSealer([config.session.secret]) });
  const tenant = await database.db("tenants").where({ slug: "default" }).first();
  const team = await database
    .db("teams")
    .where({ tenant_id: tenant.id, slug: BOARD.slice(1) })
    .first();
  for (let i = 0; i < 60; i += 1) {
    await insertQuestion(database.db, tenant.id, team.id, {
      body: `Question ${i + 1}: how will the on-call rotation change when the platform team moves to the new region, and who decides? ${"Details. ".repeat(i % 6)}`,
      anonymous: i % 3 === 0,
      upvoteCount: (i * 7) % 23,
    });
  }
  const { app } = buildApp({ config, db: database.db, kv: null, logger, clock: systemClock, bus: new InProcessEventBus(), queue: new InMemoryJobQueue(), web });
  const server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Recorded {
  status: number;
  type: string;
  body: Buffer;
}

/** The floor: the same files and the same API answers from memory, no framework, no database. */
async function startBareServer(distDir: string, answers: Map<string, Recorded>) {
  const index = fs.readFileSync(path.join(distDir, "index.html"));
  const types: Record<string, string> = { ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml" };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const answer = answers.get(url.pathname + url.search);
    if (answer) {
      res.writeHead(answer.status, { "Content-Type": answer.type, "Cache-Control": "no-store" }).end(answer.body);
      return;
    }
    const file = path.join(distDir, path.normalize(url.pathname));
    if (url.pathname.includes(".") && file.startsWith(distDir) && fs.existsSync(file)) {
      const brotli = (req.headers["accept-encoding"] ?? "").includes("br") && fs.existsSync(`${file}.br`);
      res.writeHead(200, {
        "Content-Type": types[path.extname(file)] ?? "application/octet-stream",
        "Cache-Control": "public, max-age=31536000, immutable",
        ...(brotli ? { "Content-Encoding": "br", Vary: "Accept-Encoding" } : {}),
      });
      res.end(fs.readFileSync(brotli ? `${file}.br` : file));
      return;
    }
    if ((req.headers.accept ?? "").includes("text/html")) {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" }).end(index);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One cold load of the board under the phone's throttling; `record` keeps the API answers it saw. */
async function loadOnce(browser: Browser, baseUrl: string, record?: Map<string, Recorded>): Promise<Marks> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(RECORD_FIRST_QUESTION);
    if (record) {
      page.on("response", async (response) => {
        if (response.request().resourceType() !== "fetch") return;
        const url = new URL(response.url());
        const body = await response.body().catch(() => null);
        if (body) record.set(url.pathname + url.search, { status: response.status(), type: response.headers()["content-type"] ?? "application/json", body });
      });
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    if (process.env.BENCH_PROFILE)
      await browser.startTracing(page, { categories: ["devtools.timeline", "v8.execute", "disabled-by-default-devtools.timeline"] });
    await page.goto(baseUrl + BOARD, { waitUntil: "commit" });
    await page.waitForFunction(() => (window as unknown as { __firstLoad: { firstCard?: number } }).__firstLoad.firstCard !== undefined, null, {
      timeout: 60_000,
      polling: 100,
    });
    if (record) await page.waitForLoadState("networkidle");
    if (process.env.BENCH_TRACE) console.log(await page.evaluate(traceOfLoad));
    if (process.env.BENCH_PROFILE) console.log(mainThreadTime(await browser.stopTracing()));
    return await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-paint")[0];
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return {
        firstPaint: paint ? paint.startTime : null,
        domContentLoaded: navigation.domContentLoadedEventStart,
        firstQuestion: (window as unknown as { __firstLoad: { firstQuestion: number } }).__firstLoad.firstQuestion,
        firstCard: (window as unknown as { __firstLoad: { firstCard: number } }).__firstLoad.firstCard,
      };
    });
  } finally {
    await context.close();
  }
}

/** Where the load's time went (BENCH_TRACE=1): each request's start and end, the script's marks. */
function traceOfLoad(): string {
  const rows = performance.getEntriesByType("resource").map((entry) => {
    const resource = entry as PerformanceResourceTiming;
    return `${Math.round(resource.startTime)}–${Math.round(resource.responseEnd)} ms ${resource.name.replace(location.origin, "")} (${resource.encodedBodySize} B)`;
  });
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
  const marks = (window as unknown as { __firstLoad: { firstQuestion: number } }).__firstLoad;
  const paint = performance.getEntriesByName("first-paint")[0]?.startTime ?? Number.NaN;
  rows.push(
    `document ${Math.round(navigation.responseEnd)} ms, first paint ${Math.round(paint)} ms, DOMContentLoaded ${Math.round(navigation.domContentLoadedEventStart)} ms, first question ${Math.round(marks.firstQuestion)} ms`,
  );
  return rows.join("\n");
}

/** BENCH_PROFILE=1: the renderer main thread's busy time by kind of work, from a Chrome trace of the load. */
function mainThreadTime(trace: Buffer): string {
  const events = (
    JSON.parse(trace.toString()) as {
      traceEvents: Array<{ name: string; ph: string; dur?: number; ts: number; pid: number; tid: number; args?: { name?: string } }>;
    }
  ).traceEvents;
  // The page's renderer: of the renderer main threads in the trace, the busiest.
  const threads = events.filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain");
  const busy = (thread: (typeof events)[number]) =>
    events
      .filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.name === "RunTask")
      .reduce((total, event) => total + (event.dur ?? 0), 0);
  const main = threads.sort((a, b) => busy(b) - busy(a))[0];
  const onMain = events.filter((event) => main && event.pid === main.pid && event.tid === main.tid && event.ph === "X" && event.dur);
  const sum = (names: string[]) =>
    Math.round(onMain.filter((event) => names.includes(event.name)).reduce((total, event) => total + (event.dur as number), 0) / 1000);
  return [
    `main thread busy (tasks) ${sum(["RunTask"])} ms`,
    `script compile ${sum(["v8.compile", "v8.compileModule"])} ms, script run ${sum(["EvaluateScript", "v8.evaluateModule", "FunctionCall", "RunMicrotasks", "TimerFire", "FireAnimationFrame"])} ms`,
    `style ${sum(["UpdateLayoutTree"])} ms, layout ${sum(["Layout"])} ms, paint ${sum(["Paint", "PrePaint", "Layerize"])} ms, GC ${sum(["MinorGC", "MajorGC", "V8.GC_SCAVENGER", "V8.GC_MARK_COMPACTOR"])} ms, HTML ${sum(["ParseHTML"])} ms`,
  ].join("; ");
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};
const ms = (value: number) => `${Math.round(value)}`;

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "qa-first-load-"));
  const builds: Array<{ name: string; dist: string; server: "app" | "bare" }> = [];
  builds.push({ name: "app (skeleton + prefetch)", dist: await buildWeb(path.join(work, "app")), server: "app" });
  builds.push({ name: "app, prefetch off (skeleton kept)", dist: await buildWeb(path.join(work, "off"), { plugins: [prefetchOff] }), server: "app" });
  let checkout: string | null = null;
  if (BEFORE_REF) {
    checkout = checkoutOf(BEFORE_REF);
    builds.push({
      name: `before (${BEFORE_REF}: no skeleton, no prefetch)`,
      dist: await buildWeb(path.join(work, "before"), { webRoot: path.join(checkout, "web") }),
      server: "app",
    });
  }
  builds.push({ name: "floor: bare node:http, same files and answers from memory", dist: (builds[0] as { dist: string }).dist, server: "bare" });

  const frontends = new Map(builds.map((build) => [build.dist, builtFrontend(build.dist)]));
  let current = frontends.get((builds[0] as { dist: string }).dist) as WebFrontend;
  const app = await startApp({
    assets: (req, res, next) => current.assets(req, res, next),
    sendIndex: (req, res, firstScreen) => current.sendIndex(req, res, firstScreen),
    close: async () => undefined,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update"],
    headless: true,
  });
  const answers = new Map<string, Recorded>();
  let bare: Awaited<ReturnType<typeof startBareServer>> | null = null;
  try {
    const results = new Map<string, Marks[]>(builds.map((build) => [build.name, []]));
    const load = async (build: (typeof builds)[number], record?: Map<string, Recorded>) => {
      if (build.server === "bare") return loadOnce(browser, (bare as { url: string }).url);
      current = frontends.get(build.dist) as WebFrontend;
      return loadOnce(browser, app.url, record);
    };
    // Warm-up (the server's caches, Chromium's first start); the first build's answers are recorded for the floor.
    await load(builds[0] as (typeof builds)[number], answers);
    bare = await startBareServer((builds[0] as { dist: string }).dist, answers);
    for (const build of builds.slice(1)) await load(build);
    for (let run = 0; run < RUNS; run += 1) {
      for (let i = 0; i < builds.length; i += 1) {
        const build = builds[(run + i) % builds.length] as (typeof builds)[number];
        (results.get(build.name) as Marks[]).push(await load(build));
      }
      process.stdout.write(`run ${run + 1}/${RUNS} done\n`);
    }

    const base = results.get((builds[0] as { name: string }).name) as Marks[];
    const baseMedian = percentile(
      base.map((marks) => marks.firstQuestion),
      50,
    );
    const lines = [
      `Machine: ${machine()}; load average ${os.loadavg()[0]?.toFixed(1)}; ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
      `${RUNS} cold runs each; 1.6 Mbps down / 750 kbps up / 150 ms latency, CPU ${CPU_SLOWDOWN}× slower, ${VIEWPORT.width}×${VIEWPORT.height}`,
      "",
      "| build | first paint p50 / p90 ms | DOMContentLoaded p50 / p90 ms | first question p50 / p90 ms | app's first card p50 / p90 ms | first question vs app |",
      "|---|---:|---:|---:|---:|---:|",
    ];
    for (const build of builds) {
      const marks = results.get(build.name) as Marks[];
      const column = (values: number[]) => `${ms(percentile(values, 50))} / ${ms(percentile(values, 90))}`;
      const paints = marks.map((mark) => mark.firstPaint ?? Number.NaN);
      const firstQuestion = marks.map((mark) => mark.firstQuestion);
      lines.push(
        `| ${build.name} | ${column(paints)} | ${column(marks.map((mark) => mark.domContentLoaded))} | ${column(firstQuestion)} | ${column(marks.map((mark) => mark.firstCard))} | ${(percentile(firstQuestion, 50) / baseMedian).toFixed(2)}× |`,
      );
    }
    console.log(lines.join("\n"));
    saveResults("first-load", { machine: machine(), runs: RUNS, network: NETWORK, cpuSlowdown: CPU_SLOWDOWN, results: Object.fromEntries(results) });
  } finally {
    await browser.close();
    await bare?.close();
    await app.close();
    fs.rmSync(work, { recursive: true, force: true });
    if (checkout) fs.rmSync(checkout, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
