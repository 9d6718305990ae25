import fs from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";

/**
 * The web app takes its types from the server's zod schemas (`import type`, erased at build) and
 * its constants from the server's zod-free files, so none of zod reaches what a browser downloads.
 */
describe("browser: the web app's bundle", () => {
  it("has a brotli and a gzip copy of every script and style sheet, for the server to send as they are", () => {
    const assets = path.join(inject("webDist"), "assets");
    const files = fs.readdirSync(assets).filter((name) => /\.(js|css)$/.test(name) && fs.statSync(path.join(assets, name)).size > 1024);
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      expect(fs.existsSync(path.join(assets, `${name}.br`)), name).toBe(true);
      expect(fs.existsSync(path.join(assets, `${name}.gz`)), name).toBe(true);
    }
  });

  it("carries nothing of zod, whose schemas it reads as types only", () => {
    const assets = path.join(inject("webDist"), "assets");
    const scripts = fs.readdirSync(assets).filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) {
      // zod names its classes at run time ($ZodType, $ZodError...): the names survive minification.
      expect(fs.readFileSync(path.join(assets, name), "utf8"), name).not.toMatch(/\$Zod[A-Z]|ZodError/);
    }
  });
});
