import { describe, expect, it } from "vitest";
import { THEMES } from "../../src/platform/tenant-settings.constants.js";
import { contrastRatio, DEFAULT_BRANDING, themeVariables, type Branding, type ColorScheme } from "../../web/src/shared/theme.js";

/**
 * Which colour is drawn on which, as web/src/styles.css uses the variables: text pairs need 4.5:1
 * (WCAG AA), the outline of a control, a focus ring or a chart line 3:1.
 */
const TEXT_PAIRS: Array<[string, string[]]> = [
  ["--text", ["--background", "--surface", "--surface-muted", "--primary-soft", "--ok-bg", "--bad-bg", "--warn-bg"]],
  ["--muted", ["--background", "--surface", "--primary-soft"]],
  ["--primary-text", ["--background", "--surface", "--surface-muted", "--primary-soft", "--ok-bg", "--bad-bg", "--warn-bg"]],
  ["--on-primary", ["--primary"]],
  ["--on-accent", ["--accent"]],
  ["--on-header", ["--header-bg"]],
  ["--on-bad", ["--bad"]],
  ["--ok", ["--ok-bg", "--surface", "--background"]],
  ["--bad", ["--bad-bg", "--surface", "--background"]],
  ["--warn", ["--warn-bg"]],
  ["--ok-strong", ["--ok-bg"]],
  ["--bad-strong", ["--bad-bg"]],
  ["--warn-strong", ["--warn-bg"]],
  ["--neutral-text", ["--neutral-bg", "--surface-muted"]],
  ["--mark-text", ["--mark-bg"]],
  // The pulse heatmap's bands (features/pulse/pulseFormat.ts HEAT_BANDS).
  ["--heat-1-text", ["--heat-1-bg"]],
  ["--heat-2-text", ["--heat-2-bg"]],
  ["--heat-3-text", ["--heat-3-bg"]],
  ["--heat-4-text", ["--heat-4-bg"]],
  ["--heat-5-text", ["--heat-5-bg"]],
];
const LINE_PAIRS: Array<[string, string[]]> = [
  ["--control-border", ["--surface", "--background"]],
  ["--primary-line", ["--surface", "--background", "--primary-soft"]],
];
/**
 * The focus indicator is two rings around the control (styles.css :focus-visible): amber outside,
 * the text colour inside. They replace what was around the control (the page, a card, the
 * header), and one of them must reach 3:1 against it.
 */
const FOCUS_RINGS = ["--focus", "--text"];
const FOCUS_BACKGROUNDS = ["--surface", "--background", "--header-bg"];

function focusShortfalls(variables: Record<string, string>): string[] {
  return FOCUS_BACKGROUNDS.flatMap((background) => {
    const best = Math.max(...FOCUS_RINGS.map((ring) => contrastRatio(variables[ring] as string, variables[background] as string)));
    return best < 3 ? [`focus rings on ${background} ${variables[background]}: ${best.toFixed(2)}`] : [];
  });
}

const BRANDINGS: Array<[string, Branding]> = [
  ...THEMES.map((theme): [string, Branding] => [theme, { ...DEFAULT_BRANDING, theme }]),
  ["executive-blue with a yellow primary and accent", { ...DEFAULT_BRANDING, primaryColor: "#ffff00", accentColor: "#ffff00" }],
  ["modern-purple with a navy primary and accent", { ...DEFAULT_BRANDING, theme: "modern-purple", primaryColor: "#000080", accentColor: "#000080" }],
  ["refined-teal with mid-grey and bright blue", { ...DEFAULT_BRANDING, theme: "refined-teal", primaryColor: "#808080", accentColor: "#3b82f6" }],
];

function shortfalls(variables: Record<string, string>, pairs: Array<[string, string[]]>, minimum: number): string[] {
  const failures: string[] = [];
  for (const [foreground, backgrounds] of pairs) {
    for (const background of backgrounds) {
      const [fg, bg] = [variables[foreground], variables[background]];
      if (!fg || !bg) {
        failures.push(`${foreground} on ${background}: missing`);
        continue;
      }
      const ratio = contrastRatio(fg, bg);
      if (ratio < minimum) failures.push(`${foreground} ${fg} on ${background} ${bg}: ${ratio.toFixed(2)}`);
    }
  }
  return failures;
}

describe("theme colours in light and dark", () => {
  for (const scheme of ["light", "dark"] as ColorScheme[]) {
    for (const [name, branding] of BRANDINGS) {
      it(`${scheme}, ${name}: text reaches 4.5:1, control outlines and the focus indicator 3:1 on every background they are drawn on`, () => {
        const variables = themeVariables(branding, scheme);
        const failures = [...shortfalls(variables, TEXT_PAIRS, 4.5), ...shortfalls(variables, LINE_PAIRS, 3), ...focusShortfalls(variables)];
        expect(failures).toEqual([]);
      });
    }
  }

  it("dark mode is dark and light mode keeps the theme's colours as the admin set them", () => {
    for (const theme of THEMES) {
      const light = themeVariables({ ...DEFAULT_BRANDING, theme }, "light");
      const dark = themeVariables({ ...DEFAULT_BRANDING, theme }, "dark");
      // The page behind everything: near black in dark (text light on it), as the theme says in light.
      expect(contrastRatio(dark["--background"] as string, "#000000")).toBeLessThan(1.3);
      expect(contrastRatio(dark["--surface"] as string, "#000000")).toBeLessThan(1.6);
      expect(contrastRatio(dark["--text"] as string, "#ffffff")).toBeLessThan(1.4);
      expect(light["--text"]).toBe("#0f172a");
      // A dark header, not the page lit by the brand colour.
      expect(contrastRatio(dark["--header-bg"] as string, "#000000")).toBeLessThan(2);
      // A filled button is the theme's own saturated colour with white text, standing out from the
      // card at 3:1 (a pale tint with dark text read as a disabled control).
      expect(dark["--on-primary"]).toBe("#ffffff");
      expect(contrastRatio(dark["--primary"] as string, dark["--surface"] as string)).toBeGreaterThanOrEqual(3);
      expect(contrastRatio(dark["--primary"] as string, "#ffffff")).toBeLessThan(5);
      // The heatmap's brightest band is no brighter than a button: no glaring cell on the dark page.
      expect(contrastRatio(dark["--heat-5-bg"] as string, "#000000")).toBeLessThan(contrastRatio(dark["--primary"] as string, "#000000") + 0.5);
    }
    const overridden = themeVariables({ ...DEFAULT_BRANDING, theme: "modern-purple", primaryColor: "#0F766E", accentColor: "#be123c" }, "light");
    expect(overridden).toMatchObject({ "--primary": "#0f766e", "--header-bg": "#0f766e", "--accent": "#be123c", "--on-accent": "#ffffff" });
  });

  it("a mid-tone override that neither black nor white text reads on is shaded until one does", () => {
    const grey = themeVariables({ ...DEFAULT_BRANDING, primaryColor: "#808080" }, "light");
    expect(grey["--primary"]).not.toBe("#808080");
    expect(contrastRatio(grey["--primary"] as string, grey["--on-primary"] as string)).toBeGreaterThanOrEqual(4.5);
    // Still the admin's grey, only slightly darker.
    expect(contrastRatio(grey["--primary"] as string, "#808080")).toBeLessThan(1.3);
  });
});
