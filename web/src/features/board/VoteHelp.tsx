import { Link } from "react-router";
import { Dialog } from "../../shared/ui";

/**
 * What a tap on the vote box tells someone who cannot vote: a visitor how to (sign in, and come
 * back to this board), a read-only account why not. Upvotes need an account (CONTRACT §2), so each
 * person counts once.
 */
export function VoteHelp({ open, onClose, signedIn, returnTo }: { open: boolean; onClose: () => void; signedIn: boolean; returnTo: string }) {
  if (signedIn) {
    return (
      <Dialog title="Your account can read but not vote" open={open} onClose={onClose}>
        <p>Voting needs member access. An admin of your organisation can give it to you.</p>
        <div className="row">
          <button type="button" onClick={onClose}>
            OK
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog title="Sign in to vote" open={open} onClose={onClose}>
      <p>Votes count once per person, so voting needs you to sign in. You come straight back to this board, and see new questions and votes live.</p>
      <div className="row">
        <Link className="button" to={`/login?returnTo=${encodeURIComponent(returnTo)}`}>
          Sign in
        </Link>
        <button type="button" className="button-secondary" onClick={onClose}>
          Not now
        </button>
      </div>
    </Dialog>
  );
}
