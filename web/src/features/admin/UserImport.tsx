import { useState, type ChangeEvent } from "react";
import { USER_IMPORT_COLUMNS, USER_IMPORT_MAX_ROWS, USER_IMPORT_TEMPLATE } from "@server/modules/users/users.constants";
import { ApiError, errorMessage } from "../../shared/api";
import { announce, DataTable, Field, Notice } from "../../shared/ui";
import { importUsers, type UserImportResult, type UserImportRow } from "./api";

const ACTION_LABELS: Record<UserImportRow["action"], string> = { error: "Error", created: "New", updated: "Changed", unchanged: "Unchanged" };
const ACTION_PILLS: Record<UserImportRow["action"], string> = { error: "pill-bad", created: "pill-ok", updated: "pill-ok", unchanged: "pill-neutral" };
const ORDER: Array<UserImportRow["action"]> = ["error", "created", "updated", "unchanged"];

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString("en")} ${count === 1 ? one : many}`;

function summary(totals: UserImportResult["totals"]): string {
  const parts = [
    `${totals.created.toLocaleString("en")} new`,
    `${totals.updated.toLocaleString("en")} changed`,
    `${totals.unchanged.toLocaleString("en")} unchanged`,
  ];
  if (totals.error) parts.unshift(plural(totals.error, "error"));
  return `${plural(totals.rows, "row")}: ${parts.join(", ")}`;
}

function downloadTemplate(): void {
  const url = URL.createObjectURL(new Blob([USER_IMPORT_TEMPLATE], { type: "text/csv" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "people-template.csv";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Admin › Users: people from a CSV file (CONTRACT §10). The file is checked first (a dry run) and
 * shown row by row, errors first; importing is possible only when no row has an error, because
 * the server imports all of a file or nothing.
 */
export function UserImport({ onImported }: { onImported: () => void }) {
  const [text, setText] = useState("");
  const [preview, setPreview] = useState<UserImportResult | null>(null);
  const [busy, setBusy] = useState<"check" | "import" | null>(null);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);

  const check = async (csv: string) => {
    setBusy("check");
    setMessage(null);
    setPreview(null);
    try {
      const result = await importUsers(csv, true);
      setPreview(result);
      announce(`Checked: ${summary(result.totals)}`);
    } catch (caught) {
      setMessage({ kind: "error", text: errorMessage(caught) });
    } finally {
      setBusy(null);
    }
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const content = await file.text();
    setText(content);
    await check(content);
  };

  const toImport = preview ? preview.totals.created + preview.totals.updated : 0;
  const runImport = async () => {
    setBusy("import");
    setMessage(null);
    try {
      const result = await importUsers(text, false);
      setPreview(null);
      setText("");
      const done = `Imported: ${result.totals.created.toLocaleString("en")} new, ${result.totals.updated.toLocaleString("en")} changed.`;
      setMessage({ kind: "success", text: done });
      announce(done);
      onImported();
    } catch (caught) {
      // Something changed since the check (a team renamed, someone added): show the file anew.
      if (caught instanceof ApiError && caught.code === "IMPORT_REJECTED") await check(text);
      setMessage({ kind: "error", text: `Nothing was imported. ${errorMessage(caught)}` });
    } finally {
      setBusy(null);
    }
  };

  const rows = preview ? [...preview.rows].sort((a, b) => ORDER.indexOf(a.action) - ORDER.indexOf(b.action) || a.row - b.row) : [];

  return (
    <section className="card stack user-import" aria-labelledby="user-import-title">
      <h2 id="user-import-title">Import from CSV</h2>
      <p className="hint">
        One person per row under the header <code>{USER_IMPORT_COLUMNS.join(",")}</code>. The team is a team&apos;s name or slug, or empty for none. Up to{" "}
        {USER_IMPORT_MAX_ROWS.toLocaleString("en")} rows. People already here (same email) are changed to match the file. If any row has an error, nobody is
        imported.
      </p>
      <div className="row">
        <button type="button" className="button-tertiary" onClick={downloadTemplate}>
          Download the template
        </button>
      </div>
      <Field label="Choose a CSV file">{(props) => <input {...props} type="file" accept=".csv,text/csv" onChange={(event) => void chooseFile(event)} />}</Field>
      <Field label="Or paste the rows, header first">
        {(props) => (
          <textarea
            {...props}
            rows={5}
            spellCheck={false}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setPreview(null);
            }}
          />
        )}
      </Field>
      <div className="row">
        <button type="button" className="button-secondary" disabled={!text.trim() || busy !== null} onClick={() => void check(text)}>
          {busy === "check" ? "Checking…" : "Check the rows"}
        </button>
      </div>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {preview && (
        <div className="stack">
          <p className="user-import-summary" role="status">
            <strong>{summary(preview.totals)}</strong>
          </p>
          <DataTable caption="Rows of the file, errors first" columns={["Row", "Email", "Result", "Details"]}>
            {rows.map((row) => (
              <tr key={row.row}>
                <td>{row.row}</td>
                <td className="user-import-email">{row.email || "—"}</td>
                <td>
                  <span className={`pill ${ACTION_PILLS[row.action]}`}>{ACTION_LABELS[row.action]}</span>
                </td>
                <td dir="auto">{row.message ?? ""}</td>
              </tr>
            ))}
          </DataTable>
          <div className="row">
            <button
              type="button"
              disabled={preview.totals.error > 0 || toImport === 0 || busy !== null}
              onClick={() => void runImport()}
              aria-describedby="user-import-why"
            >
              {busy === "import" ? "Importing…" : `Import ${plural(toImport, "person", "people")}`}
            </button>
            <span id="user-import-why" className="hint">
              {preview.totals.error > 0
                ? "Fix the rows in error and check again: nothing is imported while any row has an error."
                : toImport === 0
                  ? "Everyone in the file is already here as written."
                  : "New people can sign in with this email address; nobody is e-mailed."}
            </span>
          </div>
        </div>
      )}
    </section>
  );
}
