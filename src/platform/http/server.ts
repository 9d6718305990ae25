import http from "node:http";
import net from "node:net";
import type { Express } from "express";

/**
 * The HTTP server's own limits, set explicitly rather than left to Node's defaults (60 s for the
 * headers, 300 s for a whole request, checked only every 30 s), so that a slow client cannot hold
 * connections open by trickling a request in (slow-loris):
 * - headers must arrive complete within 10 s of the connection or of the previous request;
 * - a whole request (headers and body; bodies here are small JSON) within 30 s;
 * - an idle keep-alive connection closes after 5 s;
 * - the limits are checked every 2 s.
 * They bound receiving the request only: a response may take as long as it needs, so live event
 * streams (GET, no body) are not cut.
 */
export interface ServerTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  checkIntervalMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 2_000,
};

export function createHttpServer(app: Express, timeouts: ServerTimeouts = SERVER_TIMEOUTS): http.Server {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      keepAliveTimeout: timeouts.keepAliveTimeoutMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    app,
  );
  // No inactivity timeout on the socket itself: a stream between heartbeats is quiet, not stuck.
  server.timeout = 0;
  return server;
}

const LISTEN_FAILURES: Record<string, string> = {
  EADDRINUSE: "the address is already in use (another process is listening there)",
  EACCES: "permission denied (ports below 1024 need privileges)",
  EADDRNOTAVAIL: "the address is not available on this machine",
};

/**
 * Binds the server, resolving once it listens. A port it cannot have rejects with one line that
 * names the port and the cause, so the process can say it and stop instead of carrying on while
 * listening on nothing.
 */
export function listenOn(server: http.Server, port: number, host?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const cause = (error.code && LISTEN_FAILURES[error.code]) ?? error.message;
      reject(new Error(`cannot listen on port ${port}${host ? ` of ${host}` : ""}: ${cause}${error.code ? ` (${error.code})` : ""}`));
    };
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve();
    });
  });
}

/**
 * Stops the server for a graceful shutdown, resolving once every connection has ended. New
 * connections are refused from here (a proxy sends them to another instance: nothing of the
 * request was sent, so even a POST may go there). Connections already open, which a proxy keeps
 * and reuses (nginx's upstream keepalive), are not cut while idle: a request the proxy is sending
 * on one at that very moment would be lost, and a proxy never resends a POST. Instead each serves
 * what reaches it with "Connection: close" and then closes; idle ones close when the proxy drops
 * them or at the keep-alive timeout, as always. (`http.Server#close()` would cut the idle ones at
 * once, and without "Connection: close" a busy proxy connection never becomes idle, so the drain
 * would only end by the shutdown deadline, cutting requests under way.)
 */
export function drainHttpServer(server: http.Server): Promise<void> {
  server.prependListener("request", (_request: http.IncomingMessage, response: http.ServerResponse) => {
    response.setHeader("Connection", "close");
  });
  return new Promise((resolve) => {
    // net.Server's close: stop listening and call back when the last connection has ended.
    net.Server.prototype.close.call(server, () => resolve());
  });
}
