import type { ReactNode } from "react";
import type { Question } from "./api";
import { RelativeTime, TagChip } from "../../shared/ui";
import { Highlight } from "./highlight";
import { isPresentingTag } from "./questions";

interface Props {
  question: Question;
  terms?: string[];
  /** Upvote toggle; absent for people who cannot vote. */
  onVote?: (question: Question) => void;
  /**
   * For people who cannot vote: the vote box stays a button, and a tap explains how to vote
   * (a tooltip never shows on a phone). `voteHint` ends its name: "3 votes, sign in to vote".
   */
  onVoteRefused?: () => void;
  voteHint?: string;
  /** Off where the children show the tags with their own controls. */
  showTags?: boolean;
  /** The caller asked it: marked "You asked" (visitors' questions have no author to match). */
  isMine?: boolean;
  /** Drawn with a passing highlight (the question just asked, or the one a link opened). */
  highlighted?: boolean;
  /**
   * A second copy of a listed question (the "On screen now" banner) is not an article of its own
   * and needs ids of its own.
   */
  copy?: boolean;
  children?: ReactNode;
}

/** "1 vote", "14 votes": the accessible name starts with the count the button shows. */
const votes = (count: number) => `${count} ${count === 1 ? "vote" : "votes"}`;

/**
 * The author's name as written, in an element of its own direction (dir="auto", as every text
 * people write): a name in Hebrew or Arabic reads right to left without reordering what follows.
 */
export function AuthorName({ question }: { question: Question }) {
  if (!question.author) return <>Anonymous</>;
  return (
    <>
      <span dir="auto">{question.author.name}</span>
      {question.isAnonymous && " (anonymous to others)"}
    </>
  );
}

/** One question as everyone sees it: votes, body, author, tags, answer. */
export function QuestionCard({
  question,
  terms = [],
  onVote,
  onVoteRefused,
  voteHint,
  showTags = true,
  isMine = false,
  highlighted = false,
  copy = false,
  children,
}: Props) {
  const headingId = `${copy ? "copy" : "q"}-${question.id}`;
  // The tag that puts a question on the big screen reads as a state of the question, not as a topic.
  const onScreen = question.tags.some(isPresentingTag);
  const topics = question.tags.filter((tag) => !isPresentingTag(tag));
  const Element = copy ? "div" : "article";
  const classes = ["question-card", question.isPinned && "is-pinned", isMine && "is-mine", highlighted && "is-highlighted"].filter(Boolean).join(" ");
  return (
    <Element className={classes} aria-labelledby={copy ? undefined : headingId} data-question-id={copy ? undefined : question.id}>
      <div className="vote">
        {onVote ? (
          <button
            type="button"
            className={`vote-button ${question.hasUpvoted ? "is-voted" : ""}`}
            aria-pressed={question.hasUpvoted}
            aria-label={`${votes(question.upvoteCount)}, ${question.hasUpvoted ? "remove your upvote" : "upvote"}`}
            disabled={question.isFrozen}
            onClick={() => onVote(question)}
          >
            <span aria-hidden="true">▲</span>
            <span className="vote-count">{question.upvoteCount}</span>
          </button>
        ) : onVoteRefused ? (
          <button
            type="button"
            className="vote-button vote-refused"
            aria-haspopup="dialog"
            aria-label={`${votes(question.upvoteCount)}, ${voteHint ?? "how to vote"}`}
            onClick={onVoteRefused}
          >
            <span aria-hidden="true">▲</span>
            <span className="vote-count">{question.upvoteCount}</span>
          </button>
        ) : (
          <span className="vote-static" title={voteHint}>
            <span aria-hidden="true">▲</span>
            <span className="vote-count">{question.upvoteCount}</span>
            <span className="visually-hidden"> {question.upvoteCount === 1 ? "vote" : "votes"}</span>
          </span>
        )}
      </div>
      <div className="question-main">
        <div className="question-flags">
          {onScreen && !copy && <span className="badge badge-on-screen">On screen</span>}
          {isMine && <span className="badge badge-mine">You asked</span>}
          {question.isPinned && <span className="badge badge-accent">Pinned</span>}
          {question.isFrozen && <span className="badge badge-warning">Frozen</span>}
          {question.status === "ANSWERED" && <span className="badge badge-ok">Answered</span>}
          {question.status === "UNDER_REVIEW" && <span className="badge badge-warning">Awaiting review</span>}
        </div>
        <p id={headingId} className="question-body" dir="auto">
          <Highlight text={question.body} terms={terms} />
        </p>
        <p className="question-meta">
          <AuthorName question={question} /> · <RelativeTime iso={question.submittedAt} />
        </p>
        {showTags && topics.length > 0 && (
          <ul className="tag-list" aria-label="Tags">
            {topics.map((tag) => (
              <li key={tag.id}>
                <TagChip tag={tag} />
              </li>
            ))}
          </ul>
        )}
        {question.status === "ANSWERED" && question.responseText && (
          <div className="answer">
            <p className="answer-label">
              Answer
              {question.responder && (
                <>
                  {" from "}
                  <span dir="auto">{question.responder.name}</span>
                </>
              )}
              {question.respondedAt && (
                <>
                  {" "}
                  · <RelativeTime iso={question.respondedAt} />
                </>
              )}
            </p>
            <p className="answer-text" dir="auto">
              <Highlight text={question.responseText} terms={terms} />
            </p>
          </div>
        )}
        {children}
      </div>
    </Element>
  );
}
