import { useState, type FormEvent } from "react";
import { Dialog, DialogFooter, ErrorNotice, Field, Loading, Notice } from "../../shared/ui";
import { useSecretTokens } from "../../shared/useSecretTokens";
import { createScimToken, listScimTokens, revokeScimToken, type CreatedScimToken, type ScimToken } from "./api";

/**
 * Provisioning (SCIM): the tokens an identity provider (Okta, Microsoft Entra ID) uses to create,
 * update and deactivate the tenant's people and teams. A secret is shown once, with the base URL
 * to paste beside it.
 */
export function ScimPanel() {
  const {
    tokens,
    created,
    error,
    revoking,
    setRevoking,
    create: createWith,
    revoke: revokeConfirmed,
  } = useSecretTokens<ScimToken, CreatedScimToken>({
    list: listScimTokens,
    revoke: revokeScimToken,
    revokedMessage: "SCIM token revoked",
  });
  const [name, setName] = useState("");

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (await createWith(() => createScimToken({ name: name.trim() }))) setName("");
  };
  const revoke = (event: FormEvent) => {
    event.preventDefault();
    void revokeConfirmed();
  };

  return (
    <section className="card" aria-labelledby="scim-heading">
      <h1 id="scim-heading">Provisioning (SCIM)</h1>
      <p className="hint">
        Your identity provider (Okta, Microsoft Entra ID) creates, updates and deactivates people and teams here. Deactivating someone signs them out everywhere
        at once. A token is shown once, when it is created.
      </p>
      {created && (
        <Notice kind="success">
          <p>
            Token <strong>{created.name}</strong> created. Copy both values into your identity provider now:
          </p>
          <dl className="scim-values">
            <dt>SCIM base URL (Okta) / Tenant URL (Entra ID)</dt>
            <dd>
              <code className="token">{created.scimBaseUrl}</code>
            </dd>
            <dt>API token (Okta: HTTP Header) / Secret Token (Entra ID)</dt>
            <dd>
              <code className="token">{created.token}</code>
            </dd>
          </dl>
        </Notice>
      )}
      <ErrorNotice error={tokens.error} />
      {error && <Notice kind="error">{error}</Notice>}
      {tokens.loading && !tokens.data ? (
        <Loading />
      ) : (
        <ul className="plain-list stack" aria-label="SCIM tokens">
          {(tokens.data ?? []).map((token) => (
            <li key={token.id} className="row">
              <strong>{token.name}</strong>
              <code>{token.prefix}…</code>
              <span className="hint">
                created {new Date(token.createdAt).toLocaleDateString()}
                {token.lastUsedAt ? `, last used ${new Date(token.lastUsedAt).toLocaleString()}` : ", never used"}
              </span>
              <button type="button" className="button-small button-danger-quiet" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
                Revoke
              </button>
            </li>
          ))}
          {tokens.data?.length === 0 && <li className="empty">No SCIM tokens.</li>}
        </ul>
      )}
      <form onSubmit={create}>
        <h2>New SCIM token</h2>
        <Field label="Name" hint="Which identity provider uses it, for example Okta.">
          {(props) => <input {...props} value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} />}
        </Field>
        <button type="submit">Create SCIM token</button>
      </form>
      <Dialog title="Revoke this SCIM token?" open={revoking !== null} onClose={() => setRevoking(null)}>
        <form onSubmit={revoke}>
          <p>
            The identity provider using <strong>{revoking?.name}</strong> can no longer provision anyone. People and teams it made stay as they are.
          </p>
          <DialogFooter onCancel={() => setRevoking(null)} danger>
            Revoke token
          </DialogFooter>
        </form>
      </Dialog>
    </section>
  );
}
