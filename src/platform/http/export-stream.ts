import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Response } from "express";
import { stringify } from "csv-stringify/sync";
import { DEFAULT_BATCH, RawJson, type ExportColumn, type ExportFormat, type ExportOptions, type ExportSource } from "../export-rows.js";

/**
 * The reusable part of every export (questions, audit logs, users, pulse): rows leave as CSV or
 * JSON through a stream pipeline with backpressure, so memory stays flat however many rows there
 * are and a slow client slows the database reads down instead of piling rows up.
 *
 * Rows travel in batches: each batch is turned into small pieces of text as soon as it arrives and
 * its row objects are dropped at once; only text waits on the client. (Streaming row objects one
 * by one kept each batch alive for many event-loop turns; V8 then promoted or pretenured the rows
 * into the old generation, and the process grew by 100+ MB on a million-row export.)
 */
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

interface Encoder<Row> {
  /** Text of some rows; `first` is true for the first rows written. */
  batch(rows: readonly Row[], first: boolean): string;
  /** Text after the last batch; `empty` when no row was written. */
  end(empty: boolean): string;
}

function csvEncoder<Row>(columns: ReadonlyArray<ExportColumn<Row>>): Encoder<Row> {
  const options = (header: boolean) => ({
    header,
    columns: columns.map((column) => column.key),
    escape_formulas: true,
    cast: { boolean: (value: boolean) => (value ? "true" : "false") },
  });
  return {
    batch: (rows, first) =>
      stringify(
        rows.map((row) => columns.map((column) => csvCell(column.value(row)))),
        options(first),
      ),
    end: (empty) => (empty ? stringify([], options(true)) : ""),
  };
}

/** A JSON array; each record is written field by field (no intermediate object). */
function jsonEncoder<Row>(columns: ReadonlyArray<ExportColumn<Row>>): Encoder<Row> {
  const names = columns.map((column, index) => `${index === 0 ? "{" : ","}${JSON.stringify(column.key)}:`);
  const record = (row: Row) => {
    let text = "";
    columns.forEach((column, index) => {
      const value = column.value(row);
      text += names[index] + (value instanceof RawJson ? value.json : JSON.stringify(value ?? null));
    });
    return `${text}}`;
  };
  return {
    batch: (rows, first) => (first ? "[\n" : ",\n") + rows.map(record).join(",\n"),
    end: (empty) => (empty ? "[]\n" : "\n]\n"),
  };
}

async function* batchesOf<Row>(source: ExportSource<Row>): AsyncGenerator<readonly Row[]> {
  if ("batches" in source) {
    yield* source.batches;
    return;
  }
  let chunk: Row[] = [];
  for (const row of source.rows) {
    chunk.push(row);
    if (chunk.length === DEFAULT_BATCH) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}

/**
 * Rows per piece of text: a piece stays well below V8's large-object size (about 128 KB), so it is
 * allocated young and dies young; one text per 1,000-row batch went straight to the old generation.
 */
const PIECE_ROWS = 50;

async function* encode<Row>(source: ExportSource<Row>, encoder: Encoder<Row>): AsyncGenerator<string> {
  let empty = true;
  for await (const rows of batchesOf(source)) {
    if (!rows.length) continue;
    // The whole batch becomes text before the first piece is handed on, so its rows can be collected at once.
    const pieces: string[] = [];
    for (let start = 0; start < rows.length; start += PIECE_ROWS) {
      pieces.push(encoder.batch(rows.slice(start, start + PIECE_ROWS), empty));
      empty = false;
    }
    yield* pieces;
  }
  const tail = encoder.end(empty);
  if (tail) yield tail;
}

const CONTENT_TYPES: Record<ExportFormat, string> = { csv: "text/csv; charset=utf-8", json: "application/json; charset=utf-8" };

/**
 * Streams the export to the response. The first batch is read before the status line goes out,
 * so a failing query still gets the usual JSON error body. A client that disconnects ends the
 * export quietly (no more batches are read); a failure after the first bytes cuts the response
 * off, which the client sees as an incomplete download.
 */
export async function streamExport<Row>(res: Response, options: ExportOptions<Row>): Promise<void> {
  const filename = `${options.filename.replace(/[^A-Za-z0-9._-]/g, "_")}.${options.format}`;
  const setHeaders = () => {
    res.status(200);
    res.setHeader("Content-Type", CONTENT_TYPES[options.format]);
    res.setHeader("Content-Disposition", `attachment; filename="${filename}"`);
    res.setHeader("Cache-Control", "no-store");
  };
  // Express answers HEAD with the GET route: give the headers without reading the whole export.
  if (res.req.method === "HEAD") {
    setHeaders();
    res.end();
    return;
  }
  const encoder = options.format === "csv" ? csvEncoder(options.columns) : jsonEncoder(options.columns);
  const chunks = encode(options, encoder);
  const head = await chunks.next();
  setHeaders();
  const body = (async function* all() {
    if (head.done) return;
    yield head.value;
    yield* chunks;
  })();
  try {
    // One chunk (one batch of text) waits at most; the next batch is read when the socket drains.
    await pipeline(Readable.from(body, { highWaterMark: 1 }), res);
  } catch (error) {
    if (res.destroyed && (error as { code?: string }).code === "ERR_STREAM_PREMATURE_CLOSE") return;
    throw error;
  }
}
