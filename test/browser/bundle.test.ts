import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { builtArtifact } from "../setup/background-build.js";

/** What a team board's first load downloads before it can run (bench/bundle-size.ts counts the same scripts). */
const FIRST_LOAD_BUDGET_BYTES = 150 * 1024;
const gzipped = (bytes: Buffer | string) => zlib.gzipSync(bytes, { level: 9 }).length;

/**
 * The web app takes its types from the server's zod schemas (`import type`, erased at build) and
 * its constants from the server's zod-free files, so none of zod reaches what a browser downloads.
 */

describe("browser: the web app's bundle", () => {
  let dist: string;
  beforeAll(async () => {
    dist = await builtArtifact(inject("webDist"));
  });

  it("keeps a team board's first load (index.html, its scripts and preloads, its style sheets) within 150 KB gzipped", () => {
    const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
    const linked = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="(?:modulepreload|stylesheet)"[^>]+href)="\/([^"]+\.(?:js|css))"/g)].map(
      (match) => match[1] as string,
    );
    expect(linked.filter((file) => file.endsWith(".js")).length).toBeGreaterThanOrEqual(2);
    const total = gzipped(html) + linked.reduce((sum, file) => sum + gzipped(fs.readFileSync(path.join(dist, file))), 0);
    expect(total, `${(total / 1024).toFixed(1)} KB gzipped: ${linked.join(", ")}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  });

  it("runs the first screen's reads (the prefetch chunk) ahead of the app's script, and paints the skeleton before the style sheet arrives", () => {
    const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
    // A style sheet in <head> holds the whole first paint; after #root it holds nothing drawn before it.
    expect(html.indexOf('rel="stylesheet"')).toBeGreaterThan(html.indexOf('<div id="root">'));
    const scripts = [...html.matchAll(/<script ([^>]*)src="\/assets\/([^"]+)"/g)].map((match) => ({
      attributes: match[1] as string,
      file: match[2] as string,
    }));
    expect(scripts.map((script) => script.file.replace(/-[\w-]+\.js$/, ""))).toEqual(["prefetch", "index"]);
    expect(scripts[0]?.attributes).toContain("async");
    // It imports nothing: whatever it imported would have to arrive before it could run.
    const prefetch = fs.readFileSync(path.join(dist, "assets", scripts[0]?.file as string), "utf8");
    expect(prefetch).not.toMatch(/\bimport\b/);
    expect(gzipped(prefetch)).toBeLessThan(2 * 1024);
  });

  it("has a brotli and a gzip copy of every script and style sheet, for the server to send as they are", () => {
    const assets = path.join(dist, "assets");
    const files = fs.readdirSync(assets).filter((name) => /\.(js|css)$/.test(name) && fs.statSync(path.join(assets, name)).size > 1024);
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      expect(fs.existsSync(path.join(assets, `${name}.br`)), name).toBe(true);
      expect(fs.existsSync(path.join(assets, `${name}.gz`)), name).toBe(true);
    }
  });

  it("carries nothing of zod, whose schemas it reads as types only", () => {
    const assets = path.join(dist, "assets");
    const scripts = fs.readdirSync(assets).filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) {
      // zod names its classes at run time ($ZodType, $ZodError...): the names survive minification.
      expect(fs.readFileSync(path.join(assets, name), "utf8"), name).not.toMatch(/\$Zod[A-Z]|ZodError/);
    }
  });
});
