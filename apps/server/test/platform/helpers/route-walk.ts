/**
 * Building blocks of the route-walking suite: every route of the running hub (read from Hono's own
 * table, so a new route is walked without anyone listing it), concrete URLs for its patterns, and the
 * hostile variants sent to each.
 */

export interface RouteEntry {
  method: string;
  path: string;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

/** Distinct method + pattern pairs that end in a handler (middleware-only `ALL` entries are skipped). */
export function walkableRoutes(routes: readonly RouteEntry[]): RouteEntry[] {
  const seen = new Map<string, RouteEntry>();
  for (const route of routes) {
    if (!METHODS.has(route.method)) continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

/** Where a route points: the repo its `:owner/:name` name, and the values of its other parameters. */
export interface Target {
  owner: string;
  name: string;
}

const PARAM = /:([A-Za-z_]+)(\{[^}]*\})?|\*/g;

/**
 * The pattern with every parameter filled: plain values (`values` first, by parameter name; `*` for the
 * wildcard), or `hostile` for the parameter at `hostileAt`.
 */
export function fillPattern(
  pattern: string,
  target: Target,
  hostileAt = -1,
  hostile = "",
  values: Record<string, string> = {},
): string {
  let index = -1;
  return pattern.replace(PARAM, (whole: string, name: string | undefined, constraint: string | undefined) => {
    index++;
    if (index === hostileAt) return hostile;
    if (whole === "*") return values["*"] ?? "index.html";
    if (name && Object.hasOwn(values, name)) return values[name];
    return plainValue(name ?? "", constraint, target);
  });
}

/** The names of a pattern's parameters, in order (`*` for the wildcard). */
export function parameterNames(pattern: string): string[] {
  return [...pattern.matchAll(PARAM)].map((match) => (match[0] === "*" ? "*" : (match[1] ?? "")));
}

export function parameterCount(pattern: string): number {
  return [...pattern.matchAll(PARAM)].length;
}

function plainValue(name: string, constraint: string | undefined, target: Target): string {
  if (constraint) {
    const options = /\(\?:([^)]+)\)/.exec(constraint)?.[1] ?? /\{([^}.]+)\}/.exec(constraint)?.[1];
    if (options && !options.includes("+")) return options.split("|")[0];
  }
  const values: Record<string, string> = {
    owner: target.owner,
    name: target.name,
    org: "walkorg",
    user: "rita",
    rev: "main",
    branch: "walk-branch",
    tag: "v-walk",
    path: "README.md",
    oid: "a".repeat(64),
    size: "5",
    id: "1",
    task: "text-generation",
    status: "pending",
    grant: "nonsense",
  };
  return values[name] ?? "x";
}

/** Path parameter values that have broken hubs before: traversal, NUL, odd unicode, prototype keys. */
export const HOSTILE_SEGMENTS = [
  "%00",
  "..",
  "%2e%2e%2f%2e%2e%2fapi",
  "__proto__",
  "constructor",
  encodeURIComponent("\u202e\u0000\ufeff"),
  encodeURIComponent("名前😀"),
  "a".repeat(3000),
  ".GIT",
  "-rf",
];

/** Query strings with prototype keys, odd numbers and junk for parameters routes commonly read. */
export const HOSTILE_QUERY =
  "?__proto__=1&constructor=prototype&sort=__proto__&expand=__proto__&expand[]=constructor&limit=-5" +
  "&limit=1e309&cursor=%00&revision=..&recursive=__proto__&blobs=__proto__&search=%EF%BF%BF&filter=&p=NaN" +
  "&author=%E2%80%AE&search=%F0%9F%98%80%20%20x";

/** A query that only differs from a plain one by NUL bytes where names and search terms go. */
export const NUL_QUERY = "?search=a%00b&author=%00&filter=%00";

export interface HostileBody {
  label: string;
  contentType?: string;
  body?: string | Uint8Array;
}

export function hostileBodies(): HostileBody[] {
  const deep = 5000;
  return [
    { label: "no body" },
    { label: "null", contentType: "application/json", body: "null" },
    { label: "array", contentType: "application/json", body: "[]" },
    { label: "string", contentType: "application/json", body: '"x"' },
    { label: "invalid JSON", contentType: "application/json", body: "{" },
    {
      label: "prototype keys",
      contentType: "application/json",
      body: '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"name":"__proto__"}',
    },
    {
      label: "deep nesting",
      contentType: "application/json",
      body: `${"[".repeat(deep)}${"]".repeat(deep)}`,
    },
    {
      label: "deep object",
      contentType: "application/json",
      body: `${'{"a":'.repeat(deep)}1${"}".repeat(deep)}`,
    },
    {
      label: "NUL in plausible fields",
      contentType: "application/json",
      body: JSON.stringify({
        name: "walk-nul",
        fullname: "a\u0000b",
        user: "rita\u0000",
        role: "read",
        displayName: "\u0000",
        reason: "\u0000",
        fields: { company: "\u0000" },
      }),
    },
    {
      label: "odd unicode fields",
      contentType: "application/json",
      body: JSON.stringify({
        name: "\u0000\u202e😀",
        user: "..",
        role: "__proto__",
        paths: ["\u0000", "../x", "a".repeat(5000)],
        operations: [{ operation: "__proto__" }],
        summary: "\ud800",
      }),
    },
    { label: "wrong content type", contentType: "text/plain", body: '{"name":"x"}' },
    { label: "form", contentType: "application/x-www-form-urlencoded", body: "name=__proto__&paths=%00" },
    {
      label: "ndjson junk",
      contentType: "application/x-ndjson",
      body: '{"key":"header"}\n{"key":"__proto__"}\n\u0000\n',
    },
    {
      label: "binary",
      contentType: "application/octet-stream",
      body: Uint8Array.from({ length: 512 }, (_, i) => (i * 37) % 256),
    },
  ];
}
