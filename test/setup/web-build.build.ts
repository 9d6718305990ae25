import path from "node:path";
import { build } from "vite";

/**
 * Run by test/setup/web-build.ts in a process of its own, with NODE_ENV=production (Vite takes
 * React's production or development build from it): the web app as production serves it, into
 * the folder given.
 */
const [outDir] = process.argv.slice(2);
if (!outDir) throw new Error("usage: web-build.build.ts <outDir>");
if (process.env.NODE_ENV !== "production") throw new Error("web-build.build.ts: NODE_ENV must be production");
await build({
  configFile: path.resolve(import.meta.dirname, "../../web/vite.config.ts"),
  mode: "production",
  logLevel: "warn",
  build: { outDir, emptyOutDir: true, sourcemap: false },
});
