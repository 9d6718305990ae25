import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { listenOn } from "../../src/platform/http/server.js";
import { freePort } from "../helpers/processes.js";
import { nodeArgsFor } from "../helpers/bundled-entry.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Holds a port, as another process would. */
async function occupy(): Promise<{ port: number; close(): Promise<void> }> {
  const port = await freePort();
  const holder = http.createServer();
  await new Promise<void>((resolve) => holder.listen(port, resolve));
  return { port, close: () => new Promise<void>((resolve) => holder.close(() => resolve())) };
}

/** CONTRACT §7: a port that cannot be listened on stops the process with one clear line, never "listening". */
describe("listening", () => {
  it("listenOn resolves once bound, and rejects for a port in use with one line naming the port and the cause", async () => {
    const held = await occupy();
    const server = http.createServer();
    try {
      await expect(listenOn(server, held.port)).rejects.toThrow(
        `cannot listen on port ${held.port}: the address is already in use (another process is listening there) (EADDRINUSE)`,
      );
      expect(server.listening).toBe(false);
      const port = await freePort();
      await listenOn(server, port);
      expect(server.listening).toBe(true);
    } finally {
      server.close();
      await held.close();
    }
  });

  it("the server process stops with exit status 1 and that line when its port is taken, and never says it listens", async () => {
    const held = await occupy();
    try {
      const child = spawn(process.execPath, await nodeArgsFor("src/main.ts"), {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", NODE_ENV: "development", PORT: String(held.port), DATABASE_URL: inject("databaseUrl"), SCHEDULER: "false" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk) => (output += String(chunk)));
      child.stderr.on("data", (chunk) => (output += String(chunk)));
      const status = await new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      expect(status).toBe(1);
      const lines = output.split("\n").filter((line) => line.includes(`cannot listen on port ${held.port}`));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("EADDRINUSE");
      expect(output).not.toContain("listening on");
      expect(output).not.toMatch(/\n\s+at /);
    } finally {
      await held.close();
    }
  }, 60_000);
});
