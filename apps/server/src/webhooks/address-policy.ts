import { BlockList, isIP } from "node:net";

// Addresses a webhook may not reach unless its host is allowed: the hub's own machine and networks a
// user of the hub should not be able to probe through it (private, link-local, cloud metadata, CGNAT).
// Two lists: BlockList matches an IPv4 address against IPv4-mapped IPv6 rules too (::ffff:0:0/96 would
// then refuse every IPv4 address).
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blockedV4.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  // the unspecified and loopback addresses, IPv4-compatible and IPv4-mapped ones (::ffff:127.0.0.1)
  ["::", 96],
  ["::ffff:0:0", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
  ["2002::", 16],
  ["fd00:ec2::254", 128],
] as const)
  blockedV6.addSubnet(net, prefix, "ipv6");

/** Why a resolved address may not be reached, or undefined when it may. */
export function forbiddenAddressReason(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  if (family === 6 ? blockedV6.check(address, "ipv6") : blockedV4.check(address, "ipv4"))
    return `${address} is a loopback, private, link-local, metadata or IPv4-mapped address`;
  return undefined;
}

/** Whether `host` (lower-case, IPv6 in brackets) on `port` is on MODELHUB_WEBHOOK_ALLOW_HOSTS. */
export function isAllowedHost(allowHosts: readonly string[], host: string, port: number): boolean {
  const name = host.toLowerCase();
  return allowHosts.includes(name) || allowHosts.includes(`${name}:${port}`);
}
