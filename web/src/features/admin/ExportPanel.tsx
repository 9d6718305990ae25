import { useState } from "react";
import { ApiError, errorMessage, withQuery } from "../../shared/api";
import { Field, Notice } from "../../shared/ui";

const KINDS = [
  { kind: "questions", label: "Questions" },
  { kind: "pulse", label: "Pulse aggregates (last 12 weeks, hidden where the dashboard hides them)" },
  { kind: "audit-logs", label: "Audit log" },
  { kind: "users", label: "Users" },
] as const;

/**
 * Data export. The files come from GET /admin/export/<kind>; a plain link would be a browser
 * navigation (Accept: text/html), which the server answers with the app itself, so the file is
 * fetched and handed to the browser as a download.
 */
export function ExportPanel() {
  const [format, setFormat] = useState<"csv" | "json">("csv");
  const [startDate, setStartDate] = useState("");
  const [endDate, setEndDate] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  const download = async (kind: string) => {
    setBusy(kind);
    setMessage(null);
    try {
      const response = await fetch(withQuery(`/admin/export/${kind}`, { format, startDate, endDate }), {
        headers: { Accept: format === "csv" ? "text/csv, */*" : "application/json" },
        credentials: "same-origin",
      });
      if (!response.ok) {
        const payload = await response.json().catch(() => null);
        throw new ApiError(response.status, payload?.error?.code ?? "UNKNOWN", payload?.error?.message ?? response.statusText);
      }
      const blob = await response.blob();
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
