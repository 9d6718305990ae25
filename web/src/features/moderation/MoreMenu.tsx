import { useEffect, useId, useRef, useState, type ReactNode } from "react";

/**
 * A "More" disclosure for a card's rare actions: the button tells whether it is open
 * (aria-expanded); Escape, a click elsewhere or Tab out closes it, and Escape or choosing an
 * action puts focus back on the button, so it never drops to the page.
 */
export function MoreMenu({
  label,
  text = "More",
  hiddenText = ` actions for ${label}`,
  children,
}: {
  /** What the actions act on, for screen readers ("actions for “…”"). */
  label: string;
  /** The button's visible words; the accessible name starts with them. */
  text?: string;
  hiddenText?: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    // The first action takes focus, as a menu button's list does.
    root.current?.querySelector<HTMLElement>(".more-panel button:not(:disabled)")?.focus();
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  return (
    <div
      className="more-menu"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          // Handled here: a dialog or the page's shortcuts must not see it too.
          event.stopPropagation();
          close(true);
        }
      }}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null) && event.relatedTarget) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="button-small button-tertiary more-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {text}
        <span className="visually-hidden">{hiddenText}</span>
        <span aria-hidden="true"> ▾</span>
      </button>
      <div id={panelId} className="more-panel" hidden={!open}>
        {children(() => close(true))}
      </div>
    </div>
  );
}
