import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import formatsModule, { type FormatsPlugin } from "ajv-formats";

/** ajv-formats is CommonJS with `exports.default`: under Node's ESM loader the plugin is that property. */
export const addFormats: FormatsPlugin = (formatsModule as unknown as { default?: FormatsPlugin }).default ?? (formatsModule as unknown as FormatsPlugin);

interface MediaObject {
  schema?: unknown;
}
interface ResponseObject {
  content?: Record<string, MediaObject>;
}
interface OperationObject {
  operationId?: string;
  responses?: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
}

export interface DocumentedOperation {
  operationId: string;
  method: string;
  path: string;
  responses: Record<string, ResponseObject>;
  /** The document lists a 4xx for it: the suite must show one. */
  answersClientErrors: boolean;
}

interface Matcher {
  operation: DocumentedOperation;
  pattern: RegExp;
  /** Literal segments first: /questions/mine beats /questions/{id}. */
  literalSegments: number;
}

/** One response as the test received it. */
export interface RecordedResponse {
  method: string;
  pathname: string;
  status: number;
  contentType: string | undefined;
  /** undefined: not captured (event streams, or a body too large to keep). */
  body: Buffer | undefined;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A JSON pointer in a URI fragment: `~` and `/` escaped, then percent-encoded (paths hold braces). */
const pointer = (...parts: string[]) => parts.map((part) => encodeURIComponent(part.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/");
const METHODS = new Set(["get", "put", "post", "delete", "patch"]);

/**
 * Checks responses against an OpenAPI 3.1 document with a JSON Schema 2020-12 validator: the
 * status must be listed (5xx may fall to `default`), the content type must be one of the
 * status's media types (none when it documents no body), and a JSON body must match its schema.
 * Validators are compiled once per (operation, status, media type).
 */
export class OpenApiContract {
  readonly operations: DocumentedOperation[];
  private readonly matchers: Matcher[];
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addSchema(document as object, "openapi.json");
    this.operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => METHODS.has(method))
        .map(([method, operation]) => {
          const responses = operation.responses ?? {};
          return {
            operationId: operation.operationId ?? `${method} ${path}`,
            method,
            path,
            responses,
            answersClientErrors: Object.keys(responses).some((code) => code.startsWith("4")),
          };
        }),
    );
    this.matchers = this.operations
      .map((operation) => {
        const segments = operation.path.split("/").filter(Boolean);
        const source = segments.map((segment) => (/^\{.+\}$/.test(segment) ? "[^/]+" : escapeRegExp(segment))).join("/");
        return { operation, pattern: new RegExp(`^/${source}/?$`), literalSegments: segments.filter((segment) => !segment.startsWith("{")).length };
      })
      .sort((a, b) => b.literalSegments - a.literalSegments);
  }

  match(method: string, pathname: string): DocumentedOperation | undefined {
    const lower = method.toLowerCase();
    return this.matchers.find((matcher) => matcher.operation.method === lower && matcher.pattern.test(pathname))?.operation;
  }

  /** What is wrong with one response (empty when it is as documented). */
  problems(operation: DocumentedOperation, response: RecordedResponse): string[] {
    const { status } = response;
    const statusKey = operation.responses[String(status)] ? String(status) : status >= 500 && operation.responses.default ? "default" : undefined;
    if (!statusKey) return [`status ${status} is not documented (documented: ${Object.keys(operation.responses).join(", ")})`];
    // A redirect's body is incidental (Express writes a line of text or HTML).
    if (status >= 300 && status < 400) return [];
    const documented = operation.responses[statusKey]?.content;
    const media = response.contentType?.split(";")[0]?.trim().toLowerCase();
    if (!documented) {
      return response.body && response.body.length > 0 ? [`status ${status} documents no body, but one came as ${media ?? "no content type"}`] : [];
    }
    if (!media || !documented[media])
      return [`content type ${media ?? "(none)"} is not documented for ${status} (documented: ${Object.keys(documented).join(", ")})`];
    if (media !== "application/json" || response.body === undefined) return [];
    let body: unknown;
    try {
      body = JSON.parse(response.body.toString("utf8"));
    } catch {
      return [`the ${status} body is not JSON: ${response.body.toString("utf8").slice(0, 200)}`];
    }
    const validate = this.validator(operation, statusKey, media);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || "(body)"} ${error.message ?? ""} ${JSON.stringify(error.params)}`.trim());
  }

  private validator(operation: DocumentedOperation, statusKey: string, media: string): ValidateFunction {
    const key = `${operation.operationId} ${statusKey} ${media}`;
    let validate = this.validators.get(key);
    if (!validate) {
      const ref = `openapi.json#/${pointer("paths", operation.path, operation.method, "responses", statusKey, "content", media, "schema")}`;
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(key, validate);
    }
    return validate;
  }
}
