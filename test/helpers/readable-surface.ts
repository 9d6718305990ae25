import { randomUUID } from "node:crypto";
import type request from "supertest";
import type { Test } from "supertest";

/**
 * Everything some readers can read, found by walking /openapi.json rather than from a hand list:
 * every GET operation is called by each reader its security allows, path parameters filled with
 * every id the caller knows, each optional filter tried on its own (the values the document names
 * for a field of that name, and probes naming the person looked for), paged lists followed to
 * their end. An operation that none of them could read (no 2xx) is reported, so the walk cannot
 * silently shrink when a route changes. Used by privacy tests that difference what the readers
 * see before and after something happens (test/questions/anonymous-authors.test.ts).
 */

/** Someone who reads, and how they send a GET (their credentials set). */
export interface Reader {
  name: string;
  get(pathAndQuery: string): Test;
}

/** One response as read. */
export interface Capture {
  reader: string;
  operationId: string;
  /** The request without its paging offset: the pages of one list share it. */
  key: string;
  url: string;
  status: number;
  contentType: string;
  headers: Record<string, string>;
  text: string;
}

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  maximum?: number;
}
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  security?: Array<Record<string, unknown>>;
}
export interface WalkedDocument {
  paths: Record<string, Record<string, unknown>>;
  security?: Array<Record<string, unknown>>;
}

export interface SurfaceOptions {
  document: WalkedDocument;
  /** Who reads operations open to a session or an API token (and those open to anyone). */
  readers: Reader[];
  /** Who reads operations secured by another scheme, by its name (e.g. metricsToken: the operator). */
  schemeReaders: Record<string, Reader>;
  /** Every id the caller knows: each path parameter is tried with each. */
  ids: string[];
  /** Values naming the person looked for: id filters are tried with `ids`, free-text ones with `texts`. */
  probes: { ids: string[]; texts: string[] };
  /** GET operations that read no stored data (sign-in redirects, token pages, streams), with why: not called. */
  notReads: Record<string, string>;
  /** Pages beyond the API (server-written HTML), read by every reader as they are. */
  extraPaths?: string[];
}

export interface Surface {
  captures: Capture[];
  /** Operations no reader could read (no 2xx in any variant), with the statuses they answered. */
  unreadable: string[];
  /** How many GET operations the document has, and how many were called. */
  operations: { documented: number; called: number };
}

const PAGING = new Set(["limit", "offset"]);
/**
 * Every request of the walk names itself (x-request-id): what those requests write (an export's
 * audit entry, filtered by the person's id) is the readers' own trace, not something learnt.
 */
export const WALK_REQUEST_PREFIX = "surface-walk-";
const PAGE_SIZE = 500;

/** The schema a parameter's value is written as (a string form of `anyOf`, an array's items). */
function scalar(schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  if (schema.anyOf) return scalar(schema.anyOf.find((option) => option.type !== "array") ?? schema.anyOf[0]);
  if (schema.type === "array") return scalar(schema.items);
  return schema;
}

/** Every string enum the document gives a property, by property name (`status` -> OPEN, UNDER_REVIEW, ...). */
function enumsByName(document: WalkedDocument): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== "object") return;
    const properties = (node as { properties?: Record<string, JsonSchema> }).properties;
    for (const [name, property] of Object.entries(properties ?? {})) {
      const values = scalar(property).enum?.filter((value): value is string => typeof value === "string") ?? [];
      if (values.length) found.set(name, new Set([...(found.get(name) ?? []), ...values]));
    }
    Object.values(node).forEach(visit);
  };
  visit(document);
  return found;
}

function candidates(parameter: Parameter, named: Map<string, Set<string>>, options: SurfaceOptions): string[] {
  const schema = scalar(parameter.schema);
  if (schema.enum) return schema.enum.map(String);
  if (schema.type === "boolean") return ["true", "false"];
  if (schema.format === "uuid") return options.probes.ids;
  if (schema.format === "date" || schema.format === "date-time" || schema.type === "integer" || schema.type === "number") return [];
  return [...(named.get(parameter.name) ?? []), ...options.probes.texts];
}

function withQuery(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** Every concrete URL to read for one operation: each path id, then the defaults and each filter on its own. */
function variants(path: string, operation: Operation, named: Map<string, Set<string>>, options: SurfaceOptions): string[] {
  const parameters = operation.parameters ?? [];
  let paths = [path];
  for (const parameter of parameters.filter((candidate) => candidate.in === "path")) {
    paths = paths.flatMap((partial) => options.ids.map((id) => partial.replace(`{${parameter.name}}`, encodeURIComponent(id))));
  }
  const base: Record<string, string> = {};
  const query = parameters.filter((candidate) => candidate.in === "query");
  if (query.some((parameter) => parameter.name === "limit")) base.limit = String(scalar(query.find((p) => p.name === "limit")?.schema).maximum ?? PAGE_SIZE);
  const filters: Array<Record<string, string>> = [{}];
  for (const parameter of query.filter((candidate) => !PAGING.has(candidate.name))) {
    const values = candidates(parameter, named, options);
    if (parameter.required) {
      if (values.length === 0) throw new Error(`${operation.operationId}: no value to give the required query parameter ${parameter.name}`);
      base[parameter.name] = values[0] as string;
      continue;
    }
    for (const value of values) filters.push({ [parameter.name]: value });
  }
  return paths.flatMap((concrete) => filters.map((filter) => withQuery(concrete, { ...base, ...filter })));
}

function readersFor(operation: Operation, document: WalkedDocument, options: SurfaceOptions): Reader[] {
  const requirements = operation.security ?? document.security ?? [{}];
  const schemes = requirements.map((requirement) => Object.keys(requirement));
  if (schemes.some((names) => names.length === 0 || names.some((name) => name === "session" || name === "bearer"))) return options.readers;
  const readers = schemes.flat().map((name) => options.schemeReaders[name]);
  if (readers.some((reader) => !reader)) throw new Error(`${operation.operationId}: no reader for its security ${JSON.stringify(requirements)}`);
  return readers as Reader[];
}

/** Reads the body as text whatever its type (JSON, CSV, HTML, Prometheus). */
function asText(response: request.Response, done: (error: Error | null, body: string) => void) {
  const stream = response as unknown as NodeJS.ReadableStream;
  let text = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => (text += chunk));
  stream.on("end", () => done(null, text));
}

