import net from "node:net";

/**
 * The back office's IP allow-list (decision 063): addresses and CIDR ranges, IPv4 and IPv6, in the
 * form the owner types them (`203.0.113.7`, `203.0.113.0/24`, `2001:db8::/32`). Node's BlockList
 * does the matching; an IPv4 address a dual-stack socket reports as `::ffff:a.b.c.d` is matched as
 * the IPv4 address it is.
 */

export interface AllowEntry {
  address: string;
  prefix: number;
  family: "ipv4" | "ipv6";
}

/** One entry in canonical text (`203.0.113.0/24`), or null when it is not an address or range. */
export function parseAllowEntry(raw: string): AllowEntry | null {
  const text = raw.trim();
  const match = /^([^/\s]+)(?:\/(\d{1,3}))?$/.exec(text);
  if (!match) return null;
  const address = match[1]!;
  const version = net.isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? "ipv4" : "ipv6";
  const max = version === 4 ? 32 : 128;
  const prefix = match[2] === undefined ? max : Number(match[2]);
  if (prefix > max || (match[2] !== undefined && match[2].length > 1 && match[2].startsWith("0"))) return null;
  return { address: address.toLowerCase(), prefix, family };
}

export function entryText(entry: AllowEntry): string {
  const max = entry.family === "ipv4" ? 32 : 128;
  return entry.prefix === max ? entry.address : `${entry.address}/${entry.prefix}`;
}

/** A client address as matched: `::ffff:192.0.2.1` is 192.0.2.1. */
function clientAddress(ip: string): { address: string; family: "ipv4" | "ipv6" } | null {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  const version = net.isIP(address);
  if (version === 0) return null;
  return { address, family: version === 4 ? "ipv4" : "ipv6" };
}

/** Whether `ip` is in one of `entries`; an empty list allows every address. */
export function allowListAllows(entries: readonly AllowEntry[], ip: string): boolean {
  if (entries.length === 0) return true;
  const client = clientAddress(ip);
  if (!client) return false;
  const list = new net.BlockList();
  for (const entry of entries) list.addSubnet(entry.address, entry.prefix, entry.family);
  return list.check(client.address, client.family);
}

/**
 * KURA_ADMIN_ALLOW_IPS: `*` lets every address in (a locked-out owner's way back), a list
 * (commas or spaces) replaces the owner's list; unset or empty, the owner's list holds. Answers
 * the entries (an empty list for `*`), undefined when unset, or the entries it could not read.
 */
export function parseAllowListVariable(value: string | undefined): { entries: AllowEntry[] } | { invalid: string[] } | undefined {
  const text = value?.trim() ?? "";
  if (text === "") return undefined;
  if (text === "*") return { entries: [] };
  const parts = text.split(/[\s,]+/).filter(Boolean);
  const entries: AllowEntry[] = [];
  const invalid: string[] = [];
  for (const part of parts) {
    const entry = parseAllowEntry(part);
    if (entry) entries.push(entry);
    else invalid.push(part);
  }
  return invalid.length > 0 ? { invalid } : { entries };
}
