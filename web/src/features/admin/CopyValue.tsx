import { useEffect, useState } from "react";
import { announce } from "../../shared/ui";

/** A value to paste into another system's settings, with its label and a button that copies it. */
export interface CopyableValue {
  label: string;
  /** Names the value in the copy button's name ("Copy redirect URI"). */
  name: string;
  value: string;
}

export function CopyValues({ values }: { values: CopyableValue[] }) {
  return (
    <dl className="scim-values copy-values">
      {values.map((item) => (
        <div key={item.name}>
          <dt>{item.label}</dt>
          <dd className="copy-value">
            <code className="token">{item.value}</code>
            <CopyButton name={item.name} value={item.value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The clipboard where the browser allows it; otherwise a prompt with the value selected, to copy by hand. */
export function CopyButton({ name, value }: { name: string; value: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2500);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      announce(`${name} copied`);
    } catch {
      window.prompt(`Copy the ${name}`, value);
    }
  };
  return (
    <button type="button" className="button-secondary button-small" onClick={() => void copy()}>
      {copied ? "Copied" : "Copy"}
      <span className="visually-hidden"> {name}</span>
    </button>
  );
}
