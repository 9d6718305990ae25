import { useState, type FormEvent } from "react";
import { PRESENTING_TAG } from "@server/modules/tags/tags.constants";
import { errorMessage } from "../../shared/api";
import { ConfirmDialog } from "../../shared/ConfirmDialog";
import { announce, DataTable, ErrorNotice, Field, Loading, Notice, RowActions, TagChip, useLoad } from "../../shared/ui";
import { listTags, type Tag } from "../board/api";
import { createTag, deleteTag, updateTag } from "./api";

/** Tags: colour-coded, unique names; PRESENTING_TAG drives presentation mode. */
export function TagsPanel() {
  const tags = useLoad((signal) => listTags(signal), []);
  const [form, setForm] = useState<{ id: string | null; name: string; color: string }>({ id: null, name: "", color: "#2563eb" });
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const body = { name: form.name.trim(), color: form.color };
      if (form.id) await updateTag(form.id, body);
      else await createTag(body);
      announce(form.id ? "Tag updated" : "Tag created");
      setForm({ id: null, name: "", color: "#2563eb" });
      tags.reload();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const remove = async (tag: Tag) => {
    setError(null);
    try {
      await deleteTag(tag.id);
      announce("Tag deleted");
      tags.reload();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <section>
      <h1>Tags</h1>
      <p className="hint">The tag “{PRESENTING_TAG}” marks the question shown in presentation mode.</p>
      <ErrorNotice error={tags.error} />
      {tags.loading && !tags.data ? (
        <Loading />
      ) : (
        <DataTable caption="Tags" columns={["Tag", "Colour", "Actions"]}>
          {(tags.data ?? []).map((tag) => (
            <tr key={tag.id}>
              <td>
                <TagChip tag={tag} />
              </td>
              <td>
                <code>{tag.color}</code>
              </td>
              <td className="row">
                <RowActions name={tag.name} onEdit={() => setForm({ id: tag.id, name: tag.name, color: tag.color })} onDelete={() => setDeleting(tag)} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {deleting && (
        <ConfirmDialog title="Delete this tag?" confirmLabel="Delete tag" onConfirm={() => remove(deleting)} onClose={() => setDeleting(null)}>
          <p>
            The tag <strong dir="auto">{deleting.name}</strong> is taken off every question. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
      <form onSubmit={submit} className="card">
        <h2>{form.id ? "Edit tag" : "New tag"}</h2>
        <div className="grid-2">
          <Field label="Name">
            {(props) => (
              <input {...props} dir="auto" value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} required maxLength={50} />
            )}
          </Field>
          <Field label="Colour">
            {(props) => <input {...props} type="color" value={form.color} onChange={(event) => setForm({ ...form, color: event.target.value })} />}
          </Field>
        </div>
        {error && <Notice kind="error">{error}</Notice>}
        <div className="row">
          <button type="submit">{form.id ? "Save tag" : "Create tag"}</button>
          {form.id && (
            <button type="button" className="button-secondary" onClick={() => setForm({ id: null, name: "", color: "#2563eb" })}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
