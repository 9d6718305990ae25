import {
  POLL_OPTION_TEXT_MAX,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  POLL_TITLE_MAX,
  type PollScaleMax,
  type PollType,
} from "@server/modules/polls/polls.constants";
import type { EditPollBody } from "@server/modules/polls/polls.schemas";
import { normalizeUserText, userTextProblem, visibleLength } from "@server/platform/text.constants";
import { ApiError } from "../../shared/api";
import type { PollView } from "./pollResults";

/** The poll form's fields as typed (a draft being written). */
export interface PollDraft {
  title: string;
  type: PollType;
  options: string[];
  /** Empty: every option may be picked. */
  maxChoices: string;
  scaleMax: PollScaleMax;
  resultsVisible: boolean;
}

/** A message per field: `title`, `options`, `options.<n>`, `maxChoices`, `scaleMax`. */
export type PollFormErrors = Record<string, string>;

export const emptyDraft = (): PollDraft => ({ title: "", type: "single", options: ["", ""], maxChoices: "", scaleMax: 5, resultsVisible: false });

export function draftOf(poll: PollView): PollDraft {
  return {
    title: poll.title,
    type: poll.type,
    options: poll.options.length >= POLL_OPTIONS_MIN ? poll.options.map((option) => option.text) : ["", ""],
    maxChoices: poll.maxChoices !== null && poll.maxChoices < poll.options.length ? String(poll.maxChoices) : "",
    scaleMax: poll.scaleMax === 10 ? 10 : 5,
    resultsVisible: poll.resultsVisible,
  };
}

const hasOptions = (type: PollType) => type === "single" || type === "multiple";

/** The server's text rule (visible characters, CONTRACT §3) said for a person. */
function textProblem(text: string, max: number, empty: string): string | null {
  const normal = normalizeUserText(text);
  if (visibleLength(normal) === 0) return empty;
  const problem = userTextProblem(normal, { min: 1, max });
  if (!problem) return null;
  const length = visibleLength(normal);
  return length > max ? `Must be at most ${max} characters (now ${length}).` : `This ${problem}.`;
}

/** What is wrong with the draft, by field, with the server's limits (polls.constants). */
export function validateDraft(draft: PollDraft): PollFormErrors {
  const errors: PollFormErrors = {};
  const title = textProblem(draft.title, POLL_TITLE_MAX, "Give the poll a title.");
  if (title) errors.title = title;
  if (hasOptions(draft.type)) {
    const seen = new Map<string, number>();
    draft.options.forEach((option, index) => {
      const problem = textProblem(option, POLL_OPTION_TEXT_MAX, "Write this option, or remove it.");
      const key = normalizeUserText(option).toLocaleLowerCase();
      const twin = seen.get(key);
      if (problem) errors[`options.${index}`] = problem;
      else if (twin !== undefined) errors[`options.${index}`] = `Same as option ${twin + 1}: each option must differ.`;
      if (!seen.has(key)) seen.set(key, index);
    });
    if (draft.options.length < POLL_OPTIONS_MIN || draft.options.length > POLL_OPTIONS_MAX)
      errors.options = `A poll has ${POLL_OPTIONS_MIN} to ${POLL_OPTIONS_MAX} options.`;
  }
  if (draft.type === "multiple" && draft.maxChoices.trim() !== "") {
    const most = Number(draft.maxChoices);
    if (!Number.isInteger(most) || most < 1) errors.maxChoices = "Enter a whole number of at least 1, or leave it empty to allow every option.";
    else if (most > draft.options.length) errors.maxChoices = `At most the number of options (${draft.options.length}).`;
  }
  return errors;
}

/** The body the server takes (CONTRACT §9): only the fields of the draft's type. */
export function bodyOf(draft: PollDraft): EditPollBody {
  const body: EditPollBody = { title: normalizeUserText(draft.title), type: draft.type, resultsVisible: draft.resultsVisible };
  if (hasOptions(draft.type)) body.options = draft.options.map(normalizeUserText);
  if (draft.type === "multiple" && draft.maxChoices.trim() !== "") body.maxChoices = Number(draft.maxChoices);
  if (draft.type === "rating") body.scaleMax = draft.scaleMax;
  return body;
}

const FIELD_NAMES = /^(title|options(\.\d+)?|maxChoices|scaleMax|type)$/;

/** The server's refusal on the form's fields (its details name them, e.g. `body.options.2`); what fits no field is returned apart. */
export function serverErrors(error: unknown): { fields: PollFormErrors; rest: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, rest: null };
  if (error.code === "POLL_NOT_DRAFT")
    return { fields: {}, rest: "This poll has been opened since you started editing: only drafts can be changed. Duplicate it to start a new draft." };
  const fields: PollFormErrors = {};
  for (const detail of error.details) {
    const path = (detail.path ?? "").replace(/^body\.?/, "");
    if (!FIELD_NAMES.test(path) || !detail.message) continue;
    const words = detail.message.replace(/\.$/, "");
    fields[path] ??= error.code === "CONTENT_REJECTED" ? `Not accepted: ${words}.` : `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
  }
  const rest = Object.keys(fields).length > 0 ? null : error.message;
  return { fields, rest };
}
