import { EventEmitter } from "node:events";
import type { Redis } from "ioredis";
import type { Logger } from "./logger.js";

/** CONTRACT §4 event envelope. */
export interface DomainEvent {
  type: string;
  tenantId: string;
  data: Record<string, unknown>;
  timestamp: number;
}

/** An event as delivered: `id` is monotonic per tenant, so a client can resume with Last-Event-ID. */
export interface PublishedEvent extends DomainEvent {
  id: number;
}

export type NewEvent = Omit<DomainEvent, "timestamp"> & { timestamp?: number };
export type EventListener = (event: PublishedEvent) => void;

/**
 * CONTRACT §8: a reconnecting client gets at least the last 100 events or 5 minutes of its
 * tenant. We keep more than that per tenant, for longer.
 */
export const REPLAY_EVENTS_PER_TENANT = 500;
export const REPLAY_RETENTION_SECONDS = 15 * 60;

/**
 * Live events for SSE. Services publish after their transaction commits. Every subscriber
 * receives every tenant's events (the SSE hub routes them to the tenant's clients).
 */
export interface EventBus {
  publish(event: NewEvent): Promise<PublishedEvent>;
  subscribe(listener: EventListener): () => void;
  /** The tenant's events with an id above `afterId`, oldest first (as far as retention reaches). */
  replay(tenantId: string, afterId: number): Promise<PublishedEvent[]>;
  /** The id of the tenant's newest event (0 when none). */
  lastEventId(tenantId: string): Promise<number>;
  close(): Promise<void>;
}

/** One instance: events stay in this process. */
export class InProcessEventBus implements EventBus {
  private readonly emitter = new EventEmitter();
  private readonly history = new Map<string, PublishedEvent[]>();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async publish(event: NewEvent): Promise<PublishedEvent> {
    const recent = this.history.get(event.tenantId) ?? [];
    const published: PublishedEvent = { ...event, timestamp: event.timestamp ?? Date.now(), id: (recent.at(-1)?.id ?? 0) + 1 };
    recent.push(published);
    const cutoff = Date.now() - REPLAY_RETENTION_SECONDS * 1000;
    while (recent.length > REPLAY_EVENTS_PER_TENANT || (recent[0] && recent[0].timestamp < cutoff && recent.length > 100)) recent.shift();
    this.history.set(event.tenantId, recent);
    this.emitter.emit("event", published);
    return published;
  }

  subscribe(listener: EventListener): () => void {
    this.emitter.on("event", listener);
    return () => this.emitter.off("event", listener);
  }

  async replay(tenantId: string, afterId: number): Promise<PublishedEvent[]> {
    return (this.history.get(tenantId) ?? []).filter((event) => event.id > afterId);
  }

  async lastEventId(tenantId: string): Promise<number> {
    return this.history.get(tenantId)?.at(-1)?.id ?? 0;
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * Atomically: next id of the tenant, append to the tenant's replay list (capped, expiring), and
 * publish to every instance. One script, so ids, replay order and delivery order agree.
 * The message is "<id>\n<json without id>".
 */
const PUBLISH_SCRIPT = `
local id = redis.call('INCR', KEYS[1])
local message = id .. '\\n' .. ARGV[1]
redis.call('LPUSH', KEYS[2], message)
redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[2]) - 1)
redis.call('EXPIRE', KEYS[2], tonumber(ARGV[3]))
redis.call('PUBLISH', ARGV[4], message)
return id
`;

function decode(message: string): PublishedEvent | null {
  const newline = message.indexOf("\n");
  if (newline < 0) return null;
  try {
    const event = JSON.parse(message.slice(newline + 1)) as DomainEvent;
    return { ...event, id: Number(message.slice(0, newline)) };
  } catch {
    return null;
  }
}

/**
 * Several instances: events fan out through Redis pub/sub so every instance's SSE clients get
 * every event; ids and the replay list live in Redis so a client may resume on any instance.
 * `subscriber` must be a dedicated connection (a subscribed connection runs no other command).
 */
export class RedisEventBus implements EventBus {
  private readonly emitter = new EventEmitter();
  private readonly channel: string;
  private subscribed: Promise<unknown> | null = null;

  constructor(
    private readonly client: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
    private readonly logger?: Logger,
  ) {
    this.emitter.setMaxListeners(0);
    this.channel = `${prefix}events`;
    this.subscriber.on("message", (channel: string, message: string) => {
      if (channel !== this.channel) return;
      const event = decode(message);
      if (event) this.emitter.emit("event", event);
      else this.logger?.warn({ channel }, "undecodable event message ignored");
    });
  }

  /** Subscribes to the channel; ioredis resubscribes by itself after a reconnect. */
  start(): Promise<unknown> {
    this.subscribed ??= this.subscriber.subscribe(this.channel).catch((error: unknown) => {
      this.subscribed = null;
      throw error;
    });
    return this.subscribed;
  }

  async publish(event: NewEvent): Promise<PublishedEvent> {
    const envelope: DomainEvent = { type: event.type, tenantId: event.tenantId, data: event.data, timestamp: event.timestamp ?? Date.now() };
    const id = (await this.client.eval(
      PUBLISH_SCRIPT,
      2,
      this.counterKey(event.tenantId),
      this.historyKey(event.tenantId),
      JSON.stringify(envelope),
      String(REPLAY_EVENTS_PER_TENANT),
      String(REPLAY_RETENTION_SECONDS),
      this.channel,
    )) as number;
    return { ...envelope, id: Number(id) };
  }

  subscribe(listener: EventListener): () => void {
    this.emitter.on("event", listener);
    return () => this.emitter.off("event", listener);
  }

  async replay(tenantId: string, afterId: number): Promise<PublishedEvent[]> {
    const messages = await this.client.lrange(this.historyKey(tenantId), 0, REPLAY_EVENTS_PER_TENANT - 1);
    return messages
      .map(decode)
      .filter((event): event is PublishedEvent => event !== null && event.id > afterId)
      .sort((a, b) => a.id - b.id);
  }

  async lastEventId(tenantId: string): Promise<number> {
    return Number((await this.client.get(this.counterKey(tenantId))) ?? 0);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
    this.subscriber.disconnect();
  }

  private counterKey(tenantId: string): string {
    return `${this.prefix}events:${tenantId}:seq`;
  }

  private historyKey(tenantId: string): string {
    return `${this.prefix}events:${tenantId}:recent`;
  }
}
