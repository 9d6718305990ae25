import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
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

/** The controls a toast must leave free: those of the thing being worked on (the focused card or box). */
const WORK_AREA = "article, [data-question-id], li, .card";
const CONTROLS = "button, a[href], input, select, textarea, [tabindex='0']";
/** Room kept between the toast and the controls it moved clear of. */
const GAP_PX = 8;

/**
 * Scrolls the page so the controls of the thing the person just acted on (the focused element's
 * card) sit above the toast: a confirmation never hides the buttons of the card it speaks of.
 * The spacer the toast adds at the page's foot leaves room to scroll the last card up.
 */
function keepControlsClear(toast: HTMLElement) {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === document.body || toast.contains(focused)) return;
  const card = focused.closest<HTMLElement>(WORK_AREA);
  // A card taller than half the screen cannot all sit above the toast: the focused control then must.
  const area = card && card.getBoundingClientRect().height <= window.innerHeight / 2 ? card : focused;
  const top = toast.getBoundingClientRect().top;
  const controls = [area, ...area.querySelectorAll<HTMLElement>(CONTROLS)]
    .filter((element) => element === focused || element !== area)
    .map((element) => element.getBoundingClientRect())
    .filter((rect) => rect.width > 0 && rect.height > 0);
  const lowest = Math.max(...controls.map((rect) => rect.bottom));
  if (lowest > top - GAP_PX) window.scrollBy({ top: lowest - top + GAP_PX, behavior: "instant" });
}

/**
 * A short confirmation at the bottom centre of the screen, in a polite live region that is always in the
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
  const [spacer, setSpacer] = useState(0);

  useEffect(() => {
    setFading(false);
    setError(null);
    setBusy(false);
    setUndone(false);
  }, [toast?.id]);

  // Measured before paint, so the page's foot grows with the toast; the scroll waits two frames
  // for the card's own focus handling (a swapped button gives focus back to its card).
  useLayoutEffect(() => {
    const element = region.current?.querySelector<HTMLElement>(".toast");
    if (!element) {
      setSpacer(0);
      return;
    }
    setSpacer(window.innerHeight - element.getBoundingClientRect().top + GAP_PX);
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => keepControlsClear(element));
    });
    return () => cancelAnimationFrame(frame);
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
    <>
      {spacer > 0 && <div className="toast-spacer" style={{ height: spacer }} aria-hidden="true" />}
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
    </>
  );
}
