import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "./api";
import "./toast.css";

/** How long a toast stays, unless the pointer or the focus is on it. */
const TOAST_MS = 6000;
/** The fade-out before it leaves (the reduced-motion rule skips the transition, not the delay). */
const FADE_MS = 250;

export interface ToastMessage {
  id: number;
  text: string;
  /** Reverses the action; the toast then offers nothing more than its result. */
  undo?: () => Promise<void>;
}

let nextId = 1;

/** One toast at a time: a new message replaces the one shown. */
export function useToast() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const show = useCallback((text: string, undo?: () => Promise<void>) => setToast({ id: nextId++, text, undo }), []);
  const dismiss = useCallback(() => setToast(null), []);
  return { toast, show, dismiss };
}

/**
 * A short confirmation at the bottom of the screen, in a polite live region that is always in the
 * page (so screen readers announce each new message), with Undo where the action can be reversed.
 * It fades after 6 s, but waits while hovered or focused so nobody loses the Undo mid-reach.
 */
export function Toast({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss: () => void }) {
  const [held, setHeld] = useState(false);
  const [fading, setFading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [undone, setUndone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setFading(false);
    setError(null);
    setBusy(false);
    setUndone(false);
  }, [toast?.id]);

  useEffect(() => {
    if (!toast || held || busy) return;
    const fade = setTimeout(() => setFading(true), TOAST_MS);
    const leave = setTimeout(onDismiss, TOAST_MS + FADE_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(leave);
      setFading(false);
    };
  }, [toast, held, busy, onDismiss]);

  const undo = async () => {
    if (!toast?.undo) return;
    setBusy(true);
    setError(null);
    try {
      await toast.undo();
      setUndone(true);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      ref={region}
      className="toast-region"
      role="status"
      aria-live="polite"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!region.current?.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      {toast && (
        <div className={`toast ${fading ? "is-fading" : ""}`} key={toast.id}>
          <span className="toast-text">{undone ? `Undone: ${toast.text}` : error ? `${toast.text}. Undo failed: ${error}` : toast.text}</span>
          {toast.undo && !undone && (
            <button type="button" className="toast-action" onClick={() => void undo()} disabled={busy}>
              {busy ? "Undoing…" : "Undo"}
            </button>
          )}
          <button type="button" className="toast-close" onClick={onDismiss} aria-label="Dismiss message">
            ×
          </button>
        </div>
      )}
    </div>
  );
}
