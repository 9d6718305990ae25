import { Fragment, useEffect, useState } from "react";
import { listNewcomers, type Newcomer } from "./api";

/** Names shown before "and N more": one or two lines on a phone. */
const FIRST_NAMES = 8;
const DAY_MS = 24 * 60 * 60 * 1000;
const days = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

/** "today", "yesterday", "3 days ago": calendar days in the reader's time zone. */
function joinedDay(iso: string): string {
  const midnight = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  return days.format(-Math.round((midnight(new Date()) - midnight(new Date(iso))) / DAY_MS), "day");
}

/**
 * Who joined this team in the last 30 days (CONTRACT §5), for its signed-in readers: nobody is
 * added to a team, to fill its pulse group for instance, without the team seeing it. Asked once
 * the board's questions are in (`ready`), never before them, and once per team.
 */
export function Newcomers({ teamId, ready }: { teamId: string; ready: boolean }) {
  const [shown, setShown] = useState<{ teamId: string; people: Newcomer[] } | null>(null);
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (!ready || shown?.teamId === teamId) return;
    const controller = new AbortController();
    // A quiet extra: if it cannot be read, the board simply goes without it.
    listNewcomers(teamId, controller.signal).then(
      (people) => {
        setAll(false);
        setShown({ teamId, people });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [teamId, ready, shown?.teamId]);

  const people = shown?.teamId === teamId ? shown.people : [];
  if (people.length === 0) return null;
  const listed = all ? people : people.slice(0, FIRST_NAMES);
  return (
    <p className="hint newcomers">
      Joined this team in the last 30 days:{" "}
      {listed.map((person, index) => (
        <Fragment key={person.userId}>
          {index > 0 && ", "}
          <span dir="auto" className="newcomer-name">
            {person.name}
          </span>{" "}
          (<time dateTime={person.joinedAt}>{joinedDay(person.joinedAt)}</time>)
        </Fragment>
      ))}
      {listed.length < people.length && (
        <>
          {" "}
          <button type="button" className="link-button" onClick={() => setAll(true)}>
            and {people.length - listed.length} more
          </button>
        </>
      )}
    </p>
  );
}
