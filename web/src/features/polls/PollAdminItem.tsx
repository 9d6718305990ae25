import type { ReactNode } from "react";
import { TYPE_LABEL, votesLabel, type PollView } from "./pollResults";

/** What a poll asks, in one line: its type and its options or scale. */
export function pollSummary(poll: PollView): string {
  if (poll.type === "rating") return `${TYPE_LABEL.rating}, 1 to ${poll.scaleMax ?? 5}`;
  if (poll.type === "words") return `${TYPE_LABEL.words}, up to 40 characters each`;
  const most = poll.type === "multiple" && poll.maxChoices && poll.maxChoices < poll.options.length ? `, pick up to ${poll.maxChoices}` : "";
  return `${TYPE_LABEL[poll.type]}${most}: ${poll.options.map((option) => option.text).join(" · ")}`;
}

/** One poll in the moderators' list: its title, what it asks, its state, and the actions given for it. */
export function PollAdminItem({ poll, children }: { poll: PollView; children: ReactNode }) {
  return (
    <article className="card poll-admin-item" aria-labelledby={`poll-${poll.id}-title`} data-poll-id={poll.id}>
      <div className="poll-admin-head">
        <h3 id={`poll-${poll.id}-title`} className="poll-admin-title" dir="auto">
          {poll.title}
        </h3>
        {poll.status !== "draft" && <span className="poll-count">{votesLabel(poll.voteCount)}</span>}
      </div>
      <p className="hint poll-admin-summary" dir="auto">
        {pollSummary(poll)}
      </p>
      <p className="hint">{poll.resultsVisible ? "Results shown to the room" : "Results hidden from the room"}</p>
      <div className="row poll-admin-actions">{children}</div>
    </article>
  );
}
