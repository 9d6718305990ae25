import { useState, type FormEvent } from "react";
import { TEAM_ROLES, type TeamRole } from "@server/platform/roles.constants";
import { ApiError, errorMessage } from "../../shared/api";
import { useSession } from "../../shared/session";
import type { Team } from "../../shared/sessionApi";
import { TeamSelect } from "../../shared/TeamSelect";
import { ConfirmDialog } from "../../shared/ConfirmDialog";
import { announce, DataTable, Dialog, DialogFooter, ErrorNotice, Field, Loading, Notice, RowActions, useLoad } from "../../shared/ui";
import { TeamChannels } from "./TeamChannels";
import { addMember, changeMemberRole, createTeam, deleteTeam, listMembers, listUsers, removeMember, updateTeam } from "./api";

/** Teams (create, rename, delete) and their members with team roles. */
export function TeamsPanel() {
  const { teams, refreshTeams } = useSession();
  const [form, setForm] = useState<{ id: string | null; name: string; slug: string; description: string }>({ id: null, name: "", slug: "", description: "" });
  const [selected, setSelected] = useState<string>(teams[0]?.id ?? "");
  const [error, setError] = useState<string | null>(null);
  const selectedTeam = teams.find((team) => team.id === selected);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const body = { name: form.name.trim(), ...(form.slug.trim() ? { slug: form.slug.trim() } : {}), description: form.description.trim() || null };
      if (form.id) await updateTeam(form.id, body);
      else await createTeam(body);
      announce(form.id ? "Team updated" : "Team created");
      setForm({ id: null, name: "", slug: "", description: "" });
      await refreshTeams();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  const [moving, setMoving] = useState<Team | null>(null);
  const [deleting, setDeleting] = useState<Team | null>(null);
  const remove = async (team: Team, moveTo?: string) => {
    setError(null);
    try {
      await deleteTeam(team.id, moveTo);
      announce("Team deleted");
      setMoving(null);
      await refreshTeams();
    } catch (caught) {
      // A team with questions needs somewhere to move them (CONTRACT: 409 TEAM_NOT_EMPTY).
      if (caught instanceof ApiError && caught.code === "TEAM_NOT_EMPTY" && !moveTo) setMoving(team);
      else setError(errorMessage(caught));
    }
  };

  return (
    <section>
      <h1>Teams and members</h1>
      {error && <Notice kind="error">{error}</Notice>}
      <DataTable caption="Teams" columns={["Team", "Address", "Queue", "Actions"]}>
        {teams.map((team) => (
          <tr key={team.id}>
            <td>
              <strong dir="auto">{team.name}</strong>
              {team.description && (
                <div className="hint" dir="auto">
                  {team.description}
                </div>
              )}
            </td>
            <td>
              <code>/{team.slug}</code>
            </td>
            <td>{team.queueFrozen ? "New questions paused" : "Open"}</td>
            <td className="row">
              <button type="button" className="button-small button-secondary" onClick={() => setSelected(team.id)} aria-label={`Members of ${team.name}`}>
                Members
              </button>
              <RowActions
                name={team.name}
                onEdit={() => setForm({ id: team.id, name: team.name, slug: team.slug, description: team.description ?? "" })}
                onDelete={() => setDeleting(team)}
              />
            </td>
          </tr>
        ))}
      </DataTable>
      <form onSubmit={submit} className="card">
        <h2>{form.id ? "Edit team" : "New team"}</h2>
        <div className="grid-2">
          <Field label="Name">
            {(props) => <input {...props} dir="auto" value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} required />}
          </Field>
          <Field label="Address (slug)" hint="Lowercase letters, digits and dashes; derived from the name when empty.">
            {(props) => <input {...props} value={form.slug} onChange={(event) => setForm({ ...form, slug: event.target.value })} pattern="[a-z0-9\-]*" />}
          </Field>
        </div>
        <Field label="Description">
          {(props) => <input {...props} dir="auto" value={form.description} onChange={(event) => setForm({ ...form, description: event.target.value })} />}
        </Field>
        <div className="row">
          <button type="submit">{form.id ? "Save team" : "Create team"}</button>
          {form.id && (
            <button type="button" className="button-secondary" onClick={() => setForm({ id: null, name: "", slug: "", description: "" })}>
              Cancel
            </button>
          )}
        </div>
      </form>
      {selected && <Members team={teams.find((team) => team.id === selected)} />}
      {selectedTeam && <TeamChannels key={selectedTeam.id} team={selectedTeam} />}
      {deleting && (
        <ConfirmDialog title="Delete this team?" confirmLabel="Delete team" onConfirm={() => remove(deleting)} onClose={() => setDeleting(null)}>
          <p>
            The team <strong dir="auto">{deleting.name}</strong> and its memberships are deleted. If it has questions, you choose where they go next.
          </p>
        </ConfirmDialog>
      )}
      <MoveQuestionsDialog team={moving} teams={teams} onClose={() => setMoving(null)} onConfirm={(team, target) => void remove(team, target)} />
    </section>
  );
}

