import { useState } from "react";
import { answer, api, errorMessage, type ApiAnswer } from "../../shared/api";
import { Notice } from "../../shared/ui";

type Result = ApiAnswer<"testSlackConnection">;

const testSlackConnection = () => answer(api.POST("/admin/integrations/slack/test"));

/** What Slack said, in a sentence: where the app is installed, or what to do about it. */
function sentence(result: Result): string {
  if (result.ok)
    return `Slack accepts the app: it is installed in ${result.workspace ?? "your workspace"} as @${result.botUser ?? "the bot"}, with every scope it needs.`;
  return result.error ?? "Slack did not accept the app.";
}

/**
 * "Test connection": asks Slack whether the saved bot token works and has the scopes the service
 * needs (POST /admin/integrations/slack/test), without messaging anyone. Uses the saved values.
 */
export function useSlackConnectionTest() {
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const run = async () => {
    setTesting(true);
    setOutcome(null);
    try {
      const result = await testSlackConnection();
      setOutcome({ kind: result.ok ? "ok" : "error", text: sentence(result) });
    } catch (caught) {
      setOutcome({ kind: "error", text: errorMessage(caught) });
    } finally {
      setTesting(false);
    }
  };
  return { testing, outcome, run, clear: () => setOutcome(null) };
}

export function SlackTestButton({ test, disabled, describedBy }: { test: ReturnType<typeof useSlackConnectionTest>; disabled: boolean; describedBy: string }) {
  return (
    <button type="button" className="button-secondary" onClick={() => void test.run()} disabled={disabled || test.testing} aria-describedby={describedBy}>
      {test.testing ? "Testing…" : "Test connection"}
    </button>
  );
}

export function SlackTestOutcome({ test, hintId, hint }: { test: ReturnType<typeof useSlackConnectionTest>; hintId: string; hint: string }) {
  return (
    <>
      <p id={hintId} className="hint">
        {hint}
      </p>
      {test.outcome && <Notice kind={test.outcome.kind === "ok" ? "success" : "error"}>{test.outcome.text}</Notice>}
    </>
  );
}
