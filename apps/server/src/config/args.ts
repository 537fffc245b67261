/** Parsed command line: positional words and `--flag value` / `--flag=value` / `--flag` / `--no-flag`. */
export interface ParsedArgs {
  positionals: string[];
  flags: Record<string, string | boolean>;
}

/** Flags that never take a value, so the next word stays a positional. */
const BOOLEAN_FLAGS = new Set(["write", "stream", "reset", "help", "seed", "json", "dry-run", "repair"]);

export function parseArgs(argv: string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!word.startsWith("--")) {
      positionals.push(word);
      continue;
    }
    const body = word.slice(2);
    const eq = body.indexOf("=");
    if (eq >= 0) {
      flags[body.slice(0, eq)] = body.slice(eq + 1);
    } else if (body.startsWith("no-")) {
      flags[body.slice(3)] = false;
      flags[body] = true;
    } else if (BOOLEAN_FLAGS.has(body) || i + 1 >= argv.length || argv[i + 1].startsWith("--")) {
      flags[body] = true;
    } else {
      flags[body] = argv[++i];
    }
  }
  return { positionals, flags };
}
