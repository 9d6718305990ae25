import { useEffect, useRef } from "react";
import { ApiError } from "../../shared/api";
import { Loading, Notice, useLoad } from "../../shared/ui";
import { getQuestion } from "./api";
import { QuestionCard } from "./QuestionCard";

/**
 * The question a link named (`/<team>?question=<id>`, as in the answered e-mail), shown first and
 * scrolled into view whatever its status (CONTRACT §8 "Links into the app").
 */
export function LinkedQuestion({ id, onClose }: { id: string; onClose: () => void }) {
  const question = useLoad((signal) => getQuestion(id, signal), [id]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!question.data) return;
    heading.current?.scrollIntoView({ block: "start" });
    heading.current?.focus();
  }, [question.data]);

  return (
    <section className="card linked-question" aria-labelledby="linked-question-heading">
      <div className="linked-question-header">
        <h2 id="linked-question-heading" ref={heading} tabIndex={-1}>
          The question you followed
        </h2>
        <button type="button" className="button-secondary" onClick={onClose}>
          Show all questions
        </button>
      </div>
      {question.loading && !question.data ? (
        <Loading label="Loading the question…" />
      ) : question.data ? (
        <QuestionCard question={question.data} voteHint="Vote on it in the list" />
      ) : (
        <Notice kind="warning">
          {question.error instanceof ApiError && question.error.status === 404
            ? "This question is not here any more, or your account cannot see it."
            : "The question could not be loaded. Try again in a moment."}
        </Notice>
      )}
    </section>
  );
}
