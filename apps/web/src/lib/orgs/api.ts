import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { requestJson } from "../api-client.js";
import type { CreatedOrg, OrgMember, OrgOverview, OrgRole, UserOverview } from "@modelhub/api-types";
import { orgApiPaths } from "./paths.js";

export const ORG_ROLES: readonly OrgRole[] = ["admin", "write", "contributor", "read"];

export const ROLE_HELP: Record<OrgRole, string> = {
  admin: "manages members and settings, pushes to every repo",
  write: "creates repos and pushes to them",
  contributor: "creates repos and pushes only to the ones they created",
  read: "sees the organisation's private repos",
};

export function createOrg(input: { name: string; fullname?: string }): Promise<CreatedOrg> {
  return requestJson<CreatedOrg>(orgApiPaths.create(), { json: input });
}

const overviewKey = (org: string) => ["org-overview", org.toLowerCase()];
const membersKey = (org: string) => ["org-members", org.toLowerCase()];

export function useOrgOverview(org: string) {
  return useQuery({
    queryKey: overviewKey(org),
    queryFn: ({ signal }) => requestJson<OrgOverview>(orgApiPaths.overview(org), { signal }),
    retry: false,
  });
}

export function useUserOverview(user: string, enabled: boolean) {
  return useQuery({
    queryKey: ["user-overview", user.toLowerCase()],
    queryFn: ({ signal }) =>
      requestJson<UserOverview>(`/api/users/${encodeURIComponent(user)}/overview`, { signal }),
    enabled,
    retry: false,
  });
}

export function useOrgMembers(org: string, enabled = true) {
  return useQuery({
    queryKey: membersKey(org),
    queryFn: ({ signal }) => requestJson<OrgMember[]>(orgApiPaths.members(org), { signal }),
    enabled,
    retry: false,
  });
}

/** Member changes; each refreshes the member list, the overview and the viewer's own org list. */
export function useMemberChanges(org: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membersKey(org) }),
      queryClient.invalidateQueries({ queryKey: overviewKey(org) }),
      queryClient.invalidateQueries({ queryKey: ["whoami"] }),
    ]);
  const add = useMutation({
    mutationFn: (input: { user: string; role: OrgRole }) =>
      requestJson<OrgMember>(orgApiPaths.members(org), { json: input }),
    onSuccess: refresh,
  });
  const changeRole = useMutation({
    mutationFn: ({ user, role }: { user: string; role: OrgRole }) =>
      requestJson<OrgMember>(orgApiPaths.role(org, user), { method: "PUT", json: { role } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (user: string) => requestJson<unknown>(orgApiPaths.member(org, user), { method: "DELETE" }),
    onSuccess: refresh,
  });
  return { add, changeRole, remove };
}
