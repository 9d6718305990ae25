import { useLayoutEffect, type RefObject } from "react";

/**
 * The presented question's font size bounds in px, from the viewport: about 28px at the least on a
 * 1080p screen (2.6vmin, still readable from the back of a room), about 97px at the most.
 */
export function fitBounds(width = window.innerWidth, height = window.innerHeight): { floor: number; ceiling: number } {
  const floor = Math.max(18, 0.026 * Math.min(width, height));
  const ceiling = Math.max(floor, Math.min(0.09 * height, 0.06 * width));
  return { floor, ceiling };
}

/**
 * Sizes `content` to the largest font that fits in `frame` without scrolling (a binary search
 * between the bounds), again whenever the frame is resized or `key` changes. The size goes to the
 * `--fit-size` custom property, which the content's rules scale from. When even the floor does not
 * fit (a very long question or answer), `data-fit="clip"` lets the CSS cut the text and keep the
 * votes and author in view.
 */
export function useFitText(frame: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>, key: string): void {
  useLayoutEffect(() => {
    const box = frame.current;
    const slide = content.current;
    if (!box || !slide) return;
    const fitsAt = (size: number) => {
      slide.style.setProperty("--fit-size", `${size}px`);
      return slide.scrollHeight <= box.clientHeight && slide.scrollWidth <= box.clientWidth;
    };
    const fit = () => {
      // Measured at its natural height: the clipped layout would always "fit".
      delete slide.dataset.fit;
      const { floor, ceiling } = fitBounds();
      if (fitsAt(ceiling)) return;
      if (!fitsAt(floor)) {
        slide.dataset.fit = "clip";
        return;
      }
      let low = floor;
      let high = ceiling;
      while (high - low > 1) {
        const middle = (low + high) / 2;
        if (fitsAt(middle)) low = middle;
        else high = middle;
      }
      fitsAt(low);
    };
    fit();
    // The frame changes size with the window, the full-screen switch and the join address's corner.
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    return () => observer.disconnect();
  }, [frame, content, key]);
}
