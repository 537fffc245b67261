import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkShell } from "@modelhub/testkit";
import { shellMarkerOutsideLiterals } from "../../src/libraries/fixtures/shell-scan.js";
import {
  LOCAL_APPS,
  ggufChoices,
  localAppsForModel,
  localFileName,
  type LocalAppKey,
} from "../../src/index.js";
import {
  HOSTILE_HUB,
  HOSTILE_MARKER,
  LOCAL_HUB,
  PUBLIC_HUB,
  buildLocalAppFixtures,
  type LocalAppFixture,
} from "./fixtures.js";

interface Generated {
  label: string;
  fixture: LocalAppFixture;
  key: LocalAppKey;
  hubUrl: string;
  file?: string;
  code: string;
}

const fixtures = buildLocalAppFixtures();

/** Every shell block of every offered app, for every fixture, hub address and GGUF choice. */
function generateAll(): { generated: Generated[]; crashes: string[] } {
  const generated: Generated[] = [];
  const crashes: string[] = [];
  for (const fixture of fixtures) {
    const files = [undefined, ...ggufChoices(fixture.model).map((c) => c.file)];
    for (const { key, app } of localAppsForModel(fixture.model)) {
      for (const hubUrl of [LOCAL_HUB, PUBLIC_HUB, HOSTILE_HUB]) {
        for (const file of files) {
          const label = `${key} / ${fixture.name} / ${hubUrl} / ${file ?? "default"}`;
          try {
            for (const s of app.snippet(fixture.model, { hubUrl, file })) {
              for (const code of [s.setup, s.content]) {
                if (code !== undefined) generated.push({ label, fixture, key, hubUrl, file, code });
              }
              if (s.title.trim() === "" || s.content.trim() === "")
                crashes.push(`${label}: empty title or content`);
            }
          } catch (error) {
            crashes.push(`${label}: ${(error as Error).message}`);
          }
        }
      }
    }
  }
  return { generated, crashes };
}

const { generated, crashes } = generateAll();
const unique = [...new Map(generated.map((g) => [g.code, g])).values()];

describe("local-app snippets, over every app, fixture, hub address and quant", () => {
  it("covers every app with honest and hostile records", () => {
    for (const key of Object.keys(LOCAL_APPS)) {
      expect(generated.some((g) => g.key === key && g.fixture.hostile)).toBe(true);
      expect(generated.some((g) => g.key === key && !g.fixture.hostile)).toBe(true);
    }
    expect(unique.length).toBeGreaterThan(100);
  });

  it("never throws for an app the page offers", () => {
    expect(crashes).toEqual([]);
  });

  it("writes shell that passes bash -n", () => {
    const failures = unique.flatMap((g) => {
      const error = checkShell(g.code);
      return error ? [`${g.label}: ${error}\n${g.code}`] : [];
    });
    expect(failures).toEqual([]);
  });

  it("keeps hostile ids, file names and hub addresses inside shell literals", () => {
    const hostile = unique.filter((g) => g.fixture.hostile || g.hubUrl === HOSTILE_HUB);
    expect(hostile.length).toBeGreaterThan(50);
    const failures = hostile.filter((g) => shellMarkerOutsideLiterals(g.code, HOSTILE_MARKER));
    expect(failures.map((g) => `${g.label}\n${g.code}`)).toEqual([]);
  });

  it("writes no tabs or carriage returns of its own", () => {
    const honest = unique.filter((g) => !g.fixture.hostile && g.hubUrl !== HOSTILE_HUB);
    expect(honest.filter((g) => /\t|\r/.test(g.code)).map((g) => g.label)).toEqual([]);
  });
});

