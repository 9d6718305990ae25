import { DEFAULT_TENANT_SETTINGS, type Theme } from "@server/platform/tenant-settings.constants";
import type { TenantSettings } from "@server/platform/tenant-settings";

export type Branding = TenantSettings["branding"];

/**
 * The three branding themes of SPEC, as CSS custom properties on <html>. Admin overrides of the
 * primary and accent colours replace the theme's; text drawn on them is picked for contrast so an
 * override can never make a button unreadable (WCAG AA, 4.5:1).
 */
export const THEME_PALETTES: Record<Theme, { label: string; primary: string; accent: string; background: string; surfaceTint: string }> = {
  "executive-blue": { label: "Executive blue", primary: "#1e3a8a", accent: "#0369a1", background: "#f1f5f9", surfaceTint: "#e0e7ff" },
  "modern-purple": { label: "Modern purple", primary: "#6d28d9", accent: "#be185d", background: "#f5f3ff", surfaceTint: "#ede9fe" },
  "refined-teal": { label: "Refined teal", primary: "#0f766e", accent: "#b45309", background: "#f0fdfa", surfaceTint: "#ccfbf1" },
};

export const DEFAULT_BRANDING: Branding = DEFAULT_TENANT_SETTINGS.branding;

function channels(hex: string): [number, number, number] {
  const value = hex.replace("#", "");
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance(hex: string): number {
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

/** Black or white, whichever reads better on the colour. */
export function readableOn(hex: string): string {
  return contrastRatio(hex, "#ffffff") >= contrastRatio(hex, "#111827") ? "#ffffff" : "#111827";
}

function mix(hex: string, other: string, weight: number): string {
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

/** The colour darkened until it reads as text on white (links, outlines). */
export function textShade(hex: string, background = "#ffffff"): string {
  let shade = hex;
  for (let step = 0; step < 20 && contrastRatio(shade, background) < 4.6; step += 1) shade = mix(shade, "#000000", 0.12);
  return shade;
}

const isHex = (value: string | null | undefined): value is string => typeof value === "string" && /^#[0-9a-fA-F]{6}$/.test(value);

export function themeVariables(branding: Branding): Record<string, string> {
  const palette = THEME_PALETTES[branding.theme] ?? THEME_PALETTES["executive-blue"];
  const primary = isHex(branding.primaryColor) ? branding.primaryColor : palette.primary;
  const accent = isHex(branding.accentColor) ? branding.accentColor : palette.accent;
  return {
    "--primary": primary,
    "--on-primary": readableOn(primary),
    "--primary-text": textShade(primary),
    "--primary-soft": mix(primary, "#ffffff", 0.88),
    "--accent": accent,
    "--on-accent": readableOn(accent),
    "--accent-text": textShade(accent),
    "--background": palette.background,
    "--surface-tint": palette.surfaceTint,
  };
}

export function applyBranding(branding: Branding): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(themeVariables(branding))) root.style.setProperty(name, value);
  root.dataset.theme = branding.theme;
  let icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = document.createElement("link");
    icon.rel = "icon";
    document.head.appendChild(icon);
  }
  const favicon = branding.faviconUrl ?? "/favicon.svg";
  if (icon.getAttribute("href") !== favicon) {
    icon.href = favicon;
    icon.type = branding.faviconUrl ? "" : "image/svg+xml";
  }
}
