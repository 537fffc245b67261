const ACRONYMS = new Set([
  "gpl",
  "lgpl",
  "agpl",
  "afl",
  "bsd",
  "mpl",
  "epl",
  "cc0",
  "mit",
  "osl",
  "ecl",
  "wtfpl",
]);

/**
 * A readable name for a license id the filter list does not know, in the style of the known ones
 * ("CC BY-SA 3.0", "GPL 3.0", "BSD 3-Clause", "Llama 3.1"), so one facet never mixes styles.
 */
export function licenseLabel(id: string): string {
  const creativeCommons = /^cc-(by(?:-(?:sa|nc|nd))*)-(\d+(?:\.\d+)?)$/.exec(id);
  if (creativeCommons) return `CC ${creativeCommons[1].toUpperCase()} ${creativeCommons[2]}`;
  const parts = id.split("-");
  return parts
    .map((part, index) => {
      if (ACRONYMS.has(part)) return part.toUpperCase();
      if (/^\d+$/.test(part) && parts[index + 1] === "clause") return part;
      if (part === "clause") return "Clause";
      if (/^[a-z]/.test(part)) return part[0].toUpperCase() + part.slice(1);
      return part;
    })
    .join(" ")
    .replace(/(\d) Clause/, "$1-Clause")
    .replace(/^([A-Za-z]+)(\d)/, "$1 $2");
}
