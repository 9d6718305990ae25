import fs from "node:fs";
import path from "node:path";
import { type Request, type RequestHandler, type Response, Router } from "express";
import expressStaticGzip from "express-static-gzip";

/**
 * CONTRACT §0: a GET whose Accept prefers text/html, to a path that is not a server page, gets
 * the SPA's index.html; everything else (curl, fetch with Accept: *\/*) reaches the JSON API.
 */
const SERVER_PAGE_PREFIXES = [
  "/auth/",
  "/pulse/respond",
  "/pulse/conversation",
  "/email/",
  "/health",
  "/events",
  "/docs",
  "/openapi.json",
  "/asyncapi.json",
  "/metrics",
  "/assets/",
];

export function isServerPage(pathname: string): boolean {
  return pathname === "/auth" || SERVER_PAGE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix));
}

export function prefersHtml(req: Request): boolean {
  // Most API calls carry no text/html at all: skip the full content negotiation for them.
  const accept = req.headers.accept;
  if (!accept || !accept.includes("html")) return false;
  return req.accepts(["json", "html"]) === "html";
}

export interface WebFrontend {
  /** Static assets (built files, or the Vite dev server's middlewares). */
  assets: RequestHandler;
  /** index.html, with `firstScreen` in place of the skeleton's placeholder cards when there is one. */
  sendIndex(req: Request, res: Response, firstScreen?: string | null): Promise<void>;
  close(): Promise<void>;
}

/**
 * Markup for the page's first screen, written by the server into index.html so it shows before the
 * app's script has run (a slow phone spends seconds running it); null when there is none to give.
 */
export type FirstScreen = (req: Request, res: Response) => Promise<string | null>;

export function spaFallback(web: WebFrontend, firstScreen?: FirstScreen): RequestHandler {
  return async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || isServerPage(req.path) || !prefersHtml(req)) return next();
    // The page works without it: any failure leaves the plain skeleton.
    const markup = firstScreen ? await firstScreen(req, res).catch(() => null) : null;
    await web.sendIndex(req, res, markup);
  };
}

/** index.html marks the skeleton's placeholder cards with these comments (web/index.html). */
const FIRST_SCREEN = /<!--first-screen-->[\s\S]*?<!--\/first-screen-->/;

function withFirstScreen(index: string, markup: string | null | undefined): string {
  return markup ? index.replace(FIRST_SCREEN, () => markup) : index;
}

const MISSING_BUILD_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Team Q&amp;A</title></head>
<body><main><h1>Team Q&amp;A</h1><p>The web app has not been built. Run <code>npm run build:web</code> and restart;
the API is available meanwhile (see <a href="/docs">/docs</a>).</p></main></body></html>`;

/**
 * Serves web/dist (CONTRACT §8 "Static files"): hashed assets cached for a year and sent as the
 * build's brotli or gzip copy when the browser accepts one (web/vite.config.ts writes them, so no
 * request spends CPU compressing), index.html revalidated every time.
 */
export function builtFrontend(distDir: string): WebFrontend {
  const indexPath = path.join(distDir, "index.html");
  const router = Router();
  router.use(
    expressStaticGzip(distDir, {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: {
        index: false,
        setHeaders: (res, filePath) => {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        },
      },
    }),
  );
  let cachedIndex: string | null = null;
  return {
    assets: router,
    async sendIndex(_req, res, firstScreen) {
      if (cachedIndex === null && fs.existsSync(indexPath)) cachedIndex = fs.readFileSync(indexPath, "utf8");
      const page = cachedIndex ? withFirstScreen(cachedIndex, firstScreen) : MISSING_BUILD_PAGE;
      // Revalidated every time (it names this build's assets); not stored at all once it carries this caller's questions.
      res.setHeader("Cache-Control", page !== cachedIndex && cachedIndex ? "private, no-store" : "no-cache");
      res.type("html").send(page);
    },
    close: async () => undefined,
  };
}

/** Development: Vite in middleware mode, with hot module reload. */
export async function viteDevFrontend(webRoot: string): Promise<WebFrontend> {
  const { createServer } = await import("vite");
  const vite = await createServer({
    configFile: path.join(webRoot, "vite.config.ts"),
    root: webRoot,
    server: { middlewareMode: true },
    appType: "custom",
  });
  return {
    assets: vite.middlewares as unknown as RequestHandler,
    async sendIndex(req, res, firstScreen) {
      const template = fs.readFileSync(path.join(webRoot, "index.html"), "utf8");
      res.type("html").send(withFirstScreen(await vite.transformIndexHtml(req.originalUrl, template), firstScreen));
    },
    close: () => vite.close(),
  };
}
