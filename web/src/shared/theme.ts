import { DEFAULT_TENANT_SETTINGS, type Theme } from "@server/platform/tenant-settings.constants";
import type { TenantSettings } from "@server/platform/tenant-settings.schemas";
import { BLACK, contrastRatio, lowestContrast, mix, textShade, WHITE } from "@server/platform/colour.constants";

export type Branding = TenantSettings["branding"];
export type ColorScheme = "light" | "dark";

interface Palette {
  label: string;
  primary: string;
  accent: string;
  background: string;
  surfaceTint: string;
  /** The page and card colours in dark mode: near-black, tinted by the theme. */
  dark: { background: string; surface: string; surfaceTint: string };
}

/**
 * The three branding themes of SPEC, as CSS custom properties on <html>, in a light and a dark
 * version. Admin overrides of the primary and accent colours replace the theme's; every colour
 * text is drawn in or on is then derived by contrast, so no override can make text unreadable
 * (WCAG AA: 4.5:1 for text, 3:1 for the outline of a control) in either scheme.
 */
export const THEME_PALETTES: Record<Theme, Palette> = {
  "executive-blue": {
    label: "Executive blue",
    primary: "#1e3a8a",
    accent: "#0369a1",
    background: "#f1f5f9",
    surfaceTint: "#e0e7ff",
    dark: { background: "#0b1120", surface: "#162033", surfaceTint: "#1c2a4a" },
  },
  "modern-purple": {
    label: "Modern purple",
    primary: "#6d28d9",
    accent: "#be185d",
    background: "#f5f3ff",
    surfaceTint: "#ede9fe",
    dark: { background: "#100c1c", surface: "#1d172e", surfaceTint: "#2a2145" },
  },
  "refined-teal": {
    label: "Refined teal",
    primary: "#0f766e",
    accent: "#b45309",
    background: "#f0fdfa",
    surfaceTint: "#ccfbf1",
    dark: { background: "#061413", surface: "#10231f", surfaceTint: "#143530" },
  },
};

/** The colours every theme shares: text, borders, and the status colours with their backgrounds. */
const NEUTRALS: Record<ColorScheme, Record<string, string>> = {
  light: {
    "--text": "#0f172a",
    "--muted": "#475569",
    "--border": "#cbd5e1",
    "--control-border": "#64748b",
    "--neutral-bg": "#e2e8f0",
    "--neutral-text": "#334155",
    "--ok": "#166534",
    "--ok-bg": "#dcfce7",
    "--ok-strong": "#14532d",
    "--bad": "#b91c1c",
    "--bad-bg": "#fee2e2",
    "--bad-strong": "#7f1d1d",
    "--warn": "#92400e",
    "--warn-bg": "#fef3c7",
    "--warn-strong": "#78350f",
    "--warn-border": "#d97706",
    "--focus": "#f59e0b",
    "--mark-bg": "#fde68a",
    "--mark-text": "#0f172a",
    "--chart-grid": "#e2e8f0",
    "--dot-border": "rgb(0 0 0 / 0.2)",
    // The pulse heatmap's five bands, low to high, each a fill and the text drawn on it.
    "--heat-1-bg": "#fecaca",
    "--heat-1-text": "#7f1d1d",
    "--heat-2-bg": "#fed7aa",
    "--heat-2-text": "#7c2d12",
    "--heat-3-bg": "#fef08a",
    "--heat-3-text": "#713f12",
    "--heat-4-bg": "#bbf7d0",
    "--heat-4-text": "#14532d",
    "--heat-5-bg": "#4ade80",
    "--heat-5-text": "#052e16",
  },
  dark: {
    "--text": "#e6e9ef",
    "--muted": "#a9b3c4",
    "--border": "#3a4658",
    "--control-border": "#8391a5",
    "--neutral-bg": "#334155",
    "--neutral-text": "#e2e8f0",
    "--ok": "#4ade80",
    "--ok-bg": "#0c2b19",
    "--ok-strong": "#bbf7d0",
    "--bad": "#fca5a5",
    "--bad-bg": "#3b1212",
    "--bad-strong": "#fecaca",
    "--warn": "#fcd34d",
    "--warn-bg": "#38250a",
    "--warn-strong": "#fde68a",
    "--warn-border": "#f59e0b",
    "--focus": "#fbbf24",
    "--mark-bg": "#fde68a",
    "--mark-text": "#111827",
    "--chart-grid": "#334155",
    "--dot-border": "rgb(255 255 255 / 0.4)",
    // Deep fills of the same hues with pale text: bright cells would glare on the dark page.
    "--heat-1-bg": "#5c1a1a",
    "--heat-1-text": "#fee2e2",
    "--heat-2-bg": "#5a2a0e",
    "--heat-2-text": "#ffedd5",
    "--heat-3-bg": "#4a3d0a",
    "--heat-3-text": "#fef9c3",
    "--heat-4-bg": "#14472a",
    "--heat-4-text": "#dcfce7",
    "--heat-5-bg": "#1b6b3a",
    "--heat-5-text": "#f0fdf4",
  },
};

