import { useId } from "react";
import type { TenantSettings } from "../../shared/sessionApi";
import type { SettingsPatch } from "./api";
import { ConnectionCard, useConnectionSave, type ConnectionCardProps } from "./ConnectionCard";
import { REQUIRE_SSO_REFUSED } from "./signInForm";

/** Saving and removing one identity provider; removing the last one is refused while company sign-in is required. */
export function useProviderSave({
  provider,
  ...rest
}: {
  provider: "oidc" | "saml";
  title: string;
  fields: readonly string[];
  settings: TenantSettings;
  save: (patch: SettingsPatch) => Promise<unknown>;
}) {
  return useConnectionSave({
    ...rest,
    prefix: `auth.${provider}`,
    rules: { "auth.requireSso": REQUIRE_SSO_REFUSED },
    removePatch: { auth: { [provider]: null } },
  });
}

/** One identity provider as a connection card, with a test sign-in in a new tab once saved. */
export function ProviderCard({
  testUrl,
  ...card
}: Omit<ConnectionCardProps, "states" | "valuesHeading" | "legend" | "removeLabel" | "actions" | "footer"> & { testUrl: string }) {
  const testHintId = useId();
  const testHint = !card.configured
    ? "Save first: the test uses the saved settings."
    : card.dirty
      ? "The test uses the saved settings, not the changes above."
      : "Opens in a new tab and reports what the provider sent; nobody is signed in.";

  return (
    <ConnectionCard
      {...card}
      states={{ on: "Set up", off: "Not set up" }}
      valuesHeading="Enter at your identity provider"
      legend="From your identity provider"
      removeLabel={`Remove ${card.title}`}
      actions={
        card.configured ? (
          <a className="button button-secondary" href={testUrl} target="_blank" rel="noopener noreferrer" aria-describedby={testHintId}>
            Test sign-in
          </a>
        ) : (
          <button type="button" className="button-secondary" disabled aria-describedby={testHintId}>
            Test sign-in
          </button>
        )
      }
      footer={
        <p id={testHintId} className="hint">
          {testHint}
        </p>
      }
    />
  );
}
