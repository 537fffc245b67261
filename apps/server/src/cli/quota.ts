import { classifyError, EXIT, TransferError, usageError, type ExitCode } from "../transfer/exit-codes.js";
import { parseCommandLine } from "../transfer/options.js";
import type { TransferIO } from "../transfer/transfer-io.js";
import { localHubUrl } from "./local-hub-url.js";

export const QUOTA_USAGE = `Usage: modelhub quota set <user|org> <size> [--repos N]
       modelhub quota show <user|org>

Sets or shows the storage quota (LFS objects and git repositories of every repo, each counted once per
repo) and the repository limit of a user or organization on a running hub. Uploads, commits and pushes
beyond the quota are refused (413); creating a repo beyond the limit is refused (403).

  <size>              50GB, 1.5TB, 500MiB (GB/MB/kB are decimal, GiB/MiB/KiB binary), a number of
                      bytes, "none" (unlimited) or "default" (MODELHUB_DEFAULT_QUOTA_GB)
  --repos N           the repository limit too: a whole number, "none" or "default"

Options:
  --endpoint URL      the hub (default: HF_ENDPOINT, else the hub running on --data / MODELHUB_DATA)
  --data DIR          the data folder of the running hub to find
  --token T           a site admin's token, a write token to set (default: HF_TOKEN, else MODELHUB_ADMIN_TOKEN)

Exit codes: 0 done, 1 usage or refused, 2 not allowed or unknown name, 3 hub unreachable.`;

interface StorageAnswer {
  name: string;
  kind: string;
  usedBytes: number;
  reservedBytes: number;
  storageLimit: number | null;
  storageLimitFrom: string;
  repoCount: number;
  repoLimit: number | null;
  repoLimitFrom: string;
  summary: string;
}

function describe(answer: StorageAnswer): string {
  const from = (source: string) => (source === "default" ? " (the hub's default)" : "");
  return [
    `${answer.kind === "org" ? "organization" : "user"} ${answer.name}`,
    `  storage: ${answer.summary}${from(answer.storageLimitFrom)} — ${answer.usedBytes} bytes used, ${answer.storageLimit ?? "no"} bytes quota${answer.reservedBytes > 0 ? `, ${answer.reservedBytes} bytes held by uploads under way` : ""}`,
    `  repositories: ${answer.repoCount} of ${answer.repoLimit ?? "unlimited"}${from(answer.repoLimitFrom)}`,
  ].join("\n");
}

/** `modelhub quota set|show`: a running hub's admin API (`/api/admin/quotas/{name}`). */
export async function runQuotaCommand(argv: string[], io: TransferIO): Promise<ExitCode> {
  try {
    const parsed = parseCommandLine(argv, ["endpoint", "token", "data", "repos"], ["help"]);
    if (parsed.switches.has("help")) {
      io.stdout.write(`${QUOTA_USAGE}\n`);
      return EXIT.ok;
    }
    const [action, name, size, extra] = parsed.positionals;
    if (action !== "set" && action !== "show") throw usageError(`say set or show\n\n${QUOTA_USAGE}`);
    if (!name) throw usageError(`give the user or organization\n\n${QUOTA_USAGE}`);
    if (extra !== undefined) throw usageError(`unexpected argument "${extra}"`);
    const repos = parsed.values.get("repos");
    if (action === "set" && size === undefined && repos === undefined)
      throw usageError(`give the size (e.g. 50GB, 500MiB or none) or --repos\n\n${QUOTA_USAGE}`);
    if (action === "show" && (size !== undefined || repos !== undefined))
      throw usageError("show takes only the name");
    const endpoint = (
      parsed.values.get("endpoint") ??
      (io.env.HF_ENDPOINT?.trim() || localHubUrl(parsed.values.get("data"), io.env))
    ).replace(/\/+$/, "");
    const token =
      parsed.values.get("token") ?? (io.env.HF_TOKEN?.trim() || io.env.MODELHUB_ADMIN_TOKEN?.trim());
    if (!token)
      throw new TransferError(EXIT.notFound, "quotas need a site admin's token: --token or HF_TOKEN");
    const body =
      action === "set"
        ? JSON.stringify({
            ...(size !== undefined ? { storage: size } : {}),
            ...(repos !== undefined ? { repos } : {}),
          })
        : undefined;
    const response = await fetch(`${endpoint}/api/admin/quotas/${encodeURIComponent(name)}`, {
      method: action === "set" ? "PUT" : "GET",
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body ? { "Content-Type": "application/json" } : {}),
      },
      body,
      signal: io.signal,
    });
    const text = await response.text();
    if (!response.ok) {
      let message = text;
      try {
        message = (JSON.parse(text) as { error?: string }).error ?? text;
      } catch {
        // not JSON
      }
      const code = [401, 403, 404].includes(response.status)
        ? EXIT.notFound
        : response.status === 400
          ? EXIT.usage
          : EXIT.network;
      throw new TransferError(code, `the hub answered ${response.status}: ${message}`);
    }
    io.stdout.write(`${describe(JSON.parse(text) as StorageAnswer)}\n`);
    return EXIT.ok;
  } catch (error) {
    const { code, message } = classifyError(error, io.signal);
    io.stderr.write(`modelhub: ${message}\n`);
    return code;
  }
}
