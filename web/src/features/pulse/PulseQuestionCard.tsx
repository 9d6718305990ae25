import type { PulseQuestionSummary } from "./api";
import { ChangeLine, WaitingBadge } from "./PulseFigures";
import { formatScore } from "./pulseFormat";
import { PulseCommentCount } from "./PulseCommentCount";
import { PulseEnps } from "./PulseEnps";
import { TrendChart } from "./TrendChart";
import "./pulse.css";

interface QuestionCardProps {
  question: PulseQuestionSummary;
  threshold: number;
  /** Mondays of the range's weeks (the chart's x axis). */
  weeks: string[];
  /** Filters the comments beside the figures to this question. */
  onShowComments: (questionId: string) => void;
}

/** One question: its average over the range, the change on the previous period, what waits, and the weekly trend. */
export function PulseQuestionCard({ question, threshold, weeks, onShowComments }: QuestionCardProps) {
  const headingId = `pq-${question.id}`;
  // Asked in one team (or one team shown), the question is one group and "shown at k" is exact.
  const oneGroup = question.byTeam.length === 1;
  // An eNPS question's average is on 0..10; it is never put beside or on the 1..5 chart.
  const enps = question.scale === "enps11";
  return (
    <article className="card pulse-card" aria-labelledby={headingId}>
      <h3 id={headingId} dir="auto">
        {question.text}
      </h3>
      <p className="pulse-figure">
        {question.averageScore === null ? (
          <span className="pulse-figure-none">No average yet</span>
        ) : (
          <>
            <strong className="big-number">{formatScore(question.averageScore)}</strong> <span>{enps ? "/ 10 average" : "/ 5 average"}</span>
          </>
        )}
        <span className="hint">
          {question.responseCount} {question.responseCount === 1 ? "answer" : "answers"}
        </span>
        <WaitingBadge waiting={question.waitingResponses} threshold={threshold} perGroup={oneGroup} />
      </p>
      <ChangeLine current={question.averageScore} previous={question.previousPeriod.averageScore} weeks={weeks.length} />
      {enps ? (
        <PulseEnps question={question} />
      ) : (
        <TrendChart weekly={question.trend.weekly} weeks={weeks} label={question.text} threshold={threshold} waiting={question.waitingResponses} />
      )}
      <PulseCommentCount comments={question.comments} headingId={headingId} onShow={() => onShowComments(question.id)} />
    </article>
  );
}
