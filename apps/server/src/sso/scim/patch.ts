import { filter as compileFilter, parse as parseFilter, type Filter } from "scim2-parse-filter";
import { ScimError } from "./scim-error.js";

export type ScimObject = Record<string, unknown>;

interface PatchOperation {
  op: string;
  path?: string;
  value?: unknown;
}

const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const SCHEMA_PREFIX = /^urn:ietf:params:scim:schemas:[^:]+(?::[^:]+)*:(User|Group)(?::|$)/i;

/** Lower-cases every string comparison value (SCIM's user names and display names ignore case). */
function caseless(node: Filter): Filter {
  switch (node.op) {
    case "and":
    case "or":
      return { ...node, filters: node.filters.map(caseless) } as Filter;
    case "not":
      return { ...node, filter: caseless((node as { filter: Filter }).filter) } as Filter;
    case "[]":
      return { ...node, valFilter: caseless((node as { valFilter: Filter }).valFilter) } as Filter;
    case "pr":
      return node;
    default: {
      const compare = node as { compValue: unknown };
      return typeof compare.compValue === "string"
        ? ({ ...node, compValue: compare.compValue.toLowerCase() } as Filter)
        : node;
    }
  }
}

function lowered(value: unknown): unknown {
  if (typeof value === "string") return value.toLowerCase();
  if (Array.isArray(value)) return value.map(lowered);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, lowered(v)]));
  return value;
}

/** A SCIM filter (`userName eq "bob"`) as a test of resources, comparing strings without case. */
export function compileScimFilter(text: string): (resource: ScimObject) => boolean {
  let ast: Filter;
  try {
    ast = caseless(parseFilter(text));
  } catch (err) {
    throw new ScimError(400, `The filter "${text}" is not valid: ${(err as Error).message}`, "invalidFilter");
  }
  const test = compileFilter(ast);
  return (resource) => test(lowered(resource));
}

interface ParsedPath {
  attribute: string;
  valueFilter?: (item: ScimObject) => boolean;
  sub?: string;
}

/** `name.givenName`, `emails[type eq "work"].value`, `members[value eq "id"]`, schema-prefixed names. */
function parsePath(raw: string): ParsedPath {
  const path = raw.trim().replace(SCHEMA_PREFIX, "").replace(/^:/, "");
  const bracket = /^([A-Za-z$][\w$-]*)\[(.+)\](?:\.([A-Za-z$][\w$-]*))?$/.exec(path);
  if (bracket) {
    return { attribute: bracket[1], valueFilter: compileScimFilter(bracket[2]), sub: bracket[3] };
  }
  const dotted = /^([A-Za-z$][\w$-]*)(?:\.([A-Za-z$][\w$-]*))?$/.exec(path);
  if (!dotted) throw new ScimError(400, `The path "${raw}" is not supported`, "invalidPath");
  return { attribute: dotted[1], sub: dotted[2] };
}

function keyOf(resource: ScimObject, attribute: string): string {
  return Object.keys(resource).find((k) => k.toLowerCase() === attribute.toLowerCase()) ?? attribute;
}

function sameItem(a: unknown, b: unknown): boolean {
  const av = a && typeof a === "object" ? (a as ScimObject).value : a;
  const bv = b && typeof b === "object" ? (b as ScimObject).value : b;
  return av !== undefined && String(av) === String(bv);
}

function addValue(resource: ScimObject, attribute: string, value: unknown): void {
  const key = keyOf(resource, attribute);
  const current = resource[key];
  if (Array.isArray(current) || Array.isArray(value)) {
    const list = Array.isArray(current) ? [...current] : [];
    for (const item of Array.isArray(value) ? value : [value])
      if (!list.some((existing) => sameItem(existing, item))) list.push(item);
    resource[key] = list;
  } else if (current && typeof current === "object" && value && typeof value === "object") {
    resource[key] = { ...(current as ScimObject), ...(value as ScimObject) };
  } else resource[key] = value;
}

