import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { errorMessage } from "./api";

/** Small accessible building blocks shared by every screen. */

/** Polite screen-reader announcements (live updates, saved forms) through one live region. */
export function announce(message: string): void {
  const region = document.getElementById("announcer");
  if (!region) return;
  region.textContent = "";
  // A new text node on the next frame makes screen readers announce repeats too.
  requestAnimationFrame(() => {
    region.textContent = message;
  });
}

export function Notice({ kind = "info", children }: { kind?: "info" | "error" | "success" | "warning"; children: ReactNode }) {
  return (
    <div className={`notice notice-${kind}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}

export function ErrorNotice({ error }: { error: unknown }) {
  if (!error) return null;
  return <Notice kind="error">{errorMessage(error)}</Notice>;
}

export function Loading({ label = "Loading…" }: { label?: string }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}

/**
 * A table captioned for screen readers, with one header row. On a phone each row becomes a card
 * whose cells carry their column's name (from `data-label`, filled in here from `columns`).
 */
export function DataTable({ caption, columns, className, children }: { caption: string; columns: string[]; className?: string; children: ReactNode }) {
  const table = useRef<HTMLTableElement>(null);
  // After every render: rows come and go with paging and filters.
  useLayoutEffect(() => {
    for (const row of table.current?.tBodies[0]?.rows ?? []) {
      [...row.cells].forEach((cell, index) => cell.setAttribute("data-label", columns[index] ?? ""));
    }
  });
  return (
    <div className="table-wrap">
      <table ref={table} className={["table-stack", className].filter(Boolean).join(" ")}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  children: (props: { id: string; "aria-describedby"?: string; "aria-invalid"?: boolean }) => ReactNode;
  className?: string;
}

/** A labelled control with its hint and error wired to aria-describedby. */
export function Field({ label, hint, error, children, className }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      {hint && (
        <div id={hintId} className="hint">
          {hint}
        </div>
      )}
      {error && (
        <div id={errorId} className="field-error">
          {error}
        </div>
      )}
    </div>
  );
}

export function TagChip({ tag, onRemove }: { tag: { id: string; name: string; color: string }; onRemove?: () => void }) {
  return (
    <span className="tag-chip">
      <span className="tag-dot" style={{ background: tag.color }} aria-hidden="true" />
      <span dir="auto">{tag.name}</span>
      {onRemove && (
        <button type="button" className="tag-remove" onClick={onRemove} aria-label={`Remove tag ${tag.name}`}>
          ×
        </button>
      )}
    </span>
  );
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

export function RelativeTime({ iso }: { iso: string }) {
  const date = new Date(iso);
  const seconds = Math.round((date.getTime() - Date.now()) / 1000);
  const abs = Math.abs(seconds);
  const text =
    abs < 60
      ? relative.format(seconds, "second")
      : abs < 3600
        ? relative.format(Math.round(seconds / 60), "minute")
        : abs < 86400
          ? relative.format(Math.round(seconds / 3600), "hour")
          : relative.format(Math.round(seconds / 86400), "day");
  return (
    <time dateTime={iso} title={date.toLocaleString()}>
      {text}
    </time>
  );
}

/** Runs an async action with a busy flag and an error; the error clears on the next run. */
export function useAction<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const run = useCallback(
    async (...args: A): Promise<R | undefined> => {
      setBusy(true);
      setError(null);
      try {
        return await action(...args);
      } catch (caught) {
        if (mounted.current) setError(caught);
        return undefined;
      } finally {
        if (mounted.current) setBusy(false);
      }
    },
    [action],
  );
  return { run, busy, error, setError };
}

/** Loads data on mount and when `deps` change; `reload` refetches without clearing what is shown. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    load(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        setData(value);
        setError(null);
        setLoading(false);
      },
      (caught) => {
        if (controller.signal.aborted) return;
        setError(caught);
        setLoading(false);
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, setData, error, loading, reload };
}

/** A modal dialog on the native <dialog> element: focus trap, Esc to close, labelled by its title. */
export function Dialog({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // In the same commit as the content: between a paint without it and a later effect, the page's
  // keys would still see an open dialog and ignore a key pressed at that moment.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={onClose} className="dialog">
      <div className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="button-ghost" onClick={onClose} aria-label="Close">
          ×
        </button>
      </div>
      {open && children}
    </dialog>
  );
}

/**
 * The row at the foot of a dialog's form: the button that submits it (what the dialog is for), then
 * Cancel, which closes the dialog and does nothing.
 */
export function DialogFooter({ children, onCancel, disabled, danger }: { children: ReactNode; onCancel: () => void; disabled?: boolean; danger?: boolean }) {
  return (
    <div className="row">
      <button type="submit" className={danger ? "button-danger" : undefined} disabled={disabled}>
        {children}
      </button>
      <button type="button" className="button-secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

/** A table row's Edit and Delete buttons, named for the record they act on (screen readers read one button at a time). */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <button type="button" className="button-small button-secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </button>
      <button type="button" className="button-small button-danger-quiet" onClick={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </button>
    </>
  );
}

export function StatusPill({ ok, children }: { ok: boolean | null; children: ReactNode }) {
  return <span className={`pill ${ok === null ? "pill-neutral" : ok ? "pill-ok" : "pill-bad"}`}>{children}</span>;
}

/** The browser tab's title for a screen (screen readers announce it on navigation too). */
export function useTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · Team Q&A`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
