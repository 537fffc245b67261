/**
 * A `data_files` pattern (fsspec/huggingface_hub glob: `*` within a path segment, `**` across
 * segments, `?`, `[abc]`) as a regular expression over repo paths.
 */
export function globToRegExp(pattern: string): RegExp {
  let source = "";
  const text = pattern.replace(/^\.?\/+/, "");
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "*") {
      if (text[i + 1] === "*") {
        const slashAfter = text[i + 2] === "/";
        source += slashAfter ? "(?:.*/)?" : ".*";
        i += slashAfter ? 2 : 1;
      } else source += "[^/]*";
    } else if (char === "?") source += "[^/]";
    else if (char === "[") {
      const end = text.indexOf("]", i + 1);
      if (end === -1) source += "\\[";
      else {
        const body = text.slice(i + 1, end).replace(/\\/g, "\\\\");
        source += `[${body.startsWith("!") ? `^${body.slice(1)}` : body}]`;
        i = end;
      }
    } else source += char.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}
