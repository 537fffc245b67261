import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

// Addresses a webhook may not reach unless its host is allowed. A webhook target must be an ordinary
// globally routed unicast address: every range of the IANA IPv4 and IPv6 Special-Purpose Address
// Registries (private, loopback, link-local, CGNAT, documentation, benchmarking, 6to4, Teredo, NAT64,
// discard, ORCHID, AS112, AMT, …) is refused, as are multicast and, for IPv6, everything outside the
// global unicast block 2000::/3. The registry tables are ipaddr.js's `range()` (anything it does not
// call "unicast"); the few registry entries it does not name are listed here.
const EXTRA_SPECIAL_V6: [ipaddr.IPv6, number][] = [
  // IPv4-compatible IPv6 (::a.b.c.d, deprecated by RFC 4291): a stack may still route it to IPv4
  ipaddr.IPv6.parseCIDR("::/96"),
  // RFC 9780 dummy IPv6 prefix
  ipaddr.IPv6.parseCIDR("100:0:0:1::/64"),
  // the IETF protocol assignments block (covers 2001:1::1/128, 2001:1::2/128, 2001:1::3/128, …)
  ipaddr.IPv6.parseCIDR("2001::/23"),
];
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");

export const REFUSED_ADDRESS = "the address is not allowed";

/** The IANA-registry name of the special range `address` is in, or undefined for a global unicast address. */
export function specialRangeOf(address: string): string | undefined {
  if (isIP(address) === 0 || !ipaddr.isValid(address)) return "not an IP address";
  const parsed = ipaddr.parse(address);
  const range = parsed.range();
  if (range !== "unicast") return range;
  if (parsed.kind() === "ipv6") {
    for (const special of EXTRA_SPECIAL_V6) if (parsed.match(special)) return "reserved";
    if (!parsed.match(GLOBAL_UNICAST_V6)) return "outside global unicast";
  }
  return undefined;
}

/** Why a (resolved or literal) address may not be reached, or undefined when it may. */
export function forbiddenAddressReason(address: string): string | undefined {
  const range = specialRangeOf(address);
  return range === undefined ? undefined : `${address} is a special-purpose address (${range})`;
}

/** Whether `host` (lower-case, IPv6 in brackets) on `port` is on MODELHUB_WEBHOOK_ALLOW_HOSTS. */
export function isAllowedHost(allowHosts: readonly string[], host: string, port: number): boolean {
  const name = host.toLowerCase();
  return allowHosts.includes(name) || allowHosts.includes(`${name}:${port}`);
}
