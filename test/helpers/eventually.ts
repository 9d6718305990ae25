/**
 * Retries `check` until it passes or `withinMs` has gone by (then its last failure is thrown).
 * For changes made behind the service's back (SQL on its database), which its shared reads see
 * within their maximum age rather than at once; changes made through the API need no waiting.
 */
export async function eventually(check: () => Promise<unknown>, withinMs = 3000): Promise<number> {
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
