/** Collection slugs: `owner/<title in lower-case words>-<24-hex id>`; only the id identifies a collection. */

const ID_PATTERN = /^[0-9a-f]{24}$/;
const MAX_TITLE_SLUG = 80;

export function titleSlug(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_TITLE_SLUG)
    .replace(/-+$/, "");
  return words || "collection";
}

export function collectionSlug(owner: string, title: string, id: string): string {
  return `${owner}/${titleSlug(title)}-${id}`;
}

/** The owner and id a slug names, or undefined when it cannot be one (the title part is ignored). */
export function parseSlug(owner: string, rest: string): { owner: string; id: string } | undefined {
  const id = rest.slice(rest.lastIndexOf("-") + 1);
  return ID_PATTERN.test(id) && owner !== "" ? { owner, id } : undefined;
}
