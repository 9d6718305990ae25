import { useSyncExternalStore } from "react";
import { setColorScheme, type ColorScheme } from "./theme";
import { announce } from "./ui";

/** What a person picked: follow the device (the default), or always light, or always dark. */
export type SchemeChoice = "system" | "light" | "dark";

const STORAGE_KEY = "qa.color-scheme";
const CHOICES: SchemeChoice[] = ["system", "light", "dark"];
const CHOICE_LABEL: Record<SchemeChoice, string> = { system: "System", light: "Light", dark: "Dark" };

const darkQuery = (): MediaQueryList | undefined => window.matchMedia?.("(prefers-color-scheme: dark)");

function storedChoice(): SchemeChoice {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === "light" || stored === "dark" ? stored : "system";
  } catch {
    return "system";
  }
}

let choice: SchemeChoice = "system";
let scheme: ColorScheme = "light";
const listeners = new Set<() => void>();

function apply(): void {
  scheme = choice === "system" ? (darkQuery()?.matches ? "dark" : "light") : choice;
  setColorScheme(scheme);
  for (const listener of listeners) listener();
}

/**
 * Applies the stored choice at once (main.tsx calls this before the first render) and keeps
 * following the device while the choice is System, and other tabs when they change it.
 */
export function startColorScheme(): void {
  choice = storedChoice();
  apply();
  darkQuery()?.addEventListener("change", () => {
    if (choice === "system") apply();
  });
  window.addEventListener("storage", (event) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    choice = storedChoice();
    apply();
  });
}

export function chooseColorScheme(next: SchemeChoice): void {
  choice = next;
  try {
    if (next === "system") localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Private mode: the choice holds until the page is left.
  }
  apply();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The choice and the scheme it resolves to now, e.g. System showing dark. */
export function useColorScheme(): { choice: SchemeChoice; scheme: ColorScheme } {
  const key = useSyncExternalStore(subscribe, () => `${choice} ${scheme}`);
  const [current, shown] = key.split(" ") as [SchemeChoice, ColorScheme];
  return { choice: current, scheme: shown };
}

function describe(current: SchemeChoice, shown: ColorScheme): string {
  return current === "system" ? `System (${shown})` : CHOICE_LABEL[current];
}

/**
 * The header's switch: one button stepping System → Light → Dark. Its name says the current
 * choice; the new one is also announced, as a name change of a focused button is not read out
 * by every screen reader. On a phone only its icon shows.
 */
export function ColorSchemeSwitch() {
  const { choice: current, scheme: shown } = useColorScheme();
  const next = CHOICES[(CHOICES.indexOf(current) + 1) % CHOICES.length] as SchemeChoice;
  const name = `Colour scheme: ${describe(current, shown)}`;
  return (
    <button
      type="button"
      className="scheme-switch"
      aria-label={name}
      title={`${name}. Press for ${CHOICE_LABEL[next]}.`}
      onClick={() => {
        chooseColorScheme(next);
        announce(`Colour scheme: ${CHOICE_LABEL[next]}`);
      }}
    >
      <SchemeIcon choice={current} />
      <span className="scheme-switch-label">{CHOICE_LABEL[current]}</span>
    </button>
  );
}

function SchemeIcon({ choice: current }: { choice: SchemeChoice }) {
  const common = { width: 18, height: 18, viewBox: "0 0 24 24", fill: "none", stroke: "currentColor", strokeWidth: 2, "aria-hidden": true } as const;
  if (current === "light") {
    return (
      <svg {...common}>
        <circle cx="12" cy="12" r="4.5" />
        <path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8" strokeLinecap="round" />
      </svg>
    );
  }
  if (current === "dark") {
    return (
      <svg {...common}>
        <path d="M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11z" strokeLinejoin="round" />
      </svg>
    );
  }
  // System: half light, half dark.
  return (
    <svg {...common}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 3.5a8.5 8.5 0 0 1 0 17z" fill="currentColor" />
    </svg>
  );
}
