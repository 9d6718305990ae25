import type { Express } from "express";
import request from "supertest";

/**
 * A browser behind the production TLS proxy: every request says X-Forwarded-Proto: https and
 * comes from its own client address (X-Forwarded-For, trusted from loopback), so the login limit
 * (5 attempts per 5 minutes per IP and tenant) counts each browser on its own. It keeps the
 * session cookie itself, because supertest's cookie jar will not send a Secure cookie over the
 * plain-HTTP connection the test really makes. Writes carry the CSRF token once fetched.
 */
export class HttpsBrowser {
  cookie: string | null = null;
  csrfToken: string | null = null;
  private static nextAddress = 0;

  constructor(
    private readonly app: Express,
    readonly ip = `198.51.${100 + Math.floor(HttpsBrowser.nextAddress / 250)}.${(HttpsBrowser.nextAddress++ % 250) + 1}`,
  ) {}

  /** Signs in by demo mode (production needs AUTH_MODE_DEMO=true) and fetches a CSRF token. */
  static async demo(app: Express, tenantSlug: string, username: string): Promise<HttpsBrowser> {
    const browser = new HttpsBrowser(app);
    const login = await browser.get(`/auth/demo?user=${encodeURIComponent(username)}&tenant=${encodeURIComponent(tenantSlug)}`);
    if (login.status !== 302) throw new Error(`demo sign-in as ${username}@${tenantSlug} failed: ${login.status} ${login.text}`);
    await browser.fetchCsrf();
    return browser;
  }

  async fetchCsrf(): Promise<string> {
    const response = await this.get("/auth/csrf");
    this.csrfToken = response.body.csrfToken;
    return response.body.csrfToken;
  }

  private track(test: request.Test, write: boolean): request.Test {
    test.set("X-Forwarded-Proto", "https").set("X-Forwarded-For", this.ip);
    if (this.cookie) test.set("Cookie", this.cookie);
    if (write && this.csrfToken) test.set("x-csrf-token", this.csrfToken);
    test.on("response", (response: { headers: Record<string, string | string[] | undefined> }) => {
      const setCookie = response.headers["set-cookie"];
      const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
      const session = cookies.find((cookie) => cookie.startsWith("qa.sid="));
      if (!session) return;
      const cleared = /Expires=Thu, 01 Jan 1970/.test(session);
      this.cookie = cleared ? null : (session.split(";")[0] ?? null);
    });
    return test;
  }

  get(path: string): request.Test {
    return this.track(request(this.app).get(path), false);
  }
  post(path: string): request.Test {
    return this.track(request(this.app).post(path), true);
  }
  put(path: string): request.Test {
    return this.track(request(this.app).put(path), true);
  }
  patch(path: string): request.Test {
    return this.track(request(this.app).patch(path), true);
  }
  delete(path: string): request.Test {
    return this.track(request(this.app).delete(path), true);
  }
}