function applyWithPath(resource: ScimObject, op: string, path: string, value: unknown): void {
  const parsed = parsePath(path);
  const key = keyOf(resource, parsed.attribute);
  if (parsed.valueFilter) {
    const list = Array.isArray(resource[key]) ? [...(resource[key] as ScimObject[])] : [];
    const matches = (item: unknown) =>
      !!item && typeof item === "object" && parsed.valueFilter!(item as ScimObject);
    if (op === "remove") {
      resource[key] = parsed.sub
        ? list.map((item) => {
            if (!matches(item)) return item;
            const copy = { ...item };
            delete copy[parsed.sub!];
            return copy;
          })
        : list.filter((item) => !matches(item));
      return;
    }
    let hit = false;
    const updated = list.map((item) => {
      if (!matches(item)) return item;
      hit = true;
      return parsed.sub ? { ...item, [parsed.sub]: value } : { ...item, ...(value as ScimObject) };
    });
    if (!hit) {
      // `emails[type eq "work"].value` on a user without a work address adds one
      const seed = filterSeed(path);
      updated.push(parsed.sub ? { ...seed, [parsed.sub]: value } : { ...seed, ...(value as ScimObject) });
    }
    resource[key] = updated;
    return;
  }
  if (parsed.sub) {
    const parent = (
      resource[key] && typeof resource[key] === "object" ? { ...(resource[key] as ScimObject) } : {}
    ) as ScimObject;
    if (op === "remove") delete parent[keyOf(parent, parsed.sub)];
    else parent[keyOf(parent, parsed.sub)] = value;
    resource[key] = parent;
    return;
  }
  if (op === "remove") {
    // Azure AD removes members by listing them in the value
    if (Array.isArray(value) && Array.isArray(resource[key]))
      resource[key] = (resource[key] as unknown[]).filter(
        (item) => !value.some((gone) => sameItem(item, gone)),
      );
    else delete resource[key];
    return;
  }
  if (op === "add") addValue(resource, parsed.attribute, value);
  else resource[key] = value;
}

/** `type eq "work"` inside brackets → `{ type: "work" }`, the attributes a new item starts with. */
function filterSeed(path: string): ScimObject {
  const inner = /\[(.+)\]/.exec(path)?.[1] ?? "";
  const seed: ScimObject = {};
  for (const match of inner.matchAll(/([A-Za-z]\w*)\s+eq\s+"([^"]*)"/gi)) seed[match[1]] = match[2];
  return seed;
}

/**
 * Applies a SCIM PATCH request (RFC 7644 section 3.5.2) to a resource in its JSON form: `add`,
 * `replace` and `remove`, with or without `path`, in the shapes Azure AD (`"op": "Replace"`, member
 * lists in `remove` values) and Okta (`{"op": "replace", "value": {"active": false}}`, member filters
 * in paths) send. Returns a new object; the input is left as it was.
 */
export function applyPatch(resource: ScimObject, body: unknown): ScimObject {
  const request = body as { schemas?: unknown; Operations?: unknown; operations?: unknown };
  const schemas = Array.isArray(request?.schemas) ? request.schemas : [];
  if (!schemas.includes(PATCH_SCHEMA))
    throw new ScimError(400, `A PATCH body must name the schema ${PATCH_SCHEMA}`, "invalidSyntax");
  const operations = request.Operations ?? request.operations;
  if (!Array.isArray(operations) || operations.length === 0)
    throw new ScimError(400, "A PATCH body needs a non-empty Operations list", "invalidSyntax");
  const result = structuredClone(resource);
  for (const raw of operations as PatchOperation[]) {
    const op = typeof raw?.op === "string" ? raw.op.toLowerCase() : "";
    if (!["add", "replace", "remove"].includes(op))
      throw new ScimError(
        400,
        `Unknown PATCH op "${String(raw?.op)}": use add, replace or remove`,
        "invalidSyntax",
      );
    if (raw.path !== undefined && typeof raw.path !== "string")
      throw new ScimError(400, "A PATCH path must be a string", "invalidPath");
    if (raw.path) {
      applyWithPath(result, op, raw.path, raw.value);
      continue;
    }
    if (op === "remove") throw new ScimError(400, "A remove operation needs a path", "noTarget");
    if (!raw.value || typeof raw.value !== "object" || Array.isArray(raw.value))
      throw new ScimError(400, `An ${op} without a path needs an object value`, "invalidValue");
    for (const [attribute, value] of Object.entries(raw.value as ScimObject)) {
      if (SCHEMA_PREFIX.test(attribute) && value && typeof value === "object" && !attribute.includes(".")) {
        // an extension schema's attributes, e.g. the enterprise user's department
        for (const [inner, innerValue] of Object.entries(value as ScimObject))
          applyWithPath(result, op, inner, innerValue);
        continue;
      }
      applyWithPath(result, op, attribute, value);
    }
  }
  return result;
}
