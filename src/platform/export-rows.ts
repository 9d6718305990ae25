/**
 * What an export is made of, independent of HTTP: its format, its columns, and rows read from the
 * database in keyset batches. platform/http/export-stream.ts writes it to the response.
 */
export const DEFAULT_BATCH = 1000;

export type ExportFormat = "csv" | "json";
export const EXPORT_FORMATS = ["csv", "json"] as const;

export interface ExportColumn<Row> {
  /** Field name in JSON and header in CSV. */
  key: string;
  value: (row: Row) => unknown;
}

/** Rows already in memory (e.g. aggregates), or batches read from the database as the client downloads. */
export type ExportSource<Row> = { rows: Iterable<Row> } | { batches: AsyncIterable<readonly Row[]> };

export type ExportOptions<Row> = ExportSource<Row> & {
  format: ExportFormat;
  /** Without extension; the format's extension is appended. */
  filename: string;
  columns: ReadonlyArray<ExportColumn<Row>>;
};

/**
 * JSON text as the database returned it (jsonb::text), written into either format unchanged:
 * no parse and re-serialise per row.
 */
export class RawJson {
  constructor(readonly json: string) {}
}

export const rawJson = (text: string | null): RawJson | null => (text === null ? null : new RawJson(text));

/**
 * Keyset paging as an async iterable of batches: the next batch is read only when the consumer
 * asks for it. Each batch is a short query of its own, so an export never holds a pooled
 * connection or a snapshot open while a slow client downloads.
 */
export async function* keysetBatches<Row extends { cursor: Cursor }, Cursor>(
  fetchBatch: (after: Cursor | null, limit: number) => Promise<Row[]>,
  batchSize = DEFAULT_BATCH,
): AsyncGenerator<Row[]> {
  let after: Cursor | null = null;
  for (;;) {
    const batch = await fetchBatch(after, batchSize);
    const last = batch.at(-1);
    if (last) after = last.cursor;
    if (batch.length) yield batch;
    if (batch.length < batchSize) return;
  }
}
