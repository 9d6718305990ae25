import { fetchEventSource } from "@microsoft/fetch-event-source";
import type { LiveEvent } from "@server/modules/events/events.schemas";

/**
 * CONTRACT §4's live events, typed from the server's schemas (one per event type, documented at
 * /asyncapi.json): a handler narrows on `type` and gets that type's payload.
 */
export type { LiveEvent };

/**
 * One Server-Sent Events connection per tab, shared by every screen. fetch-event-source keeps the
 * last event id and sends it as Last-Event-ID on every reconnect, so the server replays what was
 * missed; screens still refetch after a reconnect ("resync") in case the gap was longer than the
 * server's replay window. Without a session (a visitor) SSE is refused, so screens poll instead.
 */
export type LiveStatus = "connecting" | "live" | "reconnecting" | "polling" | "expired" | "off";

/** How each status reads to people (a visitor's board polls: nothing is wrong, so no warning words). */
export const LIVE_STATUS_LABEL: Record<LiveStatus, string> = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting…",
  polling: "Updates every 20 seconds",
  expired: "Signed out",
  off: "Offline",
};

type Listener = (event: LiveEvent) => void;

class FatalStreamError extends Error {}
class RetriableStreamError extends Error {}

const POLL_INTERVAL_MS = 20_000;
const MAX_BACKOFF_MS = 30_000;
// The server sends a heartbeat every 30 s: silence for this long means the stream died unnoticed
// (a proxy or a sleeping laptop dropped it without closing it).
const SILENCE_LIMIT_MS = 75_000;

class LiveConnection {
  private listeners = new Set<Listener>();
  private resyncListeners = new Set<() => void>();
  private statusListeners = new Set<(status: LiveStatus) => void>();
  private controller: AbortController | null = null;
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  private tenant: string | null = null;
  private failures = 0;
  private opened = false;
  private lastEventId: string | null = null;
  private lastMessageAt = 0;
  private watchdog: ReturnType<typeof setInterval> | null = null;
  status: LiveStatus = "off";

  /** Connects for a signed-in user's tenant, or polls (tenant null: a visitor). */
  connect(tenant: string | null): void {
    if (tenant === this.tenant && this.status !== "off") return;
    this.disconnect();
    this.tenant = tenant;
    if (!tenant) return this.startPolling();
    this.setStatus("connecting");
    this.controller = new AbortController();
    this.opened = false;
    this.lastMessageAt = Date.now();
    const controller = this.controller;
    // A fresh connection after a restart carries the last id itself; the library adds the header on its own retries.
    const resume = this.lastEventId ? `&lastEventId=${encodeURIComponent(this.lastEventId)}` : "";
    this.watchdog = setInterval(() => {
      if (this.status === "live" && Date.now() - this.lastMessageAt > SILENCE_LIMIT_MS) this.restart();
    }, 15_000);
    fetchEventSource(`/events?tenant=${encodeURIComponent(tenant)}${resume}`, {
      signal: controller.signal,
      openWhenHidden: true,
      headers: { Accept: "text/event-stream" },
      onopen: async (response) => {
        const type = response.headers.get("content-type") ?? "";
        if (response.ok && type.includes("text/event-stream")) {
          this.failures = 0;
          this.setStatus("live");
          if (this.opened) this.resyncListeners.forEach((listener) => listener());
          this.opened = true;
          return;
        }
        if (response.status === 401 || response.status === 403 || response.status === 404) throw new FatalStreamError(String(response.status));
        throw new RetriableStreamError(String(response.status));
      },
      onmessage: (message) => {
        this.lastMessageAt = Date.now();
        if (message.id) this.lastEventId = message.id;
        if (!message.data) return;
        let event: LiveEvent;
        try {
          event = JSON.parse(message.data) as LiveEvent;
        } catch {
          return;
        }
        if (event.type === "heartbeat") return;
        this.listeners.forEach((listener) => listener(event));
      },
      onclose: () => {
        // The server ended the stream (restart, deploy): reconnect, replaying from the last id.
        throw new RetriableStreamError("closed");
      },
      onerror: (error) => {
        if (error instanceof FatalStreamError) throw error;
        this.failures += 1;
        this.opened = true;
        this.setStatus("reconnecting");
        return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(this.failures - 1, 5)) + Math.random() * 500;
      },
    }).catch((error: unknown) => {
      if (this.controller !== controller || controller.signal.aborted) return;
      // 401 for a signed-in tab: the session ended (its fixed lifetime, sign-out elsewhere, deactivation).
      if (error instanceof FatalStreamError && error.message === "401") return this.setStatus("expired");
      // Refused for good otherwise: keep the screens fresh by polling.
      this.startPolling();
    });
  }

  /** Drops the stream and opens a new one, resuming after the last event seen. */
  private restart(): void {
    const tenant = this.tenant;
    this.disconnect();
    this.connect(tenant);
    this.opened = true;
  }

  private startPolling(): void {
    this.setStatus("polling");
    this.pollTimer = setInterval(() => this.resyncListeners.forEach((listener) => listener()), POLL_INTERVAL_MS);
  }

  disconnect(): void {
    this.controller?.abort();
    this.controller = null;
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
    this.setStatus("off");
  }

  private setStatus(status: LiveStatus): void {
    this.status = status;
    this.statusListeners.forEach((listener) => listener(status));
  }

  onEvent(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  onStatus(listener: (status: LiveStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }
}

export const live = new LiveConnection();
