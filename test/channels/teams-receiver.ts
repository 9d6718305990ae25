import http from "node:http";
import type { AddressInfo } from "node:net";

/** What a Workflows webhook got: its path and query (the `sig=`) and the parsed message. */
export interface ReceivedCard {
  url: string;
  body: { type: string; attachments: Array<{ contentType: string; content: Record<string, any> }> };
  raw: string;
}

/**
 * A stand-in for a Teams Workflows "When a Teams webhook request is received" trigger on
 * loopback: it records each message and answers with the next planned status (then 202, as
 * Workflows does), with `Retry-After` when one is planned.
 */
export class TeamsReceiver {
  readonly received: ReceivedCard[] = [];
  /** Answered 2xx: what the channel shows. */
  readonly posted: ReceivedCard[] = [];
  private readonly plan: Array<{ status: number; retryAfter?: string }> = [];
  private server: http.Server | null = null;

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let raw = "";
      req.on("data", (chunk) => (raw += chunk));
      req.on("end", () => {
        const entry: ReceivedCard = { url: req.url ?? "", raw, body: JSON.parse(raw || "{}") };
        this.received.push(entry);
        const next = this.plan.shift() ?? { status: 202 };
        if (next.status >= 200 && next.status < 300) this.posted.push(entry);
        res.writeHead(next.status, next.retryAfter ? { "retry-after": next.retryAfter } : {}).end(next.status >= 300 ? "failing" : "");
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    return this;
  }

  get port(): number {
    return (this.server?.address() as AddressInfo).port;
  }

  /** A Workflows-like URL: its signature in the query. */
  url(sig = "s3cr3t-signature-0123456789abcdef"): string {
    return `http://127.0.0.1:${this.port}/workflows/abc123/triggers/manual/paths/invoke?api-version=1&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=${sig}`;
  }

  answer(...plan: Array<{ status: number; retryAfter?: string }>): this {
    this.plan.push(...plan);
    return this;
  }

  /** The cards posted, as their text blocks joined. */
  texts(): string[] {
    return this.posted.map((entry) => JSON.stringify(entry.body.attachments[0]?.content));
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
