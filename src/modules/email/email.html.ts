import escapeHtml from "escape-html";
import { html, SafeHtml } from "../../platform/html.js";

export { html, SafeHtml } from "../../platform/html.js";

/** Plain text as HTML: paragraphs at blank lines, line breaks kept, everything escaped. */
export function paragraphs(text: string, style = ""): SafeHtml {
  const blocks = text
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean);
  return new SafeHtml(
    blocks
      .map((block) => {
        const lines = block.split("\n").map((line) => escapeHtml(line));
        return `<p style="margin:0 0 12px;${escapeHtml(style)}">${lines.join("<br>")}</p>`;
      })
      .join(""),
  );
}

export interface LayoutInput {
  title: string;
  preheader: string;
  body: SafeHtml;
  footer: SafeHtml;
}

/**
 * The shared frame of every email: one centred column, inline styles only (mail clients drop
 * style sheets), and a hidden preheader that inbox previews show.
 */
export function layout(input: LayoutInput): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${input.title}</title>
      </head>
      <body style="margin:0;padding:0;background:#f4f5f7;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2933;">
        <div style="display:none;max-height:0;overflow:hidden;">${input.preheader}</div>
        <div style="max-width:560px;margin:0 auto;padding:24px 16px;">
          <div style="background:#ffffff;border-radius:8px;padding:24px;font-size:15px;line-height:1.5;">${input.body}</div>
          <div style="padding:16px 8px;font-size:12px;line-height:1.5;color:#616e7c;">${input.footer}</div>
        </div>
      </body>
    </html> `.value;
}

/** A link styled as a button (tables-free: every client renders padded inline blocks). */
export function button(href: string, label: string, color = "#1d4ed8"): SafeHtml {
  return html`<a
    href="${href}"
    style="display:inline-block;padding:10px 18px;margin:4px 6px 4px 0;border-radius:6px;background:${color};color:#ffffff;text-decoration:none;font-weight:600;"
    >${label}</a
  >`;
}
