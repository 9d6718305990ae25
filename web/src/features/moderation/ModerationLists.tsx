import { useState, type ReactNode } from "react";
import type { Team } from "../../shared/sessionApi";
import { ErrorNotice, Loading, Notice } from "../../shared/ui";
import type { Question, Tag } from "../board/api";
import { QuestionCard } from "../board/QuestionCard";
import type { Flag } from "./api";
import { BulkActions } from "./BulkActions";
import { QuestionTools, type Notify } from "./QuestionTools";
import { ReviewItem } from "./ReviewItem";
import type { PagedQuestions } from "./usePagedQuestions";
import type { CommandRegistry } from "./useShortcuts";
import type { ListName, View } from "./views";

interface Props {
  view: View;
  onView: (view: View) => void;
  lists: Record<ListName, PagedQuestions>;
  teams: Team[];
  tags: Tag[];
  flags: Record<string, Flag>;
  activeId: string | null;
  onActive: (id: string) => void;
  commands: CommandRegistry;
  notify: Notify;
  /** Moves a changed question to the list of its status. */
  place: (question: Question) => void;
  /** The Polls tab's content. */
  polls: ReactNode;
}

/**
 * The moderator's lists: the queue (waiting for review, then open) and the answered questions,
 * each with its count and "Show more". The card being worked on (keys j/k, or focus) is marked.
 */
export function ModerationLists({ view, onView, lists, teams, tags, flags, activeId, onActive, commands, notify, place, polls }: Props) {
  const { review, open, answered } = lists;
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const selected = review.items.filter((question) => selectedIds.includes(question.id));
  const teamById = (id: string) => teams.find((team) => team.id === id);

  const item = (question: Question, children: ReactNode) => {
    const active = question.id === activeId;
    return (
      <li key={question.id} className={active ? "is-active" : undefined} aria-current={active ? "true" : undefined}>
        {children}
      </li>
    );
  };
  const tools = (list: ListName, question: Question) => (
    <QuestionTools question={question} tags={tags} notify={notify} commands={commands} onChange={place} onRemove={(id) => lists[list].remove(id)} />
  );
  /** An open or answered list: each question's card with the moderator's tools. */
  const cards = (list: Exclude<ListName, "review">) => (
    <ol className="question-list">
      {lists[list].items.map((question) =>
        item(
          question,
          <QuestionCard question={question} showTags={false}>
            {tools(list, question)}
          </QuestionCard>,
        ),
      )}
    </ol>
  );

  return (
    <div
      className="moderation-lists"
      onFocus={(event) => {
        const id = (event.target as HTMLElement).closest<HTMLElement>("[data-question-id]")?.dataset.questionId;
        if (id) onActive(id);
      }}
    >
      <div className="tabs" role="group" aria-label="Show">
        <button type="button" className="tab" aria-pressed={view === "queue"} onClick={() => onView("queue")}>
          Queue <span className="tab-count">{review.total + open.total}</span>
        </button>
        <button type="button" className="tab" aria-pressed={view === "answered"} onClick={() => onView("answered")}>
          Answered <span className="tab-count">{answered.total}</span>
        </button>
        <button type="button" className="tab" aria-pressed={view === "polls"} onClick={() => onView("polls")}>
          Polls
        </button>
      </div>
      {view === "polls" ? (
        polls
      ) : view === "queue" ? (
        <>
          <ListSection name="review" title="Waiting for review" list={review} empty="Nothing waits for review.">
            {review.items.length > 0 && (
              <BulkActions
                shown={review.items}
                selected={selected}
                onSelect={setSelectedIds}
                notify={notify}
                onApproved={(approved) => approved.forEach(place)}
                onRejected={(ids) => ids.forEach(review.remove)}
              />
            )}
            <ol className="question-list">
              {review.items.map((question) =>
                item(
                  question,
                  <ReviewItem
                    question={question}
                    team={teamById(question.teamId)}
                    flag={question.moderation ?? flags[question.id] ?? null}
                    selected={selectedIds.includes(question.id)}
                    onSelect={(id, on) => setSelectedIds((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)))}
                    notify={notify}
                    commands={commands}
                    onDone={(id, approved) => {
                      if (approved) place(approved);
                      else review.remove(id);
                    }}
                  />,
                ),
              )}
            </ol>
          </ListSection>
          <ListSection
            name="open"
            title="Open questions"
            list={open}
            empty="No open questions."
            hint="Answer in writing, or Mark answered when it was answered aloud. Answered questions move to the Answered list."
          >
            {cards("open")}
          </ListSection>
        </>
      ) : (
        <ListSection
          name="answered"
          title="Answered"
          list={answered}
          empty="No answered questions yet."
          hint="Edit an answer, unpin, untag, unfreeze or delete."
        >
          {cards("answered")}
        </ListSection>
      )}
    </div>
  );
}

const MORE_LABEL: Record<ListName, string> = { review: "questions waiting for review", open: "open questions", answered: "answered questions" };

/** A list with its heading and count ("Open questions 143"), and "Show more" while the server has more. */
function ListSection({
  name,
  title,
  list,
  empty,
  hint,
  children,
}: {
  name: ListName;
  title: string;
  list: PagedQuestions;
  empty: string;
  hint?: string;
  children: ReactNode;
}) {
  const headingId = `${name}-heading`;
  return (
    <section aria-labelledby={headingId} className="moderation-list">
      <h2 id={headingId} tabIndex={-1}>
        {title} <span className="list-count">{list.total}</span>
      </h2>
      {hint && <p className="hint">{hint}</p>}
      <ErrorNotice error={list.error} />
      {list.loading ? <Loading /> : list.items.length === 0 && !list.hasMore ? <p className="empty">{empty}</p> : children}
      {list.hasMore && (
        <div className="show-more">
          <span className="hint">
            {list.items.length} of {list.total} shown
          </span>
          <button type="button" className="button-secondary button-small" disabled={list.loadingMore} onClick={() => void list.loadMore()}>
            {list.loadingMore ? "Loading…" : "Show more"}
            <span className="visually-hidden"> {MORE_LABEL[name]}</span>
          </button>
        </div>
      )}
      {list.moreError && <Notice kind="error">{list.moreError}</Notice>}
    </section>
  );
}
