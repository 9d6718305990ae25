/**
 * Retries `check` until it passes or `withinMs` has gone by (then its last failure is thrown).
 * For changes made behind the service's back (SQL on its database), which its shared reads see
 * within their maximum age rather than at once, and for work the service does after answering
 * (queued deliveries, timers); changes made through the API need no waiting. The default is
 * generous: on a loaded two-core machine a timer's work can lag seconds behind, and a check that
 * passes returns at once whatever the limit.
 */
export async function eventually(check: () => Promise<unknown>, withinMs = 10_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return Date.now() - started;
    } catch (error) {
      if (Date.now() - started > withinMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
