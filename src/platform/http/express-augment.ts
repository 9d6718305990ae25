import type { RequestContext, Tenant } from "../context.js";
import type { TenantSettings } from "../tenant-settings.schemas.js";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      requestId: string;
      /** Set by tenant resolution. */
      tenant?: Tenant;
      tenantSettings?: TenantSettings;
      /** Set by authentication; every tenant route reads it through requestContext(). */
      ctx?: RequestContext;
      /**
       * What signed this request in, for what must end with it (a live stream ends when the
       * session or token does): the session id or the token id, and when it expires (epoch ms).
       */
      credential?: { kind: "session" | "bearer"; id: string; expiresAt: number };
    }
  }
}

declare module "express-session" {
  interface SessionData {
    user?: { id: string; email: string; name: string; role: string; tenantId: string };
    tenantSlug?: string;
    /** Epoch ms; fixed at login (SPEC: no idle extension). */
    expiresAt?: number;
    loginAt?: number;
    /**
     * An OAuth sign-in under way, per provider: the tenant it signs into and where to land
     * afterwards, fixed when the flow starts (the callback URL is the same for every tenant).
     */
    oauthPending?: Partial<Record<"github" | "google", { tenantId: string; returnTo: string | null; startedAt: number }>>;
    /**
     * An OpenID Connect sign-in under way: its tenant and landing path, and the values only this
     * browser may complete it with (state, nonce, PKCE verifier); `testBy` for an admin's test.
     */
    oidcPending?: {
      tenantId: string;
      returnTo: string | null;
      startedAt: number;
      state: string;
      nonce: string;
      codeVerifier: string;
      testBy: string | null;
    };
  }
}

export {};
