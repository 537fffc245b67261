import { readme } from "../files/card.js";
import type { DemoFile } from "../types.js";
import type { SpaceRow } from "./space-table.js";

export function spaceFiles(space: SpaceRow): DemoFile[] {
  const frontMatter = {
    title: space.title,
    emoji: space.emoji,
    colorFrom: space.colorFrom,
    colorTo: space.colorTo,
    sdk: "static",
    app_file: "index.html",
    pinned: false,
    license: space.license,
    short_description: space.shortDescription,
    models: space.models,
    datasets: space.datasets,
  };
  const body = `# ${space.emoji} ${space.title}\n\n${space.shortDescription}. Everything runs in your browser: the page is a single HTML file with no network requests.`;
  return [
    { path: "README.md", content: readme(frontMatter, body) },
    { path: "index.html", content: space.html() },
  ];
}
