import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { downloadFile } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "./helpers/test-hub.js";

const run = promisify(execFile);

const CARD = [
  "---",
  "license: mit",
  "extra_gated_prompt: Tell us who you are before you download the weights.",
  "extra_gated_fields:",
  "  Company: text",
  "  I agree to use this model for research only: checkbox",
  "---",
  "# A gated model",
  "",
].join("\n");

const text = (content: string) => ({ path: "", content, encoding: "utf-8" });

describe.each(DIALECTS)("gated repositories (%s)", (dialect) => {
  let hub: TestHub;
  /** owner of olivia/* and admin of the guild org */
  let olivia: string;
  let oliviaRead: string;
  /** asks for access to the manual repo */
  let rick: string;
  /** granted directly by the owner */
  let gina: string;
  /** signed in, never asks */
  let sam: string;
  /** read member of the guild org */
  let mia: string;
  /** site admin */
  let ada: string;

  const api = (repo: string, rest = "") => `${hub.url}/api/models/${repo}${rest}`;
  const resolve = (repo: string, file: string, token?: string, method = "GET") =>
    fetch(`${hub.url}/${repo}/resolve/main/${file}`, { method, headers: token ? bearer(token) : {} });
  const raw = (repo: string, file: string, token?: string) =>
    fetch(`${hub.url}/${repo}/raw/main/${file}`, { headers: token ? bearer(token) : {} });
  const createRepo = async (token: string, name: string, files: { path: string; content: string }[]) => {
    const res = await postJson(
      `${hub.url}/api/repos/create`,
      { name, type: "model", files: files.map((f) => ({ ...text(f.content), path: f.path })) },
      token,
    );
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const setGated = async (repo: string, gated: false | "auto" | "manual") => {
    const res = await postJson(api(repo, "/settings"), { gated }, olivia, "PUT");
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    olivia = await hub.tokenFor("olivia");
    oliviaRead = await hub.tokenFor("olivia", "read");
    rick = await hub.tokenFor("rick");
    gina = await hub.tokenFor("gina");
    sam = await hub.tokenFor("sam");
    mia = await hub.tokenFor("mia");
    ada = await hub.tokenFor("ada");
    await hub.services.accounts.setAdmin("ada", true);
    await hub.services.hub.db
      .updateTable("users")
      .set({ email: "rick@example.org", fullname: "Rick R." })
      .where("name", "=", "rick")
      .execute();

    const files = [
      { path: "README.md", content: CARD },
      { path: "LICENSE", content: "MIT licence text\n" },
      { path: "config.json", content: '{"model_type":"bert"}' },
    ];
    await createRepo(olivia, "olivia/manual-model", files);
    await createRepo(olivia, "olivia/auto-model", [{ path: "config.json", content: "{}" }]);
    await createRepo(olivia, "olivia/open-model", [{ path: "config.json", content: "{}" }]);
    expect((await postJson(`${hub.url}/api/organizations/new`, { name: "guild" }, olivia)).status).toBe(200);
    const added = await postJson(
      `${hub.url}/api/organizations/guild/members`,
      { user: "mia", role: "read" },
      olivia,
    );
    expect(added.status).toBe(200);
    await createRepo(olivia, "guild/team-model", [{ path: "config.json", content: "{}" }]);
    await setGated("olivia/manual-model", "manual");
    await setGated("olivia/auto-model", "auto");
    const guild = await postJson(api("guild/team-model", "/settings"), { gated: "manual" }, olivia, "PUT");
    expect(guild.status).toBe(200);
  });
  afterAll(() => hub?.stop());

  it("keeps repo info, listings and the file tree public", async () => {
    const info = await fetch(api("olivia/manual-model"));
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ id: "olivia/manual-model", gated: "manual" });
    const listing = (await (await fetch(`${hub.url}/api/models?author=olivia`)).json()) as { id: string }[];
    expect(listing.map((item) => item.id)).toContain("olivia/manual-model");
    const tree = await fetch(api("olivia/manual-model", "/tree/main"));
    expect(tree.status).toBe(200);
    expect(((await tree.json()) as { path: string }[]).map((entry) => entry.path)).toContain("config.json");
  });

  it("answers the download matrix: anonymous 401, no access 403, owner / org member / admin 200", async () => {
    const anonymous = await resolve("olivia/manual-model", "config.json");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("x-error-code")).toBe("GatedRepo");
    // the Hub's sentences, which clients match on
    expect(((await anonymous.json()) as { error: string }).error).toBe(
      "Access to model olivia/manual-model is restricted. You must have access to it and be authenticated to access it. Please log in.",
    );

    const head = await resolve("olivia/manual-model", "config.json", undefined, "HEAD");
    expect(head.status).toBe(401);
    expect(head.headers.get("x-error-code")).toBe("GatedRepo");
    expect(head.headers.get("x-error-message")).toMatch(/restricted/);

    const stranger = await resolve("olivia/manual-model", "config.json", sam);
    expect(stranger.status).toBe(403);
    expect(stranger.headers.get("x-error-code")).toBe("GatedRepo");
    const strangerError = ((await stranger.json()) as { error: string }).error;
    expect(strangerError).toMatch(
      /^Access to model olivia\/manual-model is restricted and you are not in the authorized list\. Visit /,
    );
    expect(strangerError).toContain("POST /api/models/olivia/manual-model/ask-access");

    // the gate comes before existence: a missing file does not reveal itself
    const missing = await resolve("olivia/manual-model", "nope.bin");
    expect(missing.status).toBe(401);
    expect(missing.headers.get("x-error-code")).toBe("GatedRepo");

    const rawAnon = await raw("olivia/manual-model", "config.json");
    expect(rawAnon.status).toBe(401);
    expect(rawAnon.headers.get("x-error-code")).toBe("GatedRepo");
    expect((await raw("olivia/manual-model", "config.json", sam)).status).toBe(403);

    expect((await resolve("olivia/manual-model", "config.json", olivia)).status).toBe(200);
    expect((await resolve("olivia/manual-model", "config.json", oliviaRead)).status).toBe(200);
    expect((await resolve("olivia/manual-model", "config.json", ada)).status).toBe(200);
    expect((await resolve("guild/team-model", "config.json", mia)).status).toBe(200);
    expect((await resolve("guild/team-model", "config.json", sam)).status).toBe(403);
  });

  it("lets anyone fetch the card and licence through resolve, but not through raw", async () => {
    const readme = await resolve("olivia/manual-model", "README.md");
    expect(readme.status).toBe(200);
    expect(await readme.text()).toContain("extra_gated_fields");
    expect((await resolve("olivia/manual-model", "LICENSE")).status).toBe(200);
    expect((await raw("olivia/manual-model", "README.md")).status).toBe(401);
  });

  it("gates LFS batch downloads and git fetches", async () => {
    const batch = (token?: string) =>
      fetch(`${hub.url}/olivia/manual-model.git/info/lfs/objects/batch`, {
        method: "POST",
        headers: {
          "Content-Type": "application/vnd.git-lfs+json",
          Accept: "application/vnd.git-lfs+json",
          ...(token ? bearer(token) : {}),
        },
        body: JSON.stringify({ operation: "download", objects: [{ oid: "a".repeat(64), size: 3 }] }),
      });
    expect((await batch()).status).toBe(401);
    expect((await batch(sam)).status).toBe(403);
    const owner = await batch(olivia);
    expect(owner.status).toBe(200);
    expect(((await owner.json()) as { objects: { error?: { code: number } }[] }).objects[0].error?.code).toBe(
      404,
    );

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gated-clone-"));
    const env = { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_ASKPASS: "", GIT_LFS_SKIP_SMUDGE: "1" };
    const withToken = (token: string) => hub.url.replace("://", `://user:${token}@`);
    try {
      await expect(
        run("git", ["clone", "-q", `${hub.url}/olivia/manual-model`, path.join(dir, "anon")], { env }),
      ).rejects.toThrow();
      await expect(
        run("git", ["clone", "-q", `${withToken(sam)}/olivia/manual-model`, path.join(dir, "sam")], { env }),
      ).rejects.toThrow(/403/);
      await run("git", ["clone", "-q", `${withToken(olivia)}/olivia/manual-model`, path.join(dir, "own")], {
        env,
      });
      expect(fs.existsSync(path.join(dir, "own", "config.json"))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("runs the manual flow: ask (with the card's fields), pending, accept, reject", async () => {
    const repo = "olivia/manual-model";
    const me = async (token?: string) =>
      (await fetch(api(repo, "/user-access-request/me"), { headers: token ? bearer(token) : {} })).json();
    expect(await me()).toMatchObject({ gated: "manual", hasAccess: false, status: null, canManage: false });
    expect(await me(olivia)).toMatchObject({ hasAccess: true, canManage: true });
    expect((await me(rick)).fields).toEqual({
      Company: "text",
      "I agree to use this model for research only": "checkbox",
    });

    expect((await postJson(api(repo, "/ask-access"), {})).status).toBe(401);
    const incomplete = await postJson(api(repo, "/ask-access"), { Company: "Acme" }, rick);
    expect(incomplete.status).toBe(400);
    expect(((await incomplete.json()) as { error: string }).error).toMatch(/I agree/);
    const notJson = await fetch(api(repo, "/ask-access"), {
      method: "POST",
      headers: bearer(rick),
      body: "{",
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toHaveProperty("error");

    const asked = await postJson(
      api(repo, "/ask-access"),
      { Company: "Acme", "I agree to use this model for research only": true },
      rick,
    );
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ status: "pending", hasAccess: false });
    const pendingDownload = await resolve(repo, "config.json", rick);
    expect(pendingDownload.status).toBe(403);
    expect(pendingDownload.headers.get("x-error-code")).toBe("GatedRepo");
    expect(((await pendingDownload.json()) as { error: string }).error).toMatch(/waiting/);
    expect(await me(rick)).toMatchObject({ status: "pending", hasAccess: false });

    const pending = await fetch(api(repo, "/user-access-request/pending"), { headers: bearer(olivia) });
    expect(pending.status).toBe(200);
    const items = (await pending.json()) as Record<string, unknown>[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      user: { user: "rick", fullname: "Rick R.", email: "rick@example.org" },
      status: "pending",
      fields: { Company: "Acme", "I agree to use this model for research only": "true" },
    });
    expect(Number.isNaN(Date.parse(items[0].timestamp as string))).toBe(false);

    const accept = await postJson(
      api(repo, "/user-access-request/handle"),
      { user: "rick", status: "accepted" },
      olivia,
    );
    expect(accept.status).toBe(200);
    expect(await accept.json()).toEqual({});
    const granted = await resolve(repo, "config.json", rick);
    expect(granted.status).toBe(200);
    expect(await granted.text()).toBe('{"model_type":"bert"}');
    const accepted = (await (
      await fetch(api(repo, "/user-access-request/accepted"), { headers: bearer(olivia) })
    ).json()) as Record<string, unknown>[];
    expect(accepted).toMatchObject([
      { user: { user: "rick" }, status: "accepted", grantedBy: { user: "olivia" } },
    ]);
    expect(accepted[0].reviewedAt).toEqual(expect.any(String));
    const authCheck = await fetch(api(repo, "/auth-check"), { headers: bearer(rick) });
    expect(authCheck.status).toBe(200);

    // the same status again is not a change
    const again = await postJson(
      api(repo, "/user-access-request/handle"),
      { user: "rick", status: "accepted" },
      olivia,
    );
    expect(again.status).toBe(404);
    expect(await again.json()).toHaveProperty("error");

    const reject = await postJson(
      api(repo, "/user-access-request/handle"),
      { user: "rick", status: "rejected", rejectionReason: "Research use only" },
      olivia,
    );
    expect(reject.status).toBe(200);
    const rejected = await resolve(repo, "config.json", rick);
    expect(rejected.status).toBe(403);
    expect(((await rejected.json()) as { error: string }).error).toMatch(/rejected/);
    expect(await me(rick)).toMatchObject({ status: "rejected", rejectionReason: "Research use only" });
    // asking again does not clear a rejection
    const reask = await postJson(
      api(repo, "/ask-access"),
      { Company: "Acme", "I agree to use this model for research only": true },
      rick,
    );
    expect(await reask.json()).toMatchObject({ status: "rejected" });
    const rejectedList = (await (
      await fetch(api(repo, "/user-access-request/rejected"), { headers: bearer(olivia) })
    ).json()) as unknown[];
    expect(rejectedList).toMatchObject([{ user: { user: "rick" }, status: "rejected" }]);

    // back to pending: the decision is withdrawn
    const reset = await postJson(
      api(repo, "/user-access-request/handle"),
      { user: "rick", status: "pending" },
      olivia,
    );
    expect(reset.status).toBe(200);
    expect(await me(rick)).toMatchObject({ status: "pending", hasAccess: false });
    // the requester can withdraw a pending request
    expect((await postJson(api(repo, "/user-access-request/cancel"), {}, rick)).status).toBe(200);
    expect((await postJson(api(repo, "/user-access-request/cancel"), {}, rick)).status).toBe(404);
    expect(await me(rick)).toMatchObject({ status: null });
  });

  it("offers the choices of select fields and refuses an answer outside them", async () => {
    const card = [
      "---",
      "extra_gated_fields:",
      "  Affiliation: text",
      "  I want to use this model for:",
      "    type: select",
      "    options:",
      "      - Research",
      "      - Education",
      "      - label: Something else",
      "        value: other",
      "---",
      "# select",
      "",
    ].join("\n");
    await createRepo(olivia, "select-gated", [{ path: "README.md", content: card }]);
    await setGated("olivia/select-gated", "auto");
    const me = (await (
      await fetch(api("olivia/select-gated", "/user-access-request/me"), {
        headers: bearer(sam),
      })
    ).json()) as { fields: Record<string, string>; fieldOptions: Record<string, unknown> };
    expect(me.fields).toEqual({ Affiliation: "text", "I want to use this model for": "select" });
    expect(me.fieldOptions).toEqual({
      "I want to use this model for": [
        { label: "Research", value: "Research" },
        { label: "Education", value: "Education" },
        { label: "Something else", value: "other" },
      ],
    });
    const ask = (choice: string) =>
      postJson(
        api("olivia/select-gated", "/ask-access"),
        { Affiliation: "Lab", "I want to use this model for": choice },
        sam,
      );
    const wrong = await ask("Something else");
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toMatch(
      /not a choice.*Research, Education, other/,
    );
    expect((await resolve("olivia/select-gated", "README.md", sam)).status).toBe(200);
    expect((await ask("other")).status).toBe(200);
  });

  it("accepts requests at once in auto mode", async () => {
    const asked = await postJson(api("olivia/auto-model", "/ask-access"), {}, rick);
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ status: "accepted", hasAccess: true });
    expect((await resolve("olivia/auto-model", "config.json", rick)).status).toBe(200);
    expect((await resolve("olivia/auto-model", "config.json", sam)).status).toBe(403);
    expect((await resolve("olivia/auto-model", "config.json")).status).toBe(401);
  });

  it("lets the owner grant access directly, and rejects bad inputs with JSON errors", async () => {
    const repo = "olivia/manual-model";
    const grant = await postJson(api(repo, "/user-access-request/grant"), { user: "GINA" }, olivia);
    expect(grant.status).toBe(200);
    expect((await resolve(repo, "config.json", gina)).status).toBe(200);
    const accepted = (await (
      await fetch(api(repo, "/user-access-request/accepted"), { headers: bearer(olivia) })
    ).json()) as { user: { user: string; email: string | null } }[];
    expect(accepted.find((item) => item.user.user === "gina")?.user.email).toBeNull();

    const expectError = async (res: Response, status: number) => {
      expect(res.status).toBe(status);
      expect(res.headers.get("content-type")).toMatch(/json/);
      expect(await res.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
    };
    await expectError(await postJson(api(repo, "/user-access-request/grant"), { user: "gina" }, olivia), 400);
    await expectError(
      await postJson(api(repo, "/user-access-request/grant"), { user: "nobody" }, olivia),
      404,
    );
    await expectError(await postJson(api(repo, "/user-access-request/grant"), {}, olivia), 400);
    await expectError(
      await postJson(api(repo, "/user-access-request/handle"), { user: "rick", status: "maybe" }, olivia),
      400,
    );
    await expectError(
      await postJson(
        api(repo, "/user-access-request/handle"),
        { user: "nobody", status: "accepted" },
        olivia,
      ),
      404,
    );
    await expectError(
      await postJson(api(repo, "/user-access-request/handle"), { user: "sam", status: "accepted" }, olivia),
      404,
    );
    await expectError(
      await fetch(api(repo, "/user-access-request/everything"), { headers: bearer(olivia) }),
      400,
    );
    await expectError(await postJson(api("olivia/open-model", "/ask-access"), {}, rick), 400);
    await expectError(
      await postJson(api("olivia/open-model", "/user-access-request/grant"), { user: "rick" }, olivia),
      400,
    );
    await expectError(await postJson(api("olivia/missing", "/ask-access"), {}, rick), 404);
  });

  it("keeps request lists and decisions to the repo's writers", async () => {
    const repo = "olivia/manual-model";
    const list = (token?: string) =>
      fetch(api(repo, "/user-access-request/pending"), { headers: token ? bearer(token) : {} });
    expect((await list()).status).toBe(401);
    expect((await list(rick)).status).toBe(403);
    expect((await list(oliviaRead)).status).toBe(403);
    expect((await list(ada)).status).toBe(200);
    const handle = await postJson(
      api(repo, "/user-access-request/handle"),
      { user: "gina", status: "rejected" },
      rick,
    );
    expect(handle.status).toBe(403);
    expect(await handle.json()).toHaveProperty("error");
    expect((await postJson(api(repo, "/user-access-request/grant"), { user: "sam" }, rick)).status).toBe(403);
    expect((await resolve(repo, "config.json", gina)).status).toBe(200);
    // an org member with a read role passes the gate but cannot decide
    const member = await fetch(api("guild/team-model", "/user-access-request/pending"), {
      headers: bearer(mia),
    });
    expect(member.status).toBe(403);
  });

  it("gives the official client an error on a gated download without access", async () => {
    const repo = { type: "model" as const, name: "olivia/manual-model" };
    await expect(
      downloadFile({ repo, path: "config.json", accessToken: sam, hubUrl: hub.url }),
    ).rejects.toThrow();
    await expect(downloadFile({ repo, path: "config.json", hubUrl: hub.url })).rejects.toThrow();
    const blob = await downloadFile({ repo, path: "config.json", accessToken: gina, hubUrl: hub.url });
    expect(await blob?.text()).toBe('{"model_type":"bert"}');
  });

  it("opens the files to everyone again when the repo is no longer gated", async () => {
    await setGated("olivia/auto-model", false);
    expect((await resolve("olivia/auto-model", "config.json")).status).toBe(200);
    expect((await resolve("olivia/auto-model", "config.json", sam)).status).toBe(200);
    // stored requests stay listed
    const accepted = await fetch(api("olivia/auto-model", "/user-access-request/accepted"), {
      headers: bearer(olivia),
    });
    expect(await accepted.json()).toMatchObject([{ user: { user: "rick" } }]);
    await setGated("olivia/auto-model", "auto");
    expect((await resolve("olivia/auto-model", "config.json", rick)).status).toBe(200);
    expect((await resolve("olivia/auto-model", "config.json", sam)).status).toBe(403);
  });
});
