import { RequireRole } from "../../shared/Layout";
import { useSession } from "../../shared/session";
import { TokensPanel } from "./TokensPanel";

/** /account: the signed-in user's own page (who they are, sign out, their API tokens); any role, but signed in. */
export default function AccountPage() {
  return (
    <RequireRole min="viewer">
      <AccountSummary />
      <TokensPanel />
    </RequireRole>
  );
}

function AccountSummary() {
  const { me, signOut } = useSession();
  if (!me) return null;
  return (
    <section className="card account-summary" aria-labelledby="account-heading">
      <h1 id="account-heading">Your account</h1>
      <p>
        <span dir="auto">{me.user.name}</span> · {me.user.email} · <span className="role-badge">{me.user.role}</span>
      </p>
      <button type="button" className="button-secondary" onClick={() => void signOut()}>
        Sign out
      </button>
    </section>
  );
}
