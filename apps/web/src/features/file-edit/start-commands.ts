import { paths } from "../../config/paths.js";
import type { RepoType, Sibling } from "@modelhub/api-types";

/** A repo with no files, or only the .gitattributes every new repo starts with. */
export function isEmptyRepo(files: { path: string }[] | Sibling[] | undefined): boolean {
  if (!files) return false;
  return files.every((file) => ("rfilename" in file ? file.rfilename : file.path) === ".gitattributes");
}

/** Shell commands that fill a repo on this hub: git, and the hf CLI pointed here with HF_ENDPOINT. */
export function startCommands(type: RepoType, id: string, origin: string) {
  const repoUrl = `${origin}${paths.repo(type, id)}`;
  const repoType = type === "model" ? "" : ` --repo-type ${type}`;
  return {
    git: [
      `git clone ${repoUrl}`,
      `cd ${id.split("/")[1] ?? id}`,
      "# add files, then (git asks for your user name and an access token as the password)",
      "git add . && git commit -m 'Add files' && git push",
    ].join("\n"),
    hf: [
      "# an access token with write access: Settings → Access tokens",
      "export HF_TOKEN=hf_xxxxxxxx",
      `HF_ENDPOINT=${origin} hf upload ${id} .${repoType}`,
    ].join("\n"),
  };
}
