import { useCallback, useEffect, useState } from "react";
import type { LiveEvent } from "../../shared/live";
import { useLiveEvents } from "../../shared/session";
import type { Team } from "../../shared/sessionApi";
import { getQuestion, listQuestions, type Question, type Tag } from "./api";
import { QuestionCard } from "./QuestionCard";
import { applyEvent } from "./questions";

interface Props {
  team: Team;
  /** The tenant's `Currently Presenting` tag; the banner is absent without it. */
  presentingTag: Tag | null;
  /** The board's list, so a vote cast here and one cast there show the same count. */
  listed: Question[];
  onVote?: (question: Question) => void;
  onVoteRefused?: () => void;
  voteHint?: string;
  /**
   * A phone: when the list below shows the question too (marked "On screen"), the banner is one
   * line that leads to its card, so the question is not read twice on a small screen.
   */
  collapseWhenListed?: boolean;
  onShowInList?: (id: string) => void;
}

/**
 * The question on the big screen, at the top of every board (CONTRACT §8: one holder of
 * `Currently Presenting` per team). It follows the tag over the live stream, whatever the tab.
 */
export function OnScreenNow({ team, presentingTag, listed, onVote, onVoteRefused, voteHint, collapseWhenListed = false, onShowInList }: Props) {
  const [current, setCurrent] = useState<Question | null>(null);
  const tagId = presentingTag?.id;

  const load = useCallback(() => {
    if (!tagId) return;
    listQuestions({ team: team.slug, tag: tagId, status: "OPEN,ANSWERED", limit: 1 }).then(
      (page) => setCurrent(page.items[0] ?? null),
      () => undefined,
    );
  }, [team.slug, tagId]);
  useEffect(load, [load]);

  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (!tagId) return;
      if (event.type === "question:tagged" && event.data.tag.id === tagId) {
        getQuestion(event.data.questionId).then(
          (question) => {
            if (question.teamId === team.id) setCurrent(question);
          },
          () => undefined,
        );
        return;
      }
      if ((event.type === "question:untagged" && event.data.tagId === tagId) || event.type === "question:deleted") {
        const id = event.type === "question:deleted" ? event.data.id : event.data.questionId;
        setCurrent((shown) => (shown?.id === id ? null : shown));
        return;
      }
      setCurrent((shown) => (shown ? (applyEvent(shown, event) ?? shown) : shown));
    },
    [tagId, team.id],
  );
  useLiveEvents(onEvent, load);

  if (!current) return null;
  // The board's copy carries the caller's own vote after an upvote made in the list.
  const inList = listed.find((question) => question.id === current.id);
  const shown = inList ?? current;
  if (collapseWhenListed && inList) {
    return (
      <section className="on-screen on-screen-collapsed" aria-labelledby="on-screen-heading">
        <h2 id="on-screen-heading" className="on-screen-label">
          <span className="on-screen-dot" aria-hidden="true" /> On screen now
        </h2>
        <button type="button" className="button-small button-secondary on-screen-jump" onClick={() => onShowInList?.(shown.id)}>
          Show it in the list
        </button>
      </section>
    );
  }
  return (
    <section className="on-screen" aria-labelledby="on-screen-heading">
      <h2 id="on-screen-heading" className="on-screen-label">
        <span className="on-screen-dot" aria-hidden="true" /> On screen now
      </h2>
      <QuestionCard question={shown} onVote={onVote} onVoteRefused={onVoteRefused} voteHint={voteHint} showTags={false} copy />
    </section>
  );
}
