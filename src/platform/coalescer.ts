/** CONTRACT §4/§9: within this window only the latest value of a thing (a question's count, a poll's tally) need go out. */
export const COALESCE_WINDOW_MS = 250;
/**
 * After a busy key goes quiet, its value is read and sent once more this much later. Several
 * workers or instances coalesce each on their own: one's event, read before another's last
 * change but sent after that one's final event, would otherwise leave every screen on an old
 * count until the next change. A second later every change is committed, so this read is final.
 */
export const SETTLE_MS = 1000;

interface Window {
  /** Set once the window's event has gone out: the window is measured from then. */
  timer: NodeJS.Timeout | null;
  /** A later change came in the window: the key's value goes out when the window ends. */
  dirty: boolean;
  tenantId: string;
  /** A trailing event went out: the key was busy, and settles once it is quiet. */
  trailed: boolean;
}

/**
 * At most one event per key per window. The first change goes out at once (a single change is
 * never delayed); further changes in the window only mark the key, and when the window ends the
 * value is read again (from the database, so every instance reads the same) and sent once:
 * values are absolute, so the skipped ones lose nothing, and reading at the end gives the latest
 * even when two requests finish out of order. A window starts when its event has been sent (not
 * when its read began), so however slow a read, two events of a key are never closer than the
 * window. In a big room this turns 200 votes a second on one question or poll into 4 events.
 */
export function createCoalescer<Value>(deps: {
  publish: (tenantId: string, key: string, value: Value) => Promise<void>;
  /** The key's value now; null when there is nothing to send any more (deleted, hidden). */
  current: (tenantId: string, key: string) => Promise<Value | null>;
  onError: (error: unknown) => void;
  windowMs?: number;
  settleMs?: number;
}) {
  const windowMs = deps.windowMs ?? COALESCE_WINDOW_MS;
  const settleMs = deps.settleMs ?? SETTLE_MS;
  const windows = new Map<string, Window>();
  const settling = new Map<string, NodeJS.Timeout>();

  /** A busy key went quiet: once more, later, what it is now (see SETTLE_MS). */
  function settle(key: string, tenantId: string): void {
    const timer = setTimeout(() => {
      settling.delete(key);
      if (windows.has(key)) return; // busy again: that period settles itself
      void deps
        .current(tenantId, key)
        .then((value) => (value === null ? undefined : deps.publish(tenantId, key, value)))
        .catch(deps.onError);
    }, settleMs);
    timer.unref();
    settling.set(key, timer);
  }

  /** Sends the key's value (read by `read`), then starts its window. */
  async function send(key: string, window: Window, read: () => Promise<Value | null>): Promise<void> {
    try {
      const value = await read();
      if (value !== null) await deps.publish(window.tenantId, key, value);
    } finally {
      window.timer = setTimeout(() => void close(key), windowMs);
      window.timer.unref();
    }
  }

  async function close(key: string): Promise<void> {
    const window = windows.get(key);
    if (!window) return;
    if (!window.dirty) {
      windows.delete(key);
      if (window.trailed) settle(key, window.tenantId);
      return;
    }
    // The trailing event opens a window of its own.
    window.dirty = false;
    window.trailed = true;
    window.timer = null;
    try {
      await send(key, window, () => deps.current(window.tenantId, key));
    } catch (error) {
      deps.onError(error);
    }
  }

  return {
    /**
     * The key changed to `value` (as the change's own request read it), or to what `value()`
     * reads: called only when the change goes out at once, so a change inside a window costs no read.
     */
    async changed(tenantId: string, key: string, value: Value | (() => Promise<Value | null>)): Promise<void> {
      const existing = windows.get(key);
      if (existing) {
        existing.dirty = true;
        return;
      }
      const pending = settling.get(key);
      if (pending) {
        clearTimeout(pending);
        settling.delete(key);
      }
      const window: Window = { timer: null, dirty: false, tenantId, trailed: pending !== undefined };
      windows.set(key, window);
      try {
        await send(key, window, async () => (value instanceof Function ? value() : value));
      } catch (error) {
        // The change is committed whatever happens to its event: the caller's request is not failed for it.
        deps.onError(error);
      }
    },
  };
}
