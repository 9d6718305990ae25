import { useEffect, useState } from "react";
import { errorMessage } from "../../shared/api";
import { DataTable, Loading, Notice, StatusPill } from "../../shared/ui";
import { getHealth, type Health } from "./api";

const REFRESH_MS = 10_000;

/** /admin/health: API, database and Redis status and latency, rate limiting, auth modes, uptime. */
export function HealthPage() {
  const [health, setHealth] = useState<Health | null>(null);
  const [apiLatency, setApiLatency] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);

  useEffect(() => {
    let cancelled = false;
    const check = async () => {
      const started = performance.now();
      try {
        const result = await getHealth();
        if (cancelled) return;
        setApiLatency(Math.round(performance.now() - started));
        setHealth(result);
        setError(null);
      } catch (caught) {
        if (cancelled) return;
        setApiLatency(null);
        setError(errorMessage(caught));
      }
      setCheckedAt(new Date());
    };
    void check();
    const timer = setInterval(check, REFRESH_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, []);

  const connected = (status: string) => (status === "not_configured" ? null : status === "connected");
  return (
    <section>
      <h1>Health</h1>
      <p className="hint" role="status">
        {checkedAt ? `Checked at ${checkedAt.toLocaleTimeString()}; refreshes every 10 s.` : "Checking…"}
      </p>
      {error && <Notice kind="error">API unreachable: {error}</Notice>}
      {!health && !error && <Loading />}
      {health && (
        <DataTable caption="Service health" columns={["Component", "Status", "Details"]} className="health-table">
          <tr>
            <th scope="row">API</th>
            <td>
              <StatusPill ok={health.status === "ok"}>{health.status}</StatusPill>
            </td>
            <td>Round trip from this browser: {apiLatency === null ? "—" : `${apiLatency} ms`}</td>
          </tr>
          <tr>
            <th scope="row">Database</th>
            <td>
              <StatusPill ok={connected(health.database.status)}>{health.database.status}</StatusPill>
            </td>
            <td>Latency {health.database.latency}</td>
          </tr>
          <tr>
            <th scope="row">Redis (key-value store)</th>
            <td>
              <StatusPill ok={connected(health.kvstore.status)}>{health.kvstore.status.replace("_", " ")}</StatusPill>
            </td>
            <td>{health.kvstore.status === "not_configured" ? "In-memory sessions and events (development)" : `Latency ${health.kvstore.latency}`}</td>
          </tr>
          <tr>
            <th scope="row">Rate limiting</th>
            <td>
              <StatusPill ok={health.rateLimiting.status === "enabled" ? true : null}>{health.rateLimiting.status}</StatusPill>
            </td>
            <td>{health.rateLimiting.requestsInLastHour} requests checked against the limits in the last hour</td>
          </tr>
          <tr>
            <th scope="row">Sign-in</th>
            <td>
              <StatusPill ok={null}>{health.auth.mode}</StatusPill>
            </td>
            <td>Enabled: {health.auth.strategies.length ? health.auth.strategies.join(", ") : "none"}</td>
          </tr>
          <tr>
            <th scope="row">Uptime</th>
            <td colSpan={2}>{health.uptime}</td>
          </tr>
        </DataTable>
      )}
    </section>
  );
}
