import https from "node:https";
import type { IncomingMessage } from "node:http";

/**
 * What a browser does through the TLS proxy: HTTPS to nginx on loopback, trusting the test's own
 * certificate and naming the site's host (SNI and Host), connections kept alive, the session
 * cookie and the CSRF token kept by hand.
 */
export class ProxiedBrowser {
  cookie = "";
  /** The session cookie's Set-Cookie line at sign-in, attributes included. */
  sessionCookieSetAs = "";
  csrf = "";
  private readonly agent: https.Agent;

  constructor(
    private readonly port: number,
    private readonly serverName: string,
    private readonly ca: string,
  ) {
    this.agent = new https.Agent({ keepAlive: true, maxSockets: 8, ca, servername: serverName });
  }

  /** One request; a network error rejects (the caller counts it as a failed request). */
  request(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<{ status: number; headers: IncomingMessage["headers"]; body: unknown }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { host: this.serverName, accept: "application/json", ...extraHeaders };
    if (this.cookie) headers.cookie = this.cookie;
    if (method !== "GET") headers["x-csrf-token"] = this.csrf;
    if (payload !== undefined) headers["content-type"] = "application/json";
    return new Promise((resolve, reject) => {
      const request = https.request(
        { host: "127.0.0.1", port: this.port, method, path, headers, agent: this.agent, servername: this.serverName },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let parsed: unknown = text;
            if (String(response.headers["content-type"]).includes("json")) parsed = JSON.parse(text);
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: parsed });
          });
        },
      );
      request.on("error", reject);
      request.setTimeout(15_000, () => request.destroy(new Error(`${method} ${path}: no answer in 15 s`)));
      request.end(payload);
    });
  }

  async signIn(tenant: string, user: string): Promise<void> {
    const login = await this.request("GET", `/auth/demo?user=${encodeURIComponent(user)}&tenant=${encodeURIComponent(tenant)}`);
    if (login.status !== 302) throw new Error(`sign-in as ${user} failed: ${login.status}`);
    this.sessionCookieSetAs = String(login.headers["set-cookie"]?.[0] ?? "");
    this.cookie = this.sessionCookieSetAs.split(";")[0] ?? "";
    this.csrf = ((await this.request("GET", "/auth/csrf")).body as { csrfToken: string }).csrfToken;
  }

  /** Opens `path` as a raw event stream (for the reconnecting client below). */
  openStream(path: string, lastEventId: string): Promise<IncomingMessage> {
    const headers: Record<string, string> = { host: this.serverName, accept: "text/event-stream", "cache-control": "no-cache", cookie: this.cookie };
    if (lastEventId) headers["last-event-id"] = lastEventId;
    return new Promise((resolve, reject) => {
      const request = https.get({ host: "127.0.0.1", port: this.port, path, headers, ca: this.ca, servername: this.serverName, agent: false }, resolve);
      request.on("error", reject);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export interface ReceivedEvent {
  id: string;
  data: { type: string; data: Record<string, unknown> };
}

/**
 * An EventSource as the HTML standard defines it: every `id:` field (with data or not) becomes
 * the last event id, sent back as Last-Event-ID when it reconnects after the stream ends or
 * breaks, `retry:` sets the reconnection delay, and a non-200 answer ends it for good.
 */
export class ReconnectingEventSource {
  readonly events: ReceivedEvent[] = [];
  /** Every answer that opened the stream (200 each time, one per connection). */
  readonly connections: number[] = [];
  lastEventId = "";
  retryMs = 3000;
  failure: Error | null = null;
  private stopped = false;
  private current: IncomingMessage | null = null;
  private waiters: Array<() => void> = [];

  constructor(
    private readonly browser: ProxiedBrowser,
    private readonly path: string,
  ) {}

  /** Resolves once the first connection is open. */
  async start(): Promise<void> {
    await this.connect();
    if (this.failure) throw this.failure;
  }

  private async connect(): Promise<void> {
    let response: IncomingMessage;
    try {
      response = await this.browser.openStream(this.path, this.lastEventId);
    } catch {
      this.reconnectLater();
      return;
    }
    this.connections.push(response.statusCode ?? 0);
    if (response.statusCode !== 200) {
      this.failure = new Error(`event stream answered ${response.statusCode}`);
      response.resume();
      return;
    }
    this.current = response;
    let buffer = "";
    let dataLines: string[] = [];
    let idField: string | null = null;
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => {
      buffer += chunk;
      let newline: number;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, newline).replace(/\r$/, "");
        buffer = buffer.slice(newline + 1);
        if (line === "") {
          // Dispatch: the id sticks even for a message without data (the stream's opening position).
          if (idField !== null) this.lastEventId = idField;
          if (dataLines.length) this.dispatch(dataLines.join("\n"));
          dataLines = [];
          idField = null;
          continue;
        }
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "data") dataLines.push(value);
        else if (field === "id" && !value.includes("\0")) idField = value;
        else if (field === "retry" && /^\d+$/.test(value)) this.retryMs = Number(value);
      }
    });
    const ended = () => {
      if (this.current !== response) return;
      this.current = null;
      this.reconnectLater();
    };
    response.on("end", ended);
    response.on("close", ended);
    response.on("error", ended);
  }

  private dispatch(data: string): void {
    const parsed = JSON.parse(data) as ReceivedEvent["data"];
    if (parsed.type === "heartbeat") return;
    this.events.push({ id: this.lastEventId, data: parsed });
    for (const wake of this.waiters.splice(0)) wake();
  }

  private reconnectLater(): void {
    if (this.stopped) return;
    setTimeout(() => void this.connect(), this.retryMs);
  }

  /** Resolves once an event with an id of at least `id` has arrived, or rejects after `timeoutMs`. */
  async waitForId(id: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.events.some((event) => Number(event.id) >= id)) {
      if (this.failure) throw this.failure;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`event ${id} not received in ${timeoutMs} ms (last: ${this.lastEventId})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.stopped = true;
    this.current?.destroy();
    this.current = null;
  }
}
