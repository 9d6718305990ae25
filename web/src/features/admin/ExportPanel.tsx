import { useState } from "react";
import { errorMessage } from "../../shared/api";
import { Field, Notice } from "../../shared/ui";
import { fetchExport, type ExportFormat, type ExportKind } from "./api";

const KINDS: ReadonlyArray<{ kind: ExportKind; label: string }> = [
  { kind: "questions", label: "Questions" },
  { kind: "pulse", label: "Pulse aggregates (last 12 weeks, hidden where the dashboard hides them)" },
  { kind: "audit-logs", label: "Audit log" },
  { kind: "users", label: "Users" },
];

/** Data export: each file is fetched (see fetchExport) and handed to the browser as a download. */
export function ExportPanel() {
  const [format, setFormat] = useState<ExportFormat>("csv");
  const [startDate, setStartDate] = useState("");
  const [endDate, setEndDate] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  const download = async (kind: ExportKind) => {
    setBusy(kind);
    setMessage(null);
    try {
      const blob = await fetchExport(kind, format, { startDate, endDate });
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = `${kind}-${new Date().toISOString().slice(0, 10)}.${format}`;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setMessage({ kind: "success", text: `Downloaded ${link.download}.` });
    } catch (caught) {
      setMessage({ kind: "error", text: errorMessage(caught) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section>
      <h1>Data export</h1>
      <fieldset>
        <legend>Format and period</legend>
        <p className="hint">The period applies to questions and the audit log.</p>
        <div className="row">
          <label className="checkbox">
            <input type="radio" name="format" checked={format === "csv"} onChange={() => setFormat("csv")} /> CSV (spreadsheets)
          </label>
          <label className="checkbox">
            <input type="radio" name="format" checked={format === "json"} onChange={() => setFormat("json")} /> JSON
          </label>
        </div>
        <div className="grid-2">
          <Field label="From (optional)">
            {(props) => <input {...props} type="date" value={startDate} onChange={(event) => setStartDate(event.target.value)} />}
          </Field>
          <Field label="To (optional)">
            {(props) => <input {...props} type="date" value={endDate} onChange={(event) => setEndDate(event.target.value)} />}
          </Field>
        </div>
      </fieldset>
      <ul className="plain-list stack">
        {KINDS.map(({ kind, label }) => (
          <li key={kind} className="row">
            <button type="button" className="button-secondary" disabled={busy !== null} onClick={() => void download(kind)}>
              {busy === kind ? "Preparing…" : `Download ${label.split(" (")[0]?.toLowerCase()}`}
            </button>
            <span className="hint">{label}</span>
          </li>
        ))}
      </ul>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
    </section>
  );
}
