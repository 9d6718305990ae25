import fs from "node:fs";
import path from "node:path";
import type { Express, NextFunction, Request, Response } from "express";
import { inject } from "vitest";
import type { AnyRoute } from "../../src/platform/http/route.js";
import { isServerPage, prefersHtml } from "../../src/platform/http/spa.js";
import { buildOpenApiDocument } from "../../src/platform/openapi.js";
import { OpenApiContract, type OpenApiDocument, type RecordedResponse } from "./openapi-contract.js";

/**
 * Every response a test app gives is checked against the app's OpenAPI document as it leaves
 * (status, content type, JSON body), so a test that receives an undocumented answer fails
 * (test/setup/openapi-contract.ts throws the mismatches from afterEach). In the `api` project,
 * which operations answered a success and a client error is written under the run's coverage
 * directory (test/setup/openapi-coverage.ts judges it at the end of a full run).
 */

/** Bodies past this size (a large export) are checked for status and content type only. */
const MAX_CAPTURED_BYTES = 4 * 1024 * 1024;

let compiled: { key: string; contract: OpenApiContract } | undefined;
const mismatches: string[] = [];
const exercised = new Set<string>();

/** One contract per route table (every test app has the same one): ajv compiles each schema once per worker. */
function contractFor(routes: AnyRoute[]): OpenApiContract {
  const key = routes.map((route) => route.operationId).join(",");
  if (compiled?.key !== key) {
    const document = buildOpenApiDocument(routes, { title: "contract", version: "0", serverUrl: "http://localhost" }) as unknown as OpenApiDocument;
    compiled = { key, contract: new OpenApiContract(document) };
    const dir = coverageDir();
    if (dir) {
      const operations = compiled.contract.operations.map(({ operationId, answersClientErrors }) => ({ operationId, answersClientErrors }));
      fs.writeFileSync(path.join(dir, `operations-${process.pid}.json`), JSON.stringify(operations));
    }
  }
  return compiled.contract;
}

function coverageDir(): string | undefined {
  return inject("openapiCoverageDir");
}

function noteExercised(operationId: string, status: number): void {
  const dir = coverageDir();
  if (!dir) return;
  const line = `${operationId} ${status < 400 ? "success" : status < 500 ? "client-error" : "server-error"}`;
  if (exercised.has(line)) return;
  exercised.add(line);
  fs.appendFileSync(path.join(dir, `exercised-${process.pid}.txt`), `${line}\n`);
}

/** The mismatches found since the last call (the setup file fails the current test with them). */
export function takeContractMismatches(): string[] {
  return mismatches.splice(0);
}

function check(contract: OpenApiContract, operationId: string, response: RecordedResponse): void {
  const operation = contract.operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) return;
  const problems = contract.problems(operation, response);
  if (problems.length === 0) {
    noteExercised(operationId, response.status);
    return;
  }
  // A long array repeats one problem per item: the first few say it.
  const shown = problems.length > 8 ? [...problems.slice(0, 8), `... and ${problems.length - 8} more`] : problems;
  mismatches.push(
    `${operationId} (${response.method} ${response.pathname}) answered ${response.status} ${response.contentType ?? "(no content type)"}, unlike /openapi.json:\n    ${shown.join("\n    ")}`,
  );
}

type Chunk = string | Buffer | Uint8Array | undefined | null | ((error?: Error | null) => void);

function watch(contract: OpenApiContract, req: Request, res: Response, webApp: boolean): void {
  if (req.method === "HEAD" || req.method === "OPTIONS") return;
  const pathname = (req.url ?? "/").split("?")[0] ?? "/";
  const operation = contract.match(req.method, pathname);
  if (!operation) return;
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  const capture = (chunk: Chunk, encoding: unknown) => {
    if (chunk === null || chunk === undefined || typeof chunk === "function") return;
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk);
    size += bytes.length;
    if (size <= MAX_CAPTURED_BYTES) chunks.push(bytes);
  };
  const finish = (bodyComplete: boolean) => {
    if (done) return;
    done = true;
    // A browser's navigation gets the web app's page, not the operation (CONTRACT §0; the document's description says so).
    // Asked here, not before: Express gives `req` its methods (accepts) only inside app.handle.
    if (webApp && req.method === "GET" && !isServerPage(pathname) && prefersHtml(req)) return;
    const contentType = res.getHeader("content-type");
    check(contract, operation.operationId, {
      method: req.method,
      pathname,
      status: res.statusCode,
      contentType: typeof contentType === "string" ? contentType : undefined,
      body: bodyComplete && size <= MAX_CAPTURED_BYTES ? Buffer.concat(chunks) : undefined,
    });
  };
  const { writeHead, write, end } = res;
  // An event stream never ends within its test: judge it by its head.
  res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
    const result = writeHead.apply(this, args);
    if (String(res.getHeader("content-type") ?? "").startsWith("text/event-stream")) finish(false);
    return result;
  } as Response["writeHead"];
  res.write = function (this: Response, chunk: Chunk, ...rest: unknown[]) {
    if (!done) capture(chunk, rest[0]);
    return (write as (...all: unknown[]) => boolean).call(this, chunk, ...rest);
  } as Response["write"];
  // Checked before the bytes leave: the test cannot see the response before its mismatch is noted.
  res.end = function (this: Response, chunk?: Chunk, ...rest: unknown[]) {
    if (!done) {
      capture(chunk, rest[0]);
      finish(true);
    }
    return (end as (...all: unknown[]) => Response).call(this, chunk, ...rest);
  } as Response["end"];
}

/** Puts the check in front of everything the app does (its own middleware, mounted routers, error handler). */
export function recordOpenApiContract(app: Express, routes: AnyRoute[], options: { webApp: boolean }): void {
  const handle = (app as unknown as { handle: (req: Request, res: Response, next?: NextFunction) => void }).handle.bind(app);
  (app as unknown as { handle: typeof handle }).handle = (req, res, next) => {
    watch(contractFor(routes), req, res, options.webApp);
    handle(req, res, next);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Set in the `api` project only (test/setup/openapi-coverage.ts). */
    openapiCoverageDir?: string;
  }
}
