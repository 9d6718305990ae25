/**
 * Where people reach a tenant's app (CONTRACT §8 "Links into the app"): its subdomain under
 * BASE_DOMAIN when that is set, with FRONTEND_URL's scheme and port; otherwise FRONTEND_URL.
 * A link built on FRONTEND_URL alone would open whichever tenant that address resolves to.
 */
export function tenantAddress(frontendUrl: string, baseDomain: string | undefined, tenantSlug: string): string {
  if (!baseDomain) return frontendUrl;
  const url = new URL(frontendUrl);
  url.hostname = `${tenantSlug}.${baseDomain}`;
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}
