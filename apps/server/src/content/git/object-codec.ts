import { createHash } from "node:crypto";

/** The object kinds this server writes and reads in-process (tags are left to the git CLI). */
export type ObjectKind = "blob" | "tree" | "commit";

/** Stored form before compression: `<kind> <byte length>\0<body>`; its SHA-1 is the object id. */
export function frameObject(kind: ObjectKind, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${kind} ${body.length}\0`, "latin1"), body]);
}

export function objectIdOf(framed: Buffer): string {
  return createHash("sha1").update(framed).digest("hex");
}

export interface ObjectHeader {
  kind: string;
  size: number;
  /** Offset of the body inside the framed bytes. */
  bodyStart: number;
}

/** Parses the `<kind> <size>\0` prefix; undefined when it is not (yet) complete or malformed. */
export function parseObjectHeader(framed: Buffer): ObjectHeader | undefined {
  const nul = framed.indexOf(0, 0);
  if (nul === -1 || nul > 32) return undefined;
  const match = /^([a-z]+) (\d+)$/.exec(framed.subarray(0, nul).toString("latin1"));
  if (!match) return undefined;
  return { kind: match[1], size: Number(match[2]), bodyStart: nul + 1 };
}

/** One record of a tree object; `mode` exactly as stored (directories are "40000"). */
export interface RawTreeRecord {
  mode: string;
  name: string;
  oid: string;
  /** Set when the stored name is not valid UTF-8, so `name` does not round-trip to the same bytes. */
  lossyName?: true;
}

export const DIRECTORY_MODE = "40000";

/** Decodes a tree body: repeated `<mode> <name>\0<20 raw id bytes>`. Throws on malformed input. */
export function decodeTree(body: Buffer): RawTreeRecord[] {
  const records: RawTreeRecord[] = [];
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    const nul = space === -1 ? -1 : body.indexOf(0, space);
    if (space === -1 || nul === -1 || nul + 21 > body.length) throw new Error("malformed tree object");
    const rawName = body.subarray(space + 1, nul);
    const record: RawTreeRecord = {
      mode: body.subarray(at, space).toString("latin1"),
      name: rawName.toString("utf8"),
      oid: body.subarray(nul + 1, nul + 21).toString("hex"),
    };
    if (!Buffer.from(record.name, "utf8").equals(rawName)) record.lossyName = true;
    records.push(record);
    at = nul + 21;
  }
  return records;
}

/**
 * Git's order inside one tree: names compared as bytes, a directory's name as if it ended in "/"
 * (so "a.txt" sorts before the folder "a", which sorts before "a0").
 */
function sortKey(record: RawTreeRecord): Buffer {
  return Buffer.from(record.mode === DIRECTORY_MODE ? `${record.name}/` : record.name, "utf8");
}

export function encodeTree(records: RawTreeRecord[]): Buffer {
  const keyed = records.map((record) => ({ record, key: sortKey(record) }));
  keyed.sort((a, b) => Buffer.compare(a.key, b.key));
  const parts: Buffer[] = [];
  for (const { record } of keyed) {
    parts.push(Buffer.from(`${record.mode} `, "latin1"), Buffer.from(record.name, "utf8"), Buffer.of(0));
    parts.push(Buffer.from(record.oid, "hex"));
  }
  return Buffer.concat(parts);
}

export interface Signature {
  name: string;
  email: string;
  /** Seconds since the epoch; written with a +0000 offset. */
  seconds: number;
}

export interface CommitFields {
  tree: string;
  parents: string[];
  author: Signature;
  committer: Signature;
  message: string;
}

function signatureLine(role: "author" | "committer", who: Signature): string {
  return `${role} ${who.name} <${who.email}> ${who.seconds} +0000\n`;
}

/** The commit body `git commit-tree` writes for these fields (no encoding header: messages are UTF-8). */
export function encodeCommit(fields: CommitFields): Buffer {
  let text = `tree ${fields.tree}\n`;
  for (const parent of fields.parents) text += `parent ${parent}\n`;
  text += signatureLine("author", fields.author);
  text += signatureLine("committer", fields.committer);
  return Buffer.from(`${text}\n${fields.message}`, "utf8");
}

export interface ParsedCommit {
  tree: string;
  parents: string[];
  authorName: string;
  authorEmail: string;
  authorDate: Date;
  /** Header names seen (to spot ones the in-process reader does not interpret, e.g. encoding). */
  headers: string[];
  message: string;
}

const PERSON = /^(.*) <([^<>]*)> (\d+) [+-]\d{4}$/;

/** Reads the fields of a commit body; undefined when it has a shape this reader does not handle. */
export function decodeCommit(body: Buffer): ParsedCommit | undefined {
  const text = body.toString("utf8");
  const split = text.indexOf("\n\n");
  const headerText = split === -1 ? text : text.slice(0, split);
  const message = split === -1 ? "" : text.slice(split + 2);
  const parsed: ParsedCommit = {
    tree: "",
    parents: [],
    authorName: "",
    authorEmail: "",
    authorDate: new Date(0),
    headers: [],
    message,
  };
  let sawAuthor = false;
  for (const line of headerText.split("\n")) {
    if (line.startsWith(" ")) continue; // continuation of a multi-line header (e.g. gpgsig)
    const space = line.indexOf(" ");
    const name = space === -1 ? line : line.slice(0, space);
    const value = space === -1 ? "" : line.slice(space + 1);
    parsed.headers.push(name);
    if (name === "tree") parsed.tree = value;
    else if (name === "parent") parsed.parents.push(value);
    else if (name === "author") {
      const person = PERSON.exec(value);
      if (!person) return undefined;
      parsed.authorName = person[1];
      parsed.authorEmail = person[2];
      parsed.authorDate = new Date(Number(person[3]) * 1000);
      sawAuthor = true;
    }
  }
  return /^[0-9a-f]{40}$/.test(parsed.tree) && sawAuthor ? parsed : undefined;
}
