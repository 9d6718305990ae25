import { RequireRole } from "../../shared/Layout";
import { useTitle } from "../../shared/ui";
import { EmailChoice } from "./EmailChoice";
import { MyQuestions } from "./MyQuestions";
import { ProfileSection } from "./ProfileSection";
import { TokensPanel } from "./TokensPanel";
import "./account.css";

/** /account: the signed-in user's own page: who they are, their questions, their e-mails, then API tokens (for the few who script). */
export default function AccountPage() {
  useTitle("Your account");
  return (
    <RequireRole min="viewer">
      <div className="account-page">
        <ProfileSection />
        <MyQuestions />
        <EmailChoice />
        <TokensPanel />
      </div>
    </RequireRole>
  );
}
