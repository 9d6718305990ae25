import type { Request, RequestHandler, Response } from "express";
import type { OverloadLimits } from "../../config.js";
import { AppError } from "../errors.js";
import type { Logger } from "../logger.js";

/**
 * Load shedding: past what a worker can serve in time, a request is answered 503 with
 * Retry-After at once instead of joining a queue that grows without bound (a room opening the
 * board together once queued requests for 10 s). Each request holds a slot while it is handled;
 * with every slot taken it waits, in a bounded queue, at most `maxWaitMs`; past that, or with the
 * queue full, it is shed. Optionally, while the event loop runs later than `maxEventLoopDelayMs`,
 * new requests are shed as well (the CPU itself is the queue then).
 *
 * A shed request is answered before anything of it runs (no session read, no body parsed, no
 * handler), so a shed write changed nothing and the client may send it again. Never shed: the
 * health probes and metrics, the web app's HTML document (with its server-written first screen)
 * and static files, so a page still opens and then retries its reads; open event streams are
 * never touched (only new stream opens can be shed, and a stream resumes with Last-Event-ID).
 */
export type ShedReason = "queue_full" | "queue_wait" | "event_loop_delay";

export interface LoadShedder {
  middleware: RequestHandler;
  /** Requests being handled and waiting now (tests, metrics). */
  state(): { inFlight: number; queued: number; eventLoopDelayMs: number };
  close(): void;
}

export interface LoadShedderOptions {
  limits: OverloadLimits;
  /** Requests that are never shed and hold no slot (probes, the HTML document, static files). */
  exempt(req: Request): boolean;
  /** A new event stream: admitted only while nothing waits, and holds no slot once open (it lives for hours). */
  isStreamOpen(req: Request): boolean;
  onShed?(reason: ShedReason): void;
  logger?: Logger;
}

/** A request that takes part in the limit: waiting for a slot, holding one, or done. */
interface Entry {
  state: "queued" | "admitted" | "done";
  admit(): void;
  timer: NodeJS.Timeout | null;
}

const LAG_SAMPLE_MS = 20;
/** After a late tick, new requests are shed for this long: one on-time tick in a busy stretch says little. */
const LATE_HOLD_MS = 500;

export function createLoadShedder(options: LoadShedderOptions): LoadShedder {
  const { limits, logger } = options;
  let inFlight = 0;
  const queue: Entry[] = [];
  let shedSinceLog = 0;
  let lastLogAt = 0;

  // Event-loop delay, as the lateness of a short timer: reacts within a tick, costs one timer.
  let lagMs = 0;
  let lateUntil = 0;
  let lagTimer: NodeJS.Timeout | null = null;
  if (limits.maxEventLoopDelayMs > 0) {
    let expected = performance.now() + LAG_SAMPLE_MS;
    lagTimer = setInterval(() => {
      const now = performance.now();
      lagMs = Math.max(0, now - expected);
      if (lagMs > limits.maxEventLoopDelayMs) lateUntil = now + LATE_HOLD_MS;
      expected = now + LAG_SAMPLE_MS;
    }, LAG_SAMPLE_MS);
    lagTimer.unref();
  }

  const shed = (reason: ShedReason, res: Response, next: (error?: unknown) => void) => {
    options.onShed?.(reason);
    shedSinceLog += 1;
    const now = Date.now();
    // One line a second at most: under overload a line per shed request would cost what is short.
    if (logger && now - lastLogAt >= 1000) {
      logger.warn({ shed: shedSinceLog, reason, inFlight, queued: queue.length, eventLoopDelayMs: Math.round(lagMs) }, "overloaded: requests shed with 503");
      shedSinceLog = 0;
      lastLogAt = now;
    }
    next(
      new AppError("SERVICE_UNAVAILABLE", 503, "The service is busy right now; try again in a moment.", undefined, {
        "Retry-After": String(limits.retryAfterSeconds),
      }),
    );
  };

  const admitNext = () => {
    while (queue.length > 0 && inFlight < limits.maxInFlight) (queue.shift() as Entry).admit();
  };

  const middleware: RequestHandler = (req, res, next) => {
    if (options.exempt(req)) return next();
    if (limits.maxEventLoopDelayMs > 0 && performance.now() < lateUntil) return shed("event_loop_delay", res, next);
    if (limits.maxInFlight === 0) return next();
    if (options.isStreamOpen(req)) {
      // A stream holds no slot once open, but its opening costs as much as a read: not past a queue.
      return queue.length > 0 || inFlight >= limits.maxInFlight ? shed("queue_full", res, next) : next();
    }
    if (inFlight >= limits.maxInFlight && queue.length >= limits.maxQueue) return shed("queue_full", res, next);

    const entry: Entry = {
      state: "queued",
      timer: null,
      admit() {
        if (entry.timer) clearTimeout(entry.timer);
        entry.state = "admitted";
        inFlight += 1;
        next();
      },
    };
    // Whatever ends the exchange (answered, or the client gone while it waited or was served) frees its place once.
    res.once("close", () => {
      if (entry.state === "admitted") {
        inFlight -= 1;
        admitNext();
      } else if (entry.state === "queued") {
        if (entry.timer) clearTimeout(entry.timer);
        queue.splice(queue.indexOf(entry), 1);
      }
      entry.state = "done";
    });
    if (inFlight < limits.maxInFlight) return entry.admit();
    if (limits.maxWaitMs > 0) {
      entry.timer = setTimeout(() => {
        if (entry.state !== "queued") return;
        queue.splice(queue.indexOf(entry), 1);
        entry.state = "done";
        shed("queue_wait", res, next);
      }, limits.maxWaitMs);
    }
    queue.push(entry);
  };

  return {
    middleware,
    state: () => ({ inFlight, queued: queue.length, eventLoopDelayMs: lagMs }),
    close() {
      if (lagTimer) clearInterval(lagTimer);
      for (const entry of queue.splice(0)) if (entry.timer) clearTimeout(entry.timer);
    },
  };
}
