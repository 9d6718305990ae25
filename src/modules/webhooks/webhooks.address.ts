import net from "node:net";

/**
 * Which addresses a webhook may never reach unless WEBHOOK_ALLOW_PRIVATE is set: loopback,
 * private, shared, link-local (the cloud metadata service is 169.254.169.254), multicast,
 * reserved and unspecified ranges, and IPv6's equivalents. This is the early check on a literal
 * address in the URL; the address actually connected to is checked again by the HTTP agent.
 */
const blocked = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
  ["2001:db8::", 32],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** An IPv6 address that carries an IPv4 one (`::ffff:127.0.0.1`, `::127.0.0.1`): the IPv4 address. */
function embeddedIpv4(address: string): string | null {
  const match = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (match) return match[1] as string;
  const hex = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1] as string, 16);
  const low = parseInt(hex[2] as string, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Whether a literal IP address is one a webhook may not reach; false for a host name. */
export function isForbiddenAddress(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, "");
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return false;
  const inner = embeddedIpv4(address);
  if (inner) return blocked.check(inner, "ipv4");
  return blocked.check(address, "ipv6");
}

export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * Whether a webhook may be sent to this URL: http(s) only (https only in production), no
 * credentials in it, and no literal address of the forbidden ranges unless private addresses
 * are allowed. The URL parser has already turned `http://2130706433/` or `http://0x7f.1/` into
 * 127.0.0.1, so those are refused as what they are.
 */
export function checkWebhookUrl(raw: string, rules: { httpsOnly: boolean; allowPrivate: boolean }): UrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "is not a valid URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, reason: "must be an http(s) URL" };
  if (rules.httpsOnly && url.protocol !== "https:") return { ok: false, reason: "must be an https URL" };
  if (url.username || url.password) return { ok: false, reason: "must not carry a user name or password" };
  if (!rules.allowPrivate && isForbiddenAddress(url.hostname)) {
    return { ok: false, reason: "must not point to a loopback, private, link-local or metadata address" };
  }
  return { ok: true, url };
}
