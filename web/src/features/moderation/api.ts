import { answer, api } from "../../shared/api";
import { listAuditEntries } from "../admin/api";

/** The moderators' calls: review, answer, pin, freeze, tag, delete, and freezing a team's queue. */

const byId = (id: string) => ({ params: { path: { id } } });

export const approveQuestion = (id: string, edited?: string) =>
  answer(api.POST("/questions/{id}/approve", { ...byId(id), body: edited !== undefined ? { body: edited } : {} }));
export const rejectQuestion = (id: string, reason?: string) => answer(api.POST("/questions/{id}/reject", { ...byId(id), body: reason ? { reason } : {} }));
/** The answer "Mark answered" publishes for a question answered aloud; "Edit answer" replaces it. */
export const MARK_ANSWERED_TEXT = "Answered live.";
export const answerQuestion = (id: string, responseText: string) => answer(api.POST("/questions/{id}/answer", { ...byId(id), body: { responseText } }));
/** Back to OPEN with the answer cleared: the Undo of an answer ("Mark answered" or a first written one). */
export const reopenQuestion = (id: string) => answer(api.POST("/questions/{id}/reopen", byId(id)));
export const pinQuestion = (id: string, pinned: boolean) => answer(api.POST("/questions/{id}/pin", { ...byId(id), body: { pinned } }));
export const freezeQuestion = (id: string, frozen: boolean) => answer(api.POST("/questions/{id}/freeze", { ...byId(id), body: { frozen } }));
export const tagQuestion = (id: string, tagId: string) => answer(api.POST("/questions/{id}/tags", { ...byId(id), body: { tagId } }));
export const untagQuestion = (id: string, tagId: string) => answer(api.DELETE("/questions/{id}/tags/{tagId}", { params: { path: { id, tagId } } }));
/** Puts a question on the team's screens: the server takes the tag off whichever question held it. */
export const showOnScreen = (id: string, presentingTagId: string) => tagQuestion(id, presentingTagId);
export const deleteQuestion = (id: string) => answer(api.DELETE("/questions/{id}", byId(id)));
export const freezeTeamQueue = (teamId: string, frozen: boolean) =>
  answer(api.POST("/teams/{teamId}/freeze", { params: { path: { teamId } }, body: { frozen } }));

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
