import { useMemo, useState } from "react";
import { api } from "../../shared/api";
import { RequireRole } from "../../shared/Layout";
import { rank, useSession } from "../../shared/session";
import type { PulseSummary } from "../../shared/types";
import { ErrorNotice, Field, Loading, Notice, useLoad, useTitle } from "../../shared/ui";
import { TrendChart } from "./TrendChart";

const RANGES = ["4w", "8w", "12w", "26w", "52w"];

/** Heat colours for averages on the 1–5 scale, each with text that reads on it. */
function heat(score: number): { background: string; color: string } {
  if (score < 2) return { background: "#fecaca", color: "#7f1d1d" };
  if (score < 2.75) return { background: "#fed7aa", color: "#7c2d12" };
  if (score < 3.5) return { background: "#fef08a", color: "#713f12" };
  if (score < 4.25) return { background: "#bbf7d0", color: "#14532d" };
  return { background: "#4ade80", color: "#052e16" };
}

function Dashboard() {
  const { me, teams, moderatedTeamIds } = useSession();
  const isAdmin = rank(me?.user.role) >= rank("admin");
  useTitle("Pulse");
  const [range, setRange] = useState("12w");
  // A moderator sees the teams they moderate only (CONTRACT §8): start from their primary team.
  const myTeams = isAdmin ? teams : teams.filter((team) => moderatedTeamIds.includes(team.id));
  const [teamId, setTeamId] = useState(() => (isAdmin ? "" : ((myTeams.find((team) => team.id === me?.user.primaryTeamId) ?? myTeams[0])?.id ?? "")));
  const summary = useLoad((signal) => api.get<PulseSummary>("/pulse/summary", { range, team: teamId }, signal), [range, teamId]);

  const heatTeams = useMemo(() => {
    const seen = new Map<string, string>();
    for (const question of summary.data?.questions ?? []) for (const entry of question.byTeam) seen.set(entry.teamId, entry.teamName);
    return [...seen.entries()].map(([id, name]) => ({ id, name }));
  }, [summary.data]);

  // After a refused or failed load, show nothing rather than the previous team's figures.
  const data = summary.error ? null : summary.data;
  return (
    <div className="pulse">
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
        <Field label="Team">
          {(props) => (
            <select {...props} value={teamId} onChange={(event) => setTeamId(event.target.value)}>
              {isAdmin && <option value="">All teams</option>}
              {myTeams.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <ErrorNotice error={summary.error} />
      {summary.loading && !data && <Loading />}
      {data && (
        <>
          <div className="metrics">
            <div className="metric">
              <div className="metric-value">{data.summary.participationRate.toFixed(0)}%</div>
              <div className="metric-label">Participation</div>
            </div>
            <div className="metric">
              <div className="metric-value">{data.summary.totalResponses}</div>
              <div className="metric-label">Responses</div>
            </div>
            <div className="metric">
              <div className="metric-value">{data.summary.totalInvites}</div>
              <div className="metric-label">Invites sent</div>
            </div>
            <div className="metric">
              <div className="metric-value metric-dates">
                {data.summary.dateRange.start} – {data.summary.dateRange.end}
              </div>
              <div className="metric-label">Period</div>
            </div>
          </div>
          <Notice>Responses are anonymous. Any figure built from too few responses is hidden so nobody can be singled out.</Notice>

          {heatTeams.length > 0 && (
            <section aria-labelledby="heatmap-heading">
              <h2 id="heatmap-heading">Teams at a glance</h2>
              <div className="table-wrap">
                <table className="heatmap">
                  <caption className="visually-hidden">Average score per question and team, 1 to 5</caption>
                  <thead>
                    <tr>
                      <th scope="col">Question</th>
                      {heatTeams.map((team) => (
                        <th scope="col" key={team.id}>
                          {team.name}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.questions.map((question) => (
                      <tr key={question.id}>
                        <th scope="row">{question.text}</th>
                        {heatTeams.map((team) => {
                          const entry = question.byTeam.find((candidate) => candidate.teamId === team.id);
                          if (!entry) return <td key={team.id} className="cell suppressed">No responses</td>;
                          if (entry.averageScore === null) {
                            return (
                              <td key={team.id} className="cell suppressed">
                                Hidden: {entry.message ?? "not enough responses to protect anonymity"}
                              </td>
                            );
                          }
                          return (
                            <td key={team.id} className="cell" style={heat(entry.averageScore)}>
                              {entry.averageScore.toFixed(1)}
                              <span className="visually-hidden"> from {entry.responseCount} responses</span>
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          )}

          <section aria-labelledby="questions-heading">
            <h2 id="questions-heading">Questions</h2>
            {data.questions.length === 0 && <p className="empty">No pulse responses in this period.</p>}
            <div className="grid-2">
              {data.questions.map((question) => (
                <article key={question.id} className="card" aria-labelledby={`pq-${question.id}`}>
                  <h3 id={`pq-${question.id}`}>{question.text}</h3>
                  <p>
                    {question.averageScore === null ? (
                      <span className="hint">Average hidden: not enough responses to protect anonymity.</span>
                    ) : (
                      <>
                        <strong className="big-number">{question.averageScore.toFixed(2)}</strong> / 5 average
                      </>
                    )}{" "}
                    <span className="hint">· {question.responseCount} responses</span>
                  </p>
                  <TrendChart weekly={question.trend.weekly} label={question.text} />
                </article>
              ))}
            </div>
          </section>
        </>
      )}
    </div>
  );
}

export default function PulseDashboard() {
  return (
    <RequireRole min="moderator">
      <Dashboard />
    </RequireRole>
  );
}
