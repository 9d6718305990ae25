import type { ReactNode } from "react";
import type { Team } from "./sessionApi";
import { Field } from "./ui";

interface TeamSelectProps {
  label: string;
  /** The teams offered, in this order. */
  teams: readonly Team[];
  value: string;
  onChange: (value: string) => void;
  /** The first choice, with the empty value ("All teams", "None", "Choose a team…"); none when absent. */
  emptyLabel?: string;
  /** What a choice's value is: the team's id, or its slug (the moderation queue filters by slug, as the board's address does). */
  by?: "id" | "slug";
  required?: boolean;
  hint?: ReactNode;
}

/** A labelled team choice (label, hint and error wiring of Field), the same wherever a team is picked. */
export function TeamSelect({ label, teams, value, onChange, emptyLabel, by = "id", required, hint }: TeamSelectProps) {
  return (
    <Field label={label} hint={hint}>
      {(props) => (
        <select {...props} value={value} onChange={(event) => onChange(event.target.value)} required={required}>
          {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
          {teams.map((team) => (
            <option key={team.id} value={team[by]} dir="auto">
              {team.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
