/** Page and API addresses of organisations (the public Hub's URL scheme). */

const segment = (name: string) => encodeURIComponent(name);

export const orgPaths = {
  newOrg: () => "/organizations/new",
  profile: (name: string) => `/${segment(name)}`,
  members: (org: string) => `/organizations/${segment(org)}/settings/members`,
  usage: (org: string) => `/organizations/${segment(org)}/settings/inference`,
  sso: (org: string) => `/organizations/${segment(org)}/settings/sso`,
  storage: (org: string) => `/organizations/${segment(org)}/settings/storage`,
  audit: (org: string) => `/organizations/${segment(org)}/settings/audit-log`,
  tokens: (org: string) => `/organizations/${segment(org)}/settings/tokens`,
};

export const orgApiPaths = {
  create: () => "/api/organizations/new",
  overview: (org: string) => `/api/organizations/${segment(org)}/overview`,
  members: (org: string) => `/api/organizations/${segment(org)}/members`,
  member: (org: string, user: string) => `/api/organizations/${segment(org)}/members/${segment(user)}`,
  role: (org: string, user: string) => `/api/organizations/${segment(org)}/members/${segment(user)}/role`,
  sso: (org: string) => `/api/organizations/${segment(org)}/settings/sso`,
  scimTokens: (org: string) => `/api/organizations/${segment(org)}/settings/scim-tokens`,
  tokenPolicy: (org: string) => `/api/organizations/${segment(org)}/settings/token-policy`,
  tokens: (org: string) => `/api/organizations/${segment(org)}/settings/tokens`,
};
