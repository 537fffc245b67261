/**
 * The filters of the audit log pages, as form fields and as the `q` the API reads
 * (`type:repo.create author:alice ip:10.0.0.7 created:2025-05-01..2025-05-31`).
 */
export interface AuditFilters {
  /** A catalogue type (`repo.create`) or a whole scope (`repo.*`). */
  type: string;
  author: string;
  ip: string;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { type: "", author: "", ip: "", from: "", to: "" };

const quoted = (value: string) => (/[\s"]/.test(value) ? `"${value.replace(/"/g, "")}"` : value);

export function toQuery(filters: AuditFilters): string {
  const terms: string[] = [];
  if (filters.type) terms.push(`type:${filters.type}`);
  if (filters.author.trim()) terms.push(`author:${quoted(filters.author.trim())}`);
  if (filters.ip.trim()) terms.push(`ip:${quoted(filters.ip.trim())}`);
  if (filters.from && filters.to) terms.push(`created:${filters.from}..${filters.to}`);
  else if (filters.from) terms.push(`created:>=${filters.from}`);
  else if (filters.to) terms.push(`created:<=${filters.to}`);
  return terms.join(" ");
}

/** The fields of a `q` this page wrote (other terms are left to the API, which names what it refuses). */
export function fromQuery(q: string): AuditFilters {
  const filters = { ...NO_FILTERS };
  for (const term of q.match(/(?:[^\s"]+|"[^"]*")+/g) ?? []) {
    const colon = term.indexOf(":");
    const key = term.slice(0, colon);
    const value = term.slice(colon + 1).replace(/^"(.*)"$/, "$1");
    if (key === "type") filters.type = value;
    else if (key === "author") filters.author = value;
    else if (key === "ip") filters.ip = value;
    else if (key === "created") {
      const range = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(value);
      if (range) [, filters.from, filters.to] = range;
      else if (value.startsWith(">=")) filters.from = value.slice(2);
      else if (value.startsWith("<=")) filters.to = value.slice(2);
    }
  }
  return filters;
}
