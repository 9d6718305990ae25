import { EventEmitter } from "node:events";

/** CONTRACT §4 event envelope. `id` is assigned by the bus (monotonic per bus) for SSE replay. */
export interface DomainEvent {
  type: string;
  tenantId: string;
  data: Record<string, unknown>;
  timestamp: number;
}

export interface PublishedEvent extends DomainEvent {
  id: number;
}

export type EventListener = (event: PublishedEvent) => void;

/**
 * Live events for SSE. Services publish after their transaction commits. This in-process bus
 * serves one instance; a Redis-backed bus with the same interface fans out across instances.
 */
export interface EventBus {
  publish(event: Omit<DomainEvent, "timestamp"> & { timestamp?: number }): Promise<void>;
  subscribe(listener: EventListener): () => void;
  close(): Promise<void>;
}

export class InProcessEventBus implements EventBus {
  private readonly emitter = new EventEmitter();
  private nextId = 1;

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async publish(event: Omit<DomainEvent, "timestamp"> & { timestamp?: number }): Promise<void> {
    const published: PublishedEvent = { ...event, timestamp: event.timestamp ?? Date.now(), id: this.nextId++ };
    this.emitter.emit("event", published);
  }

  subscribe(listener: EventListener): () => void {
    this.emitter.on("event", listener);
    return () => this.emitter.off("event", listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
