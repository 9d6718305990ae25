import { EventEmitter } from "node:events";
import type { Response } from "express";
import { describe, expect, it } from "vitest";
import { SseHub } from "../../src/modules/events/index.js";
import { InProcessEventBus } from "../../src/platform/events.js";
import { createLogger } from "../../src/platform/logger.js";

/** A response that keeps what is written to it, as the hub uses one; each write takes `writeMs` (a syscall's time). */
function fakeStream(writeMs = 0) {
  const emitter = new EventEmitter();
  const written: string[] = [];
  const res = Object.assign(emitter, {
    writableEnded: false,
    writableLength: 0,
    status: () => res,
    setHeader: () => res,
    flushHeaders: () => undefined,
    write: (chunk: string) => {
      const until = performance.now() + writeMs;
      while (performance.now() < until);
      return written.push(chunk) > 0;
    },
    end: () => {
      res.writableEnded = true;
    },
    destroy: () => undefined,
  });
  const ids = () => [...written.join("").matchAll(/"id":"([^"]+)"/g)].map((match) => match[1]);
  return { res: res as unknown as Response, written, ids };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A hub on an in-process bus, as one instance runs it. */
function hubOnItsOwn(writeMsPerTurn?: number) {
  const bus = new InProcessEventBus();
  const hub = new SseHub(bus, createLogger({ level: "silent" }), undefined, writeMsPerTurn);
  return {
    bus,
    hub,
    close: async () => {
      hub.close();
      await bus.close();
    },
  };
}

describe("the stream hub writes events together", () => {
  const updated = (id: string) => ({ type: "question:updated", tenantId: "tenant-1", data: { id } });

  it("a stream attached while events wait for their write gets only those that arrived after it", async () => {
    const { bus, hub, close } = hubOnItsOwn();
    try {
      const early = fakeStream();
      await hub.attach(early.res, { tenantId: "tenant-1", lastEventId: null });
      await bus.publish(updated("first"));
      // Within the window after the first event: written together with what follows.
      await bus.publish(updated("second"));
      const late = fakeStream();
      await hub.attach(late.res, { tenantId: "tenant-1", lastEventId: null });
      await bus.publish(updated("third"));
      expect(late.ids()).toEqual([]);
      await sleep(120);
      expect(early.ids()).toEqual(["first", "second", "third"]);
      expect(late.ids()).toEqual(["third"]);
      // "first" went out at once; "second" and "third" in one write at the window's end.
      expect(early.written.filter((chunk) => chunk.includes('"type":"question:updated"'))).toHaveLength(2);
    } finally {
      await close();
    }
  });

  it("a stream resumed with Last-Event-ID gets what it missed once, then the window's events once", async () => {
    const { bus, hub, close } = hubOnItsOwn();
    try {
      await bus.publish(updated("missed-1"));
      await bus.publish(updated("missed-2"));
      const resumed = fakeStream();
      await hub.attach(resumed.res, { tenantId: "tenant-1", lastEventId: 0 });
      await bus.publish(updated("live"));
      await sleep(120);
      expect(resumed.ids()).toEqual(["missed-1", "missed-2", "live"]);
    } finally {
      await close();
    }
  });

  it("ending the hub writes what waits for its window before the streams end", async () => {
    const { bus, hub } = hubOnItsOwn();
    const stream = fakeStream();
    await hub.attach(stream.res, { tenantId: "tenant-1", lastEventId: null });
    await bus.publish(updated("one"));
    await bus.publish(updated("two"));
    hub.close();
    expect(stream.ids()).toEqual(["one", "two"]);
    await bus.close();
  });

  it("a window's writes go out a few milliseconds' worth per event-loop turn, each stream's events once and in order", async () => {
    // Writes of 2 ms each and 3 ms per turn: at most two streams per turn.
    const { bus, hub, close } = hubOnItsOwn(3);
    try {
      const streams = Array.from({ length: 8 }, () => fakeStream(2));
      for (const stream of streams) await hub.attach(stream.res, { tenantId: "tenant-1", lastEventId: null });
      await bus.publish(updated("first"));
      // The first slice leaves at once; the other streams wait for the following turns, so what
      // arrives meanwhile (a request) is served between slices.
      const written = () => streams.filter((stream) => stream.ids().length > 0).length;
      const firstTurn = written();
      expect(firstTurn).toBeGreaterThan(0);
      expect(firstTurn).toBeLessThanOrEqual(2);
      await new Promise((resolve) => setImmediate(resolve));
      expect(written()).toBeGreaterThan(firstTurn);
      expect(written()).toBeLessThan(streams.length);
      await bus.publish(updated("second"));
      await bus.publish(updated("third"));
      await sleep(150);
      for (const stream of streams) expect(stream.ids()).toEqual(["first", "second", "third"]);
    } finally {
      await close();
    }
  });

  it("a window waits for the last window's writes: streams slower than the window get fewer, larger writes, never a growing queue", async () => {
    // 12 streams × 8 ms = about 100 ms of writes per window of 50 ms.
    const { bus, hub, close } = hubOnItsOwn(3);
    try {
      const streams = Array.from({ length: 12 }, () => fakeStream(8));
      for (const stream of streams) await hub.attach(stream.res, { tenantId: "tenant-1", lastEventId: null });
      const sent: string[] = [];
      let mostQueued = 0;
      const until = Date.now() + 400;
      while (Date.now() < until) {
        sent.push(`e${sent.length}`);
        await bus.publish(updated(sent.at(-1) as string));
        mostQueued = Math.max(mostQueued, hub.queuedWrites);
        await sleep(5);
      }
      await sleep(400);
      expect(mostQueued).toBeLessThanOrEqual(streams.length);
      for (const stream of streams) expect(stream.ids()).toEqual(sent);
      expect(hub.queuedWrites).toBe(0);
    } finally {
      await close();
    }
  });

  it("heartbeats leave a slice per turn too, each with its stream's position when written", async () => {
    // 12 streams × 2 ms and 3 ms per turn: a heartbeat to all of them spans several turns.
    const bus = new InProcessEventBus();
    const hub = new SseHub(bus, createLogger({ level: "silent" }), 40, 3);
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn += 1;
      if (ticking) setImmediate(tick);
    };
    tick();
    try {
      const heartbeatTurns: number[] = [];
      const streams = Array.from({ length: 12 }, () => fakeStream(2));
      for (const stream of streams) {
        const write = stream.res.write.bind(stream.res) as (chunk: string) => boolean;
        Object.assign(stream.res, {
          write: (chunk: string) => {
            if (String(chunk).includes('"type":"heartbeat"')) heartbeatTurns.push(turn);
            return write(chunk);
          },
        });
        await hub.attach(stream.res, { tenantId: "tenant-1", lastEventId: null });
      }
      const until = Date.now() + 300;
      for (let i = 0; Date.now() < until; i += 1) {
        await bus.publish(updated(`e${i}`));
        await sleep(5);
      }
      await sleep(150);
      expect(heartbeatTurns.length).toBeGreaterThanOrEqual(streams.length);
      // One heartbeat round reached the twelve streams over more than one turn.
      expect(new Set(heartbeatTurns.slice(0, streams.length)).size).toBeGreaterThan(1);
      for (const stream of streams) {
        const positions = [...stream.written.join("").matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
        // A heartbeat queued behind a window's write says the position after it, never an older one.
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
        expect(stream.written.some((chunk) => chunk.includes('"type":"heartbeat"'))).toBe(true);
      }
    } finally {
      ticking = false;
      hub.close();
      await bus.close();
    }
  });

  it("ending the hub in the middle of a window's slices writes every stream's events before the streams end", async () => {
    const { bus, hub } = hubOnItsOwn(3);
    const streams = Array.from({ length: 5 }, () => fakeStream(2));
    for (const stream of streams) await hub.attach(stream.res, { tenantId: "tenant-1", lastEventId: null });
    await bus.publish(updated("one"));
    await bus.publish(updated("two"));
    hub.close();
    for (const stream of streams) expect(stream.ids()).toEqual(["one", "two"]);
    await bus.close();
  });
});

describe("the stream hub keeps its streams", () => {
  it("checks the streams' credentials at every interval and renews their slots only every third of a lease", async () => {
    const checks: number[] = [];
    const renewals: number[] = [];
    const bus = new InProcessEventBus();
    const hub = new SseHub(bus, createLogger({ level: "silent" }));
    hub.keep({
      guard: {
        ended: async (owners) => {
          checks.push(owners.length);
          return new Set();
        },
      },
      slots: {
        acquire: async () => true,
        release: async () => undefined,
        renew: async (slots) => {
          renewals.push(slots.length);
        },
      },
      intervalMs: 10,
      renewEveryMs: 100,
    });
    try {
      for (const userId of ["user-1", "user-2"]) {
        const credential = { kind: "session" as const, id: `session-of-${userId}`, expiresAt: Date.now() + 60_000 };
        await hub.attach(fakeStream().res, { tenantId: "tenant-1", lastEventId: null, owner: { tenantId: "tenant-1", userId, credential } });
      }
      await sleep(350);
      expect(checks.length).toBeGreaterThanOrEqual(10);
      expect(checks.every((streams) => streams === 2)).toBe(true);
      // The first check renews, then one in every 100 ms: two Redis commands per stream each time, so not at every check.
      expect(renewals.length).toBeGreaterThanOrEqual(2);
      expect(renewals.length).toBeLessThanOrEqual(5);
      expect(renewals.every((slots) => slots === 2)).toBe(true);
    } finally {
      hub.close();
      await bus.close();
    }
  });
});
