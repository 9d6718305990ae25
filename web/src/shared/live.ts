import { fetchEventSource } from "@microsoft/fetch-event-source";
import type { LiveEvent } from "./types";

/**
 * One Server-Sent Events connection per tab, shared by every screen. fetch-event-source keeps the
 * last event id and sends it as Last-Event-ID on every reconnect, so the server replays what was
 * missed; screens still refetch after a reconnect ("resync") in case the gap was longer than the
 * server's replay window. Without a session (a visitor) SSE is refused, so screens poll instead.
 */
export type LiveStatus = "connecting" | "live" | "reconnecting" | "polling" | "expired" | "off";

type Listener = (event: LiveEvent) => void;

class FatalStreamError extends Error {}
class RetriableStreamError extends Error {}

const POLL_INTERVAL_MS = 20_000;
const MAX_BACKOFF_MS = 30_000;

class LiveConnection {
  private listeners = new Set<Listener>();
  private resyncListeners = new Set<() => void>();
  private statusListeners = new Set<(status: LiveStatus) => void>();
  private controller: AbortController | null = null;
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  private tenant: string | null = null;
  private failures = 0;
  private opened = false;
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
    const controller = this.controller;
    fetchEventSource(`/events?tenant=${encodeURIComponent(tenant)}`, {
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

  private startPolling(): void {
    this.setStatus("polling");
    this.pollTimer = setInterval(() => this.resyncListeners.forEach((listener) => listener()), POLL_INTERVAL_MS);
  }

  disconnect(): void {
    this.controller?.abort();
    this.controller = null;
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
