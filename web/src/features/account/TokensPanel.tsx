import { useState, type FormEvent } from "react";
import { DEFAULT_TOKEN_DAYS, MAX_TOKEN_DAYS, type TokenScope } from "@server/modules/tokens/tokens.constants";
import { Dialog, DialogFooter, ErrorNotice, Field, Loading, Notice } from "../../shared/ui";
import { useSecretTokens } from "../../shared/useSecretTokens";
import { createToken, listTokens, revokeToken, type ApiToken, type CreatedToken } from "./api";

/** Personal API tokens for the bearer form of the API (for example `GET /admin/audit?limit=`): any signed-in user. */
export function TokensPanel() {
  const {
    tokens,
    created,
    error,
    revoking,
    setRevoking,
    create: createWith,
    revoke: revokeConfirmed,
  } = useSecretTokens<ApiToken, CreatedToken>({
    list: listTokens,
    revoke: revokeToken,
    revokedMessage: "Token revoked",
  });
  const [name, setName] = useState("");
  const [days, setDays] = useState(String(DEFAULT_TOKEN_DAYS));
  const [scope, setScope] = useState<TokenScope>("read");

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (await createWith(() => createToken({ name: name.trim(), scope, ...(days ? { expiresInDays: Number(days) } : {}) }))) setName("");
  };
  const revoke = (event: FormEvent) => {
    event.preventDefault();
    void revokeConfirmed();
  };

  return (
    <section className="narrow-wide" aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">Your API tokens</h2>
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
              <button type="button" className="button-small button-danger-quiet" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
                Revoke
              </button>
            </li>
          ))}
          {tokens.data?.length === 0 && <li className="empty">No tokens.</li>}
        </ul>
      )}
      <form onSubmit={create} className="card">
        <h3>New token</h3>
        <div className="grid-2">
          <Field label="Name">{(props) => <input {...props} value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} />}</Field>
          <Field label="Expires after (days)" hint={`1 to ${MAX_TOKEN_DAYS}; empty: ${DEFAULT_TOKEN_DAYS}. Every token expires.`}>
            {(props) => <input {...props} type="number" min={1} max={MAX_TOKEN_DAYS} value={days} onChange={(event) => setDays(event.target.value)} />}
          </Field>
          <Field label="Access" hint={scope === "read" ? "Can only read: a leaked token cannot change anything." : "Can do everything your role allows."}>
            {(props) => (
              <select {...props} value={scope} onChange={(event) => setScope(event.target.value as TokenScope)}>
                <option value="read">Read only</option>
                <option value="full">Full access</option>
              </select>
            )}
          </Field>
        </div>
        <button type="submit">Create token</button>
      </form>
      <Dialog title="Revoke this token?" open={revoking !== null} onClose={() => setRevoking(null)}>
        <form onSubmit={revoke}>
          <p className="token-dialog-text">
            Scripts that use <strong>{revoking?.name}</strong> stop working at once. This cannot be undone; you can make a new token.
          </p>
          <DialogFooter onCancel={() => setRevoking(null)} danger>
            Revoke token
          </DialogFooter>
        </form>
      </Dialog>
    </section>
  );
}
