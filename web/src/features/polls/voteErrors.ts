import { ApiError, errorMessage } from "../../shared/api";

/** Why a vote did not count, in plain words (CONTRACT §9: a closed poll answers 409, too many votes 429). */
export function voteErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === "POLL_NOT_OPEN") return "This poll has closed, so it takes no more votes.";
    if (error.status === 429) {
      const wait = error.retryAfter ? ` Try again in ${error.retryAfter} seconds.` : " Wait a moment and try again.";
      return `That was a lot of votes in a short time.${wait}`;
    }
    if (error.code === "CONTENT_REJECTED") {
      // The reasons come as plain words ("profanity"), or as details with a message.
      const reasons = (error.details as unknown[])
        .map((detail) => (typeof detail === "string" ? detail : ((detail as { message?: string }).message ?? "")))
        .filter(Boolean);
      return `Those words were not accepted${reasons.length ? ` (${reasons.join(", ")})` : ""}. Try other words.`;
    }
    if (error.status === 401) return "Sign in to vote in this poll.";
    if (error.code === "NOT_FOUND") return "This poll is no longer there.";
  }
  return errorMessage(error);
}
