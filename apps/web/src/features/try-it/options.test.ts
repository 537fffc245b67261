import { describe, expect, it } from "vitest";
import { describeFailure, GatewayError } from "./gateway-client.js";
import { hubServings } from "../../lib/try-it/hub-backends.js";
import { checkSampling, EMPTY_SAMPLING, gatewayModel } from "./options.js";

describe("try-it sampling settings", () => {
  it("sends nothing for empty fields and numbers for valid ones", () => {
    expect(checkSampling(EMPTY_SAMPLING)).toEqual({ ok: true, params: {} });
    expect(checkSampling({ temperature: " 0.7 ", maxTokens: "64", topP: ".9" })).toEqual({
      ok: true,
      params: { temperature: 0.7, max_tokens: 64, top_p: 0.9 },
    });
    expect(checkSampling({ temperature: "2", maxTokens: "", topP: "1" })).toEqual({
      ok: true,
      params: { temperature: 2, top_p: 1 },
    });
  });

  it("refuses what the snippet panel refuses, with the same messages", () => {
    const result = checkSampling({ temperature: "abc", maxTokens: "-5", topP: "1.5" });
    expect(result).toEqual({
      ok: false,
      errors: {
        temperature: "Enter a number from 0 to 2, like 0.7.",
        maxTokens: "Enter a whole number above 0, like 512.",
        topP: "Enter a number from 0 to 1, like 0.9.",
      },
    });
    for (const bad of [
      { ...EMPTY_SAMPLING, temperature: "2.5" },
      { ...EMPTY_SAMPLING, temperature: "1e3" },
      { ...EMPTY_SAMPLING, maxTokens: "0" },
      { ...EMPTY_SAMPLING, maxTokens: "1.5" },
      { ...EMPTY_SAMPLING, maxTokens: "99999999999999999999" },
      { ...EMPTY_SAMPLING, topP: "-0.1" },
    ])
      expect(checkSampling(bad).ok, JSON.stringify(bad)).toBe(false);
  });

  it("names one backend only when asked to", () => {
    expect(gatewayModel("acme/chat", undefined)).toBe("acme/chat");
    expect(gatewayModel("acme/chat", "local")).toBe("acme/chat:local");
  });
});

describe("which mappings this hub serves", () => {
  const backends = [
    { name: "Local", kind: "openai-compatible", status: "live" as const },
    { name: "gpu", kind: "openai-compatible", status: "staging" as const },
  ];
  it("keeps the hub's backends (any case), live first; a failing backend is staging", () => {
    const mappings = [
      { provider: "gpu", providerId: "acme/chat", status: "live" as const, task: "conversational" },
      { provider: "groq", providerId: "acme-chat", status: "live" as const, task: "conversational" },
      { provider: "local", providerId: "acme/chat", status: "live" as const, task: "conversational" },
    ];
    expect(hubServings(mappings, backends)).toEqual([
      { backend: "Local", status: "live", task: "conversational" },
      { backend: "gpu", status: "staging", task: "conversational" },
    ]);
    expect(hubServings(mappings, [])).toEqual([]);
  });
});

describe("failure messages", () => {
  it("says when to retry after a 429, and passes the gateway's message on", () => {
    expect(describeFailure(new GatewayError(429, "Rate limit: 60 requests per minute.", 17))).toBe(
      "Rate limit: 60 requests per minute. Try again in 17 s.",
    );
    // Said once when the gateway's message already says it.
    expect(describeFailure(new GatewayError(429, "Rate limit reached; retry in 40 s", 40))).toBe(
      "Rate limit reached; retry in 40 s",
    );
    expect(describeFailure(new GatewayError(502, "Inference backend local failed"))).toBe(
      "Inference backend local failed (HTTP 502)",
    );
    expect(describeFailure(new GatewayError(401, "You must be authenticated"))).toContain("sign in again");
  });
});
