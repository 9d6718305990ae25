import { api } from "../../shared/api";
import { listAuditEntries } from "../admin/api";
import type { Question } from "../board/api";

/** The moderators' calls: review, answer, pin, freeze, tag, delete, and freezing a team's queue. */

export const approveQuestion = (id: string, edited?: string) => api.post<Question>(`/questions/${id}/approve`, edited !== undefined ? { body: edited } : {});
export const rejectQuestion = (id: string, reason?: string) => api.post(`/questions/${id}/reject`, reason ? { reason } : {});
/** The answer "Mark answered" publishes for a question answered aloud; "Edit answer" replaces it. */
export const MARK_ANSWERED_TEXT = "Answered live.";
export const answerQuestion = (id: string, responseText: string) => api.post<Question>(`/questions/${id}/answer`, { responseText });
export const pinQuestion = (id: string, pinned: boolean) => api.post<Question>(`/questions/${id}/pin`, { pinned });
export const freezeQuestion = (id: string, frozen: boolean) => api.post<Question>(`/questions/${id}/freeze`, { frozen });
export const tagQuestion = (id: string, tagId: string) => api.post<Question>(`/questions/${id}/tags`, { tagId });
export const untagQuestion = (id: string, tagId: string) => api.delete<Question>(`/questions/${id}/tags/${tagId}`);
/** Puts a question on the team's screens: the server takes the tag off whichever question held it. */
export const showOnScreen = (id: string, presentingTagId: string) => tagQuestion(id, presentingTagId);
export const deleteQuestion = (id: string) => api.delete(`/questions/${id}`);
export const freezeTeamQueue = (teamId: string, frozen: boolean) => api.post(`/teams/${teamId}/freeze`, { frozen });

export interface Flag {
  reasons: string[];
  confidence: string;
}

/** Why each question was flagged, from the audit log (admins can read it; moderators get it on the question when the server sends it). */
export async function loadFlags(isAdmin: boolean): Promise<Record<string, Flag>> {
  if (!isAdmin) return {};
  const page = await listAuditEntries({ action: "question.moderation.flagged", limit: 500 }).catch(() => null);
  const flags: Record<string, Flag> = {};
  for (const entry of page?.items ?? []) {
    const metadata = entry.metadata ?? {};
    if (entry.entityId && !flags[entry.entityId]) {
      flags[entry.entityId] = {
        reasons: Array.isArray(metadata.reasons) ? metadata.reasons.map(String) : [],
        confidence: String(metadata.confidence ?? "unknown"),
      };
    }
  }
  return flags;
}
