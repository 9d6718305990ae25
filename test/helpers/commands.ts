import type { PublishedEvent } from "../../src/platform/events.js";
import type { TestApp } from "./app.js";

/**
 * What a question command leaves that its response does not show: the live events it published
 * and the reads it made of the question.
 */

/** The tenant's live events from now on, as the bus delivers them (until `stop`). */
export function watchEvents(app: TestApp, tenantId: string) {
  const events: PublishedEvent[] = [];
  const stop = app.bus.subscribe((event) => {
    if (event.tenantId === tenantId) events.push(event);
  });
  return {
    stop,
    /** Type and data of each event received so far, oldest first. */
    received: () => events.map((event) => ({ type: event.type, data: event.data })),
  };
}

/**
 * The reads of one question (selects from `questions` naming its id) that `run` makes, the
 * locking ones apart. Counts only the app's own database handle, so one test at a time.
 */
export async function questionReads(app: TestApp, questionId: string, run: () => Promise<unknown>): Promise<{ reads: number; locking: number }> {
  const seen = { reads: 0, locking: 0 };
  const listener = (query: { sql: string; bindings?: unknown[] }) => {
    const sql = query.sql.toLowerCase();
    if (!sql.startsWith("select") || !/from "questions"/.test(sql) || !(query.bindings ?? []).includes(questionId)) return;
    seen.reads += 1;
    if (sql.includes(" for update")) seen.locking += 1;
  };
  app.db.on("query", listener);
  try {
    await run();
  } finally {
    app.db.off("query", listener);
  }
  return seen;
}
