import { Transform, type Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { AppError, errors } from "../../platform/errors.js";
import { USER_IMPORT_COLUMNS, USER_IMPORT_MAX_BYTES, USER_IMPORT_MAX_ROWS } from "./users.constants.js";

type Column = (typeof USER_IMPORT_COLUMNS)[number];

/** One data row as written in the file: `row` 1 is the first line after the header. */
export interface ImportFileRow {
  row: number;
  cells: Record<Column, string>;
  /** Set when the row has more or fewer cells than the header. */
  problem?: string;
}

const HEADER = USER_IMPORT_COLUMNS.join(",");
const invalidFile = (message: string, path = "body") => errors.validation([{ path, message }], message);
const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", 413, `The file is over ${USER_IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
const tooManyRows = () =>
  new AppError("TOO_MANY_ROWS", 413, `The file has more than ${USER_IMPORT_MAX_ROWS.toLocaleString("en")} rows; split it and import each part.`);

/** Passes the bytes on until there are more than the limit, then fails the stream. */
function byteLimit(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? tooLarge() : null, chunk);
    },
  });
}

/** The header names its four columns once each, in any order and any case. */
function columnIndexes(header: string[]): Record<Column, number> {
  const names = header.map((cell) => cell.trim().toLowerCase());
  const matches = names.length === USER_IMPORT_COLUMNS.length && USER_IMPORT_COLUMNS.every((column) => names.filter((name) => name === column).length === 1);
  if (!matches) {
    const found = header.join(",").slice(0, 200);
    throw invalidFile(`The first line must be the header "${HEADER}" (found "${found}").`, "header");
  }
  return Object.fromEntries(USER_IMPORT_COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<Column, number>;
}

/**
 * Reads the import file from the request as it arrives (csv-parse: byte order mark, CRLF or LF,
 * quoted cells with commas, quotes and line breaks), refusing a file over the byte or row limit
 * as soon as it gets there. The body is never held whole, only its rows; they are all needed
 * before anything is written, since one bad row refuses the file. Nothing here destroys the
 * request: what is left unread is drained by Node after the answer, so the client reads the answer.
 */
export async function readImportFile(body: Readable, declaredLength: number | undefined): Promise<ImportFileRow[]> {
  if (declaredLength !== undefined && declaredLength > USER_IMPORT_MAX_BYTES) throw tooLarge();
  const limit = byteLimit(USER_IMPORT_MAX_BYTES);
  const parser = parse({ bom: true, skip_empty_lines: true, relax_column_count: true, max_record_size: 64 * 1024 });
  const fail = (error: Error) => parser.destroy(error);
  body.once("error", fail);
  limit.once("error", fail);
  body.pipe(limit).pipe(parser);

  const rows: ImportFileRow[] = [];
  let columns: Record<Column, number> | null = null;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!columns) {
        columns = columnIndexes(record);
        continue;
      }
      if (rows.length === USER_IMPORT_MAX_ROWS) throw tooManyRows();
      const indexes = columns;
      const cells = Object.fromEntries(USER_IMPORT_COLUMNS.map((column) => [column, record[indexes[column]] ?? ""])) as Record<Column, string>;
      const row: ImportFileRow = { row: rows.length + 1, cells };
      if (record.length !== USER_IMPORT_COLUMNS.length) row.problem = `has ${record.length} cells; expected ${USER_IMPORT_COLUMNS.length} (${HEADER})`;
      rows.push(row);
    }
  } catch (error) {
    if (error instanceof CsvError) throw invalidFile(`The file is not valid CSV (line ${error.lines ?? "?"}): ${error.message}`);
    throw error;
  } finally {
    body.unpipe(limit);
    body.off("error", fail);
  }
  if (!columns) throw invalidFile(`The file is empty: its first line must be the header "${HEADER}".`);
  if (rows.length === 0) throw invalidFile("The file has a header but no rows to import.");
  return rows;
}
