import { fileURLToPath } from "node:url";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import prettier from "prettier";

/** The web app's copy of the API's types, checked in and compared with a fresh one by test/platform/web-api-types.test.ts. */
export const API_TYPES_FILE = fileURLToPath(new URL("../web/src/shared/api-types.gen.ts", import.meta.url));
export const API_TYPES_COMMAND = "npm run gen:api-types";

const BANNER = `/**
 * The API's paths, operations and shapes for the web app's client (web/src/shared/api.ts), generated
 * by openapi-typescript from the service's /openapi.json (src/platform/openapi.ts, built from the
 * routes' zod schemas). Do not edit: run \`${API_TYPES_COMMAND}\`.
 */
`;

/** The types file for this OpenAPI document, formatted as the repository's Prettier settings say. */
export async function renderApiTypes(document: unknown): Promise<string> {
  // openapi-typescript may annotate the document it reads: give it a copy.
  const ast = await openapiTS(structuredClone(document) as OpenAPI3, { silent: true });
  const options = await prettier.resolveConfig(API_TYPES_FILE);
  return prettier.format(BANNER + astToString(ast), { ...options, filepath: API_TYPES_FILE });
}
