import type { Config } from "../config/config.js";
import { modelDataOf } from "../hub-api/model-data.js";
import { buildSnippets } from "../platform/snippets.js";
import type { Output } from "./context.js";
import { withExistingHub } from "./hub-target.js";
import { UsageError } from "./usage-error.js";

export interface SnippetArgs {
  modelId?: string;
  provider?: string;
  language?: string;
  client?: string;
  stream: boolean;
  json: boolean;
}

const LANGUAGE_ALIASES: Record<string, string> = {
  javascript: "js",
  typescript: "js",
  ts: "js",
  bash: "sh",
  shell: "sh",
  curl: "sh",
  py: "python",
};

/** Prints a model's inference snippets (filtered by language/client) and its library snippets. */
export async function snippetsCommand(config: Config, args: SnippetArgs, io: Output): Promise<number> {
  if (!args.modelId) throw new UsageError("snippets needs a model id: modelhub snippets <owner/name>");
  const modelId = args.modelId;
  const set = await withExistingHub(config, io, async ({ repos }, target) => {
    const row = await repos.find("model", modelId);
    if (!row || row.private === 1) return undefined;
    const mappings = (await repos.providerMappings([row.id])).get(row.id) ?? [];
    return buildSnippets(modelDataOf(row), mappings, {
      provider: args.provider,
      streaming: args.stream,
      hubUrl: target.url,
    });
  });
  if (!set) {
    io.err(`modelhub: model ${modelId} not found on this hub`);
    return 1;
  }
  const language = args.language
    ? (LANGUAGE_ALIASES[args.language.toLowerCase()] ?? args.language.toLowerCase())
    : undefined;
  const inference = set.inference.filter(
    (s) => (!language || s.language === language) && (!args.client || s.client === args.client),
  );
  const showLibrary = !args.client && (!language || language === "python");
  if (args.json) {
    io.out(JSON.stringify({ ...set, inference, libraries: showLibrary ? set.libraries : [] }, null, 2));
    return 0;
  }
  const sections: string[] = [];
  if (!set.deployed)
    sections.push(
      `# ${modelId} isn't deployed by any inference provider: no router snippets. Serve it yourself` +
        ' (the web app\'s "Your own server" option) or run it locally (Local apps).',
    );
  for (const s of inference)
    sections.push(`# ${s.language} · ${s.client} · provider ${set.provider}\n${s.content}`);
  if (showLibrary) {
    for (const group of set.libraries)
      group.snippets.forEach((code) => sections.push(`# library · ${group.label}\n${code}`));
  }
  if (sections.length === 0) {
    io.err(`modelhub: no snippets for ${modelId} with these options`);
    return 1;
  }
  io.out(sections.join("\n\n"));
  return 0;
}
