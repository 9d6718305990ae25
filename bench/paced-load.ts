import http from "node:http";
import autocannon from "autocannon";

/**
 * Loads for benches whose phase ends on an event (a queue drained), not after a fixed time:
 * an open-loop client at a fixed rate, and autocannon at fixed connections stopped on a signal.
 * p50/p95/p99/max are taken from every response's own time, in ms with one decimal.
 */

export interface PhaseResult {
  name: string;
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  /** pacedLoad: what the failed requests failed with, by message. */
  errorMessages?: Record<string, number>;
  /** pacedLoad with `windowSeconds`: the same figures per window of that many seconds, by scheduled time. */
  timeline?: Array<{ fromSecond: number; requests: number; p50: number; p99: number; max: number }>;
}

function percentile(sorted: number[], p: number): number {
  return Math.round((sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) * 10) / 10;
}

function summarise(name: string, times: number[], seconds: number, errors: number, non2xx: number): PhaseResult {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => percentile(sorted, p);
  return {
    name,
    requests: sorted.length,
    seconds: +seconds.toFixed(1),
    requestsPerSecond: Math.round(sorted.length / Math.max(seconds, 0.001)),
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
    errors,
    non2xx,
  };
}

/** Resolves after `ms`, or at once if `ms` is 0 or less. */
export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * GETs `url` at `rate` requests a second, evenly spaced, whether or not earlier answers came
 * back (open loop: a slow server shows as latency, not as fewer requests). Each request's time
 * runs from its scheduled start, so a client that could not send on time counts against it too.
 * Stops after `requests` requests, or when `stop` resolves, whichever comes first.
 */
export async function pacedLoad(
  name: string,
  options: { url: string; rate: number; requests?: number; stop?: Promise<unknown>; headers?: Record<string, string>; windowSeconds?: number },
): Promise<PhaseResult> {
  // Idle sockets are dropped after 4 s, before the server's 5 s keep-alive timeout closes them under a request.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 4000 });
  const times: number[] = [];
  const windows = new Map<number, number[]>();
  let errors = 0;
  const errorMessages: Record<string, number> = {};
  let non2xx = 0;
  let stopped = false;
  void options.stop?.then(() => (stopped = true));
  const interval = 1000 / options.rate;
  const limit = options.requests ?? Number.POSITIVE_INFINITY;
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();

  const send = (scheduled: number) => {
    const done = new Promise<void>((resolve) => {
      const request = http.get(options.url, { agent, headers: options.headers }, (response) => {
        response.resume();
        response.on("end", () => {
          const time = performance.now() - scheduled;
          times.push(time);
          if (options.windowSeconds) {
            const window = Math.floor((scheduled - started) / 1000 / options.windowSeconds);
            windows.set(window, [...(windows.get(window) ?? []), time]);
          }
          if ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) >= 300) non2xx += 1;
          resolve();
        });
      });
      request.on("error", (error) => {
        errors += 1;
        errorMessages[error.message] = (errorMessages[error.message] ?? 0) + 1;
        resolve();
      });
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };

  let sent = 0;
  while (!stopped && sent < limit) {
    const due = started + sent * interval;
    const wait = due - performance.now();
    if (wait > 0) await delay(wait);
    if (stopped) break;
    send(due);
    sent += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all([...inFlight]);
  agent.destroy();
  const result = summarise(name, times, seconds, errors, non2xx);
  if (errors) result.errorMessages = errorMessages;
  if (options.windowSeconds) {
    const size = options.windowSeconds;
    result.timeline = [...windows.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([window, list]) => {
        const sorted = list.sort((a, b) => a - b);
        return { fromSecond: window * size, requests: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: percentile(sorted, 100) };
      });
  }
  return result;
}

/**
 * autocannon at fixed connections (closed loop: each connection sends its next request when the
 * last is answered), until `stop` resolves.
 */
export async function cannonUntil(
  name: string,
  options: { url: string; connections: number; stop: Promise<unknown>; headers?: Record<string, string> },
): Promise<PhaseResult> {
  const times: number[] = [];
  const started = performance.now();
  const settings: autocannon.Options = { url: options.url, connections: options.connections, duration: 3600 };
  if (options.headers) settings.headers = options.headers;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(settings, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on("response", (_client, _statusCode, _bytes, ms) => void times.push(ms));
    void options.stop.then(() => instance.stop());
  });
  const seconds = (performance.now() - started) / 1000;
  return summarise(name, times, seconds, result.errors + result.timeouts, result.non2xx);
}