export const DEFAULT_BRANDING: Branding = DEFAULT_TENANT_SETTINGS.branding;

/** The dark text drawn on light fills (a softer black). */
const DARK_TEXT = "#111827";

export { contrastRatio, textShade };

/** Black or white, whichever reads better on the colour. */
export function readableOn(hex: string): string {
  return contrastRatio(hex, WHITE) >= contrastRatio(hex, DARK_TEXT) ? WHITE : DARK_TEXT;
}

/**
 * A fill that black or white text reads on at 4.5:1. Mid-tones (a grey, a bright blue) reach
 * that with neither, so they are nudged towards `towards` (black in light mode, white in dark)
 * until one of the two does; every other colour is kept as it is.
 */
export function fillShade(hex: string, towards: string): string {
  const best = (fill: string) => contrastRatio(fill, readableOn(fill));
  if (best(hex) >= 4.5) return hex;
  let fill = hex;
  for (let step = 0; step < 30 && best(fill) < 4.6; step += 1) fill = mix(fill, towards, 0.06);
  return fill;
}

/** A faint wash of the brand colour over the surface (badges, the current tab), faint enough for body and muted text. */
function softTint(brand: string, surface: string, weight: number, texts: string[]): string {
  let tint = mix(brand, surface, weight);
  for (let step = 0; step < 20 && lowestContrast(tint, texts) < 4.6; step += 1) tint = mix(tint, surface, 0.25);
  return tint;
}

const isHex = (value: string | null | undefined): value is string => typeof value === "string" && /^#[0-9a-fA-F]{6}$/.test(value);

export function themeVariables(branding: Branding, scheme: ColorScheme = "light"): Record<string, string> {
  const palette = THEME_PALETTES[branding.theme] ?? THEME_PALETTES["executive-blue"];
  const brandPrimary = isHex(branding.primaryColor) ? branding.primaryColor.toLowerCase() : palette.primary;
  const brandAccent = isHex(branding.accentColor) ? branding.accentColor.toLowerCase() : palette.accent;
  return scheme === "dark" ? darkVariables(palette, brandPrimary, brandAccent) : lightVariables(palette, brandPrimary, brandAccent);
}

/** Light: the brand colours as they are (the header and buttons are filled with the primary). */
function lightVariables(palette: Palette, brandPrimary: string, brandAccent: string): Record<string, string> {
  const neutrals = NEUTRALS.light;
  const surface = WHITE;
  const primary = fillShade(brandPrimary, BLACK);
  const accent = fillShade(brandAccent, BLACK);
  const primarySoft = softTint(brandPrimary, WHITE, 0.88, [neutrals["--text"], neutrals["--muted"]] as string[]);
  const surfaceMuted = "#f8fafc";
  // Every background a link or a badge's text can sit on.
  const grounds = [surface, palette.background, primarySoft, surfaceMuted, neutrals["--ok-bg"], neutrals["--bad-bg"], neutrals["--warn-bg"]] as string[];
  return {
    "--primary": primary,
    "--on-primary": readableOn(primary),
    "--primary-text": textShade(brandPrimary, grounds),
    "--primary-soft": primarySoft,
    // Lines, borders and chart strokes in the primary: a pale override is darkened to stay visible (3:1).
    "--primary-line": textShade(brandPrimary, grounds, 3.2),
    "--accent": accent,
    "--on-accent": readableOn(accent),
    "--accent-text": textShade(brandAccent, grounds),
    "--header-bg": primary,
    "--on-header": readableOn(primary),
    "--background": palette.background,
    "--surface": surface,
    "--surface-muted": surfaceMuted,
    "--surface-tint": palette.surfaceTint,
    ...neutrals,
    "--on-bad": readableOn(neutrals["--bad"] as string),
  };
}

