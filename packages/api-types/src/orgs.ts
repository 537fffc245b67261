/** Organisations, their members, and public profiles. */

/** Admins manage members, write members push, read members see private repos. */
export type OrgRole = "admin" | "write" | "contributor" | "read";

/** `POST /api/organizations/new` */
export interface CreatedOrg {
  type: "org";
  id: string;
  name: string;
  fullname: string;
}

/** One item of `GET /api/organizations/{org}/members`; also the answer of adding a member or changing a role. */
export interface OrgMember {
  user: string;
  role: OrgRole;
}

/** `GET /api/organizations/{org}/overview` */
export interface OrgOverview {
  _id: string;
  type: "org";
  name: string;
  fullname: string;
  createdAt: string;
  numUsers: number;
  /** New repos without an explicit visibility are private (org setting). */
  privateReposByDefault: boolean;
}

/** `GET /api/users/{user}/overview` */
export interface UserOverview {
  _id: string;
  type: "user";
  user: string;
  fullname: string;
  createdAt: string;
  orgs: { name: string; fullname: string }[];
}
