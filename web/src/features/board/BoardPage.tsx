import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useParams, useSearchParams } from "react-router";
import { errorMessage } from "../../shared/api";
import { JoinAddress, ShareJoinButton } from "../../shared/JoinAddress";
import { NotFound } from "../../shared/Layout";
import { atLeast, useCanModerate, useSession } from "../../shared/session";
import { ErrorNotice, Loading, Notice, useLoad, useTitle } from "../../shared/ui";
import { useMediaQuery } from "../../shared/useMediaQuery";
import { listQuestions, listTags, removeUpvote, upvote, type Question, type QuestionQuery } from "./api";
import { searchTerms } from "./highlight";
import { BoardFilters, BoardTabs } from "./BoardControls";
import { LinkedQuestion } from "./LinkedQuestion";
import { Newcomers } from "./Newcomers";
import { OnScreenNow } from "./OnScreenNow";
import { OwnQuestionActions } from "./OwnQuestionActions";
import { PausedBanner } from "./PausedBanner";
import { PendingQuestions } from "./PendingQuestions";
import { QuestionCard } from "./QuestionCard";
import { findPresentingTag, replaceQuestion, sortQuestions, type SortOrder } from "./questions";
import { SubmitForm } from "./SubmitForm";
import "./board.css";
import { useHighlight, useUnseenArrivals } from "./useArrivals";
import { useBoardLiveEvents, type BoardTab } from "./useBoardLiveEvents";
import { useTabCounts } from "./useTabCounts";
import { VoteHelp } from "./VoteHelp";
import { BoardPollSlot } from "../polls/BoardPollSlot";

const PAGE_SIZE = 50;
/** Cards drawn in the first frame: a phone's first screen holds fewer; the rest follow a frame later. */
const FIRST_FRAME_CARDS = 8;

