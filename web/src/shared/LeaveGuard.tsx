import { useEffect } from "react";
import { useBlocker } from "react-router";
import { Dialog, DialogFooter } from "./ui";

/**
 * Unsaved changes are not dropped silently: a link inside the app asks first (react-router's
 * blocker), and closing or reloading the tab gets the browser's own question.
 */
export function LeaveGuard({
  unsaved,
}: {
  /** What holds unsaved changes, as the sentence names it ("Questions", "the schedule"); empty when nothing does. */
  unsaved: string[];
}) {
  const when = unsaved.length > 0;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [when]);

  const open = blocker.state === "blocked";
  const stay = () => blocker.state === "blocked" && blocker.reset();
  return (
    <Dialog title="Leave without saving?" open={open} onClose={stay}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (blocker.state === "blocked") blocker.proceed();
        }}
      >
        <p>Your changes to {listOf(unsaved)} are not saved yet. If you leave now, they are lost.</p>
        <DialogFooter onCancel={stay} danger>
          Leave without saving
        </DialogFooter>
      </form>
    </Dialog>
  );
}

function listOf(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "this page";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
