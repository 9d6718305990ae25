import { useMemo, useState, type FormEvent } from "react";
import { DataTable, ErrorNotice, Field, Loading, useLoad } from "../../shared/ui";
import { listAuditEntries, listAuditFilters, listUsers } from "./api";

const PAGE_SIZE = 50;
/** "question.freeze" → "question": the actions grouped as the log names them. */
const groupOf = (action: string) => action.split(".")[0] ?? action;

interface Filters {
  userId: string;
  action: string;
  entityType: string;
  entityId: string;
  startDate: string;
  endDate: string;
}
const EMPTY: Filters = { userId: "", action: "", entityType: "", entityId: "", startDate: "", endDate: "" };

/** /admin/audit: every filter of SPEC, newest first, 50 a page. */
export function AuditPage() {
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const users = useLoad((signal) => listUsers(signal), []);
  // The values the server can write, from the server: no filter is missing, none finds nothing by design.
  const vocabulary = useLoad((signal) => listAuditFilters(signal), []);
  const groups = useMemo(() => {
    const byGroup = new Map<string, string[]>();
    for (const { action } of vocabulary.data?.actions ?? []) byGroup.set(groupOf(action), [...(byGroup.get(groupOf(action)) ?? []), action]);
    return [...byGroup.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [vocabulary.data]);
  const exact = vocabulary.data?.actions.find((entry) => entry.action === draft.action);
  const entityTypes = exact ? exact.entityTypes : (vocabulary.data?.entityTypes ?? []);
  const page = useLoad((signal) => listAuditEntries({ ...filters, limit: PAGE_SIZE, offset }, signal), [filters, offset]);
  const names = useMemo(() => new Map((users.data ?? []).map((user) => [user.id, user.name])), [users.data]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setOffset(0);
    setFilters({ ...draft, entityId: draft.entityId.trim() });
  };
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });
  const total = page.data?.total ?? 0;

  return (
    <section>
      <h1>Audit log</h1>
      <form onSubmit={apply} className="card">
        <div className="grid-2">
          <Field label="User">
            {(props) => (
              <select {...props} value={draft.userId} onChange={set("userId")}>
                <option value="">Anyone</option>
                {(users.data ?? []).map((user) => (
                  <option key={user.id} value={user.id} dir="auto">
                    {user.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Action">
            {(props) => (
              <select {...props} value={draft.action} onChange={set("action")}>
                <option value="">Any action</option>
                {groups.map(([group, actions]) => (
                  <optgroup key={group} label={group}>
                    {actions.length > 1 && <option value={`${group}.*`}>every {group} action</option>}
                    {actions.map((action) => (
                      <option key={action}>{action}</option>
                    ))}
                  </optgroup>
                ))}
              </select>
            )}
          </Field>
          <Field label="Entity type">
            {(props) => (
              <select {...props} value={draft.entityType} onChange={set("entityType")}>
                <option value="">Any type</option>
                {entityTypes.map((type) => (
                  <option key={type}>{type}</option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Entity id">{(props) => <input {...props} value={draft.entityId} onChange={set("entityId")} placeholder="UUID" />}</Field>
          <Field label="From">{(props) => <input {...props} type="date" value={draft.startDate} onChange={set("startDate")} />}</Field>
          <Field label="To">{(props) => <input {...props} type="date" value={draft.endDate} onChange={set("endDate")} />}</Field>
        </div>
        <div className="row">
          <button type="submit">Apply filters</button>
          <button
            type="button"
            className="button-secondary"
            onClick={() => {
              setDraft(EMPTY);
              setFilters(EMPTY);
              setOffset(0);
            }}
          >
            Clear
          </button>
        </div>
      </form>
      <ErrorNotice error={page.error} />
      {page.loading && !page.data ? (
        <Loading />
      ) : (
        <>
          <p className="result-count" role="status">
            {total === 0 ? "No entries." : `Entries ${offset + 1}–${Math.min(offset + PAGE_SIZE, total)} of ${total}`}
          </p>
          <DataTable caption="Audit entries" columns={["When", "Who", "Action", "Entity", "From", "Details"]}>
            {(page.data?.items ?? []).map((entry) => (
              <tr key={entry.id}>
                <td>{new Date(entry.createdAt).toLocaleString()}</td>
                <td dir="auto">{entry.userId ? (names.get(entry.userId) ?? entry.userId.slice(0, 8)) : "System"}</td>
                <td>
                  <code>{entry.action}</code>
                </td>
                <td>
                  {entry.entityType}
                  {entry.entityId && <div className="hint">{entry.entityId.slice(0, 8)}</div>}
                </td>
                <td>{entry.ipAddress ?? "—"}</td>
                <td>
                  <button
                    type="button"
                    className="button-small button-secondary"
                    aria-expanded={open === entry.id}
                    aria-label={`${open === entry.id ? "Hide" : "Show"} details of ${entry.action}, ${new Date(entry.createdAt).toLocaleString()}`}
                    onClick={() => setOpen(open === entry.id ? null : entry.id)}
                  >
                    {open === entry.id ? "Hide" : "Show"}
                  </button>
                  {open === entry.id && (
                    <pre className="json" tabIndex={0} aria-label={`Details of ${entry.action}`}>
                      {JSON.stringify({ before: entry.before, after: entry.after, metadata: entry.metadata, userAgent: entry.userAgent }, null, 2)}
                    </pre>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
          <nav className="row" aria-label="Audit pages">
            <button type="button" className="button-secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
              Newer
            </button>
            <button type="button" className="button-secondary" disabled={offset + PAGE_SIZE >= total} onClick={() => setOffset(offset + PAGE_SIZE)}>
              Older
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
