import { HttpError } from "../../domain/errors.js";

/** Earliest date a caller may give a commit. */
const EARLIEST = Date.UTC(2000, 0, 1);
/** How far ahead of this machine's clock a given date may be (clock skew between hosts). */
const FUTURE_SLACK_MS = 60_000;

/** Checks a caller-chosen commit date; throws a 400 naming the problem instead of writing odd history. */
export function checkCommitDate(date: Date, now: Date = new Date()): Date {
  const ms = date.getTime();
  if (Number.isNaN(ms)) throw new HttpError(400, "Invalid commit date");
  if (ms < EARLIEST) throw new HttpError(400, `Commit date ${date.toISOString()} is before 2000`);
  if (ms > now.getTime() + FUTURE_SLACK_MS)
    throw new HttpError(400, `Commit date ${date.toISOString()} is in the future`);
  return date;
}
