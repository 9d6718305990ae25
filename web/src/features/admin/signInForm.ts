import type { TenantSettings } from "../../shared/sessionApi";
import type { SettingsPatch } from "./api";

/**
 * Admin › Company sign-in: the OpenID Connect and SAML forms as typed, and the settings patch each
 * one saves. Field names are the settings' own, so the server's VALIDATION_FAILED details
 * ("body.auth.oidc.issuer") land on the field they are about.
 */
export type AuthSettings = TenantSettings["auth"];
export type OidcSettings = NonNullable<AuthSettings["oidc"]>;
export type SamlSettings = NonNullable<AuthSettings["saml"]>;

/** The server's defaults for a new provider (tenant-settings.schemas.ts). */
export const DEFAULT_BUTTON_LABEL = "Sign in with your company account";
export const DEFAULT_SCOPES = "openid email profile";

export interface OidcDraft {
  issuer: string;
  clientId: string;
  /** Write-only: empty keeps the stored secret. */
  clientSecret: string;
  /** Forget the stored secret: a public client, PKCE alone. */
  removeSecret: boolean;
  /** Space-separated, as people copy them from their provider's documentation. */
  scopes: string;
  buttonLabel: string;
}

export interface SamlDraft {
  entryPoint: string;
  idpCertificate: string;
  /** Our entity ID; empty for the default (the metadata address). */
  issuer: string;
  buttonLabel: string;
}

export const oidcDraftOf = (oidc: OidcSettings | null): OidcDraft => ({
  issuer: oidc?.issuer ?? "",
  clientId: oidc?.clientId ?? "",
  clientSecret: "",
  removeSecret: false,
  scopes: oidc ? oidc.scopes.join(" ") : DEFAULT_SCOPES,
  buttonLabel: oidc?.buttonLabel ?? DEFAULT_BUTTON_LABEL,
});

export const samlDraftOf = (saml: SamlSettings | null): SamlDraft => ({
  entryPoint: saml?.entryPoint ?? "",
  idpCertificate: saml?.idpCertificate ?? "",
  issuer: saml?.issuer ?? "",
  buttonLabel: saml?.buttonLabel ?? DEFAULT_BUTTON_LABEL,
});

export const sameDraft = <T extends object>(a: T, b: T) => JSON.stringify(a) === JSON.stringify(b);

/** The whole provider, so a first save creates it; the secret only when typed or removed (else the stored one stays). */
export function oidcPatch(draft: OidcDraft): SettingsPatch {
  const secret = draft.removeSecret ? { clientSecret: null } : draft.clientSecret.trim() ? { clientSecret: draft.clientSecret.trim() } : {};
  return {
    auth: {
      oidc: {
        issuer: draft.issuer.trim(),
        clientId: draft.clientId.trim(),
        scopes: draft.scopes.split(/\s+/).filter(Boolean),
        buttonLabel: draft.buttonLabel.trim(),
        ...secret,
      },
    },
  };
}

export function samlPatch(draft: SamlDraft): SettingsPatch {
  return {
    auth: {
      saml: {
        entryPoint: draft.entryPoint.trim(),
        idpCertificate: draft.idpCertificate.trim(),
        issuer: draft.issuer.trim() || null,
        buttonLabel: draft.buttonLabel.trim(),
      },
    },
  };
}

/** What a refusal says about requiring company sign-in, in words for the person who pressed the button. */
export const REQUIRE_SSO_REFUSED = "Company sign-in is required, so at least one provider must stay. Turn off “Require company sign-in” first.";