/** All of `items` but the first frame's: rendering 50 cards at once delays the first one on a slow phone. */
function useProgressive<T>(items: T[]): T[] {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (all || items.length <= FIRST_FRAME_CARDS) return;
    // After the first frame is painted, not merely after this render.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setAll(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [all, items.length]);
  return all ? items : items.slice(0, FIRST_FRAME_CARDS);
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Wider than this, the board has a side column with the ask form and the join code. */
const WIDE_SCREEN = "(min-width: 50.01rem)";

/** The team board: open and answered questions, ask, vote, search, filter by tag, live. */
export function BoardPage() {
  const { teamSlug = "" } = useParams();
  const { me, teams } = useSession();
  const canModerate = useCanModerate();
  const team = teams.find((candidate) => candidate.slug === teamSlug);
  useTitle(team?.name);
  const wide = useMediaQuery(WIDE_SCREEN);
  const [params, setParams] = useSearchParams();
  const tab: BoardTab = params.get("status") === "ANSWERED" ? "ANSWERED" : "OPEN";
  const tagId = params.get("tag") ?? "";
  const linkedId = params.get("question");
  const sort: SortOrder = params.get("sort") === "new" ? "new" : "top";
  const [searchInput, setSearchInput] = useState(params.get("search") ?? "");
  const search = useDebounced(searchInput.trim(), 300);
  const [questions, setQuestions] = useState<Question[]>([]);
  const [total, setTotal] = useState(0);
  const [voteError, setVoteError] = useState<string | null>(null);
  const [voteHelp, setVoteHelp] = useState(false);
  const location = useLocation();
  const tags = useLoad((signal) => listTags(signal), []);
  const presentingTag = findPresentingTag(tags.data ?? []) ?? null;
  const { highlightedId, highlight } = useHighlight();
  const arrivals = useUnseenArrivals(highlight);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  useEffect(() => update({ search }), [search]); // eslint-disable-line react-hooks/exhaustive-deps

  const query = useMemo(
    (): QuestionQuery => ({ team: teamSlug, status: tab, tag: tagId, search, sort: search ? "relevance" : sort, limit: PAGE_SIZE }),
    [teamSlug, tab, tagId, search, sort],
  );
  const list = useLoad((signal) => listQuestions(query, signal), [query]);
  // The caller's new question, when the list it belongs to was still loading: it joins that list.
  const asked = useRef<Question | null>(null);
  // The ids in the list, kept at once (not at the next render): the ask form's answer and the live
  // event of the same question race, and only the first may add it.
  const listedIds = useRef(new Set<string>());
  const claim = useCallback((id: string) => {
    if (listedIds.current.has(id)) return false;
    listedIds.current.add(id);
    return true;
  }, []);
  // A question a live event took off the list may come back (an answer undone): it may be claimed again.
  const release = useCallback((id: string) => {
    listedIds.current.delete(id);
  }, []);
  useEffect(() => {
    if (!list.data) return;
    const own = asked.current;
    asked.current = null;
    const missing = own && !list.data.items.some((item) => item.id === own.id);
    const items = missing ? sortQuestions([...list.data.items, own], sort) : list.data.items;
    listedIds.current = new Set(items.map((item) => item.id));
    setQuestions(items);
    setTotal(list.data.total + (missing ? 1 : 0));
    arrivals.forget();
  }, [list.data]); // eslint-disable-line react-hooks/exhaustive-deps

  const loadMore = async () => {
    const page = await listQuestions({ ...query, offset: questions.length });
    const fresh = page.items.filter((item) => claim(item.id));
    setQuestions((current) => [...current, ...fresh]);
    setTotal(page.total);
  };

  useBoardLiveEvents({
    view: { team, tab, tagId, search, sort },
    questions,
    setQuestions,
    setTotal,
    onResync: list.reload,
    claim,
    release,
    onArrived: arrivals.arrived,
  });
  const listedStatus = useRef(new Map<string, BoardTab>());
  listedStatus.current = new Map(questions.map((question) => [question.id, question.status === "ANSWERED" ? "ANSWERED" : "OPEN"]));
  const counts = useTabCounts(
    team,
    useCallback((id: string) => listedStatus.current.get(id), []),
  );

  const vote = async (question: Question) => {
    setVoteError(null);
    const undo = question.hasUpvoted;
    // Optimistic: the count moves at once; the server's answer settles it.
    setQuestions((items) => replaceQuestion(items, { ...question, hasUpvoted: !undo, upvoteCount: question.upvoteCount + (undo ? -1 : 1) }));
    try {
      const result = undo ? await removeUpvote(question.id) : await upvote(question.id);
      setQuestions((items) =>
        items.map((item) => (item.id === question.id ? { ...item, upvoteCount: result.upvoteCount, hasUpvoted: result.hasUpvoted } : item)),
      );
    } catch (error) {
      setQuestions((items) => replaceQuestion(items, question));
      setVoteError(errorMessage(error));
    }
  };

  const [pendingVersion, setPendingVersion] = useState(0);
  const onSubmitted = (question: Question): void => {
    if (question.status === "UNDER_REVIEW") {
      setPendingVersion((version) => version + 1);
      return;
    }
    highlight(question.id);
    if (tab !== "OPEN" || tagId || search) {
      // Show the list the new question is in.
      asked.current = question;
      setSearchInput("");
      update({ status: "", tag: "", search: "" });
      return;
    }
    if (!claim(question.id)) return;
    setQuestions((items) => sortQuestions([...items, question], sort));
    setTotal((count) => count + 1);
  };
  const onEdited = (question: Question) => setQuestions((items) => replaceQuestion(items, question));
  const onDeleted = (id: string) => {
    if (!questions.some((item) => item.id === id)) return;
    setQuestions((items) => items.filter((item) => item.id !== id));
    setTotal((count) => Math.max(0, count - 1));
  };

  const drawn = useProgressive(questions);

  if (!team) return teams.length === 0 && !me ? <SignInToRead /> : <NotFound what="team" />;
  const terms = searchTerms(search);
  const canVote = atLeast(me?.user.role, "member");
  const voteHint = me ? "how to vote" : "sign in to vote";
  const returnTo = location.pathname + location.search;
  const myId = me?.user.id;

  return (
    <div className="board">
      <div className="board-header">
        <div className="board-title">
          <h1 dir="auto">{team.name}</h1>
          {team.description && (
            <p className="hint board-description" dir="auto">
              {team.description}
            </p>
          )}
        </div>
        <div className="board-header-actions">
          <ShareJoinButton team={team} />
          {canModerate(team.id) && (
            <Link className="button button-secondary button-small" to={`/${team.slug}/open/present`}>
              Present
            </Link>
          )}
        </div>
      </div>
      <BoardPollSlot teamId={team.id} />
      <PausedBanner teamId={team.id} />
      <OnScreenNow
        team={team}
        presentingTag={presentingTag}
        listed={questions}
        onVote={canVote ? vote : undefined}
        onVoteRefused={canVote ? undefined : () => setVoteHelp(true)}
        voteHint={voteHint}
        collapseWhenListed={!wide}
        onShowInList={highlight}
      />
      <div className="board-layout">
        <aside className="board-side">
          <SubmitForm team={team} onSubmitted={onSubmitted} />
          {me && <PendingQuestions teamSlug={team.slug} isModerator={canModerate(team.id)} version={pendingVersion} />}
          {me && <Newcomers teamId={team.id} ready={Boolean(list.data) && !list.loading} />}
          {wide && (
            <section className="card board-join" aria-label="Join from another device">
              <JoinAddress team={team} />
            </section>
          )}
        </aside>
        <section className="board-questions" aria-labelledby="questions-heading">
          {linkedId && <LinkedQuestion id={linkedId} onClose={() => update({ question: "" })} />}
          <h2 id="questions-heading" className="visually-hidden">
            Questions
          </h2>
          <BoardTabs tab={tab} counts={counts} onSelect={(value) => update({ status: value === "OPEN" ? "" : value })} />
          <BoardFilters
            searchInput={searchInput}
            onSearchInput={setSearchInput}
            searching={Boolean(search)}
            tags={tags.data ?? []}
            tagId={tagId}
            onTag={(value) => update({ tag: value })}
            sort={sort}
            onSort={(value) => update({ sort: value === "new" ? "new" : "" })}
          />
          {voteError && <Notice kind="error">{voteError}</Notice>}
          {!canVote && me && <p className="hint">Your account can read but not vote.</p>}
          {!me && (
            <p className="hint visitor-note">
              You are reading as a visitor: new questions and votes show up every 20 seconds.{" "}
              <Link to={`/login?returnTo=${encodeURIComponent(returnTo)}`}>Sign in</Link> to vote and to see them live.
            </p>
          )}
          <ErrorNotice error={list.error} />
          {list.error && !list.data ? null : list.loading && !list.data ? (
            <Loading label="Loading questions…" />
          ) : (
            <>
              <p className="result-count" role="status">
                {search
                  ? `${total} ${total === 1 ? "question matches" : "questions match"} “${search}”`
                  : `${total} ${tab === "OPEN" ? "open" : "answered"} ${total === 1 ? "question" : "questions"}`}
              </p>
              {arrivals.unseenCount > 0 && (
                <button type="button" className="new-questions-pill" onClick={arrivals.show}>
                  {arrivals.unseenCount} new {arrivals.unseenCount === 1 ? "question" : "questions"}
                </button>
              )}
              <ol className="question-list">
                {drawn.map((question) => {
                  const isMine = Boolean(myId && question.author?.id === myId);
                  return (
                    <li key={question.id}>
                      <QuestionCard
                        question={question}
                        terms={terms}
                        onVote={canVote ? vote : undefined}
                        onVoteRefused={canVote ? undefined : () => setVoteHelp(true)}
                        voteHint={voteHint}
                        isMine={isMine}
                        highlighted={highlightedId === question.id}
                      >
                        {isMine && <OwnQuestionActions question={question} onChange={onEdited} onRemove={onDeleted} />}
                      </QuestionCard>
                    </li>
                  );
                })}
              </ol>
              {questions.length === 0 && (
                <p className="empty">
                  {search
                    ? "No question matches. Try fewer or shorter words."
                    : tab === "OPEN"
                      ? "No open questions yet: be the first to ask."
                      : "No answered questions yet."}
                </p>
              )}
              {questions.length < total && (
                <button type="button" className="button-secondary" onClick={() => void loadMore()}>
                  Show more
                </button>
              )}
            </>
          )}
        </section>
      </div>
      <VoteHelp open={voteHelp} onClose={() => setVoteHelp(false)} signedIn={Boolean(me)} returnTo={returnTo} />
    </div>
  );
}

function SignInToRead() {
  return (
    <section className="card narrow">
      <h1>Sign in to see this board</h1>
      <p>This organisation keeps its questions for signed-in people.</p>
      <Link className="button" to={`/login?returnTo=${encodeURIComponent(window.location.pathname)}`}>
        Sign in
      </Link>
    </section>
  );
}
