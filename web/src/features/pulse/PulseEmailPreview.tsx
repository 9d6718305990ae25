import { ErrorNotice, Loading, useLoad } from "../../shared/ui";
import { previewPulseEmail } from "./api";

/**
 * A question's pulse e-mail as the server renders it (the real template), in a sandboxed frame
 * that runs no script and opens nothing; the plain-text part below it. Its links carry no invite.
 */
export function PulseEmailPreview({ questionId, onClose }: { questionId: string; onClose: () => void }) {
  const preview = useLoad((signal) => previewPulseEmail(questionId, signal), [questionId]);
  return (
    <section className="card pulse-email-preview" aria-labelledby="pulse-email-preview-heading">
      <div className="row">
        <h3 id="pulse-email-preview-heading">E-mail preview</h3>
        <button type="button" className="button-secondary" onClick={onClose}>
          Close preview
        </button>
      </div>
      <ErrorNotice error={preview.error} />
      {preview.loading && !preview.data ? (
        <Loading />
      ) : preview.data ? (
        <>
          <p className="hint">
            Subject: <strong>{preview.data.subject}</strong>. For a sample person; the links here answer nothing.
          </p>
          <iframe title="Pulse e-mail preview" sandbox="" srcDoc={preview.data.html} className="pulse-email-frame" />
          <details>
            <summary>Plain-text version</summary>
            <pre className="pulse-email-text" dir="auto">
              {preview.data.text}
            </pre>
          </details>
        </>
      ) : null}
    </section>
  );
}
