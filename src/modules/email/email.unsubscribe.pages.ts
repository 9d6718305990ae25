import { html, type SafeHtml } from "./email.html.js";

function page(title: string, content: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <style>
          body {
            margin: 0;
            font-family: -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
            background: #f4f5f7;
            color: #1f2933;
          }
          main {
            max-width: 480px;
            margin: 10vh auto;
            padding: 28px;
            background: #fff;
            border-radius: 8px;
            line-height: 1.5;
          }
          h1 {
            font-size: 1.4rem;
            margin: 0 0 12px;
          }
          button {
            font: inherit;
            padding: 10px 18px;
            border: 0;
            border-radius: 6px;
            background: #1d4ed8;
            color: #fff;
            font-weight: 600;
            cursor: pointer;
          }
          button.secondary {
            background: #e4e7eb;
            color: #1f2933;
          }
          button:focus-visible {
            outline: 3px solid #93c5fd;
            outline-offset: 2px;
          }
          .muted {
            color: #616e7c;
            font-size: 0.9rem;
          }
        </style>
      </head>
      <body>
        <main>${content}</main>
      </body>
    </html> `.value;
}

function form(action: "unsubscribe" | "resubscribe", token: string, label: string, secondary = false): SafeHtml {
  return html`<form method="post" action="/email/${action}?token=${encodeURIComponent(token)}">
    <button type="submit" ${secondary ? html` class="secondary"` : ""}>${label}</button>
  </form>`;
}

const WHAT = "emails when your questions are answered and the weekly pulse check-ins";

export function invalidLinkPage(): string {
  return page(
    "Link not valid",
    html`<h1>This link is not valid</h1>
      <p>
        The unsubscribe link is incomplete or no longer belongs to an account. Copy the whole link from the email, or change your email preferences after
        signing in.
      </p>`,
  );
}

export function confirmPage(state: { tenantName: string; email: string }, token: string): string {
  return page(
    "Unsubscribe",
    html`<h1>Unsubscribe from ${state.tenantName} emails?</h1>
      <p><strong>${state.email}</strong> will no longer receive ${WHAT}.</p>
      ${form("unsubscribe", token, "Unsubscribe")}
      <p class="muted">Messages an administrator writes to you directly are still delivered.</p>`,
  );
}

export function unsubscribedPage(state: { tenantName: string; email: string }, token: string): string {
  return page(
    "Unsubscribed",
    html`<h1>You are unsubscribed</h1>
      <p><strong>${state.email}</strong> no longer receives ${WHAT} from ${state.tenantName}.</p>
      <p class="muted">Changed your mind?</p>
      ${form("resubscribe", token, "Subscribe again", true)}`,
  );
}

export function resubscribedPage(state: { tenantName: string; email: string }, token: string): string {
  return page(
    "Subscribed",
    html`<h1>You are subscribed again</h1>
      <p><strong>${state.email}</strong> receives ${WHAT} from ${state.tenantName} again.</p>
      ${form("unsubscribe", token, "Unsubscribe", true)}`,
  );
}
