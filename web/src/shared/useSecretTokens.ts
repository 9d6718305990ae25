import { useState } from "react";
import { errorMessage } from "./api";
import { announce, useLoad } from "./ui";

/**
 * The list, creation and revocation of tokens whose secret is shown once (API tokens, SCIM
 * tokens): the newly created one (with its secret) until it is revoked or the page is left, the
 * one being confirmed for revocation, and what went wrong.
 */
export function useSecretTokens<Listed extends { id: string }, Created extends { id: string }>(api: {
  list: (signal: AbortSignal) => Promise<Listed[]>;
  revoke: (id: string) => Promise<unknown>;
  /** Said to screen readers once a token is revoked. */
  revokedMessage: string;
}) {
  const tokens = useLoad((signal) => api.list(signal), []);
  const [created, setCreated] = useState<Created | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<Listed | null>(null);

  /** Creates a token with `make`; true when it was created (the form may be cleared). */
  const create = async (make: () => Promise<Created>): Promise<boolean> => {
    setError(null);
    try {
      setCreated(await make());
      tokens.reload();
      return true;
    } catch (caught) {
      setError(errorMessage(caught));
      return false;
    }
  };

  /** Revokes the token being confirmed (`revoking`). */
  const revoke = async (): Promise<void> => {
    const token = revoking;
    if (!token) return;
    setRevoking(null);
    try {
      await api.revoke(token.id);
      announce(api.revokedMessage);
      // A revoked token's secret is no use to copy any more.
      if (created?.id === token.id) setCreated(null);
      tokens.reload();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return { tokens, created, error, revoking, setRevoking, create, revoke };
}
