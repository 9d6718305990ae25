import { randomUUID } from "node:crypto";
import type { Response } from "express";
import { errors } from "../../platform/errors.js";
import type { EventBus, PublishedEvent } from "../../platform/events.js";
import type { LiveEvent } from "./events.schemas.js";
import type { Logger } from "../../platform/logger.js";
import type { StreamOwner } from "./events.stream-guard.js";
import { checkKeptStreams, SLOT_RENEW_MS, STREAM_CHECK_MS, type StreamKeeping } from "./events.stream-keeping.js";
import { SlicedWrites } from "./events.stream-writes.js";

export const HEARTBEAT_MS = 30_000;
/** A client this far behind (bytes queued in its socket) is too slow to keep: it reconnects and replays. */
const MAX_BUFFERED_BYTES = 1 << 20;
/** How long the browser waits before reconnecting (SSE `retry:`). */
const RECONNECT_MS = 3000;
/** After a shutdown, come back quickly: the load balancer already sends new connections elsewhere. */
const SHUTDOWN_RECONNECT_MS = 500;
/** Retry-After of a refused stream (the user already has the maximum open). */
const FULL_RETRY_SECONDS = 10;
/**
 * Streams are written at most once per window: an event goes out at once when none went out for
 * a window, and the events that follow within it go to each stream together, in one write, when
 * it ends. A busy room (hundreds of votes a second) then costs a write per stream per window, not
 * one per event; a quiet room sees no delay. The window grows with the streams (a millisecond per
 * ten, from 50 to 250 ms: the upvote coalescing window), as the writes are what a big room costs,
 * and it lasts at least until the previous window's writes are all out: a room larger than the
 * instance can write to in a window gets fewer, larger writes instead of a queue that grows.
 */
const MIN_BATCH_WINDOW_MS = 50;
const MAX_BATCH_WINDOW_MS = 250;
/** A window's events go out early once they reach this size (unless the last window's writes are still going out). */
const MAX_BATCH_BYTES = 64 * 1024;

interface BatchedEvent {
  event: PublishedEvent;
  message: string;
  /** Order of arrival at this hub: a stream gets the events that arrived after it attached, as if written at once. */
  seq: number;
}

interface SseClient {
  res: Response;
  tenantId: string;
  /** Id of the last event written (heartbeats repeat it, so Last-Event-ID stays meaningful). */
  lastId: number;
  /**
   * Events up to this id were written from the replay (a reconnect with Last-Event-ID), so their
   * live delivery is skipped. 0 for a new stream: an event can be in the bus's log before it is
   * delivered here, so a new stream's starting id must not hide it.
   */
  replayedUpTo: number;
  /** Events that arrived while the replay was being read; written once it is. */
  pending: PublishedEvent[] | null;
  expiryTimer: NodeJS.Timeout | null;
  /** Who opened it, with what; null for streams kept without a credential check. */
  owner: StreamOwner | null;
  /** The hub's arrival count when it attached: events that arrived before are not its own. */
  attachedAfter: number;
  streamId: string;
}

/**
 * A stream's headers. No Connection header: the server decides whether the connection is kept
 * after the stream (while it stops it is not).
 */
function setStreamHeaders(res: Response): void {
  res.status(200);
  res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
  res.setHeader("Cache-Control", "no-cache, no-transform");
  // Proxies such as nginx would otherwise buffer the stream.
  res.setHeader("X-Accel-Buffering", "no");
  res.flushHeaders();
}

/** A heartbeat's data, the same for every stream of a tenant; each stream's `id:` goes with it when written. */
class Heartbeat {
  constructor(readonly data: string) {}
}

function formatEvent(event: PublishedEvent): string {
  const { id, ...envelope } = event;
  return `id: ${id}\ndata: ${JSON.stringify(envelope)}\n\n`;
}

