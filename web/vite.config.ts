import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  plugins: [
    react(),
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
  },
});
