import { ConfigError, resolveConfig } from "../config/config.js";
import { EXIT, TransferError, usageError } from "../transfer/exit-codes.js";
import { runningHub } from "./hub-runtime.js";

/**
 * The address of the hub running on the data folder (`--data`, else MODELHUB_DATA, else the install's),
 * as `token create` finds it: for commands that talk to a running hub when no endpoint is given.
 */
export function localHubUrl(dataFlag: string | undefined, env: Record<string, string | undefined>): string {
  let dataDir: string;
  try {
    dataDir = resolveConfig(dataFlag ? { data: dataFlag } : {}, env).dataDir;
  } catch (error) {
    if (error instanceof ConfigError) throw usageError(error.message);
    throw error;
  }
  const running = runningHub(dataDir);
  if (!running)
    throw new TransferError(
      EXIT.network,
      `no hub is running on ${dataDir}; start it (modelhub serve) or give --endpoint / HF_ENDPOINT`,
    );
  return running.url;
}
