import { useMemo, useRef, useState } from "react";
import { RequireRole } from "../../shared/Layout";
import { atLeast, useSession } from "../../shared/session";
import { TeamSelect } from "../../shared/TeamSelect";
import { ErrorNotice, Field, Loading, useLoad, useTitle } from "../../shared/ui";
import { getPulseSummary } from "./api";
import { PulseComments } from "./PulseComments";
import { PulseHeatmap } from "./PulseHeatmap";
import { PulsePrivacySection } from "./PulsePrivacy";
import { AnonymityNote, PulseMetrics } from "./PulseMetrics";
import { PulseQuestionCard } from "./PulseQuestionCard";
import { formatPeriod, hasEarlierFigures, weeksOfRange } from "./pulseFormat";

const RANGES = ["4w", "8w", "12w", "26w", "52w"];

function Dashboard() {
  const { me, teams, moderatedTeamIds } = useSession();
  const isAdmin = atLeast(me?.user.role, "admin");
  useTitle("Pulse");
  const [range, setRange] = useState("12w");
  // A moderator sees the teams they moderate only (CONTRACT §8): start from their primary team.
  const myTeams = isAdmin ? teams : teams.filter((team) => moderatedTeamIds.includes(team.id));
  const [teamId, setTeamId] = useState(() => (isAdmin ? "" : ((myTeams.find((team) => team.id === me?.user.primaryTeamId) ?? myTeams[0])?.id ?? "")));
  const selection = `${range}:${teamId}`;
  const summary = useLoad(async (signal) => ({ selection, figures: await getPulseSummary({ range, team: teamId }, signal) }), [range, teamId]);

  // Only figures of the current choice: never the previous team's while loading, nor after a refused load.
  const data = !summary.error && summary.data?.selection === selection ? summary.data.figures : null;
  const weeks = useMemo(() => (data ? weeksOfRange(data.summary.dateRange) : []), [data]);
  const compared = useMemo(() => (data ? hasEarlierFigures(data.questions) : false), [data]);
  const [commentsQuestion, setCommentsQuestion] = useState("");
  // A question of another period or team is no filter: its comments would never be listed here.
  const questionFilter = data?.questions.some((question) => question.id === commentsQuestion) ? commentsQuestion : "";
  const commentsHeading = useRef<HTMLHeadingElement>(null);
  const showComments = (questionId: string) => {
    setCommentsQuestion(questionId);
    // Beside the cards on a laptop, under them on a phone: either way the list is where focus goes.
    commentsHeading.current?.focus();
  };

  return (
    <div className="pulse" aria-busy={summary.loading}>
      <h1>Pulse</h1>
      <div className="row">
        <Field label="Period">
          {(props) => (
            <select {...props} value={range} onChange={(event) => setRange(event.target.value)}>
              {RANGES.map((value) => (
                <option key={value} value={value}>
                  Last {value.replace("w", "")} weeks
                </option>
              ))}
            </select>
          )}
        </Field>
        <TeamSelect label="Team" teams={myTeams} value={teamId} onChange={setTeamId} emptyLabel={isAdmin ? "All teams" : undefined} />
      </div>
      <ErrorNotice error={summary.error} />
      {summary.loading && !data && <Loading />}
      {data && (
        <div className="pulse-layout">
          <div className="pulse-figures">
            <PulseMetrics summary={data.summary} compared={compared} />
            <AnonymityNote threshold={data.summary.anonThreshold} waiting={data.summary.waitingResponses} />
            <PulseHeatmap
              questions={data.questions}
              threshold={data.summary.anonThreshold}
              weeks={weeks.length}
              period={formatPeriod(data.summary.dateRange)}
              compared={compared}
            />
            <section aria-labelledby="questions-heading">
              <h2 id="questions-heading">Questions</h2>
              {data.questions.length === 0 && <p className="empty">No pulse question was asked in this period.</p>}
              <div className="pulse-cards">
                {data.questions.map((question) => (
                  <PulseQuestionCard key={question.id} question={question} threshold={data.summary.anonThreshold} weeks={weeks} onShowComments={showComments} />
                ))}
              </div>
            </section>
          </div>
          <PulseComments
            range={range}
            team={teamId}
            question={questionFilter}
            onQuestionChange={setCommentsQuestion}
            summary={data}
            onReplied={summary.reload}
            headingRef={commentsHeading}
          />
        </div>
      )}
    </div>
  );
}

/** Everyone who gets the pulse reads what protects their answers here; leads see their teams' figures too. */
export default function PulsePage() {
  const { me } = useSession();
  useTitle("Pulse");
  if (me && !atLeast(me.user.role, "moderator")) {
    return (
      <div className="pulse">
        <h1>Pulse</h1>
        <p>Every week a few people of each team get a one-tap question by e-mail. Leads see only what whole groups answered.</p>
        <PulsePrivacySection />
      </div>
    );
  }
  return (
    <RequireRole min="moderator">
      <Dashboard />
      <PulsePrivacySection />
    </RequireRole>
  );
}
