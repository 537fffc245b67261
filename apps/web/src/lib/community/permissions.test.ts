import { describe, expect, it } from "vitest";
import type { WhoAmI, WhoAmIOrg } from "@modelhub/api-types";
import { canModerate, communityRights } from "./permissions.js";

const org = (name: string, roleInOrg: string): WhoAmIOrg => ({
  type: "org",
  id: name,
  name,
  fullname: name,
  email: "",
  avatarUrl: "",
  canPay: false,
  periodEnd: null,
  roleInOrg,
});

const user = (name: string, orgs: { name: string; roleInOrg: string }[] = []): WhoAmI => ({
  type: "user",
  id: name,
  name,
  fullname: name,
  email: "",
  emailVerified: false,
  avatarUrl: "",
  isPro: false,
  canPay: false,
  periodEnd: null,
  billingMode: "postpaid",
  isAdmin: false,
  orgs: orgs.map((entry) => org(entry.name, entry.roleInOrg)),
  auth: { type: "web_session" },
});

describe("communityRights", () => {
  it("makes the owner and write/admin members of the owning org writers, nobody else", () => {
    expect(communityRights(user("Alice"), "alice/model").writer).toBe(true);
    expect(communityRights(user("bob", [{ name: "lab", roleInOrg: "write" }]), "lab/model").writer).toBe(
      true,
    );
    expect(communityRights(user("bob", [{ name: "lab", roleInOrg: "admin" }]), "lab/model").writer).toBe(
      true,
    );
    expect(communityRights(user("bob", [{ name: "lab", roleInOrg: "read" }]), "lab/model").writer).toBe(
      false,
    );
    expect(communityRights(user("bob"), "alice/model")).toEqual({
      signedIn: true,
      user: "bob",
      writer: false,
    });
    expect(communityRights(undefined, "alice/model")).toEqual({ signedIn: false, writer: false });
  });

  it("lets the author and writers moderate a discussion", () => {
    const bob = communityRights(user("bob"), "alice/model");
    expect(canModerate(bob, "Bob")).toBe(true);
    expect(canModerate(bob, "carol")).toBe(false);
    expect(canModerate(communityRights(user("alice"), "alice/model"), "carol")).toBe(true);
    expect(canModerate(communityRights(undefined, "alice/model"), "carol")).toBe(false);
  });
});
