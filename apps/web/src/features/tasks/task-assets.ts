/**
 * Demo images of the task catalogue, bundled from @modelhub/tasks' assets folder so they ship in dist
 * (hashed file names). Keys are paths relative to that folder.
 */
const modules = import.meta.glob("../../../../../packages/tasks/assets/**/*.{png,jpg,jpeg,gif,webp,svg}", {
  eager: true,
  query: "?url",
  import: "default",
}) as Record<string, string>;

const byPath = new Map<string, string>();
const byName = new Map<string, string>();
for (const [key, url] of Object.entries(modules)) {
  const relative = key.slice(key.indexOf("/assets/") + "/assets/".length);
  byPath.set(relative, url);
  byName.set(relative.slice(relative.lastIndexOf("/") + 1), url);
}

export function taskAssetUrl(task: string, filename: string): string | undefined {
  return byPath.get(`${task}/${filename}`) ?? byPath.get(filename) ?? byName.get(filename);
}
