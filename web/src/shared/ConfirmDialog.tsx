import { useState, type FormEvent, type ReactNode } from "react";
import { Dialog, DialogFooter } from "./ui";

/** The app's question before a destructive act: its button in red, Cancel beside it (never the browser's confirm()). */
export function ConfirmDialog({
  title,
  confirmLabel,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
    onClose();
  };
  return (
    <Dialog title={title} open onClose={onClose}>
      <form onSubmit={(event) => void submit(event)}>
        {children}
        <DialogFooter onCancel={onClose} disabled={busy} danger>
          {confirmLabel}
        </DialogFooter>
      </form>
    </Dialog>
  );
}
