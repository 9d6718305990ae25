import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));
const PREFETCH_MODULE = fileURLToPath(new URL("src/shared/prefetch.ts", import.meta.url));
const PREFETCH_CHUNK = "prefetch";

/**
 * The first load on a slow phone. The first screen's reads start before the app's script has
 * arrived: src/shared/prefetch.ts is a chunk of its own (the app imports it too, the same module),
 * and index.html runs it as an async module script ahead of the app's, instead of only preloading
 * it. And the skeleton in index.html paints without waiting for the app's style sheet.
 */
function firstLoad(): Plugin {
  return {
    name: "first-load",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find((file) => file.type === "chunk" && file.name === PREFETCH_CHUNK);
        if (!chunk) throw new Error(`first-load: no "${PREFETCH_CHUNK}" chunk in the build`);
        const src = `/${chunk.fileName}`;
        const appScript = /(\s*)<script type="module"/;
        if (!appScript.test(html)) throw new Error("first-load: no module script in index.html");
        // Just before the app's script: its request goes out first.
        const withPrefetch = html
          .replace(new RegExp(`\\s*<link rel="modulepreload" crossorigin href="${src}">`), "")
          .replace(appScript, `$1<script type="module" async crossorigin src="${src}"></script>$1<script type="module"`);
        // The app's style sheets after the skeleton: a style sheet in <head> would hold the first paint
        // until it arrived; here it holds only what follows it, and the app renders long after it is in.
        const styleSheets = withPrefetch.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
        return withPrefetch
          .replace(/\s*<link rel="stylesheet"[^>]*>/g, "")
          .replace(/(\s*)<\/body>/, (_, space: string) => `${styleSheets.map((link) => `${space}  ${link}`).join("")}${space}</body>`);
      },
    },
  };
}

export default defineConfig({
  root,
  plugins: [
    react(),
    firstLoad(),
    // Brotli and gzip copies of every script and style sheet, served by the server as they are.
    compression({ algorithms: ["brotliCompress", "gzip"], include: /\.(js|css|svg)$/, threshold: 1024 }),
  ],
  resolve: {
    // The server's zod-free constants (web/tsconfig.json has the same alias for the type-checker).
    alias: { "@server": fileURLToPath(new URL("../src", import.meta.url)) },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: { manualChunks: (id) => (id === PREFETCH_MODULE ? PREFETCH_CHUNK : undefined) },
    },
  },
});
