import { useState, type FormEvent } from "react";
import { api, errorMessage } from "../../shared/api";
import type { ApiToken } from "../../shared/types";
import { RequireRole } from "../../shared/Layout";
import { announce, ErrorNotice, Field, Loading, Notice, useLoad } from "../../shared/ui";

/** Personal API tokens for the bearer form of the API (for example `GET /admin/audit?limit=`): any signed-in user. */
function TokensPanel() {
  const tokens = useLoad((signal) => api.get<ApiToken[]>("/auth/tokens", undefined, signal), []);
  const [name, setName] = useState("");
  const [days, setDays] = useState("90");
  const [scope, setScope] = useState<ApiToken["scope"]>("read");
  const [created, setCreated] = useState<ApiToken | null>(null);
  const [error, setError] = useState<string | null>(null);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const token = await api.post<ApiToken>("/auth/tokens", { name: name.trim(), scope, ...(days ? { expiresInDays: Number(days) } : {}) });
      setCreated(token);
      setName("");
      tokens.reload();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  const revoke = async (token: ApiToken) => {
    if (!window.confirm(`Revoke the token ${token.name}? Scripts using it stop working.`)) return;
    try {
      await api.delete(`/auth/tokens/${token.id}`);
      announce("Token revoked");
      tokens.reload();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <section className="narrow-wide">
      <h1>Your API tokens</h1>
      <p className="hint">
        A token acts as you: send it as <code>Authorization: Bearer &lt;token&gt;</code>. It is shown once.
      </p>
      {created?.token && (
        <Notice kind="success">
          Token <strong>{created.name}</strong> created. Copy it now: <code className="token">{created.token}</code>
        </Notice>
      )}
      <ErrorNotice error={tokens.error} />
      {error && <Notice kind="error">{error}</Notice>}
      {tokens.loading && !tokens.data ? (
        <Loading />
      ) : (
        <ul className="plain-list stack">
          {(tokens.data ?? []).map((token) => (
            <li key={token.id} className="row">
              <strong>{token.name}</strong>
              <span className={`badge${token.scope === "read" ? "" : " badge-strong"}`}>{token.scope === "read" ? "Read only" : "Full access"}</span>
              <span className="hint">
                created {new Date(token.createdAt).toLocaleDateString()}, {token.expired ? "expired" : "expires"}{" "}
                {new Date(token.expiresAt).toLocaleDateString()}
                {token.lastUsedAt ? `, last used ${new Date(token.lastUsedAt).toLocaleDateString()}` : ", never used"}
              </span>
              <button type="button" className="button-small button-danger" onClick={() => void revoke(token)} aria-label={`Revoke ${token.name}`}>
                Revoke
              </button>
            </li>
          ))}
          {tokens.data?.length === 0 && <li className="empty">No tokens.</li>}
        </ul>
      )}
      <form onSubmit={create} className="card">
        <h2>New token</h2>
        <div className="grid-2">
          <Field label="Name">{(props) => <input {...props} value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} />}</Field>
          <Field label="Expires after (days)" hint="1 to 365; empty: 90. Every token expires.">
            {(props) => <input {...props} type="number" min={1} max={365} value={days} onChange={(event) => setDays(event.target.value)} />}
          </Field>
          <Field label="Access" hint={scope === "read" ? "Can only read: a leaked token cannot change anything." : "Can do everything your role allows."}>
            {(props) => (
              <select {...props} value={scope} onChange={(event) => setScope(event.target.value as ApiToken["scope"])}>
                <option value="read">Read only</option>
                <option value="full">Full access</option>
              </select>
            )}
          </Field>
        </div>
        <button type="submit">Create token</button>
      </form>
    </section>
  );
}

export default function AccountPage() {
  return (
    <RequireRole min="viewer">
      <TokensPanel />
    </RequireRole>
  );
}
