import { Link } from "react-router";
import { ErrorNotice, Loading, RelativeTime, useLoad } from "../../shared/ui";
import { listMyQuestions, type OwnQuestion } from "./api";

/** A question's state as a badge (a status, not a button): the words the board uses. */
const STATUS: Record<OwnQuestion["status"], { label: string; className: string }> = {
  OPEN: { label: "Open", className: "badge" },
  UNDER_REVIEW: { label: "Awaiting review", className: "badge badge-warning" },
  ANSWERED: { label: "Answered", className: "badge badge-ok" },
};

/** The questions the person asked, newest first, each linked to where it stands on its team's board. */
export function MyQuestions() {
  const questions = useLoad((signal) => listMyQuestions(signal), []);
  return (
    <section className="card narrow-wide" aria-labelledby="my-questions-heading">
      <h2 id="my-questions-heading">Your questions</h2>
      <ErrorNotice error={questions.error} />
      {questions.loading && !questions.data && <Loading />}
      {questions.data?.length === 0 && <p className="empty">You have not asked a question yet.</p>}
      {questions.data && questions.data.length > 0 && (
        <ul className="plain-list own-questions">
          {questions.data.map((question) => (
            <li key={question.id} className="own-question">
              <Link to={`/${question.team.slug}?question=${question.id}`} className="own-question-body" dir="auto">
                {question.body}
              </Link>
              <span className="own-question-meta">
                <span className={STATUS[question.status].className}>{STATUS[question.status].label}</span>
                {question.isAnonymous && <span className="badge">Without your name</span>}
                <span className="hint">
                  <span dir="auto">{question.team.name}</span> · <RelativeTime iso={question.submittedAt} /> · {question.upvoteCount}{" "}
                  {question.upvoteCount === 1 ? "vote" : "votes"}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
