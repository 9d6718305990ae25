import { Dialog } from "../../shared/ui";
import { SHORTCUTS } from "./useShortcuts";

/** The help overlay ("?" or the Keyboard shortcuts button): every key of the moderation page. */
export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" open={open} onClose={onClose}>
      <dl className="shortcut-list">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.action} className="shortcut">
            <dt>
              {shortcut.keys.map((key) => (
                <kbd key={key}>{key}</kbd>
              ))}
            </dt>
            <dd>{shortcut.action}</dd>
          </div>
        ))}
      </dl>
      <p className="hint">Keys do nothing while you type in a field or hold Ctrl, Alt or ⌘. Esc closes a dialog.</p>
    </Dialog>
  );
}
