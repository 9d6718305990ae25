import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Response } from "express";
import { stringify } from "csv-stringify";

/**
 * The reusable part of every export (questions, audit logs, users, pulse): rows come from an
 * (async) iterable and leave as CSV or JSON through a stream pipeline, so memory stays flat
 * however many rows there are, and a slow client slows the database reads down (backpressure)
 * instead of piling rows up in memory.
 */
export type ExportFormat = "csv" | "json";
export const EXPORT_FORMATS = ["csv", "json"] as const;

export interface ExportColumn<Row> {
  /** Field name in JSON and header in CSV. */
  key: string;
  value: (row: Row) => unknown;
}

export interface ExportOptions<Row> {
  format: ExportFormat;
  /** Without extension; the format's extension is appended. */
  filename: string;
  columns: ReadonlyArray<ExportColumn<Row>>;
  rows: AsyncIterable<Row> | Iterable<Row>;
}

const DEFAULT_BATCH = 1000;

/**
 * JSON text as the database returned it (jsonb::text), written into either format unchanged:
 * no parse and re-serialise per row, which is most of an export's garbage.
 */
export class RawJson {
  constructor(readonly json: string) {}
}

export const rawJson = (text: string | null): RawJson | null => (text === null ? null : new RawJson(text));

/**
 * Keyset paging as an async iterable: asks for the next batch only when the consumer has taken
 * the previous one. Each batch is a short query of its own, so an export never holds a pooled
 * connection or a snapshot open while a slow client downloads.
 */
export async function* keysetRows<Row, Cursor>(
  fetchBatch: (after: Cursor | null, limit: number) => Promise<Array<Row & { cursor: Cursor }>>,
  batchSize = DEFAULT_BATCH,
): AsyncGenerator<Row> {
  let after: Cursor | null = null;
  for (;;) {
    const batch = await fetchBatch(after, batchSize);
    for (const row of batch) yield row as Row;
    const last = batch.at(-1);
    if (batch.length < batchSize || !last) return;
    after = last.cursor;
  }
}

/**
 * One CSV cell: lists of plain values as "a; b", other objects as JSON text. Formula injection is
 * handled by csv-stringify's escape_formulas: a cell starting with = + - @ (or tab / CR, or their
 * full-width forms) gets a leading ' so spreadsheets show it as text; negative numbers stay numbers.
 */
export function csvCell(value: unknown): unknown {
  if (value === null || value === undefined) return "";
  if (value instanceof RawJson) return value.json;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== "object")) return value.join("; ");
  if (typeof value === "object") return JSON.stringify(value);
  return value;
}

function csvWriter<Row>(columns: ReadonlyArray<ExportColumn<Row>>): Transform[] {
  const toRecord = new Transform({
    objectMode: true,
    transform(row: Row, _encoding: BufferEncoding, callback: TransformCallback) {
      callback(null, columns.map((column) => csvCell(column.value(row))));
    },
  });
  const csv = stringify({
    header: true,
    columns: columns.map((column) => column.key),
    escape_formulas: true,
    cast: { boolean: (value) => (value ? "true" : "false") },
  });
  return [toRecord, csv];
}

/** A JSON array written element by element; each record is written field by field (no object built). */
function jsonWriter<Row>(columns: ReadonlyArray<ExportColumn<Row>>): Transform[] {
  let first = true;
  const names = columns.map((column, index) => `${index === 0 ? "{" : ","}${JSON.stringify(column.key)}:`);
  return [
    new Transform({
      writableObjectMode: true,
      transform(row: Row, _encoding: BufferEncoding, callback: TransformCallback) {
        let record = first ? "[\n" : ",\n";
        columns.forEach((column, index) => {
          const value = column.value(row);
          record += names[index] + (value instanceof RawJson ? value.json : JSON.stringify(value ?? null));
        });
        callback(null, `${record}}`);
        first = false;
      },
      flush(callback: TransformCallback) {
        callback(null, first ? "[]\n" : "\n]\n");
      },
    }),
  ];
}

/** Reads the first row before answering, so a failing query still gets the usual JSON error body. */
async function startRows<Row>(rows: AsyncIterable<Row> | Iterable<Row>): Promise<AsyncIterable<Row>> {
  const iterator = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : (rows as Iterable<Row>)[Symbol.iterator]();
  const head = await iterator.next();
  return (async function* rest() {
    if (head.done) return;
    yield head.value;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  })();
}

const CONTENT_TYPES: Record<ExportFormat, string> = { csv: "text/csv; charset=utf-8", json: "application/json; charset=utf-8" };

/**
 * Streams the rows to the response. A client that disconnects ends the export quietly (the row
 * source is closed, no more batches are read); a failure after the first bytes cuts the response
 * off, which the client sees as an incomplete download.
 */
export async function streamExport<Row>(res: Response, options: ExportOptions<Row>): Promise<void> {
  const rows = await startRows(options.rows);
  const writer = options.format === "csv" ? csvWriter(options.columns) : jsonWriter(options.columns);
  const filename = `${options.filename.replace(/[^A-Za-z0-9._-]/g, "_")}.${options.format}`;
  res.status(200);
  res.setHeader("Content-Type", CONTENT_TYPES[options.format]);
  res.setHeader("Content-Disposition", `attachment; filename="${filename}"`);
  res.setHeader("Cache-Control", "no-store");
  try {
    await pipeline([Readable.from(rows), ...writer, res]);
  } catch (error) {
    if (res.destroyed && (error as { code?: string }).code === "ERR_STREAM_PREMATURE_CLOSE") return;
    throw error;
  }
}
