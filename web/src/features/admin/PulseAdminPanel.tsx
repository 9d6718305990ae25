import { useState, type FormEvent } from "react";
import { PULSE_QUESTION_MAX_LENGTH as MAX_TEXT } from "@server/modules/pulse/pulse.constants";
import { writtenLength } from "@server/platform/text.constants";
import { errorMessage } from "../../shared/api";
import { useSession } from "../../shared/session";
import { TeamSelect } from "../../shared/TeamSelect";
import { announce, DataTable, ErrorNotice, Field, Loading, Notice, useLoad } from "../../shared/ui";
import { createPulseQuestion, deactivatePulseQuestion, listPulseQuestions, updatePulseQuestion, type PulseQuestion } from "../pulse/api";
import { PulseScheduleForm } from "../pulse/PulseScheduleForm";

/** Pulse questions (≤ 200 characters, active or not, optional team), the schedule, its groups and sending today's now. */
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
  const [form, setForm] = useState<{ id: string | null; text: string; teamId: string; active: boolean }>({ id: null, text: "", teamId: "", active: true });
  const [error, setError] = useState<string | null>(null);
  const teamName = (id: string | null) => (id ? (teams.find((team) => team.id === id)?.name ?? "Unknown team") : "All teams");
  const length = writtenLength(form.text);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const body = { text: form.text.trim(), teamId: form.teamId || null, active: form.active };
      if (form.id) await updatePulseQuestion(form.id, body);
      else await createPulseQuestion(body);
      announce(form.id ? "Pulse question updated" : "Pulse question added");
      setForm({ id: null, text: "", teamId: "", active: true });
      questions.reload();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  const deactivate = async (question: PulseQuestion) => {
    setError(null);
    try {
      await deactivatePulseQuestion(question.id);
      announce("Pulse question deactivated");
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
        <DataTable caption="Pulse questions" columns={["Question", "Team", "Status", "Actions"]}>
          {(questions.data ?? []).map((question) => (
            <tr key={question.id}>
              <td dir="auto">{question.text}</td>
              <td dir="auto">{teamName(question.teamId)}</td>
              <td>{question.active ? "Active" : "Inactive"}</td>
              <td className="row">
                <button
                  type="button"
                  className="button-small button-secondary"
                  onClick={() => setForm({ id: question.id, text: question.text, teamId: question.teamId ?? "", active: question.active })}
                  aria-label={`Edit “${question.text}”`}
                >
                  Edit
                </button>
                {question.active && (
                  <button
                    type="button"
                    className="button-small button-danger-quiet"
                    onClick={() => void deactivate(question)}
                    aria-label={`Deactivate “${question.text}”`}
                  >
                    Deactivate
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <form onSubmit={submit} className="card">
        <h3>{form.id ? "Edit question" : "New question"}</h3>
        <Field
          label="Question text"
          hint={`${length} / ${MAX_TEXT} characters; answered on a 1 to 5 scale.`}
          error={length > MAX_TEXT ? `At most ${MAX_TEXT} characters.` : null}
        >
          {(props) => <input {...props} dir="auto" value={form.text} onChange={(event) => setForm({ ...form, text: event.target.value })} required />}
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
            <button type="button" className="button-secondary" onClick={() => setForm({ id: null, text: "", teamId: "", active: true })}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
