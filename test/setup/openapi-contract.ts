import { afterAll, afterEach } from "vitest";
import { takeContractMismatches } from "../helpers/openapi-recorder.js";

/**
 * A test that received a response unlike /openapi.json fails with the differences
 * (test/helpers/openapi-recorder.ts checks each response); responses of a file's
 * beforeAll/afterAll hooks fail the file.
 */
function failOnContractMismatches(): void {
  const mismatches = takeContractMismatches();
  if (mismatches.length) throw new Error(`${mismatches.length} response(s) differ from /openapi.json:\n  ${mismatches.join("\n  ")}`);
}

afterEach(failOnContractMismatches);
afterAll(failOnContractMismatches);
