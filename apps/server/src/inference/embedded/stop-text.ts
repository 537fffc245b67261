/**
 * How much of the generated text may be sent so far, given the caller's `stop` strings: everything
 * before the first stop string (then generation ends), else everything except a tail that could
 * still grow into one. A trailing U+FFFD (a character whose bytes are not all generated yet) waits too.
 */
export function releasableText(text: string, stops: readonly string[]): { text: string; stopped: boolean } {
  let cut = -1;
  for (const stop of stops) {
    const at = text.indexOf(stop);
    if (at >= 0 && (cut < 0 || at < cut)) cut = at;
  }
  if (cut >= 0) return { text: text.slice(0, cut), stopped: true };
  let end = text.length;
  for (const stop of stops) {
    for (let length = Math.min(stop.length - 1, text.length); length > 0; length--) {
      if (text.endsWith(stop.slice(0, length))) {
        end = Math.min(end, text.length - length);
        break;
      }
    }
  }
  return { text: withoutPartialCharacter(text.slice(0, end)), stopped: false };
}

/** The text without the U+FFFD that llama.cpp writes at its end for a character it has only part of. */
export function withoutPartialCharacter(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0xfffd) end--;
  return text.slice(0, end);
}
