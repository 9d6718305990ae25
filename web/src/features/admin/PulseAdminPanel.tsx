import { useEffect, useState, type FormEvent } from "react";
import { api, errorMessage } from "../../shared/api";
import { useSession } from "../../shared/session";
import type { PulseCohort, PulseQuestion, PulseSchedule } from "../../shared/types";
import { announce, DataTable, ErrorNotice, Field, Loading, Notice, useLoad } from "../../shared/ui";

const MAX_TEXT = 200;

/** Pulse questions (≤ 200 characters, active or not, optional team), the schedule, cohorts, run now. */
export function PulseAdminPanel() {
  return (
    <section>
      <h1>Pulse</h1>
      <PulseQuestions />
      <Schedule />
    </section>
  );
}

function PulseQuestions() {
  const { teams } = useSession();
  const questions = useLoad((signal) => api.get<PulseQuestion[]>("/admin/pulse/questions", undefined, signal), []);
  const [form, setForm] = useState<{ id: string | null; text: string; teamId: string; active: boolean }>({ id: null, text: "", teamId: "", active: true });
  const [error, setError] = useState<string | null>(null);
  const teamName = (id: string | null) => (id ? (teams.find((team) => team.id === id)?.name ?? "Unknown team") : "All teams");
  const length = [...form.text.trim()].length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const body = { text: form.text.trim(), teamId: form.teamId || null, active: form.active };
      if (form.id) await api.put(`/admin/pulse/questions/${form.id}`, body);
      else await api.post("/admin/pulse/questions", body);
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
      await api.delete(`/admin/pulse/questions/${question.id}`);
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
              <td>{question.text}</td>
              <td>{teamName(question.teamId)}</td>
              <td>{question.active ? "Active" : "Inactive"}</td>
              <td className="row">
                <button type="button" className="button-small button-secondary" onClick={() => setForm({ id: question.id, text: question.text, teamId: question.teamId ?? "", active: question.active })} aria-label={`Edit “${question.text}”`}>
                  Edit
                </button>
                {question.active && (
                  <button type="button" className="button-small button-danger" onClick={() => void deactivate(question)} aria-label={`Deactivate “${question.text}”`}>
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
        <Field label="Question text" hint={`${length} / ${MAX_TEXT} characters; answered on a 1 to 5 scale.`} error={length > MAX_TEXT ? `At most ${MAX_TEXT} characters.` : null}>
          {(props) => <input {...props} value={form.text} onChange={(event) => setForm({ ...form, text: event.target.value })} required />}
        </Field>
        <div className="grid-2">
          <Field label="Team">
            {(props) => (
              <select {...props} value={form.teamId} onChange={(event) => setForm({ ...form, teamId: event.target.value })}>
                <option value="">All teams</option>
                {teams.map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
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

function Schedule() {
  const schedule = useLoad((signal) => api.get<PulseSchedule>("/admin/pulse/schedule", undefined, signal), []);
  const cohorts = useLoad((signal) => api.get<PulseCohort[]>("/admin/pulse/cohorts", undefined, signal), [schedule.data?.numCohorts]);
  const [draft, setDraft] = useState<PulseSchedule | null>(null);
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  useEffect(() => setDraft(schedule.data), [schedule.data]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    setMessage(null);
    try {
      const saved = await api.put<PulseSchedule>("/admin/pulse/schedule", draft);
      setDraft(saved);
      setMessage({ kind: "success", text: "Schedule saved." });
      cohorts.reload();
    } catch (caught) {
      setMessage({ kind: "error", text: errorMessage(caught) });
    }
  };
  const runNow = async () => {
    setMessage(null);
    try {
      const result = await api.post<{ cohort: string; invitesCreated: number; alreadyRan?: boolean }>("/admin/pulse/run");
      setMessage({ kind: "success", text: result.alreadyRan ? `Today's pulse already ran (${result.cohort}); nothing sent again.` : `Sent ${result.invitesCreated} invites to ${result.cohort}.` });
    } catch (caught) {
      setMessage({ kind: "error", text: errorMessage(caught) });
    }
  };

  return (
    <section aria-labelledby="schedule-heading">
      <h2 id="schedule-heading">Schedule</h2>
      <ErrorNotice error={schedule.error} />
      {draft && (
        <form onSubmit={save} className="card">
          <label className="checkbox">
            <input type="checkbox" checked={draft.enabled} onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })} /> Send pulse invites
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={draft.rotatingCohorts} onChange={(event) => setDraft({ ...draft, rotatingCohorts: event.target.checked })} /> Rotate cohorts (one cohort per weekday)
          </label>
          <div className="grid-2">
            <Field label="Cadence">
              {(props) => (
                <select {...props} value={draft.cadence} onChange={(event) => setDraft({ ...draft, cadence: event.target.value as PulseSchedule["cadence"] })}>
                  <option value="weekly">Weekly</option>
                  <option value="biweekly">Every two weeks</option>
                  <option value="monthly">Monthly</option>
                </select>
              )}
            </Field>
            <Field label="Send time">{(props) => <input {...props} type="time" value={draft.time} onChange={(event) => setDraft({ ...draft, time: event.target.value })} required />}</Field>
            <Field label="Time zone" hint="IANA name, for example Europe/Berlin.">
              {(props) => <input {...props} value={draft.timezone} onChange={(event) => setDraft({ ...draft, timezone: event.target.value })} required />}
            </Field>
            <Field label="Number of cohorts">{(props) => <input {...props} type="number" min={1} max={50} value={draft.numCohorts} onChange={(event) => setDraft({ ...draft, numCohorts: Number(event.target.value) })} />}</Field>
          </div>
          <div className="row">
            <button type="submit">Save schedule</button>
            <button type="button" className="button-secondary" onClick={() => void runNow()}>
              Send today's pulse now
            </button>
          </div>
          {message && <Notice kind={message.kind}>{message.text}</Notice>}
        </form>
      )}
      {cohorts.data && (
        <>
          <h3>Cohorts</h3>
          <ul className="plain-list">
            {cohorts.data.map((cohort) => (
              <li key={cohort.name}>
                {cohort.name}: {cohort.size} people
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
