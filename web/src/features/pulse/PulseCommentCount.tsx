/** A question card's comments: how many came with its released answers, how many have replies, and the way to read them. */
export function PulseCommentCount({
  comments,
  headingId,
  onShow,
}: {
  comments: { total: number; conversations: number };
  /** The card's heading: the button is described by the question it filters to. */
  headingId: string;
  onShow: () => void;
}) {
  if (comments.total === 0) return <p className="hint pulse-card-comments">No comments in this period</p>;
  return (
    <p className="pulse-card-comments">
      <span>
        {comments.total} {comments.total === 1 ? "comment" : "comments"}, {comments.conversations} with replies
      </span>
      <button type="button" className="button-tertiary button-small" onClick={onShow} aria-describedby={headingId}>
        Read comments
      </button>
    </p>
  );
}
