import { requestText } from "../../lib/api-client.js";
import { paths } from "../../config/paths.js";

const MAX_INLINED = 40;

function isRelative(url: string): boolean {
  return url !== "" && !/^([a-z][a-z0-9+.-]*:|\/\/|#)/i.test(url);
}

/** Repo path of `url` relative to the folder of `from` (both repo-relative). */
function repoPathOf(from: string, url: string): string {
  const base = new URL(from, "https://repo.invalid/");
  return decodeURIComponent(new URL(url, base).pathname.slice(1));
}

/**
 * The hub serves repo files as inert content (HTML as text/plain, scripts as octet-stream) so user
 * files never run on its origin. A static space therefore runs from `srcdoc` inside a sandboxed frame
 * without `allow-same-origin`: its own stylesheets and scripts are inlined, other relative URLs
 * (images, media, fetches of data files) point at resolve URLs.
 */
export async function buildStaticDocument(
  spaceId: string,
  appFile: string,
  revision = "main",
): Promise<string> {
  const source = await requestText(paths.resolve("space", spaceId, revision, appFile));
  const doc = new DOMParser().parseFromString(source, "text/html");
  const absolute = (url: string) =>
    new URL(
      paths.resolve("space", spaceId, revision, repoPathOf(appFile, url)),
      window.location.origin,
    ).toString();
  let inlined = 0;

  for (const link of [...doc.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"][href]')]) {
    const href = link.getAttribute("href") ?? "";
    if (!isRelative(href) || inlined++ >= MAX_INLINED) continue;
    const style = doc.createElement("style");
    style.textContent = await requestText(
      paths.resolve("space", spaceId, revision, repoPathOf(appFile, href)),
    );
    link.replaceWith(style);
  }
  for (const script of [...doc.querySelectorAll<HTMLScriptElement>("script[src]")]) {
    const src = script.getAttribute("src") ?? "";
    if (!isRelative(src) || inlined++ >= MAX_INLINED) continue;
    script.removeAttribute("src");
    script.textContent = await requestText(
      paths.resolve("space", spaceId, revision, repoPathOf(appFile, src)),
    );
  }
  for (const element of [...doc.querySelectorAll<HTMLElement>("[src], [href], [poster]")]) {
    for (const attribute of ["src", "href", "poster"]) {
      const value = element.getAttribute(attribute);
      if (value && isRelative(value) && !(element.tagName === "A" && value.startsWith("#")))
        element.setAttribute(attribute, absolute(value));
    }
  }
  // Relative fetch() calls inside the app resolve against this base.
  const base = doc.createElement("base");
  base.href = absolute("./");
  doc.head.prepend(base);
  return `<!doctype html>\n${doc.documentElement.outerHTML}`;
}
