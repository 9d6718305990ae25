import { PROTECTING_SETTING_NAMES } from "@server/modules/pulse/pulse.constants";
import { getPulsePrivacy } from "./api";
import { ErrorNotice, Notice, useLoad } from "../../shared/ui";

const formatDay = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "long", year: "numeric" });

/**
 * What protects a pulse answer, for everyone who gets the pulse, and every change of it in the
 * last 30 days (CONTRACT §5): a lowered threshold or a shorter tenure is never a quiet change.
 */
export function PulsePrivacySection() {
  const privacy = useLoad((signal) => getPulsePrivacy(signal), []);
  const data = privacy.data;
  return (
    <section aria-labelledby="pulse-privacy-heading" className="pulse-privacy">
      <h2 id="pulse-privacy-heading">How your pulse answers are protected</h2>
      <ErrorNotice error={privacy.error} />
      {data && (
        <>
          <ul>
            <li>Your answer is stored without your name, e-mail address or network address, and nothing links it to the e-mail it came from.</li>
            <li>
              It is counted only together with the answers of at least {data.anonThreshold - 1} other people of your team, all at once, so nobody can tell which
              answer was yours.
            </li>
            {data.minTenureDays > 0 ? (
              <li>
                Only people who have been in the team for at least {data.minTenureDays} days count toward that group, so accounts made for the purpose cannot
                single you out. Your team's board shows who joined lately.
              </li>
            ) : (
              <li>Anyone in the team counts toward that group, however recently they joined.</li>
            )}
            <li>A link in the pulse e-mail answers only after a minute without another score of the same e-mail, so mail scanners cannot answer for you.</li>
          </ul>
          {data.changes.length > 0 && (
            <Notice kind="warning">
              <strong>Changed in the last 30 days</strong>
              <ul>
                {data.changes.map((change) => (
                  <li key={`${change.setting}:${change.changedAt}`}>
                    On {formatDay(change.changedAt)} an administrator changed {PROTECTING_SETTING_NAMES[change.setting]} from {change.from} to {change.to}.
                  </li>
                ))}
              </ul>
            </Notice>
          )}
        </>
      )}
    </section>
  );
}
