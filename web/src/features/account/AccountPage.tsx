import { RequireRole } from "../../shared/Layout";
import { TokensPanel } from "./TokensPanel";

/** /account: the signed-in user's own page (their API tokens); any role, but signed in. */
export default function AccountPage() {
  return (
    <RequireRole min="viewer">
      <TokensPanel />
    </RequireRole>
  );
}
