import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, startTestHub, type TestHub } from "./helpers/test-hub.js";
import { fillPattern, parameterNames, walkableRoutes, type RouteEntry } from "./helpers/route-walk.js";

/**
 * The download rule of gated repos, walked over every route of the hub's own table: a gated repo of
 * each type holds files with a secret marker (a plain file, an LFS object, a dataset's rows, a space's
 * page, a pull request's change), and every route that can reach a repo is called as anonymous, as a
 * signed-in user without access, as a user granted access and as the owner.
 *
 * - No answer to the first two ever contains the marker (every GET route of the hub, repo or not).
 * - Every repo route that is not listed below as metadata (what the Hub shows of a gated repo to
 *   everyone: info, file tree, refs, commits, likes, discussions without diffs, access requests) refuses
 *   them exactly as `resolve` does: same status, same sentence, `X-Error-Code: GatedRepo`.
 * - The granted user gets what the owner gets; each such route answers the owner with content for at
 *   least one repo type (a new route the walk cannot call yet fails here until it is taught how).
 */

const MARKER = "gated-walk-secret-7c1f";
const TYPES = ["model", "dataset", "space", "kernel"] as const;
type RepoType = (typeof TYPES)[number];
const URL_PREFIX: Record<RepoType, string> = {
  model: "",
  dataset: "datasets/",
  space: "spaces/",
  kernel: "kernels/",
};
const OWNER = "olivia";
const nameOf = (type: RepoType) => `gated-${type}`;
const idOf = (type: RepoType) => `${OWNER}/${nameOf(type)}`;

