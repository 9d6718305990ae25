/**
 * Whether an error means a backing service (PostgreSQL or Redis) is unreachable right now, as
 * opposed to a bug: such requests answer 503 with Retry-After, and work again by themselves once
 * the service is back (the pools and clients reconnect on their own).
 */
const PG_UNAVAILABLE_CODES = new Set([
  "57P01", // admin_shutdown: the server is restarting
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or in recovery
  "08000", // connection_exception
  "08001", // sqlclient_unable_to_establish_sqlconnection
  "08003", // connection_does_not_exist
  "08004", // sqlserver_rejected_establishment_of_sqlconnection
  "08006", // connection_failure
  "53300", // too_many_connections
]);
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
const MESSAGES = [
  /Connection terminated/i, // pg: the server went away mid-query
  /Client has encountered a connection error/i,
  /Timeout acquiring a connection/i, // knex: the pool could not connect in time
  /Stream isn't writeable/i, // ioredis with the offline queue off: Redis is down
  /Connection is closed/i, // ioredis
  /Reached the max retries per request limit/i, // ioredis
  /ping timed out|connect timed out/i,
];

export function isServiceUnavailable(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown };
  if (typeof code === "string" && (PG_UNAVAILABLE_CODES.has(code) || SOCKET_CODES.has(code))) return true;
  if (name === "MaxRetriesPerRequestError" || name === "KnexTimeoutError") return true;
  return typeof message === "string" && MESSAGES.some((pattern) => pattern.test(message));
}