/**
 * The SSE side of the event bus: one bus subscription per process, clients grouped by tenant,
 * each event serialised once and written to the tenant's clients. A client that reconnects with
 * Last-Event-ID first receives what it missed, then live events, in id order without gaps or
 * repeats.
 */
export class SseHub {
  private readonly clients = new Map<string, Set<SseClient>>();
  /** Per tenant: the events of the current window, each serialised once. */
  private readonly batches = new Map<string, BatchedEvent[]>();
  private batchedBytes = 0;
  private arrived = 0;
  private flushTimer: NodeJS.Timeout | null = null;
  /** The window is over but its predecessor's writes are not all out yet: it flushes when they are. */
  private awaitingWrites = false;
  private lastFlushAt = 0;
  private unsubscribe: (() => void) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private keeping: StreamKeeping | null = null;
  private checkTimer: NodeJS.Timeout | null = null;
  private checking = false;
  private lastRenewalAt = 0;
  /** Set by close() (shutdown): a stream opened after it is told where it stands and to go elsewhere. */
  private closed = false;
  private readonly writes: SlicedWrites<SseClient, string | Buffer | Heartbeat>;

  constructor(
    private readonly bus: EventBus,
    private readonly logger: Logger,
    private readonly heartbeatMs = HEARTBEAT_MS,
    writeMsPerTurn?: number,
  ) {
    this.writes = new SlicedWrites((client, chunk, lastId) => this.send(client, chunk, lastId), writeMsPerTurn);
  }

  /** Stream writes queued and not yet made. */
  get queuedWrites(): number {
    return this.writes.queued;
  }

  get size(): number {
    let total = 0;
    for (const set of this.clients.values()) total += set.size;
    return total;
  }

  /** Checks open streams' credentials and holds their per-user slots (CONTRACT §4). */
  keep(keeping: StreamKeeping): void {
    this.keeping = keeping;
  }

