import { trimTrailing } from "../../patterns/trim.js";

export interface CommitInfo {
  id: string;
  title: string;
  message: string;
  authorName: string;
  authorEmail: string;
  date: Date;
  parents: string[];
}

const FIELD = "\x1f";
const RECORD = "\x1e";
export const LOG_FORMAT = `--format=%H${FIELD}%P${FIELD}%an${FIELD}%ae${FIELD}%aI${FIELD}%B${RECORD}`;

/** Title = first line of the raw message, message = the rest (blank lines after the title dropped). */
export function commitInfoOf(fields: Omit<CommitInfo, "title" | "message">, rawMessage: string): CommitInfo {
  const message = trimTrailing(rawMessage, "\n");
  const newline = message.indexOf("\n");
  return {
    ...fields,
    title: newline === -1 ? message : message.slice(0, newline),
    message: newline === -1 ? "" : message.slice(newline + 1).replace(/^\n+/, ""),
  };
}

export function parseLog(output: string): CommitInfo[] {
  const commits: CommitInfo[] = [];
  for (const raw of output.split(RECORD)) {
    const record = raw.replace(/^\n/, "");
    if (record.trim() === "") continue;
    const [id, parents, authorName, authorEmail, date, body = ""] = record.split(FIELD);
    commits.push(
      commitInfoOf(
        { id, parents: parents ? parents.split(" ") : [], authorName, authorEmail, date: new Date(date) },
        body,
      ),
    );
  }
  return commits;
}
