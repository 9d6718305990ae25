import escapeHtml from "escape-html";

/** Markup that is already safe: produced by `html` below, never by concatenating input. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

/**
 * Tagged template for HTML the server writes (emails, pages, the board's first screen): every
 * interpolated value is escaped unless it is SafeHtml (the output of another `html` call), so user
 * text (questions, answers, names) cannot inject markup or break out of an attribute.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? "");
  });
  return new SafeHtml(out);
}
