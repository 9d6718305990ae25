import { useCallback, useEffect, useRef, useState } from "react";
import type { LiveEvent } from "../../shared/live";
import { RequireRole } from "../../shared/Layout";
import { atLeast, useLiveEvents, useSession } from "../../shared/session";
import { TeamSelect } from "../../shared/TeamSelect";
import { Toast, useToast } from "../../shared/Toast";
import { useLoad, useTitle } from "../../shared/ui";
import { getQuestion, listTags, type Question } from "../board/api";
import { PausedBanner } from "../board/PausedBanner";
import { applyEvent, questionFromEvent } from "../board/questions";
import { ModerationPolls } from "../polls/ModerationPolls";
import { loadFlags } from "./api";
import { ModerationLists } from "./ModerationLists";
import { QueueControls } from "./QueueControls";
import { ShortcutsHelp } from "./ShortcutsHelp";
import { usePagedQuestions } from "./usePagedQuestions";
import { focusCard, useShortcuts, type CommandRegistry } from "./useShortcuts";
import { LIST_NAMES, type ListName, type View } from "./views";
import "./moderation.css";

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
  const selectedTeam = teams.find((team) => team.slug === teamSlug);
  // A moderator of one team reads "all my teams" as that team: the server then counts exactly.
  const queryTeam = teamSlug || (!isAdmin && myTeams.length === 1 ? (myTeams[0]?.slug ?? "") : "");
  const keep = useCallback((question: Question) => moderates(question.teamId), [moderates]);

  const review = usePagedQuestions({ status: "UNDER_REVIEW", team: queryTeam, sort: "new" }, "new", keep);
  const open = usePagedQuestions({ status: "OPEN", team: queryTeam }, "top", keep);
  const answered = usePagedQuestions({ status: "ANSWERED", team: queryTeam }, "top", keep);
  const tags = useLoad((signal) => listTags(signal), []);
  const flags = useLoad(() => loadFlags(isAdmin), [isAdmin, review.total]);
  const [view, setView] = useState<View>("queue");
  const { toast, show: notify, dismiss } = useToast();

  const { refresh: refreshReview } = review;
  useEffect(() => {
    const timer = setInterval(() => void refreshReview(), REVIEW_POLL_MS);
    return () => clearInterval(timer);
  }, [refreshReview]);

  const inScope = useCallback((teamId: unknown) => (selectedTeam ? teamId === selectedTeam.id : moderates(String(teamId))), [selectedTeam, moderates]);
  const lists = { review, open, answered };
  const latest = useRef(lists);
  latest.current = lists;
  /** A question's new state puts it in the list of its status, and out of the others. */
  const place = useCallback((question: Question) => {
    const { review: held, open: opened, answered: done } = latest.current;
    if (question.status !== "UNDER_REVIEW") held.remove(question.id);
    if (question.status === "OPEN") {
      done.remove(question.id);
      opened.upsert(question);
    } else if (question.status === "ANSWERED") {
      opened.remove(question.id);
      done.upsert(question);
    }
  }, []);

  const answeredGone = useRef(new Set<string>());
  const onEvent = useCallback(
    (event: LiveEvent) => {
      const { review: held, open: opened, answered: done } = latest.current;
      if (event.type === "question:created") {
        // Approved elsewhere, or a new open question: it leaves the review list and joins the open list.
        held.remove(event.data.id);
        if (!inScope(event.data.teamId)) return;
        // A reopened question (its answer undone) comes as "deleted" then "created": the event
        // lacks what it had gathered meanwhile (pinned, frozen), so it is read in full.
        if (answeredGone.current.delete(event.data.id)) {
          getQuestion(event.data.id).then(
            (full) => full.status === "OPEN" && opened.upsert(full),
            () => undefined,
          );
          return;
        }
        opened.upsert(questionFromEvent(event.data), { onlyIfNew: true });
        return;
      }
      if (event.type === "question:deleted") {
        // Only a reopened question ever comes back after this (a deleted one is gone for good).
        answeredGone.current.add(event.data.id);
        for (const list of [held, opened, done]) list.remove(event.data.id);
        return;
      }
      if (event.type === "question:answered") {
        opened.remove(event.data.id);
        getQuestion(event.data.id).then(
          (full) => inScope(full.teamId) && done.upsert(full),
          () => undefined,
        );
        return;
      }
      for (const list of [opened, done]) list.update((item) => applyEvent(item, event));
    },
    [inScope],
  );
  const resync = useCallback(() => {
    for (const list of Object.values(latest.current)) list.reload();
  }, []);
  useLiveEvents(onEvent, resync);

  // Keyboard: the cards of the view in page order; the active one is focused and marked.
  const commands = useRef<CommandRegistry>(new Map()).current;
  const [activeId, setActiveId] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const ids = (view === "queue" ? [...review.items, ...open.items] : view === "answered" ? answered.items : []).map((question) => question.id);
  useShortcuts({ ids, activeId, setActiveId, commands, onHelp: () => setHelpOpen(true) });

  // When the card being worked on leaves its list (approved, rejected, answered, deleted: by this
  // moderator, or first by the live event of it), focus goes to the next card of that list, else the
  // previous one, else the list's heading: never to the page's <body>.
  const orders = useRef<Record<ListName, string[]>>({ review: [], open: [], answered: [] });
  useEffect(() => {
    const previous = orders.current;
    const current = { review: review.items, open: open.items, answered: answered.items };
    orders.current = { review: current.review.map((q) => q.id), open: current.open.map((q) => q.id), answered: current.answered.map((q) => q.id) };
    const focused = document.activeElement;
    if (!activeId || (focused && focused !== document.body)) return;
    for (const name of LIST_NAMES) {
      const before = previous[name];
      const listed = orders.current[name];
      const index = before.indexOf(activeId);
      if (index === -1 || listed.includes(activeId)) continue;
      const neighbour = before.slice(index + 1).find((id) => listed.includes(id)) ?? before.slice(0, index).findLast((id) => listed.includes(id));
      // Focusing a card makes it the active one too (the lists follow focus).
      if (!(neighbour && focusCard(neighbour))) document.getElementById(`${name}-heading`)?.focus();
      return;
    }
  });

  return (
    <div className="moderation">
      <div className="moderation-header">
        <h1>Moderation queue</h1>
        <button type="button" className="button-small button-secondary" aria-keyshortcuts="?" onClick={() => setHelpOpen(true)}>
          Keyboard shortcuts
        </button>
      </div>
      <div className="row">
        <TeamSelect label="Team" teams={myTeams} by="slug" value={teamSlug} onChange={setTeamSlug} emptyLabel={isAdmin ? "All teams" : "All my teams"} />
      </div>
      <PausedBanner teamId={selectedTeam?.id} />
      <QueueControls teams={selectedTeam ? [selectedTeam] : myTeams} notify={notify} />
      <ModerationLists
        view={view}
        onView={setView}
        lists={lists}
        teams={teams}
        tags={tags.data ?? []}
        flags={flags.data ?? {}}
        activeId={activeId}
        onActive={setActiveId}
        commands={commands}
        notify={notify}
        place={place}
        polls={<ModerationPolls team={selectedTeam ?? (myTeams.length === 1 ? myTeams[0] : undefined)} />}
      />
      <ShortcutsHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
      <Toast toast={toast} onDismiss={dismiss} />
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
