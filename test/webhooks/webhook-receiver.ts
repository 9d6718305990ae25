import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/** One request a receiver got: its Standard Webhooks headers and raw body. */
export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  headers: Record<string, string>;
}

/**
 * A webhook receiver on loopback, as a tenant's integration would run one: it verifies each
 * request with the `standardwebhooks` library (a bad signature is answered 401 and recorded as
 * refused), answers with the next status of `statuses` (then 200), and de-duplicates on
 * `webhook-id` as the specification asks receivers to, counting what it processed.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** Verified requests, first of each webhook-id only. */
  readonly processed: Array<{ id: string; payload: { type: string; timestamp: string; data: Record<string, unknown> } }> = [];
  readonly refused: ReceivedWebhook[] = [];
  private statuses: number[] = [];
  private secret: string | null = null;
  private server: http.Server | null = null;
  /** Milliseconds to wait before answering. */
  delayMs = 0;
  /** TCP connections opened to this receiver: attempts share kept connections. */
  connections = 0;

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
        const entry: ReceivedWebhook = {
          id: headers["webhook-id"] ?? "",
          timestamp: headers["webhook-timestamp"] ?? "",
          signature: headers["webhook-signature"] ?? "",
          body,
          headers,
        };
        this.received.push(entry);
        const status = this.statuses.shift() ?? 200;
        const answer = () => {
          if (this.secret) {
            try {
              const payload = new Webhook(this.secret).verify(body, headers) as { type: string; timestamp: string; data: Record<string, unknown> };
              if (status >= 200 && status < 300 && !this.processed.some((done) => done.id === entry.id)) this.processed.push({ id: entry.id, payload });
            } catch {
              this.refused.push(entry);
              res.writeHead(401).end("bad signature");
              return;
            }
          }
          res.writeHead(status, { "content-type": "text/plain" }).end(status >= 300 ? `failing with ${status}` : "ok");
        };
        if (this.delayMs > 0) setTimeout(answer, this.delayMs);
        else answer();
      });
    });
    this.server.on("connection", () => (this.connections += 1));
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    return this.url;
  }

  get port(): number {
    return (this.server?.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** The endpoint's signing secret, as its admin would paste it into the receiver. */
  verifyWith(secret: string): this {
    this.secret = secret;
    return this;
  }

  /** The next answers, in order (then 200 again). */
  answer(...statuses: number[]): this {
    this.statuses.push(...statuses);
    return this;
  }

  /** Drops the failures still planned: 200 from now on. */
  recover(): this {
    this.statuses.length = 0;
    return this;
  }

  ofType(type: string) {
    return this.processed.filter((entry) => entry.payload.type === type);
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
