import { useLayoutEffect, useRef, useState } from "react";

/**
 * The rendered width of an element, kept current as it resizes. Charts draw at their real pixel
 * size (viewBox = width) so their text renders at the font size set in CSS, on a phone as on a desk.
 */
export function useElementWidth<E extends HTMLElement>(fallback: number) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Measured before the first paint, so the chart does not jump from the fallback size.
    setWidth(Math.round(element.getBoundingClientRect().width) || fallback);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [fallback]);
  return { ref, width };
}
