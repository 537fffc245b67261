import type { RepoType } from "@modelhub/api-types";

/** The starting text of a new repo card: a small metadata block and the headings readers look for. */
export function cardTemplate(type: RepoType, id: string): string {
  const name = id.split("/")[1] ?? id;
  const what = type === "model" ? "model" : type;
  const metadata =
    type === "space"
      ? ["title: " + JSON.stringify(name), "sdk: static"]
      : ["license: apache-2.0", "tags: []"];
  return [
    "---",
    ...metadata,
    "---",
    "",
    `# ${name}`,
    "",
    `Describe the ${what}: what it is for, how it was made, and its limits.`,
    "",
    "## Usage",
    "",
    "Show how to load and use it.",
    "",
  ].join("\n");
}
