import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../shared/api";
import type { LiveEvent } from "../../shared/live";
import { RequireRole } from "../../shared/Layout";
import { atLeast, useLiveEvents, useSession } from "../../shared/session";
import { TeamSelect } from "../../shared/TeamSelect";
import { announce, ErrorNotice, Loading, Notice, useLoad, useTitle } from "../../shared/ui";
import { listQuestions, listTags, type Question } from "../board/api";
import { QuestionCard } from "../board/QuestionCard";
import { applyEvent, replaceQuestion, sortQuestions } from "../board/questions";
import { freezeTeamQueue, loadFlags } from "./api";
import { QuestionTools } from "./QuestionTools";
import { ReviewItem } from "./ReviewItem";

// New UNDER_REVIEW questions are never broadcast (CONTRACT §4), so the review list polls.
const REVIEW_POLL_MS = 15_000;

function Moderation() {
  const { me, teams, moderatedTeamIds } = useSession();
  const isAdmin = atLeast(me?.user.role, "admin");
  useTitle("Moderation queue");
  // A moderator's powers are team-scoped: only their teams are offered, starting with their own.
  const moderates = useCallback((teamId: string) => isAdmin || moderatedTeamIds.includes(teamId), [isAdmin, moderatedTeamIds]);
  const myTeams = teams.filter((team) => moderates(team.id));
  const [teamSlug, setTeamSlug] = useState(() => (isAdmin ? "" : ((myTeams.find((team) => team.id === me?.user.primaryTeamId) ?? myTeams[0])?.slug ?? "")));
  const [queueError, setQueueError] = useState<string | null>(null);
  const review = useLoad((signal) => listQuestions({ status: "UNDER_REVIEW", team: teamSlug, sort: "new", limit: 100 }, signal), [teamSlug]);
  const open = useLoad((signal) => listQuestions({ status: "OPEN", team: teamSlug, limit: 100 }, signal), [teamSlug]);
  const tags = useLoad((signal) => listTags(signal), []);
  const flags = useLoad(() => loadFlags(isAdmin), [isAdmin, review.data?.total]);
  const [pending, setPending] = useState<Question[]>([]);
  const [visible, setVisible] = useState<Question[]>([]);
  // "All my teams" reads every team's questions: keep those this moderator may act on.
  useEffect(() => setPending((review.data?.items ?? []).filter((question) => moderates(question.teamId))), [review.data, moderates]);
  useEffect(() => setVisible((open.data?.items ?? []).filter((question) => moderates(question.teamId))), [open.data, moderates]);
  useEffect(() => {
    const timer = setInterval(review.reload, REVIEW_POLL_MS);
    return () => clearInterval(timer);
  }, [review.reload]);

  const selectedTeam = teams.find((team) => team.slug === teamSlug);
  const { reload: reloadOpen } = open;
  const { reload: reloadReview } = review;
  const onEvent = useCallback(
    (event: LiveEvent) => {
      const data = event.data as Record<string, unknown>;
      if (event.type === "question:created") {
        // Approved elsewhere, or a new open question: it leaves the review list and joins the open list.
        setPending((items) => items.filter((item) => item.id !== data.id));
        if (selectedTeam ? data.teamId === selectedTeam.id : moderates(String(data.teamId))) reloadOpen();
        return;
      }
      if (event.type === "question:answered") {
        setVisible((items) => items.filter((item) => item.id !== data.id));
        return;
      }
      setVisible((items) =>
        sortQuestions(
          items.map((item) => applyEvent(item, event) ?? item),
          "top",
        ),
      );
    },
    [selectedTeam, reloadOpen, moderates],
  );
  const resync = useCallback(() => {
    reloadReview();
    reloadOpen();
  }, [reloadReview, reloadOpen]);
  useLiveEvents(onEvent, resync);

  const toggleQueue = async (teamId: string, frozen: boolean) => {
    setQueueError(null);
    try {
      await freezeTeamQueue(teamId, frozen);
      announce(frozen ? "Queue frozen" : "Queue reopened");
    } catch (caught) {
      setQueueError(errorMessage(caught));
    }
  };

  const teamById = (id: string) => teams.find((team) => team.id === id);
  const queueTeams = selectedTeam ? [selectedTeam] : myTeams;
  return (
    <div className="moderation">
      <h1>Moderation queue</h1>
      <div className="row">
        <TeamSelect label="Team" teams={myTeams} by="slug" value={teamSlug} onChange={setTeamSlug} emptyLabel={isAdmin ? "All teams" : "All my teams"} />
      </div>

      <section aria-labelledby="queue-controls" className="card">
        <h2 id="queue-controls">Question queues</h2>
        <ul className="plain-list">
          {queueTeams.map((team) => (
            <li key={team.id} className="row">
              <span>
                <strong>{team.name}</strong>: {team.queueFrozen ? "frozen, no new questions" : "accepting questions"}
              </span>
              <button
                type="button"
                className="button-small button-secondary"
                aria-pressed={team.queueFrozen}
                onClick={() => void toggleQueue(team.id, !team.queueFrozen)}
              >
                {team.queueFrozen ? `Unfreeze ${team.name} queue` : `Freeze ${team.name} queue`}
              </button>
              <Link to={`/${team.slug}/open/present`}>Present</Link>
            </li>
          ))}
        </ul>
        {queueError && <Notice kind="error">{queueError}</Notice>}
      </section>

      <section aria-labelledby="review-heading">
        <h2 id="review-heading">Waiting for review ({pending.length})</h2>
        <ErrorNotice error={review.error} />
        {review.loading && !review.data ? (
          <Loading />
        ) : pending.length === 0 ? (
          <p className="empty">Nothing waits for review.</p>
        ) : (
          <ol className="question-list">
            {pending.map((question) => (
              <li key={question.id}>
                <ReviewItem
                  question={question}
                  team={teamById(question.teamId)}
                  flag={question.moderation ?? flags.data?.[question.id] ?? null}
                  onDone={(id, approved) => {
                    setPending((items) => items.filter((item) => item.id !== id));
                    if (approved) setVisible((items) => sortQuestions([...items.filter((item) => item.id !== approved.id), approved], "top"));
                  }}
                />
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="open-heading">
        <h2 id="open-heading">Open questions ({visible.length})</h2>
        <p className="hint">Answer, tag, pin or freeze. Answered questions move to the board's Answered tab.</p>
        <ErrorNotice error={open.error} />
        <ol className="question-list">
          {visible.map((question) => (
            <li key={question.id}>
              <QuestionCard question={question} showTags={false}>
                <QuestionTools
                  question={question}
                  tags={tags.data ?? []}
                  onChange={(updated) =>
                    setVisible((items) =>
                      updated.status === "ANSWERED" ? items.filter((item) => item.id !== updated.id) : sortQuestions(replaceQuestion(items, updated), "top"),
                    )
                  }
                  onRemove={(id) => setVisible((items) => items.filter((item) => item.id !== id))}
                />
              </QuestionCard>
            </li>
          ))}
        </ol>
        {visible.length === 0 && !open.loading && <p className="empty">No open questions.</p>}
      </section>
    </div>
  );
}

export default function ModerationPage() {
  return (
    <RequireRole min="member">
      <Moderation />
    </RequireRole>
  );
}
