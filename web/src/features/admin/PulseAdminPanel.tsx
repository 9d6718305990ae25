import { useState, type FormEvent } from "react";
import { PULSE_QUESTION_MAX_LENGTH as MAX_TEXT, PULSE_SCALE_LABELS, PULSE_SCALES, type PulseScale } from "@server/modules/pulse/pulse.constants";
import { writtenLength } from "@server/platform/text.constants";
import { errorMessage } from "../../shared/api";
import { useSession } from "../../shared/session";
import { TeamSelect } from "../../shared/TeamSelect";
import { announce, DataTable, ErrorNotice, Field, Loading, Notice, useLoad } from "../../shared/ui";
import { createPulseQuestion, deactivatePulseQuestion, listPulseQuestions, updatePulseQuestion, type PulseQuestion } from "../pulse/api";
import { PulseEmailPreview } from "../pulse/PulseEmailPreview";
import { PulseScheduleForm } from "../pulse/PulseScheduleForm";
import "../pulse/pulse.css";

interface QuestionForm {
  id: string | null;
  text: string;
  teamId: string;
  active: boolean;
  scale: PulseScale;
}
const EMPTY_FORM: QuestionForm = { id: null, text: "", teamId: "", active: true, scale: "agree5" };

/** Pulse questions (≤ 200 characters, a scale, active or retired, optional team, their e-mail's preview), the schedule, its groups and sending today's now. */
export function PulseAdminPanel() {
  return (
    <section>
      <h1>Pulse</h1>
      <PulseQuestions />
      <PulseScheduleForm />
    </section>
  );
}

function PulseQuestions() {
  const { teams } = useSession();
  const questions = useLoad((signal) => listPulseQuestions(signal), []);
  const [form, setForm] = useState<QuestionForm>(EMPTY_FORM);
  const [error, setError] = useState<string | null>(null);
  const [previewId, setPreviewId] = useState<string | null>(null);
  const teamName = (id: string | null) => (id ? (teams.find((team) => team.id === id)?.name ?? "Unknown team") : "All teams");
  const length = writtenLength(form.text);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const body = { text: form.text.trim(), teamId: form.teamId || null, active: form.active, scale: form.scale };
      if (form.id) await updatePulseQuestion(form.id, body);
      else await createPulseQuestion(body);
      announce(form.id ? "Pulse question updated" : "Pulse question added");
      setForm(EMPTY_FORM);
      questions.reload();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  const deactivate = async (question: PulseQuestion) => {
    setError(null);
    try {
      await deactivatePulseQuestion(question.id);
      announce("Pulse question retired");
      questions.reload();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  const reactivate = async (question: PulseQuestion) => {
    setError(null);
    try {
      await updatePulseQuestion(question.id, { active: true });
      announce("Pulse question asked again");
      questions.reload();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <section aria-labelledby="pulse-questions-heading">
      <h2 id="pulse-questions-heading">Questions</h2>
      <ErrorNotice error={questions.error} />
      {questions.loading && !questions.data ? (
        <Loading />
      ) : (
        <DataTable caption="Pulse questions" columns={["Question", "Scale", "Team", "Status", "Actions"]}>
          {(questions.data ?? []).map((question) => (
            <tr key={question.id}>
              <td dir="auto">{question.text}</td>
              <td>{PULSE_SCALE_LABELS[question.scale]}</td>
              <td dir="auto">{teamName(question.teamId)}</td>
              <td>{question.active ? "Active" : "Retired"}</td>
              <td className="row">
                <button
                  type="button"
                  className="button-small button-secondary"
                  onClick={() =>
                    setForm({ id: question.id, text: question.text, teamId: question.teamId ?? "", active: question.active, scale: question.scale })
                  }
                  aria-label={`Edit “${question.text}”`}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="button-small button-secondary"
                  onClick={() => setPreviewId(question.id)}
                  aria-label={`Preview e-mail of “${question.text}”`}
                >
                  Preview e-mail
                </button>
                {question.active ? (
                  <button
                    type="button"
                    className="button-small button-danger-quiet"
                    onClick={() => void deactivate(question)}
                    aria-label={`Retire “${question.text}”`}
                  >
                    Retire
                  </button>
                ) : (
                  <button
                    type="button"
                    className="button-small button-secondary"
                    onClick={() => void reactivate(question)}
                    aria-label={`Re-activate “${question.text}”`}
                  >
                    Re-activate
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {previewId && <PulseEmailPreview questionId={previewId} onClose={() => setPreviewId(null)} />}
      <form onSubmit={submit} className="card">
        <h3>{form.id ? "Edit question" : "New question"}</h3>
        <Field label="Question text" hint={`${length} / ${MAX_TEXT} characters.`} error={length > MAX_TEXT ? `At most ${MAX_TEXT} characters.` : null}>
          {(props) => <input {...props} dir="auto" value={form.text} onChange={(event) => setForm({ ...form, text: event.target.value })} required />}
        </Field>
        <Field label="Answer scale" hint="Each score is one link in the e-mail. The scale cannot change once the question has been asked.">
          {(props) => (
            <select {...props} value={form.scale} onChange={(event) => setForm({ ...form, scale: event.target.value as PulseScale })}>
              {PULSE_SCALES.map((scale) => (
                <option key={scale} value={scale}>
                  {PULSE_SCALE_LABELS[scale]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="grid-2">
          <TeamSelect label="Team" teams={teams} value={form.teamId} onChange={(teamId) => setForm({ ...form, teamId })} emptyLabel="All teams" />
          <label className="checkbox">
            <input type="checkbox" checked={form.active} onChange={(event) => setForm({ ...form, active: event.target.checked })} /> Active
          </label>
        </div>
        {error && <Notice kind="error">{error}</Notice>}
        <div className="row">
          <button type="submit" disabled={length > MAX_TEXT}>
            {form.id ? "Save question" : "Add question"}
          </button>
          {form.id && (
            <button type="button" className="button-secondary" onClick={() => setForm(EMPTY_FORM)}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
