import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { machine, ROOT, saveResults } from "./lib.js";

/**
 * The web app's download cost: builds the app as production serves it and measures, gzipped,
 * what a browser must fetch before the team board runs (the entry script and every chunk index.html
 * preloads), against the 150 KB budget; and each chunk loaded on demand (admin, moderation,
 * presenter, pulse). Exits non-zero over budget.
 */
const BUDGET_BYTES = 150 * 1024;

const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "qa-bundle-"));
try {
  const { build } = await import("vite");
  await build({ configFile: path.join(ROOT, "web/vite.config.ts"), logLevel: "warn", build: { outDir, emptyOutDir: true, sourcemap: false } });

  const html = fs.readFileSync(path.join(outDir, "index.html"), "utf8");
  // What the HTML makes the browser fetch before anything runs: the module entry, its preloads, the CSS.
  const initialJs = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((match) => match[1] as string);
  const initialCss = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g)].map((match) => match[1] as string);
  const assets = fs.readdirSync(path.join(outDir, "assets"));
  const file = (url: string) => path.join(outDir, url.replace(/^\//, ""));

  const initial = initialJs.map((url) => ({ file: path.basename(url), gzip: gzip(file(url)), raw: fs.statSync(file(url)).size }));
  const lazy = assets
    .filter((name) => name.endsWith(".js") && !initialJs.some((url) => url.endsWith(name)))
    .map((name) => ({ file: name, gzip: gzip(path.join(outDir, "assets", name)), raw: fs.statSync(path.join(outDir, "assets", name)).size }));
  const css = initialCss.map((url) => ({ file: path.basename(url), gzip: gzip(file(url)), raw: fs.statSync(file(url)).size }));
  const initialTotal = initial.reduce((sum, chunk) => sum + chunk.gzip, 0);

  const lines = [
    `Machine: ${machine()}; ${new Date().toISOString().slice(0, 10)}; gzip level 9`,
    "",
    "| chunk | loaded | raw | gzip |",
    "|---|---|---:|---:|",
    ...initial.map((chunk) => `| ${chunk.file} | initial (team board) | ${kb(chunk.raw)} | ${kb(chunk.gzip)} |`),
    ...css.map((chunk) => `| ${chunk.file} | initial (CSS) | ${kb(chunk.raw)} | ${kb(chunk.gzip)} |`),
    ...lazy.map((chunk) => `| ${chunk.file} | on demand | ${kb(chunk.raw)} | ${kb(chunk.gzip)} |`),
    "",
    `Initial JavaScript for the team board: ${kb(initialTotal)} gzipped (budget ${kb(BUDGET_BYTES)}): ${initialTotal <= BUDGET_BYTES ? "within budget" : "OVER BUDGET"}`,
  ];
  console.log(lines.join("\n"));
  saveResults("bundle-size", { initial, css, lazy, initialTotal, budget: BUDGET_BYTES });
  if (initialTotal > BUDGET_BYTES) process.exitCode = 1;
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
