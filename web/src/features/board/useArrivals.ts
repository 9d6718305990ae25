import { useCallback, useEffect, useState } from "react";

const cardOf = (id: string) => document.querySelector<HTMLElement>(`[data-question-id="${CSS.escape(id)}"]`);

function inView(id: string): boolean {
  const card = cardOf(id);
  if (!card) return false;
  const box = card.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight;
}

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Brings a question's card into view and marks it for a moment. */
export function useHighlight(): { highlightedId: string | null; highlight: (id: string) => void } {
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  useEffect(() => {
    if (!highlightedId) return;
    // After the render that put the card in the list.
    const frame = requestAnimationFrame(() => cardOf(highlightedId)?.scrollIntoView({ block: "center", behavior: reducedMotion() ? "auto" : "smooth" }));
    const timer = setTimeout(() => setHighlightedId(null), 4000);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [highlightedId]);
  return { highlightedId, highlight: setHighlightedId };
}

/**
 * Questions that arrived live where the reader cannot see them: the "N new questions" pill counts
 * them until they scroll into view or the pill takes the reader there.
 */
export function useUnseenArrivals(highlight: (id: string) => void) {
  const [unseen, setUnseen] = useState<string[]>([]);

  const arrived = useCallback((id: string) => {
    // Measured after the card is drawn.
    requestAnimationFrame(() => {
      if (!inView(id)) setUnseen((ids) => (ids.includes(id) ? ids : [...ids, id]));
    });
  }, []);

  useEffect(() => {
    if (unseen.length === 0) return;
    const onScroll = () => setUnseen((ids) => ids.filter((id) => cardOf(id) !== null && !inView(id)));
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [unseen.length]);

  const show = useCallback(() => {
    // The first of them in the board's order.
    const first = [...document.querySelectorAll<HTMLElement>("[data-question-id]")].find((card) => unseen.includes(card.dataset.questionId ?? ""));
    if (first?.dataset.questionId) highlight(first.dataset.questionId);
    setUnseen([]);
  }, [unseen, highlight]);

  const forget = useCallback(() => setUnseen([]), []);
  return { unseenCount: unseen.length, arrived, show, forget };
}
