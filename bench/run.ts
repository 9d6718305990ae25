import { spawnSync } from "node:child_process";
import path from "node:path";

/** npm run bench -- <scenario>: runs bench/<scenario>.ts (see bench/README.md for the list). */
const scenario = process.argv[2];
if (!scenario) {
  console.error("Usage: npm run bench -- <platform|cold-start|pulse-summary|pulse-comments|...>");
  process.exit(1);
}
const result = spawnSync(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, `${scenario}.ts`), ...process.argv.slice(3)], {
  stdio: "inherit",
});
process.exit(result.status ?? 1);
