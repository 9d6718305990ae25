import { useMemo, useState, type FormEvent } from "react";
import { ROLES, type Role } from "@server/platform/roles.constants";
import { errorMessage } from "../../shared/api";
import { atLeast, useSession } from "../../shared/session";
import { ConfirmDialog } from "../../shared/ConfirmDialog";
import { TeamSelect } from "../../shared/TeamSelect";
import { announce, DataTable, Dialog, DialogFooter, ErrorNotice, Field, Loading, Notice, useLoad } from "../../shared/ui";
import { createUser, deleteUser, listUsers, updateUser, type User } from "./api";
import { UserImport } from "./UserImport";

/** Users of the tenant: create (admin), edit and delete (owner), with CONTRACT §2's role rules shown up front. */
export function UsersPanel() {
  const { me, teams } = useSession();
  const users = useLoad((signal) => listUsers(signal), []);
  const [filter, setFilter] = useState("");
  const [editing, setEditing] = useState<User | "new" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isOwner = me?.user.role === "owner";
  const grantable = ROLES.filter((role) => (role === "owner" || role === "admin" ? isOwner : atLeast(me?.user.role, role)));
  const teamName = (id: string | null) => teams.find((team) => team.id === id)?.name ?? "—";

  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (users.data ?? []).filter((user) => !needle || user.name.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle));
  }, [users.data, filter]);

  const [deleting, setDeleting] = useState<User | null>(null);
  const remove = async (user: User) => {
    setError(null);
    try {
      await deleteUser(user.id);
      announce(`${user.name} deleted`);
      users.reload();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <section>
      <div className="row">
        <h1>Users</h1>
        <button type="button" onClick={() => setEditing("new")}>
          Add user
        </button>
      </div>
      {!isOwner && <p className="hint">Only an owner can change or delete users; admins can add them.</p>}
      <Field label="Find a user">{(props) => <input {...props} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />}</Field>
      <ErrorNotice error={users.error} />
      {error && <Notice kind="error">{error}</Notice>}
      {users.loading && !users.data ? (
        <Loading />
      ) : (
        <DataTable caption="Users" columns={["Name", "Email", "Role", "Primary team", "Status", ...(isOwner ? ["Actions"] : [])]}>
          {shown.map((user) => (
            <tr key={user.id}>
              <td dir="auto">{user.name}</td>
              <td>{user.email}</td>
              <td>{user.role}</td>
              <td dir="auto">{teamName(user.primaryTeamId)}</td>
              <td>{user.deactivated ? "Deactivated" : "Active"}</td>
              {/* Only an owner edits or deletes users: an admin sees no buttons it cannot use (the hint above says why). */}
              {isOwner && (
                <td>
                  <div className="row">
                    <button type="button" className="button-small button-secondary" onClick={() => setEditing(user)} aria-label={`Edit ${user.name}`}>
                      Edit
                    </button>
                    {user.id === me?.user.id ? (
                      <span className="hint">You</span>
                    ) : (
                      <button type="button" className="button-small button-danger-quiet" onClick={() => setDeleting(user)} aria-label={`Delete ${user.name}`}>
                        Delete
                      </button>
                    )}
                  </div>
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
      <UserImport onImported={() => users.reload()} />
      <UserDialog
        user={editing}
        roles={grantable}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          users.reload();
        }}
      />
      {deleting && (
        <ConfirmDialog title="Delete this user?" confirmLabel="Delete user" onConfirm={() => remove(deleting)} onClose={() => setDeleting(null)}>
          <p>
            <strong dir="auto">{deleting.name}</strong> is deleted. Their questions stay, without their name; their votes, memberships and API tokens go. This
            cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function UserDialog({ user, roles, onClose, onSaved }: { user: User | "new" | null; roles: Role[]; onClose: () => void; onSaved: () => void }) {
  const { teams } = useSession();
  const existing = user && user !== "new" ? user : null;
  const [form, setForm] = useState({ name: "", email: "", role: "member" as Role, primaryTeamId: "", deactivated: false });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [openedFor, setOpenedFor] = useState<User | "new" | null>(null);
  if (user !== openedFor) {
    setOpenedFor(user);
    setError(null);
    setForm(
      existing
        ? { name: existing.name, email: existing.email, role: existing.role, primaryTeamId: existing.primaryTeamId ?? "", deactivated: existing.deactivated }
        : { name: "", email: "", role: "member", primaryTeamId: "", deactivated: false },
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = { name: form.name.trim(), email: form.email.trim(), role: form.role, primaryTeamId: form.primaryTeamId || null };
      if (existing) await updateUser(existing.id, { ...body, deactivated: form.deactivated });
      else await createUser({ ...body, primaryTeamId: form.primaryTeamId || undefined });
      announce(existing ? "User updated" : "User added");
      onSaved();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={existing ? `Edit ${existing.name}` : "Add a user"} open={user !== null} onClose={onClose}>
      <form onSubmit={submit}>
        <Field label="Name">
          {(props) => <input {...props} dir="auto" value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} required />}
        </Field>
        <Field label="Email">
          {(props) => <input {...props} type="email" value={form.email} onChange={(event) => setForm({ ...form, email: event.target.value })} required />}
        </Field>
        <Field label="Role">
          {(props) => (
            <select {...props} value={form.role} onChange={(event) => setForm({ ...form, role: event.target.value as Role })}>
              {[...new Set([...roles, form.role])].map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TeamSelect
          label="Primary team"
          teams={teams}
          value={form.primaryTeamId}
          onChange={(primaryTeamId) => setForm({ ...form, primaryTeamId })}
          emptyLabel="None"
        />
        {existing && (
          <label className="checkbox">
            <input type="checkbox" checked={form.deactivated} onChange={(event) => setForm({ ...form, deactivated: event.target.checked })} /> Deactivated
            (signs out at once, cannot sign in)
          </label>
        )}
        {error && <Notice kind="error">{error}</Notice>}
        <DialogFooter onCancel={onClose} disabled={busy}>
          {existing ? "Save user" : "Add user"}
        </DialogFooter>
      </form>
    </Dialog>
  );
}