function Members({ team }: { team?: Team }) {
  const members = useLoad((signal) => (team ? listMembers(team.id, signal) : Promise.resolve([])), [team?.id]);
  const users = useLoad((signal) => listUsers(signal), []);
  const [userId, setUserId] = useState("");
  const [role, setRole] = useState<TeamRole>("member");
  const [error, setError] = useState<string | null>(null);
  // SPEC: changing or removing a membership (member.edit, member.remove) is for owners only.
  const isOwner = useSession().me?.user.role === "owner";
  if (!team) return null;

  const act = async (label: string, action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      announce(label);
      members.reload();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  const candidates = (users.data ?? []).filter((user) => !(members.data ?? []).some((member) => member.userId === user.id));
  return (
    <section className="card" aria-labelledby="members-heading">
      <h2 id="members-heading">
        Members of <span dir="auto">{team.name}</span>
      </h2>
      {!isOwner && <p className="hint">Only an owner can change a member's team role or remove a member; admins can add members.</p>}
      <ErrorNotice error={members.error} />
      {error && <Notice kind="error">{error}</Notice>}
      {members.loading && !members.data ? (
        <Loading />
      ) : (
        <DataTable caption={`Members of ${team.name}`} columns={["Name", "Email", "Team role", ...(isOwner ? ["Actions"] : [])]}>
          {(members.data ?? []).map((member) => (
            <tr key={member.userId}>
              <td dir="auto">{member.name}</td>
              <td>{member.email}</td>
              <td>
                {isOwner ? (
                  <>
                    <label className="visually-hidden" htmlFor={`role-${member.userId}`}>
                      Team role of {member.name}
                    </label>
                    <select
                      id={`role-${member.userId}`}
                      value={member.role}
                      onChange={(event) => void act("Role changed", () => changeMemberRole(team.id, member.userId, event.target.value as TeamRole))}
                    >
                      {TEAM_ROLES.map((value) => (
                        <option key={value} value={value}>
                          {value}
                        </option>
                      ))}
                    </select>
                  </>
                ) : (
                  member.role
                )}
              </td>
              {isOwner && (
                <td>
                  <button
                    type="button"
                    className="button-small button-danger-quiet"
                    onClick={() => void act("Member removed", () => removeMember(team.id, member.userId))}
                    aria-label={`Remove ${member.name} from ${team.name}`}
                  >
                    Remove
                  </button>
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          if (userId) void act("Member added", () => addMember(team.id, { userId, role })).then(() => setUserId(""));
        }}
      >
        <Field label="Add a member">
          {(props) => (
            <select {...props} value={userId} onChange={(event) => setUserId(event.target.value)}>
              <option value="">Choose a user…</option>
              {candidates.map((user) => (
                <option key={user.id} value={user.id} dir="auto">
                  {user.name} ({user.email})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Team role">
          {(props) => (
            <select {...props} value={role} onChange={(event) => setRole(event.target.value as TeamRole)}>
              {TEAM_ROLES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" disabled={!userId}>
          Add member
        </button>
      </form>
    </section>
  );
}

function MoveQuestionsDialog({
  team,
  teams,
  onClose,
  onConfirm,
}: {
  team: Team | null;
  teams: Team[];
  onClose: () => void;
  onConfirm: (team: Team, target: string) => void;
}) {
  const others = teams.filter((candidate) => candidate.id !== team?.id);
  const [target, setTarget] = useState("");
  return (
    <Dialog title={team ? `Delete ${team.name}` : "Delete team"} open={team !== null} onClose={onClose}>
      <p>This team still has questions. Choose where they go (with their votes, tags and answers); then the team is deleted.</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (team && target) onConfirm(team, target);
        }}
      >
        <TeamSelect label="Move its questions to" teams={others} value={target} onChange={setTarget} emptyLabel="Choose a team…" required />
        <DialogFooter onCancel={onClose} disabled={!target} danger>
          Move questions and delete
        </DialogFooter>
      </form>
    </Dialog>
  );
}