/**
 * Dark: the brand colours lightened until they read on the dark surfaces (buttons become a light
 * fill with dark text), and the header a deep shade of the primary, so the page is not lit by it.
 */
function darkVariables(palette: Palette, brandPrimary: string, brandAccent: string): Record<string, string> {
  const neutrals = NEUTRALS.dark;
  const { background, surface, surfaceTint } = palette.dark;
  const primarySoft = softTint(brandPrimary, surface, 0.8, [neutrals["--text"], neutrals["--muted"]] as string[]);
  const surfaceMuted = mix(surface, WHITE, 0.05);
  const grounds = [surface, background, primarySoft, surfaceMuted, neutrals["--ok-bg"], neutrals["--bad-bg"], neutrals["--warn-bg"]] as string[];
  const primaryText = textShade(brandPrimary, grounds);
  const primary = darkModeFill(brandPrimary) ?? fillShade(primaryText, WHITE);
  // The accent marks (a pinned question's bar, a badge) only need to stand out from the surface.
  const accent = fillShade(textShade(brandAccent, grounds, 3.2), WHITE);
  const header = fillShade(mix(brandPrimary, background, 0.7), BLACK);
  return {
    "--primary": primary,
    "--on-primary": readableOn(primary),
    "--primary-text": primaryText,
    "--primary-soft": primarySoft,
    "--primary-line": textShade(brandPrimary, grounds, 3.2),
    "--accent": accent,
    "--on-accent": readableOn(accent),
    "--accent-text": textShade(brandAccent, grounds),
    "--header-bg": header,
    "--on-header": readableOn(header),
    "--background": background,
    "--surface": surface,
    "--surface-muted": surfaceMuted,
    "--surface-tint": surfaceTint,
    ...neutrals,
    "--on-bad": readableOn(neutrals["--bad"] as string),
  };
}

/**
 * A filled button in dark mode: the brand colour itself, lightened only as far as white text
 * still reads on it (4.5:1), so it stands out from the dark card as a saturated fill. A pale
 * tint with dark text looked like a disabled control. Null when white text never reads on the
 * brand (a yellow): that fill stays light, with dark text.
 */
function darkModeFill(brand: string): string | null {
  if (contrastRatio(brand, WHITE) < 4.6) return null;
  let fill = brand;
  for (let step = 1; step <= 30; step += 1) {
    const lighter = mix(brand, WHITE, step * 0.025);
    if (contrastRatio(lighter, WHITE) < 4.6) break;
    fill = lighter;
  }
  return fill;
}

/** The branding last applied: a change of colour scheme re-derives its variables. */
let appliedBranding: Branding = DEFAULT_BRANDING;

function currentScheme(): ColorScheme {
  return document.documentElement.dataset.colorScheme === "dark" ? "dark" : "light";
}

function setVariables(branding: Branding, scheme: ColorScheme): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(themeVariables(branding, scheme))) root.style.setProperty(name, value);
}

/** Switches <html> to a colour scheme: the attribute the style sheet keys on, and the theme's variables for it. */
export function setColorScheme(scheme: ColorScheme): void {
  const root = document.documentElement;
  root.dataset.colorScheme = scheme;
  // Form controls, scrollbars and the dialog backdrop follow too.
  root.style.colorScheme = scheme;
  setVariables(appliedBranding, scheme);
}

export function applyBranding(branding: Branding): void {
  appliedBranding = branding;
  const root = document.documentElement;
  setVariables(branding, currentScheme());
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
