import { lazy, Suspense, useState } from "react";
import { useSession } from "./session";
import type { Team } from "./sessionApi";

// The encoder is only downloaded by screens that draw a code.
const QrCode = lazy(() => import("./QrCode"));

/** `<tenant address>/<teamSlug>`: where the room joins this team's board (CONTRACT §8 "The room"). */
export function useJoinAddress(team: Pick<Team, "slug">): string {
  const { tenantAddress } = useSession();
  return `${tenantAddress}/${encodeURIComponent(team.slug)}`;
}

/** The address without its scheme, as people type it. */
export const displayAddress = (address: string) => address.replace(/^https?:\/\//, "");

/** A long address wraps after the host, never inside a word. */
function withBreak(text: string) {
  const slash = text.indexOf("/");
  if (slash < 0) return text;
  return (
    <>
      {text.slice(0, slash)}
      <wbr />
      {text.slice(slash)}
    </>
  );
}

/** The team's join address as text and as a QR code; `large` for the presenter's screen. */
export function JoinAddress({ team, size = "small" }: { team: Pick<Team, "slug" | "name">; size?: "small" | "large" }) {
  const address = useJoinAddress(team);
  return (
    <div className={`join join-${size}`}>
      <Suspense fallback={<span className="qr-placeholder" aria-hidden="true" />}>
        <QrCode value={address} label={`QR code for ${displayAddress(address)}`} />
      </Suspense>
      <p className="join-text">
        <span className="join-label">Ask and vote at</span> <strong className="join-address">{withBreak(displayAddress(address))}</strong>
      </p>
    </div>
  );
}

/** Share the join address: the phone's share sheet where there is one, the clipboard otherwise. */
export function ShareJoinButton({ team }: { team: Pick<Team, "slug" | "name"> }) {
  const address = useJoinAddress(team);
  const [copied, setCopied] = useState(false);
  const share = async () => {
    if (navigator.share) {
      await navigator.share({ title: `Ask ${team.name}`, url: address }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
    } catch {
      window.prompt("Copy the join address", address);
    }
  };
  return (
    <button type="button" className="button-secondary button-small" onClick={() => void share()}>
      {copied ? "Link copied" : "Share"}
    </button>
  );
}