// Running the snippets against stand-in commands proves the apps receive exactly the record's text.
describe("local-app snippets run against stand-in commands", () => {
  const root = mkdtempSync(path.join(tmpdir(), "local-apps-"));
  const bin = path.join(root, "bin");
  const log = path.join(root, "calls");
  const COMMANDS = [
    "brew",
    "llama-server",
    "llama-cli",
    "curl",
    "ollama",
    "lms",
    "docker",
    "chmod",
    "pip",
    "vllm",
    "python3",
    "hf",
    "mlx_lm.generate",
    "mlx_lm.chat",
  ];
  // Each stand-in logs a call marker, its name, the endpoint variables and its arguments, NUL-separated.
  const CALL = "@@call@@";
  const STUB = `#!/bin/bash
printf '%s\\0' ${CALL} "\${0##*/}" "MODEL_ENDPOINT=\${MODEL_ENDPOINT-}" "HF_ENDPOINT=\${HF_ENDPOINT-}" "$@" >> "$CALL_LOG"
`;
  spawnSync("mkdir", ["-p", bin]);
  for (const name of COMMANDS) {
    writeFileSync(path.join(bin, name), STUB);
    chmodSync(path.join(bin, name), 0o755);
  }
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  interface Call {
    command: string;
    modelEndpoint: string;
    hfEndpoint: string;
    args: string[];
  }

  function run(code: string): Call[] {
    const work = mkdtempSync(path.join(root, "work-"));
    writeFileSync(path.join(work, "llamafile"), STUB);
    chmodSync(path.join(work, "llamafile"), 0o755);
    writeFileSync(log, "");
    const res = spawnSync("/bin/bash", ["-c", code], {
      cwd: work,
      env: { PATH: bin, CALL_LOG: log, HOME: "/home/tester" },
      encoding: "utf8",
    });
    if (res.status !== 0) throw new Error(`exit ${res.status}: ${res.stderr}\n${code}`);
    return readFileSync(log, "utf8")
      .split(`${CALL}\0`)
      .filter((record) => record !== "")
      .map((record) => {
        const [command, modelEndpoint, hfEndpoint, ...args] = record.split("\0").slice(0, -1);
        return {
          command,
          modelEndpoint: modelEndpoint.slice("MODEL_ENDPOINT=".length),
          hfEndpoint: hfEndpoint.slice("HF_ENDPOINT=".length),
          args,
        };
      });
  }

  const hostile = (name: string) => {
    const fixture = fixtures.find((f) => f.name === `hostile ${name}`);
    if (!fixture) throw new Error(name);
    return fixture.model;
  };

  it("hands llama.cpp the exact repo id and quant, with this hub as MODEL_ENDPOINT", () => {
    const model = hostile("gguf quants");
    const [server] = LOCAL_APPS["llama.cpp"].snippet(model, { hubUrl: HOSTILE_HUB });
    const [call] = run(server.content);
    expect(call).toEqual({
      command: "llama-server",
      modelEndpoint: HOSTILE_HUB,
      hfEndpoint: "",
      args: ["-hf", `${model.id}:Q4_K_M`],
    });
    const unlabelled = hostile("gguf unlabelled");
    const [byFile] = run(LOCAL_APPS["llama.cpp"].snippet(unlabelled, { hubUrl: LOCAL_HUB })[0].content);
    expect(byFile.args).toEqual(["-hf", unlabelled.id, "--hf-file", ggufChoices(unlabelled)[0].file]);
  });

  it("downloads the exact file from this hub and hands the local copy to every file-based app", () => {
    const model = hostile("gguf quants");
    for (const key of ["ollama", "lm-studio", "jan", "docker-model-runner", "llamafile"] as const) {
      for (const choice of ggufChoices(model)) {
        const [snippet] = LOCAL_APPS[key].snippet(model, { hubUrl: LOCAL_HUB, file: choice.file });
        const calls = run(`${snippet.setup}\n${snippet.content}`);
        const downloads = calls.filter((c) => c.command === "curl");
        expect(downloads).toHaveLength(choice.files.length);
        const [url] = downloads[0].args.slice(-1);
        const prefix = `${LOCAL_HUB}/`;
        expect(url.startsWith(prefix)).toBe(true);
        const segments = url.slice(prefix.length).split("/").map(decodeURIComponent);
        expect(segments.join("/")).toBe(`${model.id}/resolve/main/${choice.file}`);
        const local = localFileName(choice.file);
        expect(downloads[0].args.slice(-3, -1)).toEqual(["-o", local]);
        const used = calls.filter((c) => c.command !== "curl" && c.command !== "chmod");
        if (key === "ollama") expect(used.map((c) => c.command)).toEqual(["ollama", "ollama"]);
        if (key === "lm-studio") expect(used[0].args).toEqual(["import", "-y", local]);
        if (key === "docker-model-runner")
          expect(used[0].args.slice(0, 3)).toEqual(["model", "package", "--gguf"]);
        if (key === "llamafile") expect(used[0].args).toEqual(["-m", local]);
      }
    }
  });

  it("hands vLLM, SGLang, MLX LM and hf the exact repo id, with this hub as HF_ENDPOINT", () => {
    const chat = hostile("transformers chat");
    const [vllm, vllmCall] = LOCAL_APPS.vllm.snippet(chat, { hubUrl: HOSTILE_HUB });
    expect(run(vllm.content)).toEqual([
      { command: "vllm", modelEndpoint: "", hfEndpoint: HOSTILE_HUB, args: ["serve", chat.id] },
    ]);
    const [curl] = run(vllmCall.content);
    expect(JSON.parse(curl.args[curl.args.indexOf("-d") + 1])).toMatchObject({ model: chat.id });
    const [sglang] = LOCAL_APPS.sglang.snippet(chat, { hubUrl: HOSTILE_HUB });
    const [sglangCall] = run(sglang.content);
    expect(sglangCall.hfEndpoint).toBe(HOSTILE_HUB);
    expect(sglangCall.args.slice(0, 4)).toEqual(["-m", "sglang.launch_server", "--model-path", chat.id]);
    const mlx = hostile("mlx");
    for (const s of LOCAL_APPS["mlx-lm"].snippet(mlx, { hubUrl: HOSTILE_HUB })) {
      const [call] = run(s.content);
      expect(call.hfEndpoint).toBe(HOSTILE_HUB);
      expect(call.args.slice(0, 2)).toEqual(["--model", mlx.id]);
    }
    const [lms] = run(LOCAL_APPS["lm-studio"].snippet(mlx, { hubUrl: HOSTILE_HUB })[0].content);
    expect(lms.args).toEqual(["download", mlx.id, "--local-dir", `/home/tester/.lmstudio/models/${mlx.id}`]);
  });
});
