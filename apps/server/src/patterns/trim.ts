/**
 * Trimming runs of one character from the ends of a string in linear time. A regular expression such
 * as `/\/+$/` is quadratic in V8 on a long run not at the end (`"////…/x"`): each start of the run
 * is tried again to its end. Paths, ids and card fields reach these from requests and repo content.
 */

/** `text` without any of `chars` at its end. */
export function trimTrailing(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1])) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** `text` without any of `chars` at its start. */
export function trimLeading(text: string, chars: string): string {
  let start = 0;
  while (start < text.length && chars.includes(text[start])) start++;
  return start === 0 ? text : text.slice(start);
}
