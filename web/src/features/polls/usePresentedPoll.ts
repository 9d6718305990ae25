import { useCallback, useEffect, useRef, useState } from "react";
import { useTeamPoll, type TeamPoll } from "./useTeamPoll";

/**
 * Which the presenter's screen shows, the team's poll or its questions. A poll takes the screen when
 * it opens; `P` switches between the two. A closed poll whose results the room sees stays up as
 * final results until P is pressed or the next question goes on screen; one closed with its
 * results hidden leaves at once. The choice is this screen's own (nothing is sent to the server).
 */
export function usePresentedPoll(teamId: string | undefined, presentedQuestionId: string | null): TeamPoll & { showPoll: boolean; toggle: () => void } {
  const teamPoll = useTeamPoll(teamId);
  const { poll, dismiss } = teamPoll;
  const [wantPoll, setWantPoll] = useState(true);
  const openId = poll?.status === "open" ? poll.id : null;
  useEffect(() => {
    if (openId) setWantPoll(true);
  }, [openId]);

  // A new question on screen after the poll closed: the questions are back.
  const lastQuestion = useRef(presentedQuestionId);
  useEffect(() => {
    if (presentedQuestionId === lastQuestion.current) return;
    lastQuestion.current = presentedQuestionId;
    if (presentedQuestionId && poll?.status === "closed") {
      dismiss();
      setWantPoll(false);
    }
  }, [presentedQuestionId, poll?.status, dismiss]);

  const toggle = useCallback(() => {
    if (!poll) return;
    if (wantPoll && poll.status === "closed") {
      dismiss();
      setWantPoll(false);
      return;
    }
    setWantPoll((current) => !current);
  }, [poll, wantPoll, dismiss]);

  return { ...teamPoll, showPoll: Boolean(poll) && wantPoll, toggle };
}
