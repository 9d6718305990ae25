/**
 * The word cloud's layout (d3-cloud, layout only: WordCloud draws the SVG). d3-cloud is loaded on
 * first use, so only the presenter's screen downloads it.
 */

export interface CloudWord {
  text: string;
  count: number;
}
export interface PlacedWord extends CloudWord {
  size: number;
  x: number;
  y: number;
}

/** The font the layout measures with; WordCloud draws with the same one. */
export const CLOUD_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
const CLOUD_WEIGHT = 700;

/** The smallest and the largest font size in px, from the viewport: the smallest still reads from the back of a room (2.5% of its height). */
export function cloudSizeBounds(viewportWidth: number, viewportHeight: number): { floor: number; ceiling: number } {
  const floor = Math.max(14, 0.025 * viewportHeight);
  const ceiling = Math.max(floor * 2, Math.min(0.16 * viewportHeight, 0.09 * viewportWidth));
  return { floor, ceiling };
}

/** Font sizes by count (square root: a word sent twice as often is clearly, not wildly, bigger), between the bounds. */
export function sizeWords(words: CloudWord[], floor: number, ceiling: number): Array<CloudWord & { size: number }> {
  const counts = words.map((word) => word.count);
  const least = Math.min(...counts);
  const most = Math.max(...counts);
  return words.map((word) => {
    const share = most === least ? (words.length === 1 ? 1 : 0.5) : Math.sqrt((word.count - least) / (most - least));
    return { ...word, size: Math.round(floor + (ceiling - floor) * share) };
  });
}

/** A small seeded generator (mulberry32): the same words give the same layout, so the cloud does not jump on every update. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function layoutOnce(words: Array<CloudWord & { size: number }>, width: number, height: number, padding: number): Promise<PlacedWord[]> {
  const { default: cloud } = await import("d3-cloud");
  type Word = CloudWord & { size: number; x?: number; y?: number };
  return new Promise((resolve) => {
    cloud<Word>()
      .size([width, height])
      .words(words.map((word) => ({ ...word })))
      .padding(padding)
      .rotate(0)
      .font(CLOUD_FONT)
      .fontWeight(CLOUD_WEIGHT)
      .fontSize((word) => word.size)
      .random(seededRandom(20261128))
      .on("end", (placed: Word[]) => resolve(placed.map((word) => ({ text: word.text, count: word.count, size: word.size, x: word.x ?? 0, y: word.y ?? 0 }))))
      .start();
  });
}

/**
 * Places the words (most frequent first) in a `width` x `height` box, centred on 0,0. When not all
 * fit, the largest size shrinks (never the smallest) and the layout runs again, a few times at most;
 * words that still do not fit are left out (the caller says how many).
 */
export async function layoutCloud(words: CloudWord[], width: number, height: number, viewport: { width: number; height: number }): Promise<PlacedWord[]> {
  if (words.length === 0 || width < 10 || height < 10) return [];
  const { floor } = cloudSizeBounds(viewport.width, viewport.height);
  let { ceiling } = cloudSizeBounds(viewport.width, viewport.height);
  const padding = Math.max(2, Math.round(floor / 6));
  let placed: PlacedWord[] = [];
  for (let attempt = 0; attempt < 5; attempt += 1) {
    placed = await layoutOnce(sizeWords(words, floor, ceiling), width, height, padding);
    if (placed.length === words.length || ceiling <= floor * 1.2) break;
    ceiling = Math.max(floor * 1.2, ceiling * 0.8);
  }
  return placed;
}