  private start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.bus.subscribe((event) => this.deliver(event));
    this.heartbeat = setInterval(() => this.sendHeartbeats(), this.heartbeatMs);
    this.heartbeat.unref();
    if (this.keeping) {
      this.checkTimer = setInterval(() => void this.checkStreams(), this.keeping.intervalMs ?? STREAM_CHECK_MS);
      this.checkTimer.unref();
    }
  }

  /**
   * Streams the tenant's events to `res` until the client leaves, or until what opened it ends:
   * its session or token expires (a timer), or is revoked, or its user is deactivated or deleted
   * (the periodic check). 429 RATE_LIMITED when the user already has the maximum of streams open.
   */
  async attach(res: Response, options: { tenantId: string; lastEventId: number | null; owner?: StreamOwner }): Promise<void> {
    if (this.closed) return this.redirectElsewhere(res, options);
    const owner = options.owner ?? null;
    const streamId = randomUUID();
    if (owner && this.keeping && !(await this.keeping.slots.acquire({ userId: owner.userId, streamId }))) {
      throw errors.rateLimited(FULL_RETRY_SECONDS);
    }
    this.start();
    const client: SseClient = {
      res,
      tenantId: options.tenantId,
      lastId: 0,
      replayedUpTo: 0,
      pending: [],
      expiryTimer: null,
      owner,
      streamId,
      attachedAfter: this.arrived,
    };
    setStreamHeaders(res);

    let tenantClients = this.clients.get(client.tenantId);
    if (!tenantClients) this.clients.set(client.tenantId, (tenantClients = new Set()));
    tenantClients.add(client);
    res.on("close", () => this.detach(client));
    if (owner) {
      const delay = Math.max(0, owner.credential.expiresAt - Date.now());
      // Past the session's fixed expiry or the token's, the stream ends; the reconnect then meets a 401.
      if (delay < 2 ** 31 - 1) client.expiryTimer = setTimeout(() => res.end(), delay);
    }

    const resuming = options.lastEventId !== null;
    let opened = false;
    try {
      client.lastId = resuming ? (options.lastEventId as number) : await this.bus.lastEventId(client.tenantId);
      // The stream's position from its first message on (CONTRACT §4): a client that loses the
      // connection before any event reconnects with Last-Event-ID and misses nothing in between.
      res.write(`retry: ${RECONNECT_MS}\nid: ${client.lastId}\n\n`);
      opened = true;
      if (resuming) client.replayedUpTo = client.lastId;
      const missed = resuming ? await this.bus.replay(client.tenantId, client.lastId) : [];
      for (const event of missed) if (event.id > client.lastId) this.send(client, formatEvent(event), event.id);
      if (resuming) client.replayedUpTo = client.lastId;
    } catch (error) {
      this.logger.warn({ err: { message: (error as Error).message } }, "SSE replay unavailable");
    }
    if (!opened) res.write(`retry: ${RECONNECT_MS}\n\n`);
    // Events that arrived while connecting: a resuming client may have had them in the replay;
    // a new client gets them all (it subscribed before they were delivered).
    const queued = client.pending ?? [];
    client.pending = null;
    for (const event of queued) if (event.id > client.replayedUpTo) this.send(client, formatEvent(event), event.id);
  }

  /**
   * A stream that reaches this instance while it stops (a proxy reusing a connection it holds to
   * it): its position and a short retry, then the end, so the client comes back at once to
   * another instance and resumes from there.
   */
  private async redirectElsewhere(res: Response, options: { tenantId: string; lastEventId: number | null }): Promise<void> {
    setStreamHeaders(res);
    const position = options.lastEventId ?? (await this.bus.lastEventId(options.tenantId).catch(() => null));
    res.end(`retry: ${SHUTDOWN_RECONNECT_MS}\n${position === null ? "" : `id: ${position}\n`}\n`);
  }

  private deliver(event: PublishedEvent): void {
    if (!this.clients.has(event.tenantId)) return;
    let batch = this.batches.get(event.tenantId);
    if (!batch) this.batches.set(event.tenantId, (batch = []));
    const message = formatEvent(event);
    batch.push({ event, message, seq: (this.arrived += 1) });
    this.batchedBytes += message.length;
    if ((this.flushTimer || this.awaitingWrites) && this.batchedBytes < MAX_BATCH_BYTES) return;
    const window = Math.min(MAX_BATCH_WINDOW_MS, Math.max(MIN_BATCH_WINDOW_MS, this.size / 10));
    const wait = this.lastFlushAt + window - Date.now();
    if (wait <= 0 || this.batchedBytes >= MAX_BATCH_BYTES) this.flushBatches();
    else this.flushTimer = setTimeout(() => this.flushBatches(), wait);
  }

  /**
   * Queues each tenant's batch for its streams: one write per stream, the events in id order, the
   * batch encoded once for all of them.
   */
  private flushBatches(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.writes.queued > 0) {
      if (!this.awaitingWrites) {
        this.awaitingWrites = true;
        this.writes.whenDrained(() => {
          this.awaitingWrites = false;
          this.flushBatches();
        });
      }
      return;
    }
    this.lastFlushAt = Date.now();
    this.batchedBytes = 0;
    const batches = [...this.batches];
    this.batches.clear();
    for (const [tenantId, batch] of batches) {
      const tenantClients = this.clients.get(tenantId);
      if (!tenantClients) continue;
      const whole = Buffer.from(batch.map((item) => item.message).join(""));
      const lastId = batch.reduce((max, item) => Math.max(max, item.event.id), 0);
      const first = batch[0] as BatchedEvent;
      for (const client of tenantClients) {
        // A stream gets what arrived after it attached; one resumed from the replay skips what the replay wrote.
        const own = (item: BatchedEvent) => item.seq > client.attachedAfter && (client.pending !== null || item.event.id > client.replayedUpTo);
        if (client.pending) {
          client.pending.push(...batch.filter(own).map((item) => item.event));
          continue;
        }
        const fresh = own(first)
          ? whole
          : batch
              .filter(own)
              .map((item) => item.message)
              .join("");
        if (fresh.length > 0) this.writes.add(client, fresh, lastId);
      }
    }
  }

  private send(client: SseClient, chunk: string | Buffer | Heartbeat, id: number): void {
    if (client.res.writableEnded || client.res.destroyed) return;
    if (client.res.writableLength > MAX_BUFFERED_BYTES) {
      this.logger.warn({ tenantId: client.tenantId }, "SSE client too slow; closing its stream");
      client.res.destroy();
      return;
    }
    // A heartbeat repeats the stream's position as of its write, after whatever was queued before it.
    const message = chunk instanceof Heartbeat ? `id: ${client.lastId}\ndata: ${chunk.data}\n\n` : chunk;
    // Corked around the write, the socket sends now rather than on the next tick: the sliced
    // writes count their time, and the syscalls do not pile up after the slice.
    const socket = client.res.socket;
    socket?.cork();
    client.res.write(message);
    socket?.uncork();
    client.lastId = Math.max(client.lastId, id);
  }

  /** Queued behind the windows' writes, so that they too leave a slice per turn: a write to every stream at once would hold the loop. */
  private sendHeartbeats(): void {
    const timestamp = Date.now();
    for (const [tenantId, tenantClients] of this.clients) {
      const envelope: Extract<LiveEvent, { type: "heartbeat" }> = { type: "heartbeat", tenantId, data: { timestamp }, timestamp };
      const heartbeat = new Heartbeat(JSON.stringify(envelope));
      for (const client of tenantClients) {
        if (client.pending || client.res.writableEnded) continue;
        this.writes.add(client, heartbeat, 0);
      }
    }
  }

  private detach(client: SseClient): void {
    if (client.expiryTimer) clearTimeout(client.expiryTimer);
    const tenantClients = this.clients.get(client.tenantId);
    tenantClients?.delete(client);
    if (tenantClients?.size === 0) this.clients.delete(client.tenantId);
    if (client.owner && this.keeping) {
      this.keeping.slots.release({ userId: client.owner.userId, streamId: client.streamId }).catch((error) => {
        this.logger.warn({ err: { message: (error as Error).message } }, "SSE slot not released; its lease runs out");
      });
    }
  }

  private async checkStreams(): Promise<void> {
    if (!this.keeping || this.checking) return;
    this.checking = true;
    try {
      const kept = [...this.clients.values()]
        .flatMap((set) => [...set])
        .filter((client) => client.owner && !client.res.writableEnded)
        .map((client) => ({ owner: client.owner as StreamOwner, streamId: client.streamId, end: () => client.res.end() }));
      const renew = Date.now() - this.lastRenewalAt >= (this.keeping.renewEveryMs ?? SLOT_RENEW_MS);
      if (renew) this.lastRenewalAt = Date.now();
      await checkKeptStreams(this.keeping, kept, this.logger, renew);
    } finally {
      this.checking = false;
    }
  }

  /**
   * Ends every stream (shutdown) with a short reconnect hint: clients come back at once, to
   * another instance if there is one, and resume with their Last-Event-ID.
   */
  close(): void {
    this.closed = true;
    // What is waiting for its window goes out before the streams end: the queued writes first
    // (a window is not flushed while they wait), then the window's own.
    this.writes.drain();
    this.flushBatches();
    this.writes.drain();
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    if (this.checkTimer) clearInterval(this.checkTimer);
    this.checkTimer = null;
    for (const tenantClients of this.clients.values()) {
      for (const client of tenantClients) {
        if (client.expiryTimer) clearTimeout(client.expiryTimer);
        if (!client.res.writableEnded) client.res.end(`retry: ${SHUTDOWN_RECONNECT_MS}\n\n`);
        if (client.owner && this.keeping) void this.keeping.slots.release({ userId: client.owner.userId, streamId: client.streamId }).catch(() => undefined);
      }
    }
    this.clients.clear();
  }
}
