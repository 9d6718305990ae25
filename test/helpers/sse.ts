import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";

export interface SseMessage {
  id: string | null;
  data: Record<string, unknown> & { type?: string; tenantId?: string; data?: Record<string, unknown>; timestamp?: number };
  raw: string;
}

export interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  messages: SseMessage[];
  /** Every block received, data or not (e.g. `retry:` hints), raw. */
  blocks: string[];
  /** Resolves with the first message (from now on or already received) that matches. */
  next(predicate: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** Every message received so far of the given event type. */
  ofType(type: string): SseMessage[];
  close(): void;
  closed: Promise<void>;
}

/** A listening server for an app (SSE needs a real socket); close it after the test file. */
export async function listen(app: Express): Promise<{ url: string; server: http.Server; close(): Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Opens GET {path} as an event stream and parses its messages as they arrive. */
export function openEventStream(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${path}`, { headers: { accept: "text/event-stream", ...headers } }, (response) => {
      const messages: SseMessage[] = [];
      const blocks: string[] = [];
      const waiters: Array<{ predicate: (message: SseMessage) => boolean; resolve: (message: SseMessage) => void }> = [];
      let buffer = "";
      let closedResolve: () => void = () => undefined;
      const closed = new Promise<void>((done) => (closedResolve = done));
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        buffer += chunk;
        let boundary: number;
        while ((boundary = buffer.indexOf("\n\n")) >= 0) {
          const raw = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          blocks.push(raw);
          const lines = raw.split("\n");
          const dataLines = lines.filter((line) => line.startsWith("data: ")).map((line) => line.slice(6));
          if (dataLines.length === 0) continue;
          const idLine = lines.find((line) => line.startsWith("id: "));
          const message: SseMessage = { id: idLine ? idLine.slice(4) : null, data: JSON.parse(dataLines.join("\n")), raw };
          messages.push(message);
          for (const waiter of [...waiters]) {
            if (waiter.predicate(message)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(message);
            }
          }
        }
      });
      response.on("close", () => closedResolve());
      response.on("error", () => closedResolve());
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        messages,
        blocks,
        closed,
        ofType: (type) => messages.filter((message) => message.data.type === type),
        next(predicate, timeoutMs = 5000) {
          const found = messages.find(predicate);
          if (found) return Promise.resolve(found);
          return new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error("no matching SSE message in time")), timeoutMs);
            waiters.push({
              predicate,
              resolve: (message) => {
                clearTimeout(timer);
                done(message);
              },
            });
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on("error", reject);
  });
}
