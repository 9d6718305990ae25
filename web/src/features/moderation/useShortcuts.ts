import { useEffect, useRef, type RefObject } from "react";

/** What a card does on a shortcut key; a card offers only the commands that fit it. */
export interface ItemCommands {
  approve?: () => void;
  reject?: () => void;
  edit?: () => void;
  answer?: () => void;
}

/** Each listed card's commands by question id (a ref per card, so they are always the latest). */
export type CommandRegistry = Map<string, RefObject<ItemCommands>>;

/** The shortcuts, as the help overlay lists them. */
export const SHORTCUTS: Array<{ keys: string[]; action: string }> = [
  { keys: ["j"], action: "Next question" },
  { keys: ["k"], action: "Previous question" },
  { keys: ["a"], action: "Approve (question waiting for review)" },
  { keys: ["r"], action: "Reject (question waiting for review)" },
  { keys: ["e"], action: "Edit and approve (question waiting for review)" },
  { keys: ["Enter"], action: "Answer, or edit the answer (open or answered question)" },
  { keys: ["?"], action: "Show these shortcuts" },
];

const COMMAND_KEYS: Record<string, keyof ItemCommands> = { a: "approve", r: "reject", e: "edit", Enter: "answer" };

/** The card element of a question in the moderation lists. */
export function cardElement(id: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`.moderation [data-question-id="${CSS.escape(id)}"]`);
}

/** Moves focus to a card (focusable by script only: Tab still walks its buttons). */
export function focusCard(id: string): boolean {
  const card = cardElement(id);
  if (!card) return false;
  if (!card.hasAttribute("tabindex")) card.setAttribute("tabindex", "-1");
  card.focus();
  card.scrollIntoView?.({ block: "nearest" });
  return true;
}

/** Typing here must never trigger a shortcut (a checkbox takes no text: keys go on working there). */
const TYPING = 'input:not([type="checkbox"]):not([type="radio"]), textarea, select, [contenteditable=""], [contenteditable="true"]';
/** Enter on these already does something: it stays theirs. */
const PRESSABLE = "button, a[href], summary, input, [role='button'], [role='menuitem']";

/**
 * The moderation page's keys: j/k move between the listed cards (the active one is focused and
 * marked), a/r/e/Enter act on it, ? opens the help. Nothing fires while typing in a field, with a
 * modifier key (Shift only makes "?"), or while a dialog is open.
 */
export function useShortcuts({
  ids,
  activeId,
  setActiveId,
  commands,
  onHelp,
}: {
  ids: string[];
  activeId: string | null;
  setActiveId: (id: string) => void;
  commands: CommandRegistry;
  onHelp: () => void;
}) {
  const latest = useRef({ ids, activeId, setActiveId, commands, onHelp });
  latest.current = { ids, activeId, setActiveId, commands, onHelp };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target?.closest(TYPING) || document.querySelector("dialog[open]")) return;
      const { ids: order, activeId: active, setActiveId: activate, commands: registry, onHelp: help } = latest.current;
      if (event.key === "?") {
        event.preventDefault();
        help();
        return;
      }
      if (event.shiftKey) return;
      // The card holding the focus is the one acted on, when the user got there with Tab.
      const focusedId = target?.closest<HTMLElement>("[data-question-id]")?.dataset.questionId;
      const current = focusedId && order.includes(focusedId) ? focusedId : active && order.includes(active) ? active : null;
      if (event.key === "j" || event.key === "k") {
        if (order.length === 0) return;
        event.preventDefault();
        const index = current ? order.indexOf(current) : -1;
        const next = event.key === "j" ? Math.min(order.length - 1, index + 1) : index === -1 ? 0 : Math.max(0, index - 1);
        const id = order[next] as string;
        activate(id);
        focusCard(id);
        return;
      }
      const command = COMMAND_KEYS[event.key];
      if (!command || !current) return;
      if (event.key === "Enter" && target?.closest(PRESSABLE)) return;
      const run = registry.get(current)?.current?.[command];
      if (!run) return;
      event.preventDefault();
      run();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}

/** Offers a card's commands to the page's shortcuts while the card is listed. */
export function useCardCommands(registry: CommandRegistry | undefined, id: string, commands: ItemCommands): void {
  const ref = useRef(commands);
  ref.current = commands;
  useEffect(() => {
    if (!registry) return;
    registry.set(id, ref);
    return () => {
      if (registry.get(id) === ref) registry.delete(id);
    };
  }, [registry, id]);
}
