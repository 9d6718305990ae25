import type { Knex } from "knex";

/**
 * Runs DDL statements one at a time: PGlite refuses several statements in one prepared call.
 * knex.raw treats `?` as a bind placeholder even without bindings, so DDL here must not contain
 * one (we check rather than let a regex silently change).
 */
export async function runStatements(knex: Knex, statements: string[]): Promise<void> {
  for (const statement of statements) {
    if (statement.includes("?")) throw new Error(`Migration SQL must not contain '?': ${statement.slice(0, 80)}`);
    await knex.raw(statement);
  }
}
