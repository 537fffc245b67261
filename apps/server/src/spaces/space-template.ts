import type { CommitFileInput } from "../domain/repo.js";

/** The SDK versions a new Space's card names when the request gives none. */
const DEFAULT_SDK_VERSIONS: Record<string, string> = { gradio: "5.49.1", streamlit: "1.50.0" };
const EMOJIS = ["🚀", "🐢", "🦀", "🌍", "📊", "🔥", "🐨", "🏃", "⚡", "🌖"];
const COLORS = ["red", "yellow", "green", "blue", "indigo", "purple", "pink", "gray"];

/** A stable pick from `list` for this name, so a Space's look does not change between requests. */
function pick<T>(list: readonly T[], name: string, salt: number): T {
  let hash = salt;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return list[hash % list.length];
}

function readme(name: string, sdk: string, sdkVersion: string | undefined): string {
  const colorFrom = pick(COLORS, name, 1);
  const colorTo = pick(
    COLORS.filter((color) => color !== colorFrom),
    name,
    2,
  );
  const lines = [
    "---",
    `title: ${JSON.stringify(name)}`,
    `emoji: ${pick(EMOJIS, name, 3)}`,
    `colorFrom: ${colorFrom}`,
    `colorTo: ${colorTo}`,
    `sdk: ${sdk}`,
    ...(sdkVersion ? [`sdk_version: ${JSON.stringify(sdkVersion)}`] : []),
    ...(sdk === "gradio" || sdk === "streamlit" ? ["app_file: app.py"] : []),
    "pinned: false",
    "---",
    "",
    "Check out the configuration reference at https://huggingface.co/docs/hub/spaces-config-reference",
    "",
  ];
  return lines.join("\n");
}

const STATIC_INDEX = `<!doctype html>
<html>
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width" />
    <title>My static Space</title>
    <link rel="stylesheet" href="style.css" />
  </head>
  <body>
    <div class="card">
      <h1>Welcome to your static Space!</h1>
      <p>Edit <code>index.html</code> to change this page.</p>
    </div>
  </body>
</html>
`;

const STATIC_STYLE = `body {
  padding: 2rem;
  font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Arial, sans-serif;
}

.card {
  max-width: 620px;
  margin: 0 auto;
  padding: 16px;
  border: 1px solid lightgray;
  border-radius: 16px;
}
`;

/**
 * The files a new Space starts with, as on the Hub: a README.md whose front matter names its SDK (with
 * title, emoji and colours), plus a page and its stylesheet for a static Space.
 */
export function spaceTemplateFiles(name: string, sdk: string, sdkVersion?: string): CommitFileInput[] {
  const files: CommitFileInput[] = [
    { path: "README.md", content: readme(name, sdk, sdkVersion ?? DEFAULT_SDK_VERSIONS[sdk]) },
  ];
  if (sdk === "static")
    files.push({ path: "index.html", content: STATIC_INDEX }, { path: "style.css", content: STATIC_STYLE });
  return files;
}
