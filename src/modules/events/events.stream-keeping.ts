import type { Logger } from "../../platform/logger.js";
import type { StreamGuard, StreamOwner } from "./events.stream-guard.js";
import { SLOT_LEASE_MS, type StreamSlots } from "./events.stream-slots.js";

/** How often open streams' credentials are checked: CONTRACT §4 ends a stream within 5 s of its credential. */
export const STREAM_CHECK_MS = 2500;

/**
 * How often the slots of open streams are renewed: a third of their lease, so that a slot outlives
 * two missed renewals. Renewing at every check wrote two Redis commands per stream every 2.5 s.
 */
export const SLOT_RENEW_MS = SLOT_LEASE_MS / 3;

export interface StreamKeeping {
  guard: StreamGuard;
  slots: StreamSlots;
  intervalMs?: number;
  renewEveryMs?: number;
  now?: () => Date;
}

/** An open stream that a user opened, as the periodic check sees it. */
export interface KeptStream {
  owner: StreamOwner;
  streamId: string;
  end(): void;
}

/** Ends the streams whose credential or user no longer holds, and renews the others' slots when `renew`. */
export async function checkKeptStreams(keeping: StreamKeeping, streams: KeptStream[], logger: Logger, renew: boolean): Promise<void> {
  if (streams.length === 0) return;
  const now = keeping.now?.() ?? new Date();
  let ended: Set<StreamOwner>;
  try {
    ended = await keeping.guard.ended(
      streams.map((stream) => stream.owner),
      now,
    );
  } catch (error) {
    // Without an answer nothing is ended; the next check asks again.
    logger.warn({ err: { message: (error as Error).message } }, "SSE credential check failed");
    return;
  }
  const open: KeptStream[] = [];
  for (const stream of streams) {
    if (ended.has(stream.owner)) stream.end();
    else open.push(stream);
  }
  if (!renew) return;
  await keeping.slots
    .renew(open.map((stream) => ({ userId: stream.owner.userId, streamId: stream.streamId })))
    .catch((error) => logger.warn({ err: { message: (error as Error).message } }, "SSE slot leases not renewed"));
}
