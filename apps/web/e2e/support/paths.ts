import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
export const SERVER_CLI = fileURLToPath(new URL("../../../server/dist/cli/main.js", import.meta.url));
export const WEB_DIST_INDEX = fileURLToPath(new URL("../../dist/index.html", import.meta.url));
export const SCREENSHOT_DIR = fileURLToPath(new URL("../screenshots/", import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Why the browser tests cannot run here, or undefined when they can. */
export function missingPrerequisite(): string | undefined {
  if (!existsSync(SERVER_CLI)) return `the hub is not built (${SERVER_CLI} missing): run npm run build`;
  if (!existsSync(WEB_DIST_INDEX))
    return `the web app is not built (${WEB_DIST_INDEX} missing): run npm run build`;
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM}: apt-get install -y chromium`;
  return undefined;
}