async function read(reader: Reader, operationId: string, url: string, accept?: string): Promise<Capture[]> {
  const captures: Capture[] = [];
  const key = `${reader.name} GET ${url}`;
  let next: string | null = url;
  while (next) {
    const sent = reader.get(next).set("x-request-id", `${WALK_REQUEST_PREFIX}${randomUUID()}`);
    const response = await (accept ? sent.set("Accept", accept) : sent).buffer(true).parse(asText);
    const text = String(response.body ?? "");
    const contentType = String(response.headers["content-type"] ?? "");
    captures.push({ reader: reader.name, operationId, key, url: next, status: response.status, contentType, headers: response.headers, text });
    next = null;
    if (response.status === 200 && contentType.includes("json")) {
      const page = JSON.parse(text) as { total?: unknown; limit?: unknown; offset?: unknown };
      const [total, limit, offset] = [page.total, page.limit, page.offset].map(Number);
      if ([total, limit, offset].every(Number.isInteger) && limit! > 0 && offset! + limit! < total!) {
        const [path, search = ""] = url.split("?");
        const query = new URLSearchParams(search);
        query.set("offset", String(offset! + limit!));
        next = `${path}?${query.toString()}`;
      }
    }
  }
  return captures;
}

export async function readSurface(options: SurfaceOptions): Promise<Surface> {
  const { document } = options;
  const named = enumsByName(document);
  const operations = Object.entries(document.paths).flatMap(([path, methods]) => (methods.get ? [{ path, operation: methods.get as Operation }] : []));
  const documented = new Set(operations.map(({ operation }) => operation.operationId));
  const stale = Object.keys(options.notReads).filter((operationId) => !documented.has(operationId));
  if (stale.length) throw new Error(`notReads names operations /openapi.json no longer has: ${stale.join(", ")}`);

  const captures: Capture[] = [];
  const unreadable: string[] = [];
  let called = 0;
  for (const { path, operation } of operations) {
    if (options.notReads[operation.operationId]) continue;
    called += 1;
    const urls = variants(path, operation, named, options);
    const statuses = new Set<number>();
    for (const reader of readersFor(operation, document, options)) {
      for (const url of urls) {
        for (const capture of await read(reader, operation.operationId, url)) {
          statuses.add(capture.status);
          captures.push(capture);
        }
      }
    }
    if (![...statuses].some((status) => status >= 200 && status < 300)) unreadable.push(`${operation.operationId} (${[...statuses].join(", ")})`);
  }
  for (const path of options.extraPaths ?? []) {
    for (const reader of options.readers) captures.push(...(await read(reader, `page ${path}`, path, "text/html")));
  }
  return { captures, unreadable, operations: { documented: documented.size, called } };
}

const lower = (text: string) => text.toLowerCase();

/**
 * The records of a response that name one of the needles: for JSON, each smallest array element
 * (a row: a question, a user, an audit entry, a job) holding a needle anywhere in it, else the
 * whole document; for anything else, each line; and each header. Compared as text, case ignored.
 */
export function namingRecords(capture: Pick<Capture, "contentType" | "text" | "headers">, needles: string[]): string[] {
  const wanted = needles.map(lower);
  const names = (text: string) => wanted.some((needle) => lower(text).includes(needle));
  const records: string[] = [];
  for (const [name, value] of Object.entries(capture.headers)) if (names(`${name}: ${String(value)}`)) records.push(`${name}: ${String(value)}`);
  if (!names(capture.text)) return records;
  if (!capture.contentType.includes("json")) return [...records, ...capture.text.split("\n").filter(names)];
  const rows = new Set<unknown>();
  const visit = (value: unknown, row: unknown): void => {
    if (Array.isArray(value)) return value.forEach((item) => visit(item, item && typeof item === "object" ? item : row));
    if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (names(key)) rows.add(row);
        visit(item, row);
      }
      return;
    }
    if (value !== null && value !== undefined && names(String(value))) rows.add(row);
  };
  const document: unknown = JSON.parse(capture.text);
  visit(document, document);
  return [...records, ...[...rows].map((row) => JSON.stringify(row))];
}

/**
 * What the readers can read after that names a needle and they could not read before: records
 * (namingRecords) that are new, or more often there, under the same request. A record that merely
 * stayed (the person in the user list) is no finding, nor one the walk's own requests wrote.
 */
export function newlyNaming(before: Capture[], after: Capture[], needles: string[]): Array<{ key: string; record: string }> {
  const tally = (captures: Capture[]) => {
    const counts = new Map<string, number>();
    for (const capture of captures) {
      for (const record of namingRecords(capture, needles)) {
        if (record.includes(WALK_REQUEST_PREFIX)) continue;
        const id = `${capture.key}\n${record}`;
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    }
    return counts;
  };
  const earlier = tally(before);
  const findings: Array<{ key: string; record: string }> = [];
  for (const [id, count] of tally(after)) {
    if (count <= (earlier.get(id) ?? 0)) continue;
    const [key, ...record] = id.split("\n");
    findings.push({ key: key as string, record: record.join("\n") });
  }
  return findings;
}
