import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

/**
 * The `api` project's proof that /openapi.json is exercised: the recorder
 * (test/helpers/openapi-recorder.ts) writes each operation's outcomes under a directory of the
 * run; at the end of a run of every file of the project, each operation must have answered a
 * success (2xx/3xx) and, when the document lists a 4xx for it, a client error, each as
 * documented. A run of some files (or of some tests) proves nothing about coverage and is not
 * judged, unless OPENAPI_COVERAGE=always. A gap sets the exit status to 1 (throwing here would
 * skip the other teardowns).
 */
export default async function setup(project: TestProject) {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "qa-openapi-coverage-"));
  project.provide("openapiCoverageDir", dir);
  return async () => {
    try {
      const verdict = await judge(project, dir);
      if (verdict) {
        console.error(`\n${verdict}\n`);
        process.exitCode = 1;
      }
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  };
}

async function judge(project: TestProject, dir: string): Promise<string | null> {
  const { testFiles } = await project.globTestFiles();
  const ran = new Set(
    project.vitest.state
      .getFiles()
      .filter((file) => file.projectName === project.name)
      .map((file) => file.filepath),
  );
  const partial = Boolean(project.vitest.config.testNamePattern) || testFiles.some((file) => !ran.has(file));
  if (partial && process.env.OPENAPI_COVERAGE !== "always") return null;

  const files = await fs.promises.readdir(dir);
  const operations = new Map<string, boolean>();
  for (const file of files.filter((name) => name.startsWith("operations-"))) {
    const listed = JSON.parse(await fs.promises.readFile(path.join(dir, file), "utf8")) as Array<{ operationId: string; answersClientErrors: boolean }>;
    for (const { operationId, answersClientErrors } of listed) operations.set(operationId, answersClientErrors);
  }
  if (operations.size === 0)
    return "OpenAPI coverage: no test app answered a documented request (the recorder of test/helpers/openapi-recorder.ts is not installed?)";
  const exercised = new Set<string>();
  for (const file of files.filter((name) => name.startsWith("exercised-"))) {
    for (const line of (await fs.promises.readFile(path.join(dir, file), "utf8")).split("\n")) if (line) exercised.add(line);
  }
  const gaps: string[] = [];
  for (const [operationId, answersClientErrors] of operations) {
    const missing = [];
    if (!exercised.has(`${operationId} success`)) missing.push("a success (2xx/3xx)");
    if (answersClientErrors && !exercised.has(`${operationId} client-error`)) missing.push("a client error (4xx)");
    if (missing.length) gaps.push(`  ${operationId}: no test received ${missing.join(" or ")} as documented`);
  }
  if (gaps.length) return `OpenAPI coverage: ${gaps.length} operation(s) of /openapi.json not exercised by the api suites:\n${gaps.join("\n")}`;
  // One line that says the judgement ran (a partial run says nothing).
  console.log(`OpenAPI coverage: each of the ${operations.size} operations of /openapi.json answered as documented, with a success and its client errors`);
  return null;
}
