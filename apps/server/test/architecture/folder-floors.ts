/**
 * The floors of the server and the web app (README "Architecture"), and the folder-level import
 * drawing checked against them: every arrow between two folders goes down (or sideways on a floor
 * whose folders may know each other), never up.
 */

export interface Floor {
  name: string;
  /** Folders (or top-level files) of this floor; `*` is one path segment, alone it is every folder left. */
  folders: readonly string[];
  /** Folders of this floor never import each other (the web app's features). */
  apart?: boolean;
}

export interface Tree {
  /** The source root, relative to the repository, with a trailing slash. */
  root: string;
  floors: readonly Floor[];
  /** The folder a file (relative to `root`) belongs to. */
  folderOf(file: string): string;
}

/** A module of dependency-cruiser's JSON output. */
export interface CruisedModule {
  source: string;
  dependencies: { resolved: string }[];
}

export interface FolderArrow {
  from: string;
  to: string;
  /** A file-level import that makes the arrow, for the failure message. */
  example: string;
}

const firstSegment = (file: string) => file.split("/")[0];

export const SERVER_TREE: Tree = {
  root: "apps/server/src/",
  floors: [
    { name: "entry", folders: ["cli", "compose", "server.ts", "index.ts"] },
    { name: "app", folders: ["http"] },
    { name: "capability routes", folders: ["*/http"] },
    { name: "capabilities", folders: ["*"] },
    { name: "kit", folders: ["http-kit"] },
    { name: "db", folders: ["db"] },
    { name: "domain", folders: ["domain"] },
  ],
  // a capability's own http/ folder is a folder of its own, one floor above the capability
  folderOf: (file) => /^(?!http\/)([^/]+\/http)\//.exec(file)?.[1] ?? firstSegment(file),
};

export const WEB_TREE: Tree = {
  root: "apps/web/src/",
  floors: [
    { name: "entry", folders: ["main.tsx"] },
    { name: "app", folders: ["app"] },
    { name: "features", folders: ["features/*"], apart: true },
    { name: "components", folders: ["components"] },
    { name: "lib", folders: ["lib"] },
    { name: "config", folders: ["config"] },
    { name: "styles", folders: ["styles"] },
  ],
  folderOf: (file) => /^(features\/[^/]+)\//.exec(file)?.[1] ?? firstSegment(file),
};

const matches = (pattern: string, folder: string) =>
  new RegExp(`^${pattern.split("*").map(escapeRegExp).join("[^/]+")}$`).test(folder);
const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");

/** The index of the floor of `folder` (0 is the top), or undefined when no floor names it. */
export function floorOf(tree: Tree, folder: string): number | undefined {
  const named = tree.floors.findIndex((floor) =>
    floor.folders.some((pattern) => pattern !== "*" && matches(pattern, folder)),
  );
  if (named >= 0) return named;
  const rest = tree.floors.findIndex((floor) => floor.folders.includes("*"));
  return rest >= 0 ? rest : undefined;
}

/** Every arrow between two different folders of `tree`, once, with one import that makes it. */
export function folderArrows(tree: Tree, modules: readonly CruisedModule[]): FolderArrow[] {
  const arrows = new Map<string, FolderArrow>();
  for (const module of modules) {
    if (!module.source.startsWith(tree.root)) continue;
    const from = tree.folderOf(module.source.slice(tree.root.length));
    for (const { resolved } of module.dependencies) {
      if (!resolved.startsWith(tree.root)) continue;
      const to = tree.folderOf(resolved.slice(tree.root.length));
      const key = `${from} -> ${to}`;
      if (from !== to && !arrows.has(key))
        arrows.set(key, { from, to, example: `${module.source} -> ${resolved}` });
    }
  }
  return [...arrows.values()];
}

/** Folders on no floor, and arrows that go up a floor or between folders of a floor kept apart. */
export function floorViolations(tree: Tree, modules: readonly CruisedModule[]): string[] {
  const found: string[] = [];
  const folders = new Set(
    modules
      .filter((module) => module.source.startsWith(tree.root))
      .map((module) => tree.folderOf(module.source.slice(tree.root.length))),
  );
  for (const folder of folders)
    if (floorOf(tree, folder) === undefined) found.push(`${tree.root}${folder} is on no floor`);
  for (const arrow of folderArrows(tree, modules)) {
    const from = floorOf(tree, arrow.from);
    const to = floorOf(tree, arrow.to);
    if (from === undefined || to === undefined) continue;
    const floor = tree.floors[from];
    if (to < from) found.push(`up from ${floor.name} to ${tree.floors[to].name}: ${arrow.example}`);
    else if (to === from && floor.apart) found.push(`between two ${floor.name}: ${arrow.example}`);
  }
  return found;
}

/**
 * The groups of folders that import each other round in a circle (each group sorted, groups sorted): a
 * floor whose folders may know each other still keeps its drawing free of cycles.
 */
export function folderCycles(tree: Tree, modules: readonly CruisedModule[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of folderArrows(tree, modules)) next.set(from, [...(next.get(from) ?? []), to]);
  // Tarjan's strongly connected components
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (folder: string) => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder)!);
    stack.push(folder);
    onStack.add(folder);
    for (const to of next.get(folder) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(folder, Math.min(low.get(folder)!, index.get(to)!));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const group: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      group.push(member);
      if (member === folder) break;
    }
    if (group.length > 1) groups.push(group.sort());
  };
  for (const folder of next.keys()) if (!index.has(folder)) visit(folder);
  return groups.sort((a, b) => a[0].localeCompare(b[0]));
}
