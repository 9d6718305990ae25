/**
 * The API's paths, operations and shapes for the web app's client (web/src/shared/api.ts), generated
 * by openapi-typescript from the service's /openapi.json (src/platform/openapi.ts, built from the
 * routes' zod schemas). Do not edit: run `npm run gen:api-types`.
 */
export interface paths {
  "/auth/modes": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Sign-in modes enabled on this server (the login page renders from this)
     * @description Access: public.
     */
    get: operations["getAuthModes"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/demo": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Demo sign-in as a seeded user; redirects to the web app with ?demo=true
     * @description Unknown username: 404 NOT_FOUND. Demo mode off: 403 DEMO_DISABLED; the tenant requires company sign-in: 403 SSO_REQUIRED. No session is created on failure. The redirect goes to FRONTEND_URL when it is set, else to a path (`/?demo=true`, or `returnTo`) on the address the browser used. 429 RATE_LIMITED past 5 attempts in 5 minutes per IP and tenant (production).
     *
     *     Access: public.
     */
    get: operations["signInDemo"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/me": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The signed-in user and tenant
     * @description Access: any signed-in user.
     */
    get: operations["getMe"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/me/teams": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The signed-in user's team memberships, and where they hold moderator powers
     * @description `canModerate` follows CONTRACT §2: admins and owners everywhere; a moderator (tenant role, or moderator membership) in the teams they belong to. Admins and owners are listed with their memberships only, but moderate every team.
     *
     *     Access: any signed-in user.
     */
    get: operations["listMyTeams"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/session": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Who is asking: the signed-in user and their memberships, or `me: null` for a visitor
     * @description GET /auth/me and GET /auth/me/teams in one answer that never refuses: a page asking whether someone is signed in gets 200 either way, so a visitor's browser logs no failed request.
     *
     *     Access: public.
     */
    get: operations["getSession"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/csrf": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * CSRF token for state-changing requests (send it as x-csrf-token)
     * @description Signed in by the session cookie: the token bound to that session (the same one for the session's life). A visitor gets `null` and no session is stored: a request without a signed-in session needs no token.
     *
     *     Access: public.
     */
    get: operations["getCsrfToken"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/logout": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ends the session and clears its cookie
     * @description Access: public.
     */
    post: operations["logout"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/github": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Starts sign-in with GitHub: redirects to the provider
     * @description Scopes: user:email. The tenant is fixed here (`tenant`, else the request's tenant). The state, tenant and returnTo are kept in a session that lasts 10 minutes unless the sign-in completes. Failures end on an HTML page for browsers (Accept: text/html), else the JSON error body. 404 NOT_FOUND when the provider is not configured; 403 SSO_REQUIRED when the tenant signs in only with its company account (auth.requireSso); 429 RATE_LIMITED past 5 attempts in 5 minutes (production).
     *
     *     Access: public.
     */
    get: operations["startGitHubSignIn"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/github/callback": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * GitHub comes back here: signs in (creating the user at first login) and redirects to the web app
     * @description Needs `code` (or the provider's `error`) and the `state` issued at the start, in the same browser session. Failures: 400 VALIDATION_FAILED (no code), 403 OAUTH_STATE_INVALID (also after 10 minutes), 401 OAUTH_DENIED (consent refused), 401 OAUTH_FAILED (code or client refused by the provider), 403 EMAIL_REQUIRED (no verified address: GitHub's e-mail list lists none or may not be read, or Google's email is not verified), 403 ACCOUNT_DEACTIVATED, 403 SIGNUP_NOT_ALLOWED (a new person the tenant's users.signup policy does not let in), 409 ACCOUNT_EXISTS (the email signs in another way), 502 OAUTH_PROVIDER_UNAVAILABLE (also: GitHub's e-mail list failed), 429 RATE_LIMITED. An HTML page for browsers, else the JSON error body.
     *
     *     Access: public.
     */
    get: operations["completeGitHubSignIn"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/google": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Starts sign-in with Google: redirects to the provider
     * @description Scopes: profile, email. The tenant is fixed here (`tenant`, else the request's tenant). The state, tenant and returnTo are kept in a session that lasts 10 minutes unless the sign-in completes. Failures end on an HTML page for browsers (Accept: text/html), else the JSON error body. 404 NOT_FOUND when the provider is not configured; 403 SSO_REQUIRED when the tenant signs in only with its company account (auth.requireSso); 429 RATE_LIMITED past 5 attempts in 5 minutes (production).
     *
     *     Access: public.
     */
    get: operations["startGoogleSignIn"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/google/callback": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Google comes back here: signs in (creating the user at first login) and redirects to the web app
     * @description Needs `code` (or the provider's `error`) and the `state` issued at the start, in the same browser session. Failures: 400 VALIDATION_FAILED (no code), 403 OAUTH_STATE_INVALID (also after 10 minutes), 401 OAUTH_DENIED (consent refused), 401 OAUTH_FAILED (code or client refused by the provider), 403 EMAIL_REQUIRED (no verified address: GitHub's e-mail list lists none or may not be read, or Google's email is not verified), 403 ACCOUNT_DEACTIVATED, 403 SIGNUP_NOT_ALLOWED (a new person the tenant's users.signup policy does not let in), 409 ACCOUNT_EXISTS (the email signs in another way), 502 OAUTH_PROVIDER_UNAVAILABLE (also: GitHub's e-mail list failed), 429 RATE_LIMITED. An HTML page for browsers, else the JSON error body.
     *
     *     Access: public.
     */
    get: operations["completeGoogleSignIn"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/oidc": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Starts sign-in with the tenant's OpenID Connect provider: redirects to it
     * @description The tenant is fixed here (`tenant`, else the request's). Authorization code flow with PKCE (S256), `state` and `nonce`, kept in a session that lasts 10 minutes unless the sign-in completes. `test=true` (an admin or owner of the tenant, signed in) runs a test sign-in: the callback then shows what the provider answered and signs nobody in. 404 NOT_FOUND when the tenant has no OpenID Connect provider; 403 FORBIDDEN for a test by anyone else; 502 OAUTH_PROVIDER_UNAVAILABLE when the provider cannot be discovered; 429 RATE_LIMITED (production).
     *
     *     Access: public.
     */
    get: operations["startOidcSignIn"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/oidc/callback": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The OpenID provider comes back here: checks the ID token, signs in (creating or linking the user) and redirects to the web app
     * @description Needs the `state` issued at the start, in the same browser session, within 10 minutes. The ID token must be signed by the issuer's keys (its JWKS; `alg: none` and HMAC are refused), for this client (`aud`), from the configured issuer (`iss`), unexpired, with the nonce of the start. The address must be verified (`email_verified`). Failures: 403 OAUTH_STATE_INVALID, 401 OAUTH_DENIED (the person cancelled), 401 OAUTH_FAILED (the provider refused the code or the client), 401 OIDC_TOKEN_INVALID (the ID token failed a check), 403 EMAIL_REQUIRED, 403 ACCOUNT_DEACTIVATED, 403 SIGNUP_NOT_ALLOWED, 404 NOT_FOUND (no provider any more), 502 OAUTH_PROVIDER_UNAVAILABLE, 429 RATE_LIMITED. A test sign-in answers 200 with a page of what the provider answered.
     *
     *     Access: public.
     */
    get: operations["completeOidcSignIn"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/saml": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Starts sign-in with the tenant's SAML identity provider: redirects there with an AuthnRequest
     * @description HTTP-Redirect binding; the request's random ID is kept for 10 minutes with the tenant (`tenant`, else the request's), `returnTo` and, for `test=true`, the administrator testing. Failures end on an HTML page for browsers (Accept: text/html), else the JSON error body.
     *
     *     Access: public.
     */
    get: operations["startSamlSignIn"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/saml/callback": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The assertion consumer service: verifies the identity provider's signed answer, signs in and redirects to the web app
     * @description The identity provider's page posts `SAMLResponse` (HTTP-POST binding); no CSRF token is needed, the session cookie does not come along, and the tenant is that of the request the answer names (InResponseTo, usable once). Checked: the signature (of the Response or of the assertion) with the tenant's idpCertificate, audience = our entity ID, Recipient and Destination = this address, the validity window (1 minute of clock skew), and a replayed assertion. A test sign-in answers 200 with a report page and signs nobody in. An HTML page for browsers on failure, else the JSON error body.
     *
     *     Access: public.
     */
    post: operations["completeSamlSignIn"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/saml/metadata": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Our SAML service provider metadata for the tenant (entity ID, ACS with HTTP-POST, NameID format emailAddress)
     * @description For identity providers that import it. The tenant: `tenant`, else the request's.
     *
     *     Access: public.
     */
    get: operations["getSamlMetadata"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/tokens": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Your API tokens (never their secrets), newest first
     * @description Access: any signed-in user.
     */
    get: operations["listApiTokens"];
    put?: never;
    /**
     * Creates an API token acting as you; the secret is in this response only
     * @description Needs a signed-in session (403 FORBIDDEN with a bearer token). 409 TOKEN_LIMIT past 50 tokens.
     *
     *     Access: any signed-in user.
     */
    post: operations["createApiToken"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/tokens/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revokes one of your API tokens at once
     * @description 404 NOT_FOUND for a token that is not yours.
     *
     *     Access: any signed-in user.
     */
    delete: operations["revokeApiToken"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/tenant": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The tenant's name, address, branding and the question rules the web app follows
     * @description Public (the sign-in page is themed too). Only what any participant may know: question length bounds, whether anonymous questions and approval are on, branding, and whether the pulse is enabled. The full settings are at /admin/tenant-settings.
     *
     *     Access: public.
     */
    get: operations["getTenant"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/teams": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Teams of the tenant
     * @description Permission `qa.read`: viewer and above, or a visitor while the tenant allows anonymous questions.
     */
    get: operations["listTeams"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/teams": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Creates a team
     * @description Slug: lowercase letters, digits and hyphens, unique in the tenant (409 DUPLICATE), not a reserved path. Audited as `team.create`.
     *
     *     Permission `team.create`: admin and above.
     */
    post: operations["createTeam"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/teams/{teamId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Renames a team or changes its slug or description (any subset)
     * @description Permission `team.create` covers changing and deleting teams as well. Audited as `team.update` with the changed fields.
     *
     *     Permission `team.create`: admin and above.
     */
    put: operations["updateTeam"];
    post?: never;
    /**
     * Deletes a team; a team with questions needs ?moveQuestionsTo=<teamId>
     * @description A team that still has questions is refused with 409 TEAM_NOT_EMPTY unless `moveQuestionsTo` names another team of the tenant: its questions (any status, with votes, tags and answers) move there, then the team is deleted, in one transaction. Memberships are deleted; members whose primary team it was keep no primary team; pulse questions, invites and responses of the team stay without a team; a tenant default team (`users.defaultTeamId`) is reset to null. Audited as `team.delete`.
     *
     *     Permission `team.create`: admin and above.
     */
    delete: operations["deleteTeam"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/teams/{teamId}/newcomers": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Who joined the team in the last 30 days
     * @description Active members whose membership, or account, is at most 30 days old; `joinedAt` is the later of the two. Newest first, at most 50. Any signed-in user of the tenant (visitors 401): the team sees who joined, so accounts made to fill a pulse group are made in plain view (CONTRACT §5).
     *
     *     Access: any signed-in user.
     */
    get: operations["listTeamNewcomers"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/teams/{teamId}/members": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Members of a team with their membership role
     * @description Permission `member.view.all`: admin and above.
     */
    get: operations["listTeamMembers"];
    put?: never;
    /**
     * Adds a user to a team
     * @description Already a member: 409 DUPLICATE. Audited as `team_member.add` (entity: the team).
     *
     *     Permission `member.add`: admin and above.
     */
    post: operations["addTeamMember"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/teams/{teamId}/members/{userId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Changes a member's role in the team
     * @description Audited as `team_member.role_change` with the old and new role.
     *
     *     Permission `member.edit`: owner and above.
     */
    put: operations["updateTeamMember"];
    post?: never;
    /**
     * Removes a user from a team
     * @description If it was the user's primary team, the user has no primary team afterwards. Audited as `team_member.remove`.
     *
     *     Permission `member.remove`: owner and above.
     */
    delete: operations["removeTeamMember"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/tags": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Tags of the tenant
     * @description Permission `qa.read`: viewer and above, or a visitor while the tenant allows anonymous questions.
     */
    get: operations["listTags"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/tags": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a tag
     * @description Names are unique per tenant, ignoring case (409 DUPLICATE). Colours are hex, #rgb or #rrggbb (stored as #rrggbb).
     *
     *     Permission `admin.access`: admin and above.
     */
    post: operations["createTag"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/tags/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Rename or recolour a tag
     * @description The `Currently Presenting` tag may be recoloured but not renamed (409 PROTECTED_TAG).
     *
     *     Permission `admin.access`: admin and above.
     */
    put: operations["updateTag"];
    post?: never;
    /**
     * Delete a tag (it is removed from every question)
     * @description The `Currently Presenting` tag cannot be deleted (409 PROTECTED_TAG).
     *
     *     Permission `admin.access`: admin and above.
     */
    delete: operations["deleteTag"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/questions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List questions (filters, full-text search, sort, paging)
     * @description Default: OPEN and ANSWERED questions, pinned first, then most upvoted, then oldest. `status` takes one status or a comma-separated list; UNDER_REVIEW ones are returned only to the team's moderators, admins and their author. `search` is full-text with stemming and prefix matching on every word, ranked (sort `relevance` by default when searching). `limit` defaults to 50 and is capped at 200.
     *
     *     Permission `qa.read`: viewer and above, or a visitor while the tenant allows anonymous questions.
     */
    get: operations["listQuestions"];
    put?: never;
    /**
     * Submit a question
     * @description Length bounds from the tenant's questions.minLength/maxLength, in visible characters (CONTRACT §3). Goes to UNDER_REVIEW when approval is required or the content check flags it; 422 CONTENT_REJECTED when the check is confident; 409 QUEUE_FROZEN when the team's queue is frozen. Visitors may submit (anonymously) while the tenant allows anonymous questions; a signed-in member may always send `anonymous: true`.
     *
     *     Permission `question.submit`: member and above, or a visitor while the tenant allows anonymous questions.
     */
    post: operations["submitQuestion"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/questions/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One question
     * @description Permission `qa.read`: viewer and above, or a visitor while the tenant allows anonymous questions.
     */
    get: operations["getQuestion"];
    /**
     * Edit a question (its author, or a moderator of its team)
     * @description Access: any signed-in user. Then, about the record it names (403 otherwise): Only the author, a moderator of this team or an admin can change this question.
     */
    put: operations["editQuestion"];
    post?: never;
    /**
     * Delete a question (its author, or a moderator of its team)
     * @description Access: any signed-in user. Then, about the record it names (403 otherwise): Only the author, a moderator of this team or an admin can change this question.
     */
    delete: operations["deleteQuestion"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/questions/{id}/upvote": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upvote (once per user; repeating it changes nothing)
     * @description Permission `question.upvote`: member and above.
     */
    post: operations["upvoteQuestion"];
    /**
     * Remove one's upvote
     * @description Permission `question.upvote`: member and above.
     */
    delete: operations["removeUpvote"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/questions/{id}/answer": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Answer (again: edit the answer)
     * @description Permission `question.answer`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Only a moderator of this team or an admin can do this.
     */
    post: operations["answerQuestion"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/questions/{id}/reopen": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Reopen an answered question (back to OPEN, its answer cleared; the audit entry keeps it)
     * @description Permission `question.answer`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Only a moderator of this team or an admin can do this.
     */
    post: operations["reopenQuestion"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/questions/{id}/pin": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Pin or unpin
     * @description Permission `question.answer`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Only a moderator of this team or an admin can do this.
     */
    post: operations["pinQuestion"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/questions/{id}/freeze": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Freeze or unfreeze a question (a frozen question takes no upvotes and no answer)
     * @description Permission `question.answer`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Only a moderator of this team or an admin can do this.
     */
    post: operations["freezeQuestion"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/teams/{teamId}/freeze": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Freeze or unfreeze a team's queue (a frozen queue accepts no new questions)
     * @description Permission `question.answer`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Only a moderator of this team or an admin can do this.
     */
    post: operations["freezeTeamQueue"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/questions/{id}/tags": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Tag a question (the `Currently Presenting` tag drives presenter mode)
     * @description Adding a tag the question already has changes nothing. `Currently Presenting` is held by at most one question per team: tagging a question with it moves the tag, removing it from the team's other questions (each audited and announced with its `question:untagged` event).
     *
     *     Permission `question.answer`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Only a moderator of this team or an admin can do this.
     */
    post: operations["tagQuestion"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/questions/{id}/tags/{tagId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a tag from a question
     * @description Permission `question.answer`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Only a moderator of this team or an admin can do this.
     */
    delete: operations["untagQuestion"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/questions/{id}/approve": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Approve a question in review (optionally with an edited body)
     * @description Permission `question.answer`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Only a moderator of this team or an admin can do this.
     */
    post: operations["approveQuestion"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/questions/{id}/reject": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Reject a question in review (it is deleted)
     * @description Permission `question.answer`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Only a moderator of this team or an admin can do this.
     */
    post: operations["rejectQuestion"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/me/questions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The questions the signed-in user asked, newest first, in every status (anonymous ones too), with their team
     * @description Only the caller's own questions, at most 100. Questions still under review are listed for their author as on the board.
     *
     *     Access: any signed-in user.
     */
    get: operations["listMyQuestions"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/polls": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A team's polls (paged): the open one first, then drafts in order, then closed ones, latest first
     * @description Drafts are listed only to the team's moderators and admins. `myVote` is the caller's own vote (a visitor's by their browser's vote cookie).
     *
     *     Permission `qa.read`: viewer and above, or a visitor while the tenant allows anonymous questions.
     */
    get: operations["listPolls"];
    put?: never;
    /**
     * Write a poll (a draft: nothing of it goes out until it opens)
     * @description Permission `poll.manage`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Only a moderator of this team or an admin can do this.
     */
    post: operations["createPoll"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/polls/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One poll, with the caller's own vote
     * @description Permission `qa.read`: viewer and above, or a visitor while the tenant allows anonymous questions.
     */
    get: operations["getPoll"];
    /**
     * Edit a draft (replaced whole)
     * @description Permission `poll.manage`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Only a moderator of this team or an admin can do this.
     */
    put: operations["editPoll"];
    post?: never;
    /**
     * Delete a poll and its votes
     * @description Permission `poll.manage`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Only a moderator of this team or an admin can do this.
     */
    delete: operations["deletePoll"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/polls/{id}/open": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Open a draft or a closed poll (the team's other open poll closes: one open poll per team)
     * @description Permission `poll.manage`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Only a moderator of this team or an admin can do this.
     */
    post: operations["openPoll"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/polls/{id}/close": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Close an open poll: it takes no more votes
     * @description Permission `poll.manage`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Only a moderator of this team or an admin can do this.
     */
    post: operations["closePoll"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/polls/{id}/results": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A poll's results (moderators always; others while they are shown to the room)
     * @description Single and multiple: votes per option, in the poll's order. Rating: the average and the votes per score. Words: case-folded, the most frequent first, at most 100.
     *
     *     Permission `qa.read`: viewer and above, or a visitor while the tenant allows anonymous questions.
     */
    get: operations["getPollResults"];
    put?: never;
    /**
     * Show the results to the room, or hide them (moderators always see them)
     * @description Permission `poll.manage`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Only a moderator of this team or an admin can do this.
     */
    post: operations["setPollResultsVisible"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/polls/reorder": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Order a team's drafts (the listed ones first, in this order); answers the drafts in their new order
     * @description Permission `poll.manage`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Only a moderator of this team or an admin can do this.
     */
    post: operations["reorderPolls"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/polls/{id}/duplicate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A new draft with this poll's title, type and choices, after the team's drafts
     * @description Permission `poll.manage`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Only a moderator of this team or an admin can do this.
     */
    post: operations["duplicatePoll"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/polls/{id}/votes": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Vote (again while open: replaces one's vote)
     * @description The body is the poll type's: `{optionIds}` (single: exactly one; multiple: 1..maxChoices distinct options of this poll), `{rating}` (1..scaleMax) or `{text}` (words: 1..40 visible characters, content checked). Anonymous: the vote is stored under a keyed hash of (poll, voter), never the user. A visitor (where the tenant lets visitors read the board) votes once per browser: the first vote sets the signed `qa.voter` cookie. Rate limited like upvotes (security.rateLimits.upvotesPerMinute).
     *
     *     Permission `poll.vote`: viewer and above, or a visitor while the tenant allows anonymous questions.
     */
    post: operations["votePoll"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Live events of the tenant (text/event-stream)
     * @description Each message is `id: <n>` and `data: <json>` with `{type, tenantId, data, timestamp}`; a `heartbeat` every 30 s. Every event type and its payload are described at `/asyncapi.json` (AsyncAPI 3). Reconnect with `Last-Event-ID` to receive the events missed meanwhile. `tenant` must name the session's tenant (403 otherwise). A stream ends within 5 s of what opened it: logout, the session's expiry, deactivation or deletion of the user, revocation or expiry of the API token. At most 20 streams per user at once: 429 RATE_LIMITED for the next.
     *
     *     Access: any signed-in user.
     */
    get: operations["streamEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/pulse/questions/{id}/email-preview": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The pulse e-mail of a question as its invitees get it, for a sample recipient, with links that answer nothing
     * @description Rendered by the real template (one link per score of the question's scale); the links carry no invite's token.
     *
     *     Permission `admin.access`: admin and above.
     */
    get: operations["previewPulseQuestionEmail"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/pulse/questions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Pulse questions, active and inactive, in rotation (creation) order
     * @description Permission `admin.access`: admin and above.
     */
    get: operations["listPulseQuestions"];
    put?: never;
    /**
     * Creates a pulse question (text of at most 200 characters; optionally for one team)
     * @description Permission `admin.access`: admin and above.
     */
    post: operations["createPulseQuestion"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/pulse/questions/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Changes a pulse question's text, team, scale or active flag (fields not sent stay as they are)
     * @description active false retires the question, true asks it again. The scale can change only until the question is first asked.
     *
     *     Permission `admin.access`: admin and above.
     */
    put: operations["updatePulseQuestion"];
    post?: never;
    /**
     * Deactivates a pulse question (it leaves the rotation; its responses stay)
     * @description Permission `admin.access`: admin and above.
     */
    delete: operations["deletePulseQuestion"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/pulse/schedule": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The tenant's pulse schedule
     * @description Permission `admin.access`: admin and above.
     */
    get: operations["getPulseSchedule"];
    /**
     * Replaces the pulse schedule (send time in the given IANA time zone, cadence, cohorts)
     * @description numCohorts is 1 to 6: Monday to Friday pick cohorts 0 to 4 (modulo numCohorts) and the weekend the last one.
     *
     *     Permission `admin.access`: admin and above.
     */
    put: operations["updatePulseSchedule"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/pulse/cohorts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every cohort with its active members (cohort-<n>, n = sha256(userId) mod numCohorts)
     * @description Permission `admin.access`: admin and above.
     */
    get: operations["listPulseCohorts"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/pulse/send-preview": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What running today's pulse now would do, without sending: today's cohort, how many are due, and why none when none
     * @description Reads only. `due` is the number of invites POST /admin/pulse/run would create at this moment; when it is 0, `reason` says why (the pulse is off, no question, today's run already happened, everyone in the cohort was asked this period...).
     *
     *     Permission `admin.access`: admin and above.
     */
    get: operations["previewPulseRun"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/pulse/run": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Runs today's pulse send for this tenant now (once per local date, like the scheduler)
     * @description Sends even when the schedule's automatic sending is off. A second run on the same local date answers {cohort, invitesCreated: 0, alreadyRan: true}. 409 when the pulse cannot be sent (disabled, no question, ...).
     *
     *     Permission `admin.access`: admin and above.
     */
    post: operations["runPulse"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/pulse/comments": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Released pulse comments of a team (or all), newest week first, with unread markers
     * @description Permissions as /pulse/summary: admins and owners any team or all; a moderator `team` = one of their teams. Only released comments, dated by the ISO week of their release.
     *
     *     Permission `pulse.summary`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Admins see the pulse of any team or of all; a moderator, of their own teams only: add team=<teamId>.
     */
    get: operations["listPulseComments"];
    put?: never;
    /**
     * The respondent's comment on their answer, by the conversation capability the answer gave
     * @description One comment per answer (again: 409 COMMENT_EXISTS), possible within 24 hours of the answer and before its batch is released (after: 409 COMMENTS_CLOSED). It waits sealed with the answer and is released to the team's leads with its batch, never before and never with anything that names the respondent. Checked for content (422 CONTENT_REJECTED). Not audited.
     *
     *     Access: public.
     */
    post: operations["commentOnPulseAnswer"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/pulse/conversations/{capability}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The respondent's private conversation: the question, their comment and the replies
     * @description Authenticated by the capability alone. The leads' replies carry their names; the respondent is never named.
     *
     *     Access: public.
     */
    get: operations["getPulseConversation"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/pulse/conversations/{capability}/replies": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The respondent answers the leads, as “a colleague”
     * @description Once the comment is released (before: 409 COMMENT_NOT_RELEASED). Checked for content; not audited.
     *
     *     Access: public.
     */
    post: operations["replyInPulseConversation"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/pulse/follow-ups": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * One of the answer's follow-up questions, answered with its conversation capability
     * @description Each follow-up is its own anonymous answer: sealed, waiting in its own (question, team) group and released with it, counting toward k as the first answer does; nothing links it to the first answer. Once per question (again: 409 FOLLOW_UP_ANSWERED), within 24 hours of the answer (after: 409 FOLLOW_UPS_CLOSED). A question not offered: 404.
     *
     *     Access: public.
     */
    post: operations["answerPulseFollowUp"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/pulse/comments/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A released comment with its conversation (reading it marks it read for you)
     * @description Permission `pulse.summary`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Admins see the pulse of any team or of all; a moderator, of their own teams only: add team=<teamId>.
     */
    get: operations["getPulseComment"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/pulse/comments/{id}/replies": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A lead's reply to a released comment, shown to its writer with the lead's name
     * @description Audited (pulse.comment.reply). Checked for content (422 CONTENT_REJECTED).
     *
     *     Permission `pulse.summary`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Admins see the pulse of any team or of all; a moderator, of their own teams only: add team=<teamId>.
     */
    post: operations["replyToPulseComment"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/pulse/respond": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One-tap pulse answer from the email link: takes the anonymous answer and shows a confirmation page
     * @description HTML for people; JSON with `Accept: application/json`. The answer is held for 60 s against link scanners: it counts once no other score of the same link has come within 60 s; two different scores within 60 s keep nothing and leave the link usable (answer `unconfirmed`). A prefetch or preview (Sec-Purpose, Purpose or X-Purpose naming prefetch or preview, X-Moz: prefetch, link-preview agents) records nothing and gets a page to confirm. Unknown, used, expired or malformed token: 400 `Invalid or expired invite`. Score missing or off the question's scale (1..5 for agree5 and emoji5, 0..10 for enps11): 400 VALIDATION_FAILED and the invite stays open. HEAD answers 200 and never consumes the invite. Authenticated by the token alone.
     *
     *     Access: public.
     */
    get: operations["respondToPulseLink"];
    put?: never;
    /**
     * The same answer for the web app: {token, score}
     * @description Held against link scanners exactly as the link's answer (see respondToPulseLink).
     *
     *     Access: public.
     */
    post: operations["respondToPulse"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/pulse/privacy": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What protects a pulse answer in this organisation, and what changed about it in the last 30 days
     * @description For everyone signed in: the group size k, the tenure an invitee needs for their answer to count toward k, and every change of either in the last 30 days (from the audit log, which nobody can edit).
     *
     *     Access: any signed-in user.
     */
    get: operations["getPulsePrivacy"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/pulse/summary": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Anonymous pulse aggregates: totals, participation, per question average, weekly trend and teams
     * @description Counts released responses only: an answer waits until its (question, team) group has pulse.anonThreshold answers, then all of them count together in the ISO week (UTC) of their release, so no figure and no difference of figures is about fewer people. waitingResponses tells how many answers wait. Admins and owners: any team or all; a moderator: `team` = one of their teams; others 403.
     *
     *     Permission `pulse.summary`: admin and above, or a moderator of the team concerned. Then, about the record it names (403 otherwise): Admins see the pulse of any team or of all; a moderator, of their own teams only: add team=<teamId>.
     */
    get: operations["getPulseSummary"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/users": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Users of the tenant (deactivated ones included, flagged)
     * @description Permission `member.view.all`: admin and above.
     */
    get: operations["listUsers"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/users": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Creates a user, who signs in with GitHub or Google using that email address
     * @description Role and primary team default to the tenant's `users.defaultRole` and `users.defaultTeamId`; the primary team also gets a membership. Only an owner grants owner or admin (else 403). Email already used in the tenant: 409 DUPLICATE. Audited as `user.create`.
     *
     *     Permission `member.add`: admin and above.
     */
    post: operations["createUser"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/users/import": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Creates and updates people from a CSV file (header email,name,role,team), all or nothing
     * @description A row per person; `team` is a team's name or slug (empty: no primary team), `role` one the caller may grant. At most 10000 rows and 5 MB. A new email is `created` (as POST /admin/users, audited `user.create`); an existing one is `updated` when its name, role or team differ (owners only, as PUT /admin/users/:id, audited `user.update`), else `unchanged`. Errors, each with its row: a duplicate email in the file, an unknown team, an invalid email, name or role, a cell starting with a formula character (= + - @ tab CR), a deactivated person (reactivate them first). `dryRun=true` answers the decisions and writes nothing. Otherwise any error imports nothing (422 IMPORT_REJECTED, details: the rows in error); a success is audited once more as `user.import`.
     *
     *     Permission `member.add`: admin and above.
     */
    post: operations["importUsers"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/users/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Changes a user's name, email, primary team, role or deactivation (any subset)
     * @description A deactivated user's sessions and tokens stop working at once; `deactivated: false` reactivates. Demoting or deactivating the last active owner: 409 LAST_OWNER. Audited as `user.update` with the changed fields.
     *
     *     Permission `member.edit`: owner and above. Then, about the record it names (403 otherwise): You cannot change a user whose role is above yours.
     */
    put: operations["updateUser"];
    post?: never;
    /**
     * Deletes a user
     * @description The user's questions remain, anonymised; answers remain without responder; pulse responses and audit entries remain. Memberships, upvotes (counts are corrected), pulse invites and API tokens are deleted. The last active owner: 409 LAST_OWNER. Audited as `user.delete`.
     *
     *     Permission `member.remove`: owner and above. Then, about the record it names (403 otherwise): You cannot change a user whose role is above yours.
     */
    delete: operations["deleteUser"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/auth/me/email-preferences": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Whether the signed-in user gets the organisation's messages (answers to their questions, the weekly pulse), and where answers reach them
     * @description Access: any signed-in user.
     */
    get: operations["getMyEmailPreferences"];
    /**
     * Turns the signed-in user's messages on or off, or chooses where answers to their questions reach them
     * @description Idempotent: setting the current choice again changes nothing and writes no audit entry. `emails` is audited as `user.email_unsubscribe` or `user.email_resubscribe`. 409 SLACK_NOT_CONNECTED for `answersVia: slack` while the organisation has no Slack app connected.
     *
     *     Access: any signed-in user.
     */
    put: operations["setMyEmailPreferences"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/tenant-settings": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The tenant's settings, every field present (SPEC's defaults where never changed)
     * @description Permission `admin.access`: admin and above.
     */
    get: operations["getTenantSettings"];
    put?: never;
    /**
     * Changes some settings: deep-merges the body into the saved settings and returns the full result
     * @description The merged whole is validated (types, enums, hex colours, http(s) URLs, HH:mm, positive limits, questions.minLength <= maxLength, auth.requireSso only with auth.oidc or auth.saml, pulse.channelSlack only with slack); unknown keys are 400. `auth.oidc.clientSecret`, `slack.botToken` and `slack.signingSecret` are write-only: stored sealed, answered only as `clientSecretSet`, `botTokenSet`, `signingSecretSet`. `users.defaultTeamId` must name a team of the tenant (else 404). Audited as `settings.update` with the full before/after and `metadata.changed` (dotted paths). A body that changes nothing writes nothing.
     *
     *     Permission `admin.access`: admin and above.
     */
    post: operations["updateTenantSettings"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/sign-in": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The values to enter at the tenant's identity provider (OpenID Connect redirect URI; SAML entity ID, ACS and metadata URLs)
     * @description Permission `admin.access`: admin and above.
     */
    get: operations["getCompanySignInValues"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/audit-logs/filters": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The actions and entity types the audit log can hold (the values its filters take)
     * @description Permission `audit.view`: admin and above.
     */
    get: operations["listAuditLogFilters"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/audit-logs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Audit log of the tenant
     * @description Newest first. Filters: `userId`, `action` (exact, or a prefix ending in `*`), `entityType`, `entityId`, `startDate`, `endDate` (ISO dates or date-times, both inclusive; a date-only endDate includes that whole UTC day). Paging: `limit` (default 50, capped at 500) and `offset` (default 0). Accepts a bearer token (`Authorization: Bearer ...`) as well as a session. Entries cannot be changed or deleted through any path.
     *
     *     Permission `audit.view`: admin and above.
     */
    get: operations["listAuditLogs"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/audit": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Audit log (alias of /admin/audit-logs)
     * @description Newest first. Filters: `userId`, `action` (exact, or a prefix ending in `*`), `entityType`, `entityId`, `startDate`, `endDate` (ISO dates or date-times, both inclusive; a date-only endDate includes that whole UTC day). Paging: `limit` (default 50, capped at 500) and `offset` (default 0). Accepts a bearer token (`Authorization: Bearer ...`) as well as a session. Entries cannot be changed or deleted through any path.
     *
     *     Permission `audit.view`: admin and above.
     */
    get: operations["listAuditLogsAlias"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/export/questions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Exports the tenant's questions (every status), oldest first
     * @description Streamed as `text/csv` (default) or `application/json` (`format=json`: an array of the documented objects), as an attachment. CSV: one header row; lists as `a; b`, objects as JSON text; a cell starting with `=`, `+`, `-`, `@`, tab or CR is prefixed with `'` so spreadsheets never run it as a formula. Audited as `data.export` with the filters. Anonymous questions carry no author, for admins too.
     *
     *     Permission `data.export`: admin and above.
     */
    get: operations["exportQuestions"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/export/audit-logs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Exports the audit log, newest first, with the filters of GET /admin/audit-logs (no paging)
     * @description Streamed as `text/csv` (default) or `application/json` (`format=json`: an array of the documented objects), as an attachment. CSV: one header row; lists as `a; b`, objects as JSON text; a cell starting with `=`, `+`, `-`, `@`, tab or CR is prefixed with `'` so spreadsheets never run it as a formula. Audited as `data.export` with the filters.
     *
     *     Permission `data.export`: admin and above.
     */
    get: operations["exportAuditLogs"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/export/users": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Exports the tenant's users with their teams, oldest first
     * @description Streamed as `text/csv` (default) or `application/json` (`format=json`: an array of the documented objects), as an attachment. CSV: one header row; lists as `a; b`, objects as JSON text; a cell starting with `=`, `+`, `-`, `@`, tab or CR is prefixed with `'` so spreadsheets never run it as a formula. Audited as `data.export` with the filters.
     *
     *     Permission `data.export`: admin and above.
     */
    get: operations["exportUsers"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/export/pulse": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Exports the pulse aggregates of GET /pulse/summary: one row per figure, suppressed exactly as there
     * @description Streamed as `text/csv` (default) or `application/json` (`format=json`: an array of the documented objects), as an attachment. CSV: one header row; lists as `a; b`, objects as JSON text; a cell starting with `=`, `+`, `-`, `@`, tab or CR is prefixed with `'` so spreadsheets never run it as a formula. Audited as `data.export` with the filters. Rows: the tenant's totals (scope summary), then per question its overall figure, its teams and its weeks. No response is exported on its own.
     *
     *     Permission `data.export`: admin and above.
     */
    get: operations["exportPulse"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/export/polls": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Exports the results of every poll that was opened: one row per poll and answer (option, score or word)
     * @description Streamed as `text/csv` (default) or `application/json` (`format=json`: an array of the documented objects), as an attachment. CSV: one header row; lists as `a; b`, objects as JSON text; a cell starting with `=`, `+`, `-`, `@`, tab or CR is prefixed with `'` so spreadsheets never run it as a formula. Audited as `data.export` with the filters. Totals only: no voter, no single vote, no time of a vote.
     *
     *     Permission `data.export`: admin and above.
     */
    get: operations["exportPolls"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/email-queue": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This tenant's email queue: counts per state and the most recent jobs
     * @description `metrics` counts the tenant's jobs per state (`waiting` includes jobs backing off before a retry). `recentJobs.completed` and `.failed` hold the last 20, newest first; `active` and `waiting` the next 20 in queue order. Without Redis (development) jobs are kept in memory and never sent: they all show as waiting, and only the newest `delivery.maxWaiting` (every tenant) are kept (`delivery.dropped` counts this tenant's dropped ones). `delivery.workerRunning` says whether any email worker consumes the queue (false: queued emails wait, unsent). The answered email of an anonymous question shows `to: null` and `recipientHidden: true` (its outcome and skip reason are null too): its author is shown to nobody, admins included (CONTRACT §3).
     *
     *     Permission `admin.access`: admin and above.
     */
    get: operations["getEmailQueue"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/email-queue/{id}/retry": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Retries a failed email job with three fresh attempts
     * @description Unknown id (or another tenant's job): 404 NOT_FOUND. A job that is not failed: 409 JOB_NOT_FAILED. Audited as `email.retry`. A hidden recipient (`recipientHidden`) stays hidden, in the answer and in the audit entry.
     *
     *     Permission `admin.access`: admin and above.
     */
    post: operations["retryEmailJob"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/emails": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Queues a direct email to users (by id) and/or addresses
     * @description One email per distinct recipient. A user id of another tenant: 404 NOT_FOUND; a deactivated user: 400. Direct emails reach users who unsubscribed from notifications (the opt-out covers automatic emails). Audited as `email.send` (`metadata.recipients`: the distinct recipients). At most `security.rateLimits.emailRecipientsPerHour` distinct recipients per tenant in any rolling hour, counted from those audit entries (every instance, development too): over it, 429 RATE_LIMITED with Retry-After (seconds until enough of the hour's recipients age out) and what is left; more recipients than the limit itself: 400 VALIDATION_FAILED at `body.to`. A refused send is neither queued nor counted.
     *
     *     Permission `admin.access`: admin and above.
     */
    post: operations["sendEmail"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/scim-tokens": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The tenant's SCIM tokens (never their secrets), newest first
     * @description Permission `admin.access`: admin and above.
     */
    get: operations["listScimTokens"];
    put?: never;
    /**
     * Creates a SCIM token for an identity provider; the secret is in this response only
     * @description 409 TOKEN_LIMIT past 10 tokens. The token acts on this tenant only, at `/scim/v2`, and nowhere else in the API.
     *
     *     Permission `admin.access`: admin and above.
     */
    post: operations["createScimToken"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/scim-tokens/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revokes a SCIM token at once
     * @description 404 NOT_FOUND for a token of another tenant.
     *
     *     Permission `admin.access`: admin and above.
     */
    delete: operations["revokeScimToken"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/webhooks": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The tenant's webhook endpoints (never their secrets), newest first
     * @description Permission `admin.access`: admin and above.
     */
    get: operations["listWebhooks"];
    put?: never;
    /**
     * Adds an endpoint; its signing secret is in this response only
     * @description Events are POSTed as Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). 400 for a URL that is not https in production, carries credentials, or names a loopback, private, link-local or metadata address; 409 WEBHOOK_LIMIT past 20 endpoints.
     *
     *     Permission `admin.access`: admin and above.
     */
    post: operations["createWebhook"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/webhooks/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Changes an endpoint's URL, events or description; `enabled: true` re-enables a disabled one
     * @description Permission `admin.access`: admin and above.
     */
    put: operations["updateWebhook"];
    post?: never;
    /**
     * Deletes an endpoint and its deliveries; nothing more is sent to it
     * @description Permission `admin.access`: admin and above.
     */
    delete: operations["deleteWebhook"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/webhooks/{id}/deliveries": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An endpoint's deliveries, newest first: event, status, attempts, last response code and duration
     * @description Permission `admin.access`: admin and above.
     */
    get: operations["listWebhookDeliveries"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/webhooks/{id}/test": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sends a `webhook.test` event now (once, no retry) and answers what the endpoint replied
     * @description Permission `admin.access`: admin and above.
     */
    post: operations["testWebhook"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/webhooks/{id}/deliveries/{deliveryId}/replay": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sends a delivery that succeeded or failed again, from its first attempt, with the same `webhook-id`
     * @description 409 DELIVERY_PENDING while it is still being attempted; 409 WEBHOOK_DISABLED while the endpoint is disabled.
     *
     *     Permission `admin.access`: admin and above.
     */
    post: operations["replayWebhookDelivery"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/teams/{teamId}/channels": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The team's chat channels: its Slack channel, and whether a Teams URL is stored (never the URL)
     * @description Permission `admin.access`: admin and above.
     */
    get: operations["getTeamChannels"];
    /**
     * Sets or removes the team's Slack channel and Teams URL (omitted: kept; null: removed)
     * @description 400 at `body.slackChannel` when the tenant's Slack app is not connected; 400 at `body.teamsWebhookUrl` for a URL that is not https in production, carries credentials, or names a loopback, private, link-local or metadata address. Audited as `team.channels_update`, without the URL.
     *
     *     Permission `admin.access`: admin and above.
     */
    put: operations["updateTeamChannels"];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/teams/{teamId}/channels/test": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Posts a test message to each channel the team has, once, and answers how each went (null: not set)
     * @description Permission `admin.access`: admin and above.
     */
    post: operations["testTeamChannels"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/admin/integrations/slack/test": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Asks Slack whether the saved bot token works and has the scopes the service needs; sends no message
     * @description 409 SLACK_NOT_CONNECTED while no Slack app is saved.
     *
     *     Permission `admin.access`: admin and above.
     */
    post: operations["testSlackConnection"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/health": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Status of the API, database, Redis, rate limiting and sign-in modes, and the uptime
     * @description Public; no tenant. 200 while the process answers, `status: degraded` when a dependency does not.
     */
    get: operations["getHealth"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/health/live": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Liveness: the process answers
     * @description Public; no tenant.
     */
    get: operations["getLiveness"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/health/ready": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Readiness: database, Redis and migrations are usable
     * @description Public; no tenant. 503 while a dependency is down and while the process drains at shutdown.
     */
    get: operations["getReadiness"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/metrics": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Prometheus metrics (HTTP latency by route, SSE clients, queue depths, scheduler runs)
     * @description Needs `Authorization: Bearer $METRICS_TOKEN`; 404 while METRICS_TOKEN is unset.
     */
    get: operations["getMetrics"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/email/unsubscribe": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The unsubscribe link's confirmation page; changes nothing (link scanners prefetch GETs)
     * @description The signed token is the only credential.
     */
    get: operations["showUnsubscribePage"];
    put?: never;
    /**
     * Unsubscribe from notification and pulse emails: the page's form, and RFC 8058 one-click
     * @description No session or CSRF token: the signed token is the credential. Form body `List-Unsubscribe=One-Click` from mail clients.
     */
    post: operations["unsubscribeByLink"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/email/resubscribe": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Undo an unsubscribe from the same link
     * @description No session or CSRF token: the signed token is the credential.
     */
    post: operations["resubscribeByLink"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/openapi.json": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This document
     * @description Public.
     */
    get: operations["getOpenApiDocument"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/asyncapi.json": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The live events of `GET /events`: one schema per event type
     * @description Public. An AsyncAPI 3 document built from the schemas the server checks every event against before it goes out.
     */
    get: operations["getAsyncApiDocument"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/docs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Interactive API documentation of this document
     * @description Public.
     */
    get: operations["showApiDocs"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Error: {
      error: {
        /** @description UPPER_SNAKE error code, e.g. VALIDATION_FAILED */
        code: string;
        message: string;
        details?: unknown[];
      };
      requestId: string;
    };
    Health: {
      /**
       * @description degraded while the database or the configured Redis does not answer
       * @enum {string}
       */
      status: "ok" | "degraded";
      /** Format: date-time */
      timestamp: string;
      /** @description Human-readable, e.g. `3d 4h 5m 6s` */
      uptime: string;
      database: {
        /** @enum {string} */
        status: "connected" | "disconnected";
        /** @description Milliseconds, e.g. `3ms` */
        latency: string;
      };
      kvstore: {
        /** @enum {string} */
        status: "connected" | "disconnected" | "not_configured";
        /** @description Milliseconds, e.g. `3ms` */
        latency: string;
      };
      rateLimiting: {
        /** @enum {string} */
        status: "enabled" | "disabled";
        requestsInLastHour: number;
      };
      auth: {
        /** @enum {string} */
        mode: "production" | "development";
        /** @description Provider identifiers, e.g. `github`, `demo` */
        strategies: string[];
      };
    };
    Liveness: {
      /** @enum {string} */
      status: "ok";
    };
    Ready: {
      /** @enum {string} */
      status: "ready";
      /** @description Each check (`database`, `kvstore`, `migrations`, `shutdown` while draining): `ok`, `not_configured`, or what is wrong, e.g. `failed: ...` */
      checks: {
        [key: string]: string;
      };
    };
    NotReady: {
      /** @enum {string} */
      status: "not_ready";
      /** @description Each check (`database`, `kvstore`, `migrations`, `shutdown` while draining): `ok`, `not_configured`, or what is wrong, e.g. `failed: ...` */
      checks: {
        [key: string]: string;
      };
    };
    UnsubscribeState: {
      email: string;
      tenantName: string;
      unsubscribed: boolean;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getAuthModes: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            modes: ("demo" | "oauth" | "oidc" | "saml")[];
            demo: {
              enabled: boolean;
              users: string[];
            };
            oauth: {
              github: boolean;
              google: boolean;
            };
            /** @description The tenant's own identity provider (CONTRACT §10) */
            sso: {
              /** @description auth.requireSso: demo, GitHub and Google are off for this tenant */
              required: boolean;
              oidc: {
                /** @description the button's label, as the tenant's admins set it */
                label: string;
                /** @description where the button leads: the start of the sign-in, for this tenant */
                url: string;
              } | null;
              saml: {
                /** @description the button's label, as the tenant's admins set it */
                label: string;
                /** @description where the button leads: the start of the sign-in, for this tenant */
                url: string;
              } | null;
            };
          };
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  signInDemo: {
    parameters: {
      query: {
        user: string;
        tenant?: string;
        returnTo?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Signed in; redirect to the web app */
      302: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description DEMO_DISABLED, or SSO_REQUIRED: the tenant signs in only with its company account */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description NOT_FOUND: no such demo user */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description RATE_LIMITED: past 5 sign-in attempts in 5 minutes (production) */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
    };
  };
  getMe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            user: {
              /** Format: uuid */
              id: string;
              email: string;
              name: string;
              /** @enum {string} */
              role: "owner" | "admin" | "moderator" | "member" | "viewer";
              /** Format: uuid */
              tenantId: string;
              /** Format: uuid */
              primaryTeamId: string | null;
              avatarUrl: string | null;
            };
            tenantSlug: string;
          };
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listMyTeams: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            teamId: string;
            /** @enum {string} */
            role: "viewer" | "member" | "moderator";
            canModerate: boolean;
          }[];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @description null for a visitor */
            me: {
              user: {
                /** Format: uuid */
                id: string;
                email: string;
                name: string;
                /** @enum {string} */
                role: "owner" | "admin" | "moderator" | "member" | "viewer";
                /** Format: uuid */
                tenantId: string;
                /** Format: uuid */
                primaryTeamId: string | null;
                avatarUrl: string | null;
              };
              tenantSlug: string;
            } | null;
            /** @description as GET /auth/me/teams; empty for a visitor */
            memberships: {
              /** Format: uuid */
              teamId: string;
              /** @enum {string} */
              role: "viewer" | "member" | "moderator";
              canModerate: boolean;
            }[];
          };
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getCsrfToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @description null for a visitor: no session, so no token is needed */
            csrfToken: string | null;
          };
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  logout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  startGitHubSignIn: {
    parameters: {
      query?: {
        /** @description Tenant to sign in to; default: the tenant resolved from the request */
        tenant?: string;
        /** @description Path of the web app to land on after signing in */
        returnTo?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect to the provider's consent page */
      302: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description SSO_REQUIRED: the tenant signs in only with its company account */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description NOT_FOUND: the provider is not configured */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description RATE_LIMITED: past 5 sign-in attempts in 5 minutes (production) */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
    };
  };
  completeGitHubSignIn: {
    parameters: {
      query?: {
        code?: string;
        state?: string;
        error?: string;
        error_description?: string;
        error_uri?: string;
        scope?: string;
        authuser?: string;
        prompt?: string;
        hd?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Signed in; redirect to the web app */
      302: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description OAUTH_DENIED or OAUTH_FAILED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description OAUTH_STATE_INVALID, EMAIL_REQUIRED, ACCOUNT_DEACTIVATED, SIGNUP_NOT_ALLOWED or SSO_REQUIRED */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description NOT_FOUND: the provider is not configured; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description ACCOUNT_EXISTS: the email signs in another way */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description RATE_LIMITED */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description OAUTH_PROVIDER_UNAVAILABLE: the provider, or GitHub's e-mail list, failed or answered nonsense */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
    };
  };
  startGoogleSignIn: {
    parameters: {
      query?: {
        /** @description Tenant to sign in to; default: the tenant resolved from the request */
        tenant?: string;
        /** @description Path of the web app to land on after signing in */
        returnTo?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect to the provider's consent page */
      302: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description SSO_REQUIRED: the tenant signs in only with its company account */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description NOT_FOUND: the provider is not configured */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description RATE_LIMITED: past 5 sign-in attempts in 5 minutes (production) */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
    };
  };
  completeGoogleSignIn: {
    parameters: {
      query?: {
        code?: string;
        state?: string;
        error?: string;
        error_description?: string;
        error_uri?: string;
        scope?: string;
        authuser?: string;
        prompt?: string;
        hd?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Signed in; redirect to the web app */
      302: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description OAUTH_DENIED or OAUTH_FAILED */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description OAUTH_STATE_INVALID, EMAIL_REQUIRED, ACCOUNT_DEACTIVATED, SIGNUP_NOT_ALLOWED or SSO_REQUIRED */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description NOT_FOUND: the provider is not configured; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description ACCOUNT_EXISTS: the email signs in another way */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description RATE_LIMITED */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description OAUTH_PROVIDER_UNAVAILABLE: the provider, or GitHub's e-mail list, failed or answered nonsense */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
    };
  };
  startOidcSignIn: {
    parameters: {
      query?: {
        /** @description Tenant to sign in to; default: the tenant resolved from the request */
        tenant?: string;
        /** @description Path of the web app to land on after signing in */
        returnTo?: string;
        /** @description true: an admin's test sign-in, which reports what the provider answered and signs nobody in */
        test?: "true" | "false";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect to the provider's sign-in page */
      302: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description FORBIDDEN: a test sign-in by someone who is not an admin of the tenant */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description NOT_FOUND: the tenant has no OpenID Connect provider */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description RATE_LIMITED: past 5 sign-in attempts in 5 minutes (production) */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description OAUTH_PROVIDER_UNAVAILABLE: the provider could not be discovered */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
    };
  };
  completeOidcSignIn: {
    parameters: {
      query?: {
        code?: string;
        state?: string;
        error?: string;
        error_description?: string;
        error_uri?: string;
        scope?: string;
        authuser?: string;
        prompt?: string;
        hd?: string;
        iss?: string;
        session_state?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A test sign-in's report (HTML) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/html": string;
        };
      };
      /** @description Signed in; redirect to the web app */
      302: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description OAUTH_DENIED, OAUTH_FAILED or OIDC_TOKEN_INVALID */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description OAUTH_STATE_INVALID, EMAIL_REQUIRED, ACCOUNT_DEACTIVATED or SIGNUP_NOT_ALLOWED */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description NOT_FOUND: the tenant no longer has an OpenID Connect provider; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description RATE_LIMITED */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description OAUTH_PROVIDER_UNAVAILABLE */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
    };
  };
  startSamlSignIn: {
    parameters: {
      query?: {
        /** @description Tenant to sign in to; default: the tenant resolved from the request */
        tenant?: string;
        /** @description Path of the web app to land on after signing in */
        returnTo?: string;
        /** @description true: an administrator's test sign-in (signed in as an admin or owner of the tenant): the answer is shown, nobody is signed in */
        test?: "true" | "false";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect to the identity provider's single sign-on address */
      302: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description FORBIDDEN: a test sign-in by someone who is not an administrator of the tenant */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description NOT_FOUND: the tenant has no SAML sign-in; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description RATE_LIMITED: past 5 sign-in attempts in 5 minutes (production) */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
    };
  };
  completeSamlSignIn: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/x-www-form-urlencoded": {
          /** @description the base64 SAML Response */
          SAMLResponse: string;
          /** @description ignored: the sign-in's state is kept with its request ID */
          RelayState?: string;
        };
      };
    };
    responses: {
      /** @description A test sign-in's report (HTML); nobody is signed in */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/html": string;
        };
      };
      /** @description Signed in; redirect to the web app */
      302: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description SAML_INVALID (details: [{reason}]): not base64 or not a SAML response, signature, certificate, audience, validity, recipient, destination, in-response-to, subject, status, encrypted, replayed */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description SAML_REQUEST_INVALID (answers no request started here: unsolicited, unknown, expired or already used), EMAIL_REQUIRED, ACCOUNT_DEACTIVATED, SIGNUP_NOT_ALLOWED */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description NOT_FOUND: the tenant's SAML sign-in was removed meanwhile; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description ACCOUNT_EXISTS: the address belongs to an account that signs in another way */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 256 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: the body is not application/x-www-form-urlencoded */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description RATE_LIMITED */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
    };
  };
  getSamlMetadata: {
    parameters: {
      query?: {
        /** @description Tenant to sign in to; default: the tenant resolved from the request */
        tenant?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/samlmetadata+xml": string;
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the tenant has no SAML sign-in; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listApiTokens: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description The first characters of the secret, to tell tokens apart */
            prefix: string;
            /** @enum {string} */
            scope: "full" | "read";
            createdAt: string;
            expiresAt: string;
            lastUsedAt: string | null;
            expired: boolean;
          }[];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createApiToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description What the token is for, to recognise it later */
          name: string;
          /** @description Lifetime in days, 1 to 365; omitted or null: 90. Every token expires. */
          expiresInDays?: number | null;
          /**
           * @description full (default): everything your role allows; read: GET and HEAD only, anything else answers 403 TOKEN_SCOPE
           * @enum {string}
           */
          scope?: "full" | "read";
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description The secret: shown only in this response; send it as `Authorization: Bearer <token>` */
            token: string;
            /** @enum {string} */
            scope: "full" | "read";
            createdAt: string;
            expiresAt: string;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TOKEN_LIMIT */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  revokeApiToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getTenant: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            slug: string;
            name: string;
            /** @description Where people reach this tenant's app (its subdomain under BASE_DOMAIN, or FRONTEND_URL); a team's join address is this plus /<teamSlug>. null when the operator configured neither, and the web app then uses the address it was opened at. */
            address: string | null;
            settings: {
              questions: {
                minLength: number;
                maxLength: number;
              };
              features: {
                allowAnonymousQuestions: boolean;
                requireQuestionApproval: boolean;
              };
              branding: {
                /** @enum {string} */
                theme: "executive-blue" | "modern-purple" | "refined-teal";
                primaryColor: string | null;
                accentColor: string | null;
                /** Format: uri */
                logoUrl: string | null;
                /** Format: uri */
                faviconUrl: string | null;
              };
              pulse: {
                enabled: boolean;
              };
            };
          };
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listTeams: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            description: string | null;
            queueFrozen: boolean;
            createdAt: string;
          }[];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createTeam: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description 1..100 visible characters (white space, zero-width, format and Braille-blank characters and combining marks do not count), at most 200 code points in all. Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069); no line breaks. */
          name: string;
          /** @description Omitted: derived from the name (a number is appended if taken) */
          slug?: string;
          /** @description At most 1000 visible characters (white space, zero-width, format and Braille-blank characters and combining marks do not count), at most 2000 code points in all. Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069); tabs and line breaks are kept. */
          description?: string | null;
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            description: string | null;
            queueFrozen: boolean;
            createdAt: string;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description DUPLICATE: the slug is taken */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateTeam: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description 1..100 visible characters (white space, zero-width, format and Braille-blank characters and combining marks do not count), at most 200 code points in all. Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069); no line breaks. */
          name?: string;
          slug?: string;
          /** @description At most 1000 visible characters (white space, zero-width, format and Braille-blank characters and combining marks do not count), at most 2000 code points in all. Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069); tabs and line breaks are kept. */
          description?: string | null;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            description: string | null;
            queueFrozen: boolean;
            createdAt: string;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description DUPLICATE: the slug is taken */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteTeam: {
    parameters: {
      query?: {
        /** @description Another team of the tenant that receives this team's questions before the delete */
        moveQuestionsTo?: string;
      };
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TEAM_NOT_EMPTY: pass moveQuestionsTo */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listTeamNewcomers: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            userId: string;
            name: string;
            /** @description When they joined the team, or the tenant if that was later (ISO 8601) */
            joinedAt: string;
          }[];
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listTeamMembers: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            userId: string;
            name: string;
            email: string;
            /** @enum {string} */
            role: "viewer" | "member" | "moderator";
          }[];
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  addTeamMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** Format: uuid */
          userId: string;
          /**
           * @description Membership role; `moderator` gives moderator powers in this team
           * @default member
           * @enum {string}
           */
          role?: "viewer" | "member" | "moderator";
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            userId: string;
            name: string;
            email: string;
            /** @enum {string} */
            role: "viewer" | "member" | "moderator";
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description DUPLICATE: already a member */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateTeamMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
        userId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @enum {string} */
          role: "viewer" | "member" | "moderator";
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            userId: string;
            name: string;
            email: string;
            /** @enum {string} */
            role: "viewer" | "member" | "moderator";
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  removeTeamMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listTags: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            name: string;
            color: string;
            createdAt: string;
          }[];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createTag: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description 1..50 visible characters (white space, zero-width, format and Braille-blank characters and combining marks do not count), at most 100 code points in all. Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069); no line breaks. */
          name: string;
          color: string;
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            name: string;
            color: string;
            createdAt: string;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description DUPLICATE: the name is taken */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateTag: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description 1..50 visible characters (white space, zero-width, format and Braille-blank characters and combining marks do not count), at most 100 code points in all. Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069); no line breaks. */
          name?: string;
          color?: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            name: string;
            color: string;
            createdAt: string;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description DUPLICATE name, or PROTECTED_TAG */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteTag: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PROTECTED_TAG */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listQuestions: {
    parameters: {
      query?: {
        teamId?: string;
        team?: string;
        status?: string | string[];
        search?: string;
        tag?: string;
        pinned?: "true" | "false";
        sort?: "top" | "new" | "relevance";
        limit?: number;
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            items: {
              /** Format: uuid */
              id: string;
              body: string;
              /** Format: uuid */
              teamId: string;
              /** @enum {string} */
              status: "OPEN" | "UNDER_REVIEW" | "ANSWERED";
              upvoteCount: number;
              submittedAt: string;
              responseText: string | null;
              respondedAt: string | null;
              responder: {
                /** Format: uuid */
                id: string;
                name: string;
              } | null;
              /** @description null for anonymous questions, except for their author */
              author: {
                /** Format: uuid */
                id: string;
                name: string;
              } | null;
              isAnonymous: boolean;
              tags: {
                /** Format: uuid */
                id: string;
                name: string;
                color: string;
              }[];
              isPinned: boolean;
              isFrozen: boolean;
              hasUpvoted: boolean;
              /** @description Why the content check flagged it; shown to the team's moderators and admins only */
              moderation: {
                reasons: string[];
                /** @enum {string} */
                confidence: "low" | "medium" | "high";
              } | null;
            }[];
            total: number;
            limit: number;
            offset: number;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description RATE_LIMITED: searches per minute (security.rateLimits.searchPerMinute) */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  submitQuestion: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Between the tenant's `questions.minLength` and `questions.maxLength` visible characters (white space, zero-width, format and Braille-blank characters and combining marks do not count), at most twice the maximum in code points. Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069). */
          body: string;
          /** Format: uuid */
          teamId: string;
          anonymous?: boolean;
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            body: string;
            /** Format: uuid */
            teamId: string;
            /** @enum {string} */
            status: "OPEN" | "UNDER_REVIEW" | "ANSWERED";
            upvoteCount: number;
            submittedAt: string;
            responseText: string | null;
            respondedAt: string | null;
            responder: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            /** @description null for anonymous questions, except for their author */
            author: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            isAnonymous: boolean;
            tags: {
              /** Format: uuid */
              id: string;
              name: string;
              color: string;
            }[];
            isPinned: boolean;
            isFrozen: boolean;
            hasUpvoted: boolean;
            /** @description Why the content check flagged it; shown to the team's moderators and admins only */
            moderation: {
              reasons: string[];
              /** @enum {string} */
              confidence: "low" | "medium" | "high";
            } | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description QUEUE_FROZEN */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description CONTENT_REJECTED (details: the reasons) */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description RATE_LIMITED */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getQuestion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            body: string;
            /** Format: uuid */
            teamId: string;
            /** @enum {string} */
            status: "OPEN" | "UNDER_REVIEW" | "ANSWERED";
            upvoteCount: number;
            submittedAt: string;
            responseText: string | null;
            respondedAt: string | null;
            responder: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            /** @description null for anonymous questions, except for their author */
            author: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            isAnonymous: boolean;
            tags: {
              /** Format: uuid */
              id: string;
              name: string;
              color: string;
            }[];
            isPinned: boolean;
            isFrozen: boolean;
            hasUpvoted: boolean;
            /** @description Why the content check flagged it; shown to the team's moderators and admins only */
            moderation: {
              reasons: string[];
              /** @enum {string} */
              confidence: "low" | "medium" | "high";
            } | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  editQuestion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Between the tenant's `questions.minLength` and `questions.maxLength` visible characters (white space, zero-width, format and Braille-blank characters and combining marks do not count), at most twice the maximum in code points. Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069). */
          body: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            body: string;
            /** Format: uuid */
            teamId: string;
            /** @enum {string} */
            status: "OPEN" | "UNDER_REVIEW" | "ANSWERED";
            upvoteCount: number;
            submittedAt: string;
            responseText: string | null;
            respondedAt: string | null;
            responder: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            /** @description null for anonymous questions, except for their author */
            author: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            isAnonymous: boolean;
            tags: {
              /** Format: uuid */
              id: string;
              name: string;
              color: string;
            }[];
            isPinned: boolean;
            isFrozen: boolean;
            hasUpvoted: boolean;
            /** @description Why the content check flagged it; shown to the team's moderators and admins only */
            moderation: {
              reasons: string[];
              /** @enum {string} */
              confidence: "low" | "medium" | "high";
            } | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: Only the author, a moderator of this team or an admin can change this question.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description QUESTION_FROZEN, or ALREADY_ANSWERED for its author */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description CONTENT_REJECTED (details: the reasons) */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteQuestion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: Only the author, a moderator of this team or an admin can change this question.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  upvoteQuestion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            questionId: string;
            upvoteCount: number;
            hasUpvoted: boolean;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description QUESTION_FROZEN or QUESTION_UNDER_REVIEW */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description RATE_LIMITED */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  removeUpvote: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            questionId: string;
            upvoteCount: number;
            hasUpvoted: boolean;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description QUESTION_FROZEN or QUESTION_UNDER_REVIEW */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  answerQuestion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description 1..10000 visible characters (white space, zero-width, format and Braille-blank characters and combining marks do not count), at most 20000 code points in all. Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069); tabs and line breaks are kept. */
          responseText: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            body: string;
            /** Format: uuid */
            teamId: string;
            /** @enum {string} */
            status: "OPEN" | "UNDER_REVIEW" | "ANSWERED";
            upvoteCount: number;
            submittedAt: string;
            responseText: string | null;
            respondedAt: string | null;
            responder: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            /** @description null for anonymous questions, except for their author */
            author: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            isAnonymous: boolean;
            tags: {
              /** Format: uuid */
              id: string;
              name: string;
              color: string;
            }[];
            isPinned: boolean;
            isFrozen: boolean;
            hasUpvoted: boolean;
            /** @description Why the content check flagged it; shown to the team's moderators and admins only */
            moderation: {
              reasons: string[];
              /** @enum {string} */
              confidence: "low" | "medium" | "high";
            } | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Only a moderator of this team or an admin can do this.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description QUESTION_FROZEN */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description RATE_LIMITED */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  reopenQuestion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            body: string;
            /** Format: uuid */
            teamId: string;
            /** @enum {string} */
            status: "OPEN" | "UNDER_REVIEW" | "ANSWERED";
            upvoteCount: number;
            submittedAt: string;
            responseText: string | null;
            respondedAt: string | null;
            responder: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            /** @description null for anonymous questions, except for their author */
            author: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            isAnonymous: boolean;
            tags: {
              /** Format: uuid */
              id: string;
              name: string;
              color: string;
            }[];
            isPinned: boolean;
            isFrozen: boolean;
            hasUpvoted: boolean;
            /** @description Why the content check flagged it; shown to the team's moderators and admins only */
            moderation: {
              reasons: string[];
              /** @enum {string} */
              confidence: "low" | "medium" | "high";
            } | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Only a moderator of this team or an admin can do this.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_ANSWERED or QUESTION_FROZEN */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  pinQuestion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          pinned: boolean;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            body: string;
            /** Format: uuid */
            teamId: string;
            /** @enum {string} */
            status: "OPEN" | "UNDER_REVIEW" | "ANSWERED";
            upvoteCount: number;
            submittedAt: string;
            responseText: string | null;
            respondedAt: string | null;
            responder: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            /** @description null for anonymous questions, except for their author */
            author: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            isAnonymous: boolean;
            tags: {
              /** Format: uuid */
              id: string;
              name: string;
              color: string;
            }[];
            isPinned: boolean;
            isFrozen: boolean;
            hasUpvoted: boolean;
            /** @description Why the content check flagged it; shown to the team's moderators and admins only */
            moderation: {
              reasons: string[];
              /** @enum {string} */
              confidence: "low" | "medium" | "high";
            } | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Only a moderator of this team or an admin can do this.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  freezeQuestion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          frozen: boolean;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            body: string;
            /** Format: uuid */
            teamId: string;
            /** @enum {string} */
            status: "OPEN" | "UNDER_REVIEW" | "ANSWERED";
            upvoteCount: number;
            submittedAt: string;
            responseText: string | null;
            respondedAt: string | null;
            responder: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            /** @description null for anonymous questions, except for their author */
            author: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            isAnonymous: boolean;
            tags: {
              /** Format: uuid */
              id: string;
              name: string;
              color: string;
            }[];
            isPinned: boolean;
            isFrozen: boolean;
            hasUpvoted: boolean;
            /** @description Why the content check flagged it; shown to the team's moderators and admins only */
            moderation: {
              reasons: string[];
              /** @enum {string} */
              confidence: "low" | "medium" | "high";
            } | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Only a moderator of this team or an admin can do this.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  freezeTeamQueue: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          frozen: boolean;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            description: string | null;
            queueFrozen: boolean;
            createdAt: string;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Only a moderator of this team or an admin can do this.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  tagQuestion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** Format: uuid */
          tagId: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            body: string;
            /** Format: uuid */
            teamId: string;
            /** @enum {string} */
            status: "OPEN" | "UNDER_REVIEW" | "ANSWERED";
            upvoteCount: number;
            submittedAt: string;
            responseText: string | null;
            respondedAt: string | null;
            responder: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            /** @description null for anonymous questions, except for their author */
            author: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            isAnonymous: boolean;
            tags: {
              /** Format: uuid */
              id: string;
              name: string;
              color: string;
            }[];
            isPinned: boolean;
            isFrozen: boolean;
            hasUpvoted: boolean;
            /** @description Why the content check flagged it; shown to the team's moderators and admins only */
            moderation: {
              reasons: string[];
              /** @enum {string} */
              confidence: "low" | "medium" | "high";
            } | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Only a moderator of this team or an admin can do this.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  untagQuestion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        tagId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            body: string;
            /** Format: uuid */
            teamId: string;
            /** @enum {string} */
            status: "OPEN" | "UNDER_REVIEW" | "ANSWERED";
            upvoteCount: number;
            submittedAt: string;
            responseText: string | null;
            respondedAt: string | null;
            responder: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            /** @description null for anonymous questions, except for their author */
            author: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            isAnonymous: boolean;
            tags: {
              /** Format: uuid */
              id: string;
              name: string;
              color: string;
            }[];
            isPinned: boolean;
            isFrozen: boolean;
            hasUpvoted: boolean;
            /** @description Why the content check flagged it; shown to the team's moderators and admins only */
            moderation: {
              reasons: string[];
              /** @enum {string} */
              confidence: "low" | "medium" | "high";
            } | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Only a moderator of this team or an admin can do this.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  approveQuestion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": {
          /** @description Between the tenant's `questions.minLength` and `questions.maxLength` visible characters (white space, zero-width, format and Braille-blank characters and combining marks do not count), at most twice the maximum in code points. Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069). */
          body?: string;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            body: string;
            /** Format: uuid */
            teamId: string;
            /** @enum {string} */
            status: "OPEN" | "UNDER_REVIEW" | "ANSWERED";
            upvoteCount: number;
            submittedAt: string;
            responseText: string | null;
            respondedAt: string | null;
            responder: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            /** @description null for anonymous questions, except for their author */
            author: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            isAnonymous: boolean;
            tags: {
              /** Format: uuid */
              id: string;
              name: string;
              color: string;
            }[];
            isPinned: boolean;
            isFrozen: boolean;
            hasUpvoted: boolean;
            /** @description Why the content check flagged it; shown to the team's moderators and admins only */
            moderation: {
              reasons: string[];
              /** @enum {string} */
              confidence: "low" | "medium" | "high";
            } | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Only a moderator of this team or an admin can do this.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_UNDER_REVIEW */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  rejectQuestion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        "application/json": {
          /** @description At most 500 visible characters (white space, zero-width, format and Braille-blank characters and combining marks do not count), at most 1000 code points in all. Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069); tabs and line breaks are kept. */
          reason?: string;
        };
      };
    };
    responses: {
      /** @description No content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Only a moderator of this team or an admin can do this.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_UNDER_REVIEW */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listMyQuestions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            body: string;
            /** @enum {string} */
            status: "OPEN" | "UNDER_REVIEW" | "ANSWERED";
            /** @description Asked without a name: others never see who asked it */
            isAnonymous: boolean;
            upvoteCount: number;
            submittedAt: string;
            respondedAt: string | null;
            team: {
              /** Format: uuid */
              id: string;
              slug: string;
              name: string;
            };
          }[];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listPolls: {
    parameters: {
      query?: {
        /** @description One team's polls; without it, every team's the caller may see */
        teamId?: string;
        status?: "draft" | "open" | "closed";
        limit?: number;
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            items: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              teamId: string;
              title: string;
              /** @enum {string} */
              type: "single" | "multiple" | "rating" | "words";
              /** @description single and multiple: the choices in order; empty for rating and words */
              options: {
                /** Format: uuid */
                id: string;
                text: string;
              }[];
              /** @description multiple: how many a voter may pick; null for the other types */
              maxChoices: number | null;
              /** @description rating: 5 or 10; null for the other types */
              scaleMax: number | null;
              /** @enum {string} */
              status: "draft" | "open" | "closed";
              resultsVisible: boolean;
              voteCount: number;
              /** @description The order of drafts in the moderators' list (lower first) */
              position: number;
              createdAt: string;
              openedAt: string | null;
              closedAt: string | null;
              /** @description The caller's own vote (a visitor's by the browser's vote cookie), null before voting */
              myVote:
                | {
                    optionIds: string[];
                  }
                | {
                    rating: number;
                  }
                | {
                    text: string;
                  }
                | null;
            }[];
            total: number;
            limit: number;
            offset: number;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createPoll: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** Format: uuid */
          teamId: string;
          /** @description 1..200 visible characters (white space, zero-width, format and Braille-blank characters and combining marks do not count), at most 400 code points in all. Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069); no line breaks. */
          title: string;
          /** @enum {string} */
          type: "single" | "multiple" | "rating" | "words";
          /** @description single and multiple: the choices, in order */
          options?: string[];
          /** @description multiple: how many a voter may pick (default all) */
          maxChoices?: number;
          /** @description rating: 1..5 or 1..10 */
          scaleMax?: 5 | 10;
          /** @description Whether the room sees the results (default false: moderators always do) */
          resultsVisible?: boolean;
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            teamId: string;
            title: string;
            /** @enum {string} */
            type: "single" | "multiple" | "rating" | "words";
            /** @description single and multiple: the choices in order; empty for rating and words */
            options: {
              /** Format: uuid */
              id: string;
              text: string;
            }[];
            /** @description multiple: how many a voter may pick; null for the other types */
            maxChoices: number | null;
            /** @description rating: 5 or 10; null for the other types */
            scaleMax: number | null;
            /** @enum {string} */
            status: "draft" | "open" | "closed";
            resultsVisible: boolean;
            voteCount: number;
            /** @description The order of drafts in the moderators' list (lower first) */
            position: number;
            createdAt: string;
            openedAt: string | null;
            closedAt: string | null;
            /** @description The caller's own vote (a visitor's by the browser's vote cookie), null before voting */
            myVote:
              | {
                  optionIds: string[];
                }
              | {
                  rating: number;
                }
              | {
                  text: string;
                }
              | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Only a moderator of this team or an admin can do this.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getPoll: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            teamId: string;
            title: string;
            /** @enum {string} */
            type: "single" | "multiple" | "rating" | "words";
            /** @description single and multiple: the choices in order; empty for rating and words */
            options: {
              /** Format: uuid */
              id: string;
              text: string;
            }[];
            /** @description multiple: how many a voter may pick; null for the other types */
            maxChoices: number | null;
            /** @description rating: 5 or 10; null for the other types */
            scaleMax: number | null;
            /** @enum {string} */
            status: "draft" | "open" | "closed";
            resultsVisible: boolean;
            voteCount: number;
            /** @description The order of drafts in the moderators' list (lower first) */
            position: number;
            createdAt: string;
            openedAt: string | null;
            closedAt: string | null;
            /** @description The caller's own vote (a visitor's by the browser's vote cookie), null before voting */
            myVote:
              | {
                  optionIds: string[];
                }
              | {
                  rating: number;
                }
              | {
                  text: string;
                }
              | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  editPoll: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description 1..200 visible characters (white space, zero-width, format and Braille-blank characters and combining marks do not count), at most 400 code points in all. Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069); no line breaks. */
          title: string;
          /** @enum {string} */
          type: "single" | "multiple" | "rating" | "words";
          /** @description single and multiple: the choices, in order */
          options?: string[];
          /** @description multiple: how many a voter may pick (default all) */
          maxChoices?: number;
          /** @description rating: 1..5 or 1..10 */
          scaleMax?: 5 | 10;
          /** @description Whether the room sees the results (default false: moderators always do) */
          resultsVisible?: boolean;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            teamId: string;
            title: string;
            /** @enum {string} */
            type: "single" | "multiple" | "rating" | "words";
            /** @description single and multiple: the choices in order; empty for rating and words */
            options: {
              /** Format: uuid */
              id: string;
              text: string;
            }[];
            /** @description multiple: how many a voter may pick; null for the other types */
            maxChoices: number | null;
            /** @description rating: 5 or 10; null for the other types */
            scaleMax: number | null;
            /** @enum {string} */
            status: "draft" | "open" | "closed";
            resultsVisible: boolean;
            voteCount: number;
            /** @description The order of drafts in the moderators' list (lower first) */
            position: number;
            createdAt: string;
            openedAt: string | null;
            closedAt: string | null;
            /** @description The caller's own vote (a visitor's by the browser's vote cookie), null before voting */
            myVote:
              | {
                  optionIds: string[];
                }
              | {
                  rating: number;
                }
              | {
                  text: string;
                }
              | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Only a moderator of this team or an admin can do this.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description POLL_NOT_DRAFT: the poll has been opened */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deletePoll: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Only a moderator of this team or an admin can do this.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  openPoll: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            teamId: string;
            title: string;
            /** @enum {string} */
            type: "single" | "multiple" | "rating" | "words";
            /** @description single and multiple: the choices in order; empty for rating and words */
            options: {
              /** Format: uuid */
              id: string;
              text: string;
            }[];
            /** @description multiple: how many a voter may pick; null for the other types */
            maxChoices: number | null;
            /** @description rating: 5 or 10; null for the other types */
            scaleMax: number | null;
            /** @enum {string} */
            status: "draft" | "open" | "closed";
            resultsVisible: boolean;
            voteCount: number;
            /** @description The order of drafts in the moderators' list (lower first) */
            position: number;
            createdAt: string;
            openedAt: string | null;
            closedAt: string | null;
            /** @description The caller's own vote (a visitor's by the browser's vote cookie), null before voting */
            myVote:
              | {
                  optionIds: string[];
                }
              | {
                  rating: number;
                }
              | {
                  text: string;
                }
              | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Only a moderator of this team or an admin can do this.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  closePoll: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            teamId: string;
            title: string;
            /** @enum {string} */
            type: "single" | "multiple" | "rating" | "words";
            /** @description single and multiple: the choices in order; empty for rating and words */
            options: {
              /** Format: uuid */
              id: string;
              text: string;
            }[];
            /** @description multiple: how many a voter may pick; null for the other types */
            maxChoices: number | null;
            /** @description rating: 5 or 10; null for the other types */
            scaleMax: number | null;
            /** @enum {string} */
            status: "draft" | "open" | "closed";
            resultsVisible: boolean;
            voteCount: number;
            /** @description The order of drafts in the moderators' list (lower first) */
            position: number;
            createdAt: string;
            openedAt: string | null;
            closedAt: string | null;
            /** @description The caller's own vote (a visitor's by the browser's vote cookie), null before voting */
            myVote:
              | {
                  optionIds: string[];
                }
              | {
                  rating: number;
                }
              | {
                  text: string;
                }
              | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Only a moderator of this team or an admin can do this.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description POLL_NOT_OPEN */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getPollResults: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json":
            | {
                /** Format: uuid */
                pollId: string;
                voteCount: number;
                options: {
                  /** Format: uuid */
                  id: string;
                  text: string;
                  votes: number;
                }[];
              }
            | {
                /** Format: uuid */
                pollId: string;
                voteCount: number;
                /** @description null before the first vote */
                average: number | null;
                /** @description votes for 1, 2, .. scaleMax */
                distribution: number[];
              }
            | {
                /** Format: uuid */
                pollId: string;
                voteCount: number;
                /** @description case-folded and trimmed, the most frequent first, at most 100 */
                words: {
                  text: string;
                  count: number;
                }[];
              };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description RESULTS_HIDDEN: the results are not shown to the room */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  setPollResultsVisible: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          visible: boolean;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            teamId: string;
            title: string;
            /** @enum {string} */
            type: "single" | "multiple" | "rating" | "words";
            /** @description single and multiple: the choices in order; empty for rating and words */
            options: {
              /** Format: uuid */
              id: string;
              text: string;
            }[];
            /** @description multiple: how many a voter may pick; null for the other types */
            maxChoices: number | null;
            /** @description rating: 5 or 10; null for the other types */
            scaleMax: number | null;
            /** @enum {string} */
            status: "draft" | "open" | "closed";
            resultsVisible: boolean;
            voteCount: number;
            /** @description The order of drafts in the moderators' list (lower first) */
            position: number;
            createdAt: string;
            openedAt: string | null;
            closedAt: string | null;
            /** @description The caller's own vote (a visitor's by the browser's vote cookie), null before voting */
            myVote:
              | {
                  optionIds: string[];
                }
              | {
                  rating: number;
                }
              | {
                  text: string;
                }
              | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Only a moderator of this team or an admin can do this.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  reorderPolls: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** Format: uuid */
          teamId: string;
          pollIds: string[];
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            teamId: string;
            title: string;
            /** @enum {string} */
            type: "single" | "multiple" | "rating" | "words";
            /** @description single and multiple: the choices in order; empty for rating and words */
            options: {
              /** Format: uuid */
              id: string;
              text: string;
            }[];
            /** @description multiple: how many a voter may pick; null for the other types */
            maxChoices: number | null;
            /** @description rating: 5 or 10; null for the other types */
            scaleMax: number | null;
            /** @enum {string} */
            status: "draft" | "open" | "closed";
            resultsVisible: boolean;
            voteCount: number;
            /** @description The order of drafts in the moderators' list (lower first) */
            position: number;
            createdAt: string;
            openedAt: string | null;
            closedAt: string | null;
            /** @description The caller's own vote (a visitor's by the browser's vote cookie), null before voting */
            myVote:
              | {
                  optionIds: string[];
                }
              | {
                  rating: number;
                }
              | {
                  text: string;
                }
              | null;
          }[];
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Only a moderator of this team or an admin can do this.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description POLL_NOT_DRAFT: a listed poll has been opened */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  duplicatePoll: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            teamId: string;
            title: string;
            /** @enum {string} */
            type: "single" | "multiple" | "rating" | "words";
            /** @description single and multiple: the choices in order; empty for rating and words */
            options: {
              /** Format: uuid */
              id: string;
              text: string;
            }[];
            /** @description multiple: how many a voter may pick; null for the other types */
            maxChoices: number | null;
            /** @description rating: 5 or 10; null for the other types */
            scaleMax: number | null;
            /** @enum {string} */
            status: "draft" | "open" | "closed";
            resultsVisible: boolean;
            voteCount: number;
            /** @description The order of drafts in the moderators' list (lower first) */
            position: number;
            createdAt: string;
            openedAt: string | null;
            closedAt: string | null;
            /** @description The caller's own vote (a visitor's by the browser's vote cookie), null before voting */
            myVote:
              | {
                  optionIds: string[];
                }
              | {
                  rating: number;
                }
              | {
                  text: string;
                }
              | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Only a moderator of this team or an admin can do this.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  votePoll: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json":
          | {
              /** @description single: exactly one; multiple: 1..maxChoices, no repeats */
              optionIds: string[];
            }
          | {
              /** @description 1..scaleMax */
              rating: number;
            }
          | {
              /** @description A word or short phrase, 1..40 visible characters, content checked */
              text: string;
            };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            pollId: string;
            voteCount: number;
            /** @description The caller's own vote (a visitor's by the browser's vote cookie), null before voting */
            myVote:
              | {
                  optionIds: string[];
                }
              | {
                  rating: number;
                }
              | {
                  text: string;
                }
              | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description POLL_NOT_OPEN: a draft or a closed poll */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description CONTENT_REJECTED (details: the reasons) */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description RATE_LIMITED */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  streamEvents: {
    parameters: {
      query?: {
        /** @description The session's tenant (slug or id); defaults to it */
        tenant?: string;
        /** @description Alternative to the Last-Event-ID header */
        lastEventId?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description text/event-stream */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/event-stream": string;
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: `tenant` names another tenant */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description RATE_LIMITED: the user already has 20 streams open */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  previewPulseQuestionEmail: {
    parameters: {
      query?: {
        /** @description true: the one reminder's wording */
        reminder?: "true" | "false";
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            subject: string;
            /** @description The HTML part, as sent; show it in a sandboxed frame */
            html: string;
            /** @description The plain-text part, as sent */
            text: string;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such question in this organisation */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listPulseQuestions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            text: string;
            active: boolean;
            /** Format: uuid */
            teamId: string | null;
            /**
             * @description agree5: 1..5 (strongly disagree .. strongly agree); emoji5: 1..5 shown as faces; enps11: 0..10, how likely to recommend (eNPS)
             * @enum {string}
             */
            scale: "agree5" | "emoji5" | "enps11";
            createdAt: string;
          }[];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createPulseQuestion: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description 1..200 visible characters (white space, zero-width, format and Braille-blank characters and combining marks do not count), at most 200 code points in all. Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069); no line breaks. */
          text: string;
          /**
           * Format: uuid
           * @description A team's question goes only to that team's members; null or absent: everyone
           */
          teamId?: string | null;
          active?: boolean;
          /**
           * @description Default agree5
           * @enum {string}
           */
          scale?: "agree5" | "emoji5" | "enps11";
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            text: string;
            active: boolean;
            /** Format: uuid */
            teamId: string | null;
            /**
             * @description agree5: 1..5 (strongly disagree .. strongly agree); emoji5: 1..5 shown as faces; enps11: 0..10, how likely to recommend (eNPS)
             * @enum {string}
             */
            scale: "agree5" | "emoji5" | "enps11";
            createdAt: string;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description teamId names no team of this tenant */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updatePulseQuestion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description 1..200 visible characters (white space, zero-width, format and Braille-blank characters and combining marks do not count), at most 200 code points in all. Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069); no line breaks. */
          text?: string;
          /** Format: uuid */
          teamId?: string | null;
          /** @description false retires the question (it is asked no more); true asks it again */
          active?: boolean;
          /**
           * @description Only while the question has never been asked: 409 SCALE_LOCKED after
           * @enum {string}
           */
          scale?: "agree5" | "emoji5" | "enps11";
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            text: string;
            active: boolean;
            /** Format: uuid */
            teamId: string | null;
            /**
             * @description agree5: 1..5 (strongly disagree .. strongly agree); emoji5: 1..5 shown as faces; enps11: 0..10, how likely to recommend (eNPS)
             * @enum {string}
             */
            scale: "agree5" | "emoji5" | "enps11";
            createdAt: string;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SCALE_LOCKED: the question has been asked, so its scale cannot change */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deletePulseQuestion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getPulseSchedule: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            tenantId: string;
            enabled: boolean;
            /** @enum {string} */
            cadence: "weekly" | "biweekly" | "monthly";
            time: string;
            timezone: string;
            rotatingCohorts: boolean;
            numCohorts: number;
          };
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updatePulseSchedule: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          tenantId?: string;
          enabled: boolean;
          /** @enum {string} */
          cadence: "weekly" | "biweekly" | "monthly";
          time: string;
          timezone: string;
          rotatingCohorts: boolean;
          numCohorts: number;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            tenantId: string;
            enabled: boolean;
            /** @enum {string} */
            cadence: "weekly" | "biweekly" | "monthly";
            time: string;
            timezone: string;
            rotatingCohorts: boolean;
            numCohorts: number;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listPulseCohorts: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            name: string;
            /** @description The cohort as people call it, by the first weekday it is invited on ("Monday's group") */
            label: string;
            size: number;
            userIds: string[];
          }[];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  previewPulseRun: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @description True when a send now would invite at least one person */
            canSend: boolean;
            /** @description How many invites a send now would create (what POST /admin/pulse/run then creates) */
            due: number;
            /**
             * @description Why nobody would be invited; null when someone would
             * @enum {string|null}
             */
            reason:
              | "pulse_disabled"
              | "no_channel"
              | "not_rotating"
              | "invalid_timezone"
              | "no_active_questions"
              | "already_ran"
              | "empty_cohort"
              | "everyone_asked"
              | "no_question_for_teams"
              | null;
            /** @description Today's cohort (cohort-<n>); null when the schedule cannot say */
            cohort: string | null;
            /** @description Today's cohort as people call it: by the first weekday it is invited on */
            cohortLabel: string | null;
            /** @description Active members of today's cohort */
            cohortSize: number;
            /** @description Today in the schedule's time zone (YYYY-MM-DD) */
            localDate: string | null;
          };
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  runPulse: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            cohort: string;
            invitesCreated: number;
            alreadyRan?: boolean;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The pulse cannot be sent now; the code says why */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listPulseComments: {
    parameters: {
      query?: {
        /** @description Weeks back from the current ISO week (UTC), 1w..52w; default 12w */
        range?: string;
        /** @description Team id; omitted means every team (admins and owners only) */
        team?: string;
        /** @description Only this pulse question's comments */
        question?: string;
        limit?: number;
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            items: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              questionId: string;
              /** Format: uuid */
              teamId: string | null;
              /** @description Monday (UTC) of the ISO week the comment was released in, YYYY-MM-DD: no finer time is kept */
              week: string;
              body: string;
              replyCount: number;
              /** Format: date-time */
              lastReplyAt: string | null;
              /** @description For the reader: never opened, or the colleague replied since they last read it */
              unread: boolean;
            }[];
            total: number;
            limit: number;
            offset: number;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Admins see the pulse of any team or of all; a moderator, of their own teams only: add team=<teamId>. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  commentOnPulseAnswer: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description The private conversation capability given with the answer (`conversation`) */
          conversation: string;
          /** @description 10..1000 visible characters (white space, zero-width, format and Braille-blank characters and combining marks do not count), at most 2000 code points in all. Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069); tabs and line breaks are kept. */
          body: string;
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            question: {
              text: string;
            };
            /** @description null until a comment is written */
            comment: {
              body: string;
              /** @description false while it waits, sealed, with its answer; true once its batch was released to the leads */
              released: boolean;
            } | null;
            /** @description A comment may still be written: none yet, its answer not yet released, within 24 hours of the answer */
            canComment: boolean;
            replies: {
              /** Format: uuid */
              id: string;
              body: string;
              /**
               * @description lead: one of the team's leads (named); colleague: the person who wrote the comment
               * @enum {string}
               */
              from: "lead" | "colleague";
              /** @description The lead's name; null for the colleague (never named) or a lead whose account is gone */
              name: string | null;
              /** Format: date-time */
              createdAt: string;
            }[];
            /** @description The answer's follow-up questions while they may be answered (within 24 hours of the answer) */
            followUps: {
              /** Format: uuid */
              questionId: string;
              text: string;
              /**
               * @description agree5: 1..5 (strongly disagree .. strongly agree); emoji5: 1..5 shown as faces; enps11: 0..10, how likely to recommend (eNPS)
               * @enum {string}
               */
              scale: "agree5" | "emoji5" | "enps11";
              answered: boolean;
            }[];
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unknown, forged or mistyped conversation link (the same answer for all) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description COMMENT_EXISTS or COMMENTS_CLOSED */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description CONTENT_REJECTED */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getPulseConversation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The private conversation capability given with the answer (`conversation`) */
        capability: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            question: {
              text: string;
            };
            /** @description null until a comment is written */
            comment: {
              body: string;
              /** @description false while it waits, sealed, with its answer; true once its batch was released to the leads */
              released: boolean;
            } | null;
            /** @description A comment may still be written: none yet, its answer not yet released, within 24 hours of the answer */
            canComment: boolean;
            replies: {
              /** Format: uuid */
              id: string;
              body: string;
              /**
               * @description lead: one of the team's leads (named); colleague: the person who wrote the comment
               * @enum {string}
               */
              from: "lead" | "colleague";
              /** @description The lead's name; null for the colleague (never named) or a lead whose account is gone */
              name: string | null;
              /** Format: date-time */
              createdAt: string;
            }[];
            /** @description The answer's follow-up questions while they may be answered (within 24 hours of the answer) */
            followUps: {
              /** Format: uuid */
              questionId: string;
              text: string;
              /**
               * @description agree5: 1..5 (strongly disagree .. strongly agree); emoji5: 1..5 shown as faces; enps11: 0..10, how likely to recommend (eNPS)
               * @enum {string}
               */
              scale: "agree5" | "emoji5" | "enps11";
              answered: boolean;
            }[];
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unknown, forged or mistyped conversation link (the same answer for all) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  replyInPulseConversation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The private conversation capability given with the answer (`conversation`) */
        capability: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description 1..1000 visible characters (white space, zero-width, format and Braille-blank characters and combining marks do not count), at most 2000 code points in all. Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069); tabs and line breaks are kept. */
          body: string;
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            body: string;
            /**
             * @description lead: one of the team's leads (named); colleague: the person who wrote the comment
             * @enum {string}
             */
            from: "lead" | "colleague";
            /** @description The lead's name; null for the colleague (never named) or a lead whose account is gone */
            name: string | null;
            /** Format: date-time */
            createdAt: string;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unknown, forged or mistyped conversation link (the same answer for all) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description COMMENT_NOT_RELEASED */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description CONTENT_REJECTED */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  answerPulseFollowUp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description The private conversation capability given with the answer (`conversation`) */
          conversation: string;
          /** Format: uuid */
          questionId: string;
          /** @description On the question's own scale; another: 400 VALIDATION_FAILED */
          score: number;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {boolean} */
            ok: true;
            followUps: {
              /** Format: uuid */
              questionId: string;
              text: string;
              /**
               * @description agree5: 1..5 (strongly disagree .. strongly agree); emoji5: 1..5 shown as faces; enps11: 0..10, how likely to recommend (eNPS)
               * @enum {string}
               */
              scale: "agree5" | "emoji5" | "enps11";
              answered: boolean;
            }[];
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Unknown, forged or mistyped conversation link (the same answer for all), or a question this answer was not offered */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FOLLOW_UP_ANSWERED or FOLLOW_UPS_CLOSED */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getPulseComment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The comment's id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            questionId: string;
            /** Format: uuid */
            teamId: string | null;
            /** @description Monday (UTC) of the ISO week the comment was released in, YYYY-MM-DD: no finer time is kept */
            week: string;
            body: string;
            replyCount: number;
            /** Format: date-time */
            lastReplyAt: string | null;
            replies: {
              /** Format: uuid */
              id: string;
              body: string;
              /**
               * @description lead: one of the team's leads (named); colleague: the person who wrote the comment
               * @enum {string}
               */
              from: "lead" | "colleague";
              /** @description The lead's name; null for the colleague (never named) or a lead whose account is gone */
              name: string | null;
              /** Format: date-time */
              createdAt: string;
            }[];
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Admins see the pulse of any team or of all; a moderator, of their own teams only: add team=<teamId>. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  replyToPulseComment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The comment's id */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description 1..1000 visible characters (white space, zero-width, format and Braille-blank characters and combining marks do not count), at most 2000 code points in all. Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069); tabs and line breaks are kept. */
          body: string;
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            body: string;
            /**
             * @description lead: one of the team's leads (named); colleague: the person who wrote the comment
             * @enum {string}
             */
            from: "lead" | "colleague";
            /** @description The lead's name; null for the colleague (never named) or a lead whose account is gone */
            name: string | null;
            /** Format: date-time */
            createdAt: string;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Admins see the pulse of any team or of all; a moderator, of their own teams only: add team=<teamId>.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description CONTENT_REJECTED */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  respondToPulseLink: {
    parameters: {
      query?: {
        /** @description The invite's token (UUID) from the email link */
        token?: string | string[];
        /** @description An integer on the question's scale: 1 to 5 (agree5, emoji5) or 0 to 10 (enps11) */
        score?: string | string[];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /**
             * @description The link names an open invite
             * @enum {boolean}
             */
            ok: true;
            /**
             * @description received: the answer is held for a minute against link scanners and then counts (the same score again changes nothing); unconfirmed: a different score of the same link came within a minute (mail scanners open every link), so nothing was kept and the link works again after retryAfterSeconds; preview: a prefetch or link preview, nothing was recorded
             * @enum {string}
             */
            answer: "received" | "unconfirmed" | "preview";
            /** @description For unconfirmed: seconds until the link can be tapped again */
            retryAfterSeconds: number | null;
            /** @description For received: the private conversation capability (URL-safe), given only here and stored nowhere: with it the respondent may add one comment (POST /pulse/comments) and read the leads' replies at /pulse/conversation/<capability>. null when the request only repeated the score already received, and for unconfirmed and preview */
            conversation: string | null;
            /** @description With a conversation: up to two more questions the respondent may answer (POST /pulse/follow-ups), each its own anonymous answer */
            followUps: {
              /** Format: uuid */
              questionId: string;
              text: string;
              /**
               * @description agree5: 1..5 (strongly disagree .. strongly agree); emoji5: 1..5 shown as faces; enps11: 0..10, how likely to recommend (eNPS)
               * @enum {string}
               */
              scale: "agree5" | "emoji5" | "enps11";
              answered: boolean;
            }[];
          };
          "text/html": string;
        };
      };
      /** @description Invalid or expired invite, or a score off the question's scale */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
    };
  };
  respondToPulse: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description The invite's token (UUID) from the email link; anything else answers 400 INVALID_INVITE */
          token?: unknown;
          /** @description An integer on the question's scale: 1 to 5 (agree5, emoji5) or 0 to 10 (enps11); another: 400 VALIDATION_FAILED, the invite stays open */
          score: number;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /**
             * @description The link names an open invite
             * @enum {boolean}
             */
            ok: true;
            /**
             * @description received: the answer is held for a minute against link scanners and then counts (the same score again changes nothing); unconfirmed: a different score of the same link came within a minute (mail scanners open every link), so nothing was kept and the link works again after retryAfterSeconds; preview: a prefetch or link preview, nothing was recorded
             * @enum {string}
             */
            answer: "received" | "unconfirmed" | "preview";
            /** @description For unconfirmed: seconds until the link can be tapped again */
            retryAfterSeconds: number | null;
            /** @description For received: the private conversation capability (URL-safe), given only here and stored nowhere: with it the respondent may add one comment (POST /pulse/comments) and read the leads' replies at /pulse/conversation/<capability>. null when the request only repeated the score already received, and for unconfirmed and preview */
            conversation: string | null;
            /** @description With a conversation: up to two more questions the respondent may answer (POST /pulse/follow-ups), each its own anonymous answer */
            followUps: {
              /** Format: uuid */
              questionId: string;
              text: string;
              /**
               * @description agree5: 1..5 (strongly disagree .. strongly agree); emoji5: 1..5 shown as faces; enps11: 0..10, how likely to recommend (eNPS)
               * @enum {string}
               */
              scale: "agree5" | "emoji5" | "enps11";
              answered: boolean;
            }[];
          };
        };
      };
      /** @description Invalid or expired invite, or a score off the question's scale */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getPulsePrivacy: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @description Answers are counted only in groups of at least this many (k) */
            anonThreshold: number;
            /** @description An answer counts toward k only if its invitee had been in the team and the organisation this many days when invited (0: off) */
            minTenureDays: number;
            /** @description Changes of these two settings in the last 30 days, newest first */
            changes: {
              /** @enum {string} */
              setting: "anonThreshold" | "minTenureDays";
              from: number;
              to: number;
              /** @description ISO 8601 */
              changedAt: string;
            }[];
          };
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getPulseSummary: {
    parameters: {
      query?: {
        /** @description Weeks back from the current ISO week (UTC), 1w..52w; default 12w */
        range?: string;
        /** @description Team id; omitted means every team (admins and owners only) */
        team?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            summary: {
              /** @description Released answers of every question and scale (a count: no average is taken across questions) */
              totalResponses: number;
              totalInvites: number;
              /** @description Percent of the invites of the range that were answered (waiting answers included) */
              participationRate: number;
              /** @description The reminder's effect, counted over invites only (nothing about any answer) */
              participation: {
                /** @description Invites of the range that got their one reminder */
                reminded: number;
                /** @description Invites answered without a reminder, or before it */
                answeredBeforeReminder: number;
                /** @description Invites answered after their reminder */
                answeredAfterReminder: number;
              };
              dateRange: {
                start: string;
                end: string;
              };
              previousDateRange: {
                start: string;
                end: string;
              };
              /** @description The tenant's k: answers are released and shown in groups of at least k */
              anonThreshold: number;
              /** @description Answers stored but not yet counted: a group's answers are counted together once it has anonThreshold of them */
              waitingResponses: number;
              /** @description Comments released with the answers of the range: GET /pulse/comments lists them */
              comments: {
                /** @description Released comments of the range (and team) */
                total: number;
                /** @description Of them, those with at least one reply */
                conversations: number;
              };
            };
            questions: {
              /** Format: uuid */
              id: string;
              text: string;
              /**
               * @description agree5: 1..5 (strongly disagree .. strongly agree); emoji5: 1..5 shown as faces; enps11: 0..10, how likely to recommend (eNPS)
               * @enum {string}
               */
              scale: "agree5" | "emoji5" | "enps11";
              responseCount: number;
              /** @description On the question's own scale: 1..5 for agree5 and emoji5, 0..10 for enps11 (never mixed across questions) */
              averageScore: number | null;
              /** @description enps11 questions only: per cent promoters (9..10) minus per cent detractors (0..6), -100..100, rounded; released answers only, null under the same threshold as the average */
              enps?: number | null;
              /** @description enps11 questions only: how many released answers were 9..10, 7..8 and 0..6; null when enps is */
              enpsBreakdown?: {
                promoters: number;
                passives: number;
                detractors: number;
              } | null;
              trend: {
                weekly: {
                  /** @description ISO week, YYYY-Www */
                  week: string;
                  avg: number | null;
                  count: number;
                  /** @description enps11 questions only: per cent promoters (9..10) minus per cent detractors (0..6), -100..100, rounded; released answers only, null under the same threshold as the average */
                  enps?: number | null;
                }[];
              };
              byTeam: {
                /** Format: uuid */
                teamId: string | null;
                teamName: string;
                responseCount: number;
                /** @description On the question's own scale: 1..5 for agree5 and emoji5, 0..10 for enps11 (never mixed across questions) */
                averageScore: number | null;
                /** @description enps11 questions only: per cent promoters (9..10) minus per cent detractors (0..6), -100..100, rounded; released answers only, null under the same threshold as the average */
                enps?: number | null;
                /** @description enps11 questions only: how many released answers were 9..10, 7..8 and 0..6; null when enps is */
                enpsBreakdown?: {
                  promoters: number;
                  passives: number;
                  detractors: number;
                } | null;
                /** @description Present when averageScore is null: why it is hidden */
                message?: string;
                /** @description Answers stored but not yet counted: a group's answers are counted together once it has anonThreshold of them */
                waitingResponses: number;
                /** @description The same figure over the same number of weeks just before the range (summary.previousDateRange) */
                previousPeriod: {
                  responseCount: number;
                  /** @description On the question's own scale: 1..5 for agree5 and emoji5, 0..10 for enps11 (never mixed across questions) */
                  averageScore: number | null;
                  /** @description enps11 questions only: per cent promoters (9..10) minus per cent detractors (0..6), -100..100, rounded; released answers only, null under the same threshold as the average */
                  enps?: number | null;
                  /** @description enps11 questions only: how many released answers were 9..10, 7..8 and 0..6; null when enps is */
                  enpsBreakdown?: {
                    promoters: number;
                    passives: number;
                    detractors: number;
                  } | null;
                };
              }[];
              /** @description Answers stored but not yet counted: a group's answers are counted together once it has anonThreshold of them */
              waitingResponses: number;
              /** @description The same figure over the same number of weeks just before the range (summary.previousDateRange) */
              previousPeriod: {
                responseCount: number;
                /** @description On the question's own scale: 1..5 for agree5 and emoji5, 0..10 for enps11 (never mixed across questions) */
                averageScore: number | null;
                /** @description enps11 questions only: per cent promoters (9..10) minus per cent detractors (0..6), -100..100, rounded; released answers only, null under the same threshold as the average */
                enps?: number | null;
                /** @description enps11 questions only: how many released answers were 9..10, 7..8 and 0..6; null when enps is */
                enpsBreakdown?: {
                  promoters: number;
                  passives: number;
                  detractors: number;
                } | null;
              };
              /** @description Comments released with the answers of the range: GET /pulse/comments lists them */
              comments: {
                /** @description Released comments of the range (and team) */
                total: number;
                /** @description Of them, those with at least one reply */
                conversations: number;
              };
            }[];
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: Admins see the pulse of any team or of all; a moderator, of their own teams only: add team=<teamId>. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listUsers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            email: string;
            name: string;
            /** @enum {string} */
            role: "owner" | "admin" | "moderator" | "member" | "viewer";
            /** Format: uuid */
            primaryTeamId: string | null;
            avatarUrl: string | null;
            deactivated: boolean;
            createdAt: string;
          }[];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createUser: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          email: string;
          /** @description 1..200 visible characters (white space, zero-width, format and Braille-blank characters and combining marks do not count), at most 400 code points in all. Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069); no line breaks. */
          name: string;
          /**
           * @description Omitted: the tenant's users.defaultRole
           * @enum {string}
           */
          role?: "owner" | "admin" | "moderator" | "member" | "viewer";
          /**
           * Format: uuid
           * @description Omitted: the tenant's users.defaultTeamId
           */
          primaryTeamId?: string | null;
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            email: string;
            name: string;
            /** @enum {string} */
            role: "owner" | "admin" | "moderator" | "member" | "viewer";
            /** Format: uuid */
            primaryTeamId: string | null;
            avatarUrl: string | null;
            deactivated: boolean;
            createdAt: string;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description DUPLICATE: the email is taken in this tenant */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  importUsers: {
    parameters: {
      query?: {
        /** @description true: check the file and answer what would happen, writing nothing */
        dryRun?: "true" | "false";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description UTF-8 CSV (RFC 4180; a byte order mark and CRLF or LF line ends are fine), first line `email,name,role,team`. */
    requestBody: {
      content: {
        "text/csv": string;
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            dryRun: boolean;
            /** @description true once the rows are written (never on a dry run) */
            imported: boolean;
            totals: {
              rows: number;
              created: number;
              updated: number;
              unchanged: number;
              error: number;
            };
            /** @description In the file's order */
            rows: {
              /** @description 1 is the first line after the header */
              row: number;
              /** @description The row's email cell as written */
              email: string;
              /** @enum {string} */
              action: "created" | "updated" | "unchanged" | "error";
              /** @description Why the row is an error, or what an update changes */
              message?: string;
            }[];
          };
        };
      };
      /** @description VALIDATION_FAILED: the file is empty, has no rows, is not CSV, or its first line is not the header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE (over 5 MB) or TOO_MANY_ROWS (over 10000 rows): nothing is imported */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: the body is not text/csv in UTF-8 */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description IMPORT_REJECTED: some rows have errors (details: those rows); nothing is imported */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description 1..200 visible characters (white space, zero-width, format and Braille-blank characters and combining marks do not count), at most 400 code points in all. Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069); no line breaks. */
          name?: string;
          email?: string;
          /** Format: uuid */
          primaryTeamId?: string | null;
          /** @enum {string} */
          role?: "owner" | "admin" | "moderator" | "member" | "viewer";
          /** @description true signs the user out everywhere at once; false reactivates */
          deactivated?: boolean;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            email: string;
            name: string;
            /** @enum {string} */
            role: "owner" | "admin" | "moderator" | "member" | "viewer";
            /** Format: uuid */
            primaryTeamId: string | null;
            avatarUrl: string | null;
            deactivated: boolean;
            createdAt: string;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: You cannot change a user whose role is above yours.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description LAST_OWNER, or DUPLICATE email */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; FORBIDDEN: You cannot change a user whose role is above yours.; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description LAST_OWNER */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getMyEmailPreferences: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @description Whether the organisation's messages reach this person: the answer to their question, and the weekly pulse (by e-mail or in Slack). The same choice as the unsubscribe link in every e-mail. */
            emails: boolean;
            /**
             * @description Where this person hears that their question was answered: SPEC's e-mail, or a Slack direct message (CONTRACT §11). Default `email`.
             * @enum {string}
             */
            answersVia: "email" | "slack";
            /** @description Whether the organisation has connected Slack, so `answersVia: slack` may be chosen. */
            slackAvailable: boolean;
          };
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  setMyEmailPreferences: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Whether the organisation's messages reach this person: the answer to their question, and the weekly pulse (by e-mail or in Slack). The same choice as the unsubscribe link in every e-mail. */
          emails?: boolean;
          /**
           * @description Where this person hears that their question was answered: SPEC's e-mail, or a Slack direct message (CONTRACT §11). Default `email`.
           * @enum {string}
           */
          answersVia?: "email" | "slack";
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @description Whether the organisation's messages reach this person: the answer to their question, and the weekly pulse (by e-mail or in Slack). The same choice as the unsubscribe link in every e-mail. */
            emails: boolean;
            /**
             * @description Where this person hears that their question was answered: SPEC's e-mail, or a Slack direct message (CONTRACT §11). Default `email`.
             * @enum {string}
             */
            answersVia: "email" | "slack";
            /** @description Whether the organisation has connected Slack, so `answersVia: slack` may be chosen. */
            slackAvailable: boolean;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SLACK_NOT_CONNECTED */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getTenantSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            questions: {
              minLength: number;
              maxLength: number;
            };
            users: {
              /** @enum {string} */
              defaultRole: "member" | "viewer";
              /** Format: uuid */
              defaultTeamId: string | null;
              /** @enum {string} */
              signup: "open" | "domains" | "invite";
              allowedEmailDomains: string[];
            };
            security: {
              sessionTimeout: number;
              adminSessionTimeout: number;
              rateLimits: {
                questionsPerHour: number;
                upvotesPerMinute: number;
                responsesPerHour: number;
                searchPerMinute: number;
                emailRecipientsPerHour: number;
              };
            };
            branding: {
              /** @enum {string} */
              theme: "executive-blue" | "modern-purple" | "refined-teal";
              primaryColor: string | null;
              accentColor: string | null;
              /** Format: uri */
              logoUrl: string | null;
              /** Format: uri */
              faviconUrl: string | null;
            };
            features: {
              allowAnonymousQuestions: boolean;
              requireQuestionApproval: boolean;
              enableEmailNotifications: boolean;
            };
            pulse: {
              enabled: boolean;
              anonThreshold: number;
              minTenureDays: number;
              reminderAfterDays: number;
              /** @enum {string} */
              defaultCadence: "weekly" | "biweekly" | "monthly";
              defaultTime: string;
              rotatingCohorts: boolean;
              channelSlack: boolean;
              channelEmail: boolean;
            };
            auth: {
              requireSso: boolean;
              oidc: {
                /** Format: uri */
                issuer: string;
                clientId: string;
                /**
                 * @default [
                 *       "openid",
                 *       "email",
                 *       "profile"
                 *     ]
                 */
                scopes: string[];
                /** @default Sign in with your company account */
                buttonLabel: string;
                /** @description whether a client secret is stored (it is write-only) */
                clientSecretSet: boolean;
              } | null;
              saml: {
                /** Format: uri */
                entryPoint: string;
                idpCertificate: string;
                /** @default null */
                issuer: string | null;
                /** @default Sign in with your company account */
                buttonLabel: string;
              } | null;
            };
            slack: {
              /** @description whether a bot token is stored (it is write-only) */
              botTokenSet: boolean;
              /** @description whether a signing secret is stored (it is write-only) */
              signingSecretSet: boolean;
            } | null;
          };
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateTenantSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          questions?: {
            minLength?: number;
            maxLength?: number;
          };
          users?: {
            /** @enum {string} */
            defaultRole?: "member" | "viewer";
            /** Format: uuid */
            defaultTeamId?: string | null;
            /** @enum {string} */
            signup?: "open" | "domains" | "invite";
            allowedEmailDomains?: string[];
          };
          security?: {
            sessionTimeout?: number;
            adminSessionTimeout?: number;
            rateLimits?: {
              questionsPerHour?: number;
              upvotesPerMinute?: number;
              responsesPerHour?: number;
              searchPerMinute?: number;
              emailRecipientsPerHour?: number;
            };
          };
          branding?: {
            /** @enum {string} */
            theme?: "executive-blue" | "modern-purple" | "refined-teal";
            primaryColor?: string | null;
            accentColor?: string | null;
            /** Format: uri */
            logoUrl?: string | null;
            /** Format: uri */
            faviconUrl?: string | null;
          };
          features?: {
            allowAnonymousQuestions?: boolean;
            requireQuestionApproval?: boolean;
            enableEmailNotifications?: boolean;
          };
          pulse?: {
            enabled?: boolean;
            anonThreshold?: number;
            minTenureDays?: number;
            reminderAfterDays?: number;
            /** @enum {string} */
            defaultCadence?: "weekly" | "biweekly" | "monthly";
            defaultTime?: string;
            rotatingCohorts?: boolean;
            channelSlack?: boolean;
            channelEmail?: boolean;
          };
          auth?: {
            requireSso?: boolean;
            oidc?: {
              /** Format: uri */
              issuer?: string;
              clientId?: string;
              clientSecret?: string | null;
              scopes?: string[];
              buttonLabel?: string;
            } | null;
            saml?: {
              /** Format: uri */
              entryPoint?: string;
              idpCertificate?: string;
              issuer?: string | null;
              buttonLabel?: string;
            } | null;
          };
          slack?: {
            botToken?: string;
            signingSecret?: string;
          } | null;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            questions: {
              minLength: number;
              maxLength: number;
            };
            users: {
              /** @enum {string} */
              defaultRole: "member" | "viewer";
              /** Format: uuid */
              defaultTeamId: string | null;
              /** @enum {string} */
              signup: "open" | "domains" | "invite";
              allowedEmailDomains: string[];
            };
            security: {
              sessionTimeout: number;
              adminSessionTimeout: number;
              rateLimits: {
                questionsPerHour: number;
                upvotesPerMinute: number;
                responsesPerHour: number;
                searchPerMinute: number;
                emailRecipientsPerHour: number;
              };
            };
            branding: {
              /** @enum {string} */
              theme: "executive-blue" | "modern-purple" | "refined-teal";
              primaryColor: string | null;
              accentColor: string | null;
              /** Format: uri */
              logoUrl: string | null;
              /** Format: uri */
              faviconUrl: string | null;
            };
            features: {
              allowAnonymousQuestions: boolean;
              requireQuestionApproval: boolean;
              enableEmailNotifications: boolean;
            };
            pulse: {
              enabled: boolean;
              anonThreshold: number;
              minTenureDays: number;
              reminderAfterDays: number;
              /** @enum {string} */
              defaultCadence: "weekly" | "biweekly" | "monthly";
              defaultTime: string;
              rotatingCohorts: boolean;
              channelSlack: boolean;
              channelEmail: boolean;
            };
            auth: {
              requireSso: boolean;
              oidc: {
                /** Format: uri */
                issuer: string;
                clientId: string;
                /**
                 * @default [
                 *       "openid",
                 *       "email",
                 *       "profile"
                 *     ]
                 */
                scopes: string[];
                /** @default Sign in with your company account */
                buttonLabel: string;
                /** @description whether a client secret is stored (it is write-only) */
                clientSecretSet: boolean;
              } | null;
              saml: {
                /** Format: uri */
                entryPoint: string;
                idpCertificate: string;
                /** @default null */
                issuer: string | null;
                /** @default Sign in with your company account */
                buttonLabel: string;
              } | null;
            };
            slack: {
              /** @description whether a bot token is stored (it is write-only) */
              botTokenSet: boolean;
              /** @description whether a signing secret is stored (it is write-only) */
              signingSecretSet: boolean;
            } | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getCompanySignInValues: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            oidc: {
              /** @description the redirect (callback) URI to register with the OpenID provider */
              redirectUri: string;
              /** @description where this tenant's OpenID Connect sign-in starts (add `&test=true` for an admin's test sign-in) */
              signInUrl: string;
            };
            saml: {
              /** @description our SAML entity ID (audience): auth.saml.issuer, else the metadata address */
              entityId: string;
              /** @description the assertion consumer service (reply) URL, HTTP-POST binding */
              acsUrl: string;
              /** @description our SAML service provider metadata, for identity providers that import it */
              metadataUrl: string;
              /** @description where this tenant's SAML sign-in starts (add `&test=true` for an admin's test sign-in) */
              signInUrl: string;
            };
          };
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listAuditLogFilters: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @description Every action the server writes, with the entity types it is written under */
            actions: {
              action: string;
              entityTypes: string[];
            }[];
            /** @description Every entity type an entry can have */
            entityTypes: string[];
          };
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listAuditLogs: {
    parameters: {
      query?: {
        userId?: string;
        action?: string;
        entityType?: string;
        entityId?: string;
        /** @description ISO date or date-time, inclusive */
        startDate?: string;
        /** @description ISO date (that whole UTC day included) or date-time, inclusive */
        endDate?: string;
        /** @description Default 50; above 500 is capped at 500 */
        limit?: string;
        offset?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            items: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              tenantId: string;
              /** Format: uuid */
              userId: string | null;
              /** @description The acting user; null once deleted */
              user: {
                /** Format: uuid */
                id: string;
                name: string;
                email: string;
              } | null;
              action: string;
              entityType: string;
              /** Format: uuid */
              entityId: string | null;
              before?: unknown;
              after?: unknown;
              ipAddress: string | null;
              userAgent: string | null;
              metadata: {
                [key: string]: unknown;
              };
              createdAt: string;
            }[];
            total: number;
            limit: number;
            offset: number;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listAuditLogsAlias: {
    parameters: {
      query?: {
        userId?: string;
        action?: string;
        entityType?: string;
        entityId?: string;
        /** @description ISO date or date-time, inclusive */
        startDate?: string;
        /** @description ISO date (that whole UTC day included) or date-time, inclusive */
        endDate?: string;
        /** @description Default 50; above 500 is capped at 500 */
        limit?: string;
        offset?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            items: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              tenantId: string;
              /** Format: uuid */
              userId: string | null;
              /** @description The acting user; null once deleted */
              user: {
                /** Format: uuid */
                id: string;
                name: string;
                email: string;
              } | null;
              action: string;
              entityType: string;
              /** Format: uuid */
              entityId: string | null;
              before?: unknown;
              after?: unknown;
              ipAddress: string | null;
              userAgent: string | null;
              metadata: {
                [key: string]: unknown;
              };
              createdAt: string;
            }[];
            total: number;
            limit: number;
            offset: number;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  exportQuestions: {
    parameters: {
      query?: {
        /** @description csv (default) or json */
        format?: "csv" | "json";
        teamId?: string;
        status?: "OPEN" | "UNDER_REVIEW" | "ANSWERED";
        /** @description Submitted at or after (ISO date or date-time) */
        startDate?: string;
        /** @description Submitted at or before (a date-only value includes that whole UTC day) */
        endDate?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            teamId: string;
            teamName: string;
            status: string;
            body: string;
            upvoteCount: number;
            submittedAt: string;
            /**
             * Format: uuid
             * @description Null for anonymous questions
             */
            authorId: string | null;
            authorName: string | null;
            isAnonymous: boolean;
            tags: string[];
            isPinned: boolean;
            isFrozen: boolean;
            responseText: string | null;
            respondedAt: string | null;
            responderName: string | null;
          }[];
          "text/csv": string;
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  exportAuditLogs: {
    parameters: {
      query?: {
        /** @description csv (default) or json */
        format?: "csv" | "json";
        userId?: string;
        action?: string;
        entityType?: string;
        entityId?: string;
        /** @description ISO date or date-time, inclusive */
        startDate?: string;
        /** @description ISO date (that whole UTC day included) or date-time, inclusive */
        endDate?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            userId: string | null;
            action: string;
            entityType: string;
            /** Format: uuid */
            entityId: string | null;
            before?: unknown;
            after?: unknown;
            ipAddress: string | null;
            userAgent: string | null;
            metadata: {
              [key: string]: unknown;
            };
            createdAt: string;
            userName: string | null;
            userEmail: string | null;
          }[];
          "text/csv": string;
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  exportUsers: {
    parameters: {
      query?: {
        /** @description csv (default) or json */
        format?: "csv" | "json";
        role?: "owner" | "admin" | "moderator" | "member" | "viewer";
        /** @description Only members of this team */
        teamId?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            email: string;
            name: string;
            /** @enum {string} */
            role: "owner" | "admin" | "moderator" | "member" | "viewer";
            /** Format: uuid */
            primaryTeamId: string | null;
            primaryTeamName: string | null;
            teams: string[];
            deactivated: boolean;
            createdAt: string;
            lastLoginAt: string | null;
          }[];
          "text/csv": string;
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  exportPulse: {
    parameters: {
      query?: {
        /** @description Weeks back from the current ISO week (UTC), 1w..52w; default 12w */
        range?: string;
        /** @description Team id; omitted means every team (admins and owners only) */
        team?: string;
        /** @description csv (default) or json */
        format?: "csv" | "json";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {string} */
            scope: "summary" | "question" | "team" | "week";
            /** Format: uuid */
            questionId: string | null;
            questionText: string | null;
            /**
             * @description The question's scale; its averageScore is on it (0..10 for enps11)
             * @enum {string|null}
             */
            scale: "agree5" | "emoji5" | "enps11" | null;
            /** Format: uuid */
            teamId: string | null;
            teamName: string | null;
            /** @description YYYY-Www */
            week: string | null;
            responseCount: number;
            averageScore: number | null;
            /** @description enps11 questions: per cent promoters minus per cent detractors, suppressed as averageScore */
            enps: number | null;
            suppressed: boolean;
            message: string | null;
            /** @description question and team rows: answers stored but not yet counted (released in groups of the threshold) */
            waitingResponses: number | null;
            /** @description summary row only */
            totalInvites: number | null;
            /** @description summary row only, percent */
            participationRate: number | null;
            /** @description summary row only */
            dateRangeStart: string | null;
            /** @description summary row only */
            dateRangeEnd: string | null;
          }[];
          "text/csv": string;
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  exportPolls: {
    parameters: {
      query?: {
        /** @description csv (default) or json */
        format?: "csv" | "json";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            pollId: string;
            /** Format: uuid */
            teamId: string;
            teamName: string;
            title: string;
            type: string;
            status: string;
            openedAt: string | null;
            closedAt: string | null;
            voteCount: number;
            /** @description The option's text, the score (1..scaleMax) or the word; null for a words poll nobody answered */
            answer: string | null;
            votes: number;
          }[];
          "text/csv": string;
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getEmailQueue: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            metrics: {
              active: number;
              waiting: number;
              completed: number;
              failed: number;
            };
            recentJobs: {
              active: {
                id: string;
                /** @enum {string} */
                name: "question-answered" | "question-answered-slack" | "pulse-invite" | "pulse-invite-slack" | "direct-email" | "webhook-disabled";
                /** @enum {string} */
                status: "active" | "waiting" | "completed" | "failed";
                /** @description Queued at (epoch ms) */
                timestamp: number;
                attemptsMade: number;
                /** @description Last attempt started (epoch ms) */
                processedOn: number | null;
                /** @description Completed or finally failed (epoch ms) */
                finishedOn: number | null;
                /** @description Why the last attempt failed; for a hidden recipient, any address in it is replaced by `[hidden]` */
                failedReason: string | null;
                subject: string | null;
                /** @description Recipients: known once sent, or as given for a direct email. Always null when `recipientHidden`: the answered email of an anonymous question goes to its author, whom nobody else may learn (CONTRACT §3). */
                to: string[] | null;
                /** @description True for the answered email of an anonymous question (and for answered emails queued before the flag existed): `to`, `outcome` and `skipReason` are null, since whether and why it was skipped (unsubscribed, deactivated) would say something about its author; a retry keeps it hidden. */
                recipientHidden: boolean;
                /**
                 * @description Null until finished, and for a hidden recipient
                 * @enum {string|null}
                 */
                outcome: "sent" | "skipped" | null;
                /** @description Why a completed job sent nothing; null for a hidden recipient */
                skipReason: string | null;
              }[];
              waiting: {
                id: string;
                /** @enum {string} */
                name: "question-answered" | "question-answered-slack" | "pulse-invite" | "pulse-invite-slack" | "direct-email" | "webhook-disabled";
                /** @enum {string} */
                status: "active" | "waiting" | "completed" | "failed";
                /** @description Queued at (epoch ms) */
                timestamp: number;
                attemptsMade: number;
                /** @description Last attempt started (epoch ms) */
                processedOn: number | null;
                /** @description Completed or finally failed (epoch ms) */
                finishedOn: number | null;
                /** @description Why the last attempt failed; for a hidden recipient, any address in it is replaced by `[hidden]` */
                failedReason: string | null;
                subject: string | null;
                /** @description Recipients: known once sent, or as given for a direct email. Always null when `recipientHidden`: the answered email of an anonymous question goes to its author, whom nobody else may learn (CONTRACT §3). */
                to: string[] | null;
                /** @description True for the answered email of an anonymous question (and for answered emails queued before the flag existed): `to`, `outcome` and `skipReason` are null, since whether and why it was skipped (unsubscribed, deactivated) would say something about its author; a retry keeps it hidden. */
                recipientHidden: boolean;
                /**
                 * @description Null until finished, and for a hidden recipient
                 * @enum {string|null}
                 */
                outcome: "sent" | "skipped" | null;
                /** @description Why a completed job sent nothing; null for a hidden recipient */
                skipReason: string | null;
              }[];
              completed: {
                id: string;
                /** @enum {string} */
                name: "question-answered" | "question-answered-slack" | "pulse-invite" | "pulse-invite-slack" | "direct-email" | "webhook-disabled";
                /** @enum {string} */
                status: "active" | "waiting" | "completed" | "failed";
                /** @description Queued at (epoch ms) */
                timestamp: number;
                attemptsMade: number;
                /** @description Last attempt started (epoch ms) */
                processedOn: number | null;
                /** @description Completed or finally failed (epoch ms) */
                finishedOn: number | null;
                /** @description Why the last attempt failed; for a hidden recipient, any address in it is replaced by `[hidden]` */
                failedReason: string | null;
                subject: string | null;
                /** @description Recipients: known once sent, or as given for a direct email. Always null when `recipientHidden`: the answered email of an anonymous question goes to its author, whom nobody else may learn (CONTRACT §3). */
                to: string[] | null;
                /** @description True for the answered email of an anonymous question (and for answered emails queued before the flag existed): `to`, `outcome` and `skipReason` are null, since whether and why it was skipped (unsubscribed, deactivated) would say something about its author; a retry keeps it hidden. */
                recipientHidden: boolean;
                /**
                 * @description Null until finished, and for a hidden recipient
                 * @enum {string|null}
                 */
                outcome: "sent" | "skipped" | null;
                /** @description Why a completed job sent nothing; null for a hidden recipient */
                skipReason: string | null;
              }[];
              failed: {
                id: string;
                /** @enum {string} */
                name: "question-answered" | "question-answered-slack" | "pulse-invite" | "pulse-invite-slack" | "direct-email" | "webhook-disabled";
                /** @enum {string} */
                status: "active" | "waiting" | "completed" | "failed";
                /** @description Queued at (epoch ms) */
                timestamp: number;
                attemptsMade: number;
                /** @description Last attempt started (epoch ms) */
                processedOn: number | null;
                /** @description Completed or finally failed (epoch ms) */
                finishedOn: number | null;
                /** @description Why the last attempt failed; for a hidden recipient, any address in it is replaced by `[hidden]` */
                failedReason: string | null;
                subject: string | null;
                /** @description Recipients: known once sent, or as given for a direct email. Always null when `recipientHidden`: the answered email of an anonymous question goes to its author, whom nobody else may learn (CONTRACT §3). */
                to: string[] | null;
                /** @description True for the answered email of an anonymous question (and for answered emails queued before the flag existed): `to`, `outcome` and `skipReason` are null, since whether and why it was skipped (unsubscribed, deactivated) would say something about its author; a retry keeps it hidden. */
                recipientHidden: boolean;
                /**
                 * @description Null until finished, and for a hidden recipient
                 * @enum {string|null}
                 */
                outcome: "sent" | "skipped" | null;
                /** @description Why a completed job sent nothing; null for a hidden recipient */
                skipReason: string | null;
              }[];
            };
            /** @description Whether queued emails are being sent, and what the development queue keeps */
            delivery: {
              /**
               * @description memory: development without KVSTORE_URL (nothing can send these jobs); redis: BullMQ
               * @enum {string}
               */
              queue: "memory" | "redis";
              /** @description Whether an email worker is consuming the queue (any process). False in development by default: jobs wait, unsent, until a worker runs (EMAIL_WORKER=true with KVSTORE_URL, or `npm run worker`). Null when it cannot be told. */
              workerRunning: boolean | null;
              /** @description In-memory queue only: how many waiting jobs (every tenant) are kept; older ones are dropped */
              maxWaiting: number | null;
              /** @description This tenant's jobs dropped from the in-memory queue since the server started (never sent) */
              dropped: number;
            };
          };
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  retryEmailJob: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            /** @enum {string} */
            name: "question-answered" | "question-answered-slack" | "pulse-invite" | "pulse-invite-slack" | "direct-email" | "webhook-disabled";
            /** @enum {string} */
            status: "active" | "waiting" | "completed" | "failed";
            /** @description Queued at (epoch ms) */
            timestamp: number;
            attemptsMade: number;
            /** @description Last attempt started (epoch ms) */
            processedOn: number | null;
            /** @description Completed or finally failed (epoch ms) */
            finishedOn: number | null;
            /** @description Why the last attempt failed; for a hidden recipient, any address in it is replaced by `[hidden]` */
            failedReason: string | null;
            subject: string | null;
            /** @description Recipients: known once sent, or as given for a direct email. Always null when `recipientHidden`: the answered email of an anonymous question goes to its author, whom nobody else may learn (CONTRACT §3). */
            to: string[] | null;
            /** @description True for the answered email of an anonymous question (and for answered emails queued before the flag existed): `to`, `outcome` and `skipReason` are null, since whether and why it was skipped (unsubscribed, deactivated) would say something about its author; a retry keeps it hidden. */
            recipientHidden: boolean;
            /**
             * @description Null until finished, and for a hidden recipient
             * @enum {string|null}
             */
            outcome: "sent" | "skipped" | null;
            /** @description Why a completed job sent nothing; null for a hidden recipient */
            skipReason: string | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description JOB_NOT_FAILED */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  sendEmail: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          to: string[];
          subject: string;
          body: string;
        };
      };
    };
    responses: {
      /** @description Success */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @description Number of emails queued (one per distinct recipient) */
            queued: number;
            jobIds: string[];
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description RATE_LIMITED: the tenant's emailRecipientsPerHour is reached */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listScimTokens: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description The first characters of the secret, to tell tokens apart */
            prefix: string;
            createdAt: string;
            lastUsedAt: string | null;
          }[];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createScimToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Which identity provider uses it, to recognise it later */
          name: string;
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description The secret: shown only in this response; the identity provider sends it as `Authorization: Bearer <token>` */
            token: string;
            createdAt: string;
            /** @description The SCIM 2.0 base URL to enter in the identity provider (Okta: SCIM connector base URL; Entra ID: Tenant URL) */
            scimBaseUrl: string;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TOKEN_LIMIT */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  revokeScimToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            url: string;
            events: ("question.created" | "question.answered" | "question.deleted" | "poll.closed" | "pulse.batch_released")[];
            description: string | null;
            createdAt: string;
            /** @description Set when an admin disabled it, or after 3 days of failed deliveries; nothing is sent while set */
            disabledAt: string | null;
            /** @description The first failed delivery since the last success */
            failingSince: string | null;
          }[];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Where events are POSTed: `https` in production; never a loopback, private, link-local or metadata address */
          url: string;
          /** @description The events sent to this endpoint */
          events: ("question.created" | "question.answered" | "question.deleted" | "poll.closed" | "pulse.batch_released")[];
          description?: string;
        };
      };
    };
    responses: {
      /** @description Success */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            url: string;
            events: ("question.created" | "question.answered" | "question.deleted" | "poll.closed" | "pulse.batch_released")[];
            description: string | null;
            createdAt: string;
            /** @description Set when an admin disabled it, or after 3 days of failed deliveries; nothing is sent while set */
            disabledAt: string | null;
            /** @description The first failed delivery since the last success */
            failingSince: string | null;
            /** @description The signing secret (`whsec_...`, Standard Webhooks): shown only in this response */
            secret: string;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description WEBHOOK_LIMIT */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Where events are POSTed: `https` in production; never a loopback, private, link-local or metadata address */
          url?: string;
          /** @description The events sent to this endpoint */
          events?: ("question.created" | "question.answered" | "question.deleted" | "poll.closed" | "pulse.batch_released")[];
          description?: string | null;
          /** @description true re-enables an endpoint that was disabled (by an admin, or after failing for 3 days); false disables it */
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            url: string;
            events: ("question.created" | "question.answered" | "question.deleted" | "poll.closed" | "pulse.batch_released")[];
            description: string | null;
            createdAt: string;
            /** @description Set when an admin disabled it, or after 3 days of failed deliveries; nothing is sent while set */
            disabledAt: string | null;
            /** @description The first failed delivery since the last success */
            failingSince: string | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        limit?: number;
        offset?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            items: {
              /**
               * Format: uuid
               * @description The `webhook-id` header of every attempt of this delivery
               */
              id: string;
              eventType: string;
              /** @enum {string} */
              status: "pending" | "succeeded" | "failed";
              attempts: number;
              /** @description The last attempt's HTTP status; null when no answer came (refused, timed out) */
              responseCode: number | null;
              durationMs: number | null;
              /** @description Why the last attempt failed, when it did */
              error: string | null;
              nextAttemptAt: string | null;
              createdAt: string;
              deliveredAt: string | null;
              /** @description The body sent: `{type, timestamp, data}` */
              payload?: unknown;
            }[];
            total: number;
            limit: number;
            offset: number;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  testWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            delivery: {
              /**
               * Format: uuid
               * @description The `webhook-id` header of every attempt of this delivery
               */
              id: string;
              eventType: string;
              /** @enum {string} */
              status: "pending" | "succeeded" | "failed";
              attempts: number;
              /** @description The last attempt's HTTP status; null when no answer came (refused, timed out) */
              responseCode: number | null;
              durationMs: number | null;
              /** @description Why the last attempt failed, when it did */
              error: string | null;
              nextAttemptAt: string | null;
              createdAt: string;
              deliveredAt: string | null;
              /** @description The body sent: `{type, timestamp, data}` */
              payload?: unknown;
            };
            succeeded: boolean;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  replayWebhookDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        deliveryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /**
             * Format: uuid
             * @description The `webhook-id` header of every attempt of this delivery
             */
            id: string;
            eventType: string;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            attempts: number;
            /** @description The last attempt's HTTP status; null when no answer came (refused, timed out) */
            responseCode: number | null;
            durationMs: number | null;
            /** @description Why the last attempt failed, when it did */
            error: string | null;
            nextAttemptAt: string | null;
            createdAt: string;
            deliveredAt: string | null;
            /** @description The body sent: `{type, timestamp, data}` */
            payload?: unknown;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description DELIVERY_PENDING or WEBHOOK_DISABLED */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getTeamChannels: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            slackChannel: string | null;
            /** @description A Teams URL is stored; it is never answered back */
            teamsWebhookSet: boolean;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateTeamChannels: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description A channel ID (`C0123ABCD`) or `#name`; the tenant's Slack app must be connected and invited to it. null removes it; omitted keeps it */
          slackChannel?: string | null;
          /** @description The Teams Workflows URL ("Post to a channel when a webhook request is received"): write-only, stored sealed. https in production; never a loopback, private, link-local or metadata address. null removes it; omitted keeps it */
          teamsWebhookUrl?: string | null;
        };
      };
    };
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            slackChannel: string | null;
            /** @description A Teams URL is stored; it is never answered back */
            teamsWebhookSet: boolean;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  testTeamChannels: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @description null when no Slack channel is set */
            slack: {
              ok: boolean;
              error?: string;
            } | null;
            /** @description null when no Teams URL is set */
            teams: {
              ok: boolean;
              status?: number;
              error?: string;
            } | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: the record does not exist or is not visible to the caller; TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  testSlackConnection: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @description Slack accepted the bot token and it has every scope the service needs */
            ok: boolean;
            /** @description The workspace the app is installed in, as Slack names it */
            workspace: string | null;
            /** @description The bot's user name in that workspace */
            botUser: string | null;
            /** @description Scopes the service needs that the token lacks (reinstall the app with them) */
            missingScopes: string[];
            /** @description Why it failed, in words: Slack's refusal, an unreachable Slack, or a token that must be entered again */
            error: string | null;
          };
        };
      };
      /** @description VALIDATION_FAILED (details: each invalid field; or a body that is not JSON) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description UNAUTHENTICATED: no session or API token, or an invalid one */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description FORBIDDEN: the permission is missing; CSRF_INVALID (a session without its x-csrf-token); TOKEN_SCOPE (a read-only API token) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description TENANT_NOT_FOUND */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SLACK_NOT_CONNECTED */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: a body over 100 kB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description SERVICE_UNAVAILABLE with Retry-After (seconds): the server is busy (refused before anything of the request ran, so a write may be sent again) or a backing service is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Error (CONTRACT §1 error body) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description SPEC's health fields */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Health"];
        };
      };
    };
  };
  getLiveness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Alive */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Liveness"];
        };
      };
    };
  };
  getReadiness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Ready, with each check */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Ready"];
        };
      };
      /** @description Not ready, naming the failing check */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["NotReady"];
        };
      };
    };
  };
  getMetrics: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Prometheus text format */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description UNAUTHENTICATED: missing or wrong token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description NOT_FOUND: metrics disabled */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  showUnsubscribePage: {
    parameters: {
      query?: {
        /** @description The signed token from the email's link (a missing or bad one answers 400) */
        token?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The confirmation page: an HTML page, or the JSON state with `Accept: application/json` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["UnsubscribeState"];
          "text/html": string;
        };
      };
      /** @description INVALID_UNSUBSCRIBE_LINK: an HTML page, or the error body with `Accept: application/json` */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
    };
  };
  unsubscribeByLink: {
    parameters: {
      query?: {
        /** @description The signed token from the email's link (a missing or bad one answers 400) */
        token?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Unsubscribed: an HTML page, or the JSON state with `Accept: application/json` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["UnsubscribeState"];
          "text/html": string;
        };
      };
      /** @description INVALID_UNSUBSCRIBE_LINK: an HTML page, or the error body with `Accept: application/json` */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
    };
  };
  resubscribeByLink: {
    parameters: {
      query?: {
        /** @description The signed token from the email's link (a missing or bad one answers 400) */
        token?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Subscribed again: an HTML page, or the JSON state with `Accept: application/json` */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["UnsubscribeState"];
          "text/html": string;
        };
      };
      /** @description INVALID_UNSUBSCRIBE_LINK: an HTML page, or the error body with `Accept: application/json` */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
          "text/html": string;
        };
      };
    };
  };
  getOpenApiDocument: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OpenAPI 3.1 */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            [key: string]: unknown;
          };
        };
      };
    };
  };
  getAsyncApiDocument: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description AsyncAPI 3.1 */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            [key: string]: unknown;
          };
        };
      };
    };
  };
  showApiDocs: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description HTML */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/html": string;
        };
      };
    };
  };
}