/** Routes that show what the Hub shows of a gated repo to everyone (no file contents). */
const METADATA: [RegExp, string][] = [
  [/^\/api\/:kind[^/]*\/:owner\/:name$/, "repo info (card metadata is public, as on the Hub)"],
  [/^\/api\/:kind[^/]*\/:owner\/:name\/revision\//, "repo info at a revision"],
  [/\/tree\/:rev/, "the file tree"],
  [/\/paths-info\//, "paths info (names, sizes, oids)"],
  [/\/:name\/scan(\/file)?$/, "security scan results (file names and levels, as paths-info shows them)"],
  [/\/commits\/:rev$/, "the commit list"],
  [/\/:name\/refs$/, "branches and tags"],
  [/\/lfs-files$/, "LFS file list (writers only)"],
  [/\/:name\/(secrets|variables)$/, "a Space's secrets and variables (writers only; no file contents)"],
  [/\/(like|likers)$/, "likes"],
  [/\/downloads\/daily$/, "download counts"],
  [/\/model-tree$/, "base models and derivatives"],
  [/\/snippets$/, "code snippets from the card"],
  [/\/discussions(\/:num)?$/, "discussions (a pull request's diff is walked separately)"],
  [/\/(ask-access|auth-check)$|\/user-access-request\//, "the access request flow itself"],
  [/\/:xet\{/, "xet tokens (501: not implemented)"],
  [/\/info\/lfs\/locks\/verify$/, "LFS locks (none here)"],
  [/\/info\/lfs\/objects\/:oid\/:size\/part\/:part$/, "an upload's parts (uploads are the writers')"],
];
/**
 * Routes opened by a capability the gated routes hand out (a space's signed prefix): a caller without
 * access can only forge one, which must be refused.
 */
const CAPABILITY = /^\/api\/spaces\/:owner\/:name\/app\/:grant\//;
/** Repo routes the walk cannot make answer content (it still checks the refusal and the marker). */
const NO_CONTENT_HERE: [RegExp, string][] = [
  [/^\/datasets-server\/assets\//, "needs an image or audio column"],
  [/^\/hf-inference\/|^\/v1\/|^\/:backend\/v1\//, "no inference backend serves the fixture"],
];
/** POSTs that read (or copy) a repo's content; other POSTs, PUTs and DELETEs are the route walk's. */
const READING_POSTS =
  /\/(paths-info|git-upload-pack|lfs\/objects\/batch|locks\/verify|duplicate)(\/|$)|^\/hf-inference\/models\/|^\/datasets-server\/sql$|^\/(:backend\/)?v1\/(chat\/completions|completions|embeddings)$/;
/**
 * Routes that need a signed-in user before anything else: anonymous callers get their plain 401
 * (duplication and inference need an account; git is asked for credentials before anything is said).
 */
const SIGN_IN_FIRST = /\/duplicate$|^\/(:backend\/)?v1\/|^\/hf-inference\/|\/info\/refs$|\/git-upload-pack$/;

const matches = (list: [RegExp, string][], path: string) => list.some(([pattern]) => pattern.test(path));

interface Caller {
  label: string;
  user?: string;
  token?: string;
  /** Should this caller read the gated files? */
  granted: boolean;
}

interface Answer {
  status: number;
  text: string;
  gateCode: boolean;
}

interface Call {
  route: RouteEntry;
  type: RepoType;
  url: string;
  /** A variant of a metadata route that returns contents (a pull request's `?diff=1`). */
  content: boolean;
  body?: (caller: Caller) => { contentType: string; body: string };
}

describe.each(DIALECTS)("gated repos: every content route applies the download rule (%s)", (dialect) => {
  let hub: TestHub;
  const callers: Record<"anonymous" | "stranger" | "granted" | "owner", Caller> = {
    anonymous: { label: "anonymous", granted: false },
    stranger: { label: "sam (signed in, not granted)", user: "sam", granted: false },
    granted: { label: "gina (granted)", user: "gina", granted: true },
    owner: { label: "olivia (owner)", user: OWNER, granted: true },
  };
  let routes: RouteEntry[] = [];
  const firstCommit = {} as Record<RepoType, string>;
  const lfs = { oid: "", size: 0 };
  let parquetCommit = "";
  let spaceGrant = "";
  let copies = 0;

  const request = async (method: string, url: string, caller: Caller, body?: Call["body"]) => {
    const headers: Record<string, string> = caller.token ? bearer(caller.token) : {};
    const sent = body?.(caller);
    if (sent) headers["Content-Type"] = sent.contentType;
    const response = await hub.app.request(url, { method, headers, body: sent?.body, redirect: "manual" });
    const text = method === "HEAD" ? "" : await response.text();
    return {
      status: response.status,
      text,
      gateCode: response.headers.get("X-Error-Code") === "GatedRepo",
      location: response.headers.get("Location") ?? "",
    };
  };
  const ndjson = (lines: object[]) => lines.map((line) => JSON.stringify(line)).join("\n");
  const commit = async (type: RepoType, lines: object[], query = "") => {
    const response = await hub.app.request(`/api/${type}s/${idOf(type)}/commit/main${query}`, {
      method: "POST",
      headers: { ...bearer(callers.owner.token!), "Content-Type": "application/x-ndjson" },
      body: ndjson([{ key: "header", value: { summary: "walk", description: "" } }, ...lines]),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  };
  const file = (path: string, text: string) => ({
    key: "file",
    value: { path, content: Buffer.from(text).toString("base64"), encoding: "base64" },
  });
  /** Uploads an LFS object to a repo through the batch API, as clients do. */
  const uploadLfs = async (type: RepoType, bytes: Buffer) => {
    const batch = await hub.app.request(`/${URL_PREFIX[type]}${idOf(type)}.git/info/lfs/objects/batch`, {
      method: "POST",
      headers: { ...bearer(callers.owner.token!), "Content-Type": "application/vnd.git-lfs+json" },
      body: JSON.stringify({ operation: "upload", objects: [{ oid: lfs.oid, size: lfs.size }] }),
    });
    const answer = (await batch.json()) as {
      objects: { actions?: { upload?: { href: string; header?: Record<string, string> } } }[];
    };
    const upload = answer.objects[0]?.actions?.upload;
    if (!upload) return; // already stored (another repo of the namespace uploaded it)
    const href = new URL(upload.href);
    const put = await hub.app.request(href.pathname + href.search, {
      method: "PUT",
      headers: { ...bearer(callers.owner.token!), ...upload.header },
      body: bytes,
    });
    expect(put.status, await put.clone().text()).toBe(200);
  };
  const ownerJson = async (url: string, init: RequestInit = {}) => {
    const response = await hub.app.request(url, {
      ...init,
      headers: { ...bearer(callers.owner.token!), ...(init.headers as Record<string, string>) },
    });
    expect(response.status, `${url}: ${await response.clone().text()}`).toBe(200);
    return response.json() as Promise<Record<string, unknown>>;
  };

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    for (const caller of Object.values(callers))
      if (caller.user) caller.token = await hub.tokenFor(caller.user);
    const weights = Buffer.from(`${MARKER} in an LFS object\n`.repeat(64));
    lfs.oid = createHash("sha256").update(weights).digest("hex");
    lfs.size = weights.length;
    for (const type of TYPES) {
      const card = `---\nlicense: mit\n${type === "space" ? "sdk: static\n" : ""}---\n# A gated ${type}\n`;
      await ownerJson("/api/repos/create", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          name: nameOf(type),
          type,
          ...(type === "space" ? { sdk: "static" } : {}),
          files: [{ path: "README.md", content: card, encoding: "utf-8" }],
        }),
      });
      firstCommit[type] = (await hub.services.repos.find(type, idOf(type)))!.sha!;
      await uploadLfs(type, weights);
      await commit(type, [
        file("secret.md", `${MARKER} in a plain file\n`),
        file("index.html", `<p>${MARKER} in a page</p>`),
        file("data/train.csv", `id,text\n1,${MARKER} in a row\n2,another row\n`),
        { key: "lfsFile", value: { path: "weights.bin", algo: "sha256", oid: lfs.oid, size: lfs.size } },
      ]);
      await ownerJson(`/api/${type}s/${idOf(type)}/settings`, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ gated: "manual" }),
      });
      // pull request #1 changes the secret file: its diff shows the marker
      await commit(type, [file("secret.md", `${MARKER} changed in a pull request\n`)], "?create_pr=1");
      await ownerJson(`/api/${type}s/${idOf(type)}/user-access-request/grant`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ user: "gina" }),
      });
    }
    await hub.datasetViewer?.queue.whenIdle();
    const status = await ownerJson(`/datasets-server/status?dataset=${idOf("dataset")}`);
    parquetCommit = String((status as { parquetCommit?: unknown }).parquetCommit ?? "");
    const app = await hub.app.request(`/api/spaces/${idOf("space")}/app`, {
      headers: bearer(callers.owner.token!),
      redirect: "manual",
    });
    spaceGrant = /\/app\/([^/]+)\//.exec(app.headers.get("Location") ?? "")?.[1] ?? "";
    expect(spaceGrant).not.toBe("");
    routes = walkableRoutes(hub.app.routes).filter(
      (route) =>
        route.method === "GET" ||
        route.method === "HEAD" ||
        (route.method === "POST" && READING_POSTS.test(route.path)),
    );
  }, 120_000);
  afterAll(async () => {
    await hub?.stop();
  });

  /** The repo types a route reaches, from its pattern; undefined for routes that reach no repo. */
  const typesOf = (route: RouteEntry): readonly RepoType[] | undefined => {
    const names = parameterNames(route.path);
    if (route.path.startsWith("/datasets-server/")) return ["dataset"];
    if (/^\/(:backend\/)?v1\/(chat\/completions|completions|embeddings)$/.test(route.path)) return ["model"];
    if (!names.includes("owner") || !names.includes("name")) return undefined;
    if (names.includes("kind")) return TYPES;
    if (names.includes("prefix")) return ["dataset", "space", "kernel"];
    const literal = /\/(models|datasets|spaces|kernels)\/:owner\//.exec(route.path)?.[1];
    return [literal ? (literal.slice(0, -1) as RepoType) : "model"];
  };

  const valuesFor = (type: RepoType, caller: Caller): Record<string, string> => ({
    kind: `${type}s`,
    prefix: `${type}s`,
    owner: OWNER,
    name: nameOf(type),
    rev: "main",
    path: "secret.md",
    oid: lfs.oid,
    size: String(lfs.size),
    part: "1",
    num: "1",
    status: "pending",
    range: `${firstCommit[type]}..main`,
    commit: parquetCommit,
    config: "default",
    split: "train",
    file: "0.parquet",
    row: "0",
    column: "text",
    // the owner's grant for the granted callers; the others could only forge one
    grant: caller.granted ? spaceGrant : `${"0".repeat(40)}.${"A".repeat(43)}`,
    task: "text-classification",
    backend: "hf-inference",
    "*": "index.html",
  });

  const bodyFor = (route: RouteEntry, type: RepoType): Call["body"] => {
    const json = (value: unknown) => ({ contentType: "application/json", body: JSON.stringify(value) });
    const path = route.path;
    if (path.endsWith("/paths-info/:rev")) return () => json({ paths: ["secret.md"], expand: true });
    if (path.endsWith("/git-upload-pack"))
      return () => ({ contentType: "application/x-git-upload-pack-request", body: "0000" });
    if (path.endsWith("/lfs/objects/batch"))
      return () => ({
        contentType: "application/vnd.git-lfs+json",
        body: JSON.stringify({ operation: "download", objects: [{ oid: lfs.oid, size: lfs.size }] }),
      });
    if (path.endsWith("/locks/verify")) return () => json({});
    if (path.endsWith("/duplicate"))
      return (caller) => json({ repository: `${caller.user ?? "nobody"}/copy-${type}-${++copies}` });
    if (path === "/datasets-server/sql")
      return () => json({ dataset: idOf(type), query: "SELECT * FROM train" });
    if (path.endsWith("/embeddings")) return () => json({ model: idOf(type), input: "hello" });
    if (path.endsWith("/chat/completions"))
      return () => json({ model: idOf(type), messages: [{ role: "user", content: "hello" }] });
    if (path.endsWith("/completions")) return () => json({ model: idOf(type), prompt: "hello" });
    if (path.startsWith("/hf-inference/")) return () => json({ inputs: "hello" });
    return undefined;
  };

  const callsOf = (route: RouteEntry, caller: Caller): Call[] => {
    const types = typesOf(route) ?? [];
    return types.flatMap((type) => {
      let url = fillPattern(
        route.path,
        { owner: OWNER, name: nameOf(type) },
        -1,
        "",
        valuesFor(type, caller),
      );
      if (route.path.startsWith("/datasets-server/") && !route.path.startsWith("/datasets-server/assets/"))
        url += `?${new URLSearchParams({ dataset: idOf(type), config: "default", split: "train", query: MARKER })}`;
      if (route.path.endsWith("/info/refs")) url += "?service=git-upload-pack";
      const call: Call = { route, type, url, content: false, body: bodyFor(route, type) };
      return route.path.endsWith("/discussions/:num")
        ? [call, { ...call, url: `${url}?diff=1`, content: true }]
        : [call];
    });
  };

  /** What `resolve` answers a caller for a gated file of the repo: the answer every content route must give. */
  const resolveAnswer = async (type: RepoType, caller: Caller): Promise<Answer> => {
    const answer = await request("GET", `/${URL_PREFIX[type]}${idOf(type)}/resolve/main/secret.md`, caller);
    return answer;
  };

  it("refuses the gated files to anyone without access, as resolve does, on every content route", async () => {
    const problems: string[] = [];
    const contentForOwner = new Set<string>();
    const expected = new Map<string, Answer>();
    for (const type of TYPES)
      for (const caller of [callers.anonymous, callers.stranger]) {
        const answer = await resolveAnswer(type, caller);
        expect(answer.status).toBe(caller.user ? 403 : 401);
        expect(answer.gateCode).toBe(true);
        expected.set(`${type}:${caller.label}`, answer);
      }
    let calls = 0;
    for (const route of routes) {
      const types = typesOf(route);
      const where = (call: Call) => `${route.method} ${call.url.slice(0, 140)}`;
      if (!types) {
        if (route.method !== "GET" && route.method !== "HEAD") continue;
        // a route that reaches no repo: still never shows the gated files (listings, search, pages)
        for (const caller of [callers.anonymous, callers.stranger])
          for (const suffix of ["", "?full=true&cardData=true&config=true"]) {
            const url = fillPattern(route.path, { owner: OWNER, name: nameOf("model") }) + suffix;
            const answer = await request(route.method, url, caller);
            calls++;
            if (answer.text.includes(MARKER))
              problems.push(`${route.method} ${url} as ${caller.label} shows the marker`);
          }
        continue;
      }
      const metadataRoute = matches(METADATA, route.path);
      for (const call of callsOf(route, callers.owner)) {
        const metadata = metadataRoute && !call.content;
        const answers = new Map<Caller, Awaited<ReturnType<typeof request>>>();
        for (const caller of Object.values(callers)) {
          const own = callsOf(route, caller).find((c) => c.type === call.type && c.content === call.content)!;
          answers.set(caller, await request(route.method, own.url, caller, own.body));
          calls++;
        }
        const owner = answers.get(callers.owner)!;
        const ownerGotContent = owner.status >= 200 && owner.status < 400;
        if (!metadata && ownerGotContent) contentForOwner.add(`${route.method} ${route.path}`);
        for (const caller of [callers.anonymous, callers.stranger]) {
          const got = answers.get(caller)!;
          if (got.text.includes(MARKER)) problems.push(`${where(call)} as ${caller.label} shows the marker`);
          if (metadata) continue;
          if (CAPABILITY.test(route.path)) {
            if (got.status !== 403) problems.push(`${where(call)} forged by ${caller.label}: ${got.status}`);
            continue;
          }
          // a route that cannot reach the repo here answers everyone alike (and shows nothing)
          if (matches(NO_CONTENT_HERE, route.path) && got.status === owner.status && !ownerGotContent)
            continue;
          if (!caller.user && SIGN_IN_FIRST.test(route.path)) {
            if (got.status !== 401) problems.push(`${where(call)} anonymous: ${got.status}, want 401`);
            continue;
          }
          const want = expected.get(`${call.type}:${caller.label}`)!;
          const message = (JSON.parse(want.text) as { error: string }).error;
          const sameSentence =
            route.method === "HEAD" || got.text.includes(JSON.stringify(message).slice(1, -1));
          if (got.status !== want.status || !got.gateCode || !sameSentence)
            problems.push(
              `${where(call)} as ${caller.label}: ${got.status} ${got.text.slice(0, 160)} (want resolve's ${want.status} "${message.slice(0, 60)}…")`,
            );
        }
        if (!metadata && ownerGotContent) {
          const granted = answers.get(callers.granted)!;
          if (granted.status !== owner.status)
            problems.push(
              `${where(call)} granted: ${granted.status} ${granted.text.slice(0, 160)}, owner ${owner.status}`,
            );
        }
      }
    }
    // every content route was made to answer content at least once (or says why it cannot be here)
    for (const route of routes) {
      if (!typesOf(route) || matches(METADATA, route.path) || matches(NO_CONTENT_HERE, route.path)) continue;
      if (!contentForOwner.has(`${route.method} ${route.path}`))
        problems.push(
          `${route.method} ${route.path}: the owner never got content; teach the walk to call it`,
        );
    }
    expect(problems, problems.slice(0, 40).join("\n")).toEqual([]);
    expect(contentForOwner.size).toBeGreaterThan(20);
    console.info(`[gated content walk ${dialect}] ${routes.length} routes, ${calls} requests`);
  }, 300_000);

  const duplicate = (type: RepoType, source: string, caller: Caller, body: object) =>
    hub.app.request(`/api/${type}s/${source}/duplicate`, {
      method: "POST",
      headers: { ...bearer(caller.token!), "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  it("keeps a duplicate of a gated repo gated: the copy's files need access too", async () => {
    for (const type of TYPES) {
      const copy = `gina/kept-${type}`;
      const made = await duplicate(type, idOf(type), callers.granted, { repository: copy });
      expect(made.status, await made.clone().text()).toBe(200);
      const info = (await (
        await hub.app.request(`/api/${type}s/${copy}`, { headers: bearer(callers.granted.token!) })
      ).json()) as { gated: unknown };
      expect(info.gated).toBe("manual");
      const file = `/${URL_PREFIX[type]}${copy}/resolve/main/secret.md`;
      for (const [caller, status] of [
        [callers.anonymous, 401],
        [callers.stranger, 403],
      ] as const) {
        const answer = await request("GET", file, caller);
        expect(answer.status, `${type} copy as ${caller.label}`).toBe(status);
        expect(answer.gateCode).toBe(true);
        expect(answer.text).not.toContain(MARKER);
      }
      // the copy's owner reads it, and so would anyone its owner grants
      expect((await request("GET", file, callers.granted)).text).toContain(MARKER);
    }
  });

  it("makes a duplicate private in an organisation whose repos are private by default", async () => {
    const owner = callers.owner;
    await ownerJson("/api/organizations/new", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "vault" }),
    });
    await ownerJson("/api/organizations/vault/settings", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ privateReposByDefault: true }),
    });
    await ownerJson("/api/repos/create", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "open-model",
        files: [{ path: "a.txt", content: "a", encoding: "utf-8" }],
      }),
    });
    const isPrivate = async (id: string) =>
      ((await ownerJson(`/api/models/${id}`)) as { private: boolean }).private;
    for (const [target, body, expected] of [
      ["vault/implicit", {}, true],
      ["vault/explicit-public", { private: false }, false],
      ["vault/by-visibility", { visibility: "public" }, false],
      ["olivia/own-namespace", {}, false],
    ] as const) {
      const made = await duplicate("model", "olivia/open-model", owner, { repository: target, ...body });
      expect(made.status, await made.clone().text()).toBe(200);
      expect(await isPrivate(target), target).toBe(expected);
    }
    // a private copy looks missing to others
    expect((await request("GET", "/api/models/vault/implicit", callers.stranger)).status).toBe(404);
  });
});
