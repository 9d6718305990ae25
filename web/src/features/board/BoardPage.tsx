import { useEffect, useMemo, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { errorMessage } from "../../shared/api";
import { NotFound } from "../../shared/Layout";
import { atLeast, useCanModerate, useSession } from "../../shared/session";
import { ErrorNotice, Loading, Notice, useLoad, useTitle } from "../../shared/ui";
import { listQuestions, listTags, removeUpvote, upvote, type Question, type QuestionQuery } from "./api";
import { searchTerms } from "./highlight";
import { LinkedQuestion } from "./LinkedQuestion";
import { PendingQuestions } from "./PendingQuestions";
import { QuestionCard } from "./QuestionCard";
import { replaceQuestion, sortQuestions, type SortOrder } from "./questions";
import { SubmitForm } from "./SubmitForm";
import { useBoardLiveEvents, type BoardTab } from "./useBoardLiveEvents";

const PAGE_SIZE = 50;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The team board: open and answered questions, ask, vote, search, filter by tag, live. */
export function BoardPage() {
  const { teamSlug = "" } = useParams();
  const { me, teams } = useSession();
  const canModerate = useCanModerate();
  const team = teams.find((candidate) => candidate.slug === teamSlug);
  useTitle(team?.name);
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
  const tags = useLoad((signal) => listTags(signal), []);

  const update = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  useEffect(() => update("search", search), [search]); // eslint-disable-line react-hooks/exhaustive-deps

  const query = useMemo(
    (): QuestionQuery => ({ team: teamSlug, status: tab, tag: tagId, search, sort: search ? "relevance" : sort, limit: PAGE_SIZE }),
    [teamSlug, tab, tagId, search, sort],
  );
  const list = useLoad((signal) => listQuestions(query, signal), [query]);
  useEffect(() => {
    if (!list.data) return;
    setQuestions(list.data.items);
    setTotal(list.data.total);
  }, [list.data]);

  const loadMore = async () => {
    const page = await listQuestions({ ...query, offset: questions.length });
    setQuestions((current) => [...current, ...page.items.filter((item) => !current.some((existing) => existing.id === item.id))]);
    setTotal(page.total);
  };

  useBoardLiveEvents({ view: { team, tab, tagId, search, sort }, questions, setQuestions, setTotal, onResync: list.reload });

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
    if (tab !== "OPEN" || tagId || search) return;
    setQuestions((items) => (items.some((item) => item.id === question.id) ? replaceQuestion(items, question) : sortQuestions([...items, question], sort)));
  };

  if (!team) return teams.length === 0 && !me ? <SignInToRead /> : <NotFound what="team" />;
  const terms = searchTerms(search);
  const canVote = atLeast(me?.user.role, "member");

  return (
    <div className="board">
      <div className="board-header">
        <div>
          <h1>{team.name}</h1>
          {team.description && <p className="hint">{team.description}</p>}
        </div>
        {canModerate(team.id) && (
          <Link className="button button-secondary" to={`/${team.slug}/open/present`}>
            Present
          </Link>
        )}
      </div>
      <div className="board-layout">
        <aside className="board-side">
          <SubmitForm team={team} onSubmitted={onSubmitted} />
          {me && <PendingQuestions teamSlug={team.slug} isModerator={canModerate(team.id)} version={pendingVersion} />}
        </aside>
        <section className="board-questions" aria-labelledby="questions-heading">
          {linkedId && <LinkedQuestion id={linkedId} onClose={() => update("question", "")} />}
          <h2 id="questions-heading" className="visually-hidden">
            Questions
          </h2>
          <div className="tabs" role="group" aria-label="Show">
            {(["OPEN", "ANSWERED"] as const).map((value) => (
              <button key={value} type="button" className="tab" aria-pressed={tab === value} onClick={() => update("status", value === "OPEN" ? "" : value)}>
                {value === "OPEN" ? "Open" : "Answered"}
              </button>
            ))}
          </div>
          <div className="filters" role="search">
            <div className="field">
              <label htmlFor="board-search">Search questions</label>
              <input
                id="board-search"
                type="search"
                value={searchInput}
                onChange={(event) => setSearchInput(event.target.value)}
                placeholder="Words or beginnings of words"
              />
            </div>
            <div className="field">
              <label htmlFor="board-tag">Tag</label>
              <select id="board-tag" value={tagId} onChange={(event) => update("tag", event.target.value)}>
                <option value="">All tags</option>
                {(tags.data ?? []).map((tag) => (
                  <option key={tag.id} value={tag.id}>
                    {tag.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="board-sort">Order</label>
              <select
                id="board-sort"
                value={search ? "relevance" : sort}
                disabled={Boolean(search)}
                onChange={(event) => update("sort", event.target.value === "new" ? "new" : "")}
              >
                {search && <option value="relevance">Best match</option>}
                <option value="top">Most votes</option>
                <option value="new">Newest</option>
              </select>
            </div>
          </div>
          {voteError && <Notice kind="error">{voteError}</Notice>}
          {!canVote && me && <p className="hint">Your account can read but not vote.</p>}
          {!me && (
            <p className="hint">
              <Link to={`/login?returnTo=/${team.slug}`}>Sign in</Link> to upvote.
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
              <ol className="question-list">
                {questions.map((question) => (
                  <li key={question.id}>
                    <QuestionCard question={question} terms={terms} onVote={canVote ? vote : undefined} voteHint="Sign in as a member to vote" />
                  </li>
                ))}
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
