/** Page and API addresses of collections (slugs are `owner/title-id`, kept as two path segments). */

const slugPath = (slug: string) => slug.split("/").map(encodeURIComponent).join("/");

export const collectionPaths = {
  page: (slug: string) => `/collections/${slugPath(slug)}`,
};

export const collectionApiPaths = {
  list: () => "/api/collections",
  one: (slug: string) => `/api/collections/${slugPath(slug)}`,
  items: (slug: string) => `/api/collections/${slugPath(slug)}/items`,
  item: (slug: string, itemId: string) =>
    `/api/collections/${slugPath(slug)}/items/${encodeURIComponent(itemId)}`,
};

export const THEMES = ["orange", "blue", "green", "purple", "pink", "indigo"] as const;
