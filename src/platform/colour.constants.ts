/**
 * Colour arithmetic for contrast (WCAG 2 relative luminance): plain functions, as a constants file
 * holds, so the web app's theme and the server-rendered pages (the pulse respond pages) derive
 * readable colours the same way.
 */

export const WHITE = "#ffffff";
export const BLACK = "#000000";

function channels(hex: string): [number, number, number] {
  const value = hex.replace("#", "");
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
}

export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` moved `weight` (0..1) of the way towards `other`. */
export function mix(hex: string, other: string, weight: number): string {
  const a = channels(hex);
  const b = channels(other);
  return `#${a
    .map((c, i) =>
      Math.round(c * (1 - weight) + (b[i] as number) * weight)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

export const lowestContrast = (hex: string, backgrounds: string[]) => Math.min(...backgrounds.map((background) => contrastRatio(hex, background)));

/**
 * The colour, darkened on light backgrounds or lightened on dark ones until it reaches `target`
 * against every one of them: links and outlines on white, the theme colour as text on dark.
 */
export function textShade(hex: string, backgrounds: string | string[] = WHITE, target = 4.6): string {
  const list = Array.isArray(backgrounds) ? backgrounds : [backgrounds];
  const towards = luminance(list[0] as string) > 0.18 ? BLACK : WHITE;
  let shade = hex;
  for (let step = 0; step < 30 && lowestContrast(shade, list) < target; step += 1) shade = mix(shade, towards, 0.12);
  return shade;
}
