import { lazy, type ComponentType } from "react";
import { Route, Routes } from "react-router";
import { Layout } from "./layout/layout.js";

const page = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

const Home = page(() => import("./routes/home.js"), "HomePage");
const Listing = page(() => import("./routes/listing.js"), "ListingPage");
const ModelPage = page(() => import("./routes/model.js"), "ModelPage");
const DatasetPage = page(() => import("./routes/dataset.js"), "DatasetPage");
const SpacePage = page(() => import("./routes/space.js"), "SpacePage");
const KernelPage = page(() => import("./routes/kernel.js"), "KernelPage");
const TreePage = page(() => import("./routes/tree.js"), "TreePage");
const BlobPage = page(() => import("./routes/blob.js"), "BlobPage");
const CommitsPage = page(() => import("./routes/commits.js"), "CommitsPage");
const TasksPage = page(() => import("./routes/tasks.js"), "TasksPage");
const TaskPage = page(() => import("./routes/task.js"), "TaskPage");
const SignInPage = page(() => import("./routes/sign-in.js"), "SignInPage");
const TokensPage = page(() => import("./routes/tokens.js"), "TokensPage");
const SecurityPage = page(() => import("../features/security/security-page.js"), "SecurityPage");
const OrgSsoPage = page(() => import("../features/orgs/sso-page.js"), "OrgSsoPage");
const OrgTokensPage = page(() => import("../features/orgs/tokens-page.js"), "OrgTokensPage");
const NewRepoPage = page(() => import("./routes/new-repo.js"), "NewRepoPage");
const UploadPage = page(() => import("./routes/upload.js"), "UploadPage");
const RepoSettingsPage = page(() => import("../features/repo-settings/settings-page.js"), "RepoSettingsPage");
const NewFilePage = page(() => import("../features/file-edit/editor-page.js"), "NewFilePage");
const EditFilePage = page(() => import("../features/file-edit/editor-page.js"), "EditFilePage");
const CommitPage = page(() => import("../features/commit-diff/commit-page.js"), "CommitPage");
const DiscussionListPage = page(
  () => import("../features/community/discussion-list-page.js"),
  "DiscussionListPage",
);
const DiscussionPage = page(() => import("../features/community/discussion-page.js"), "DiscussionPage");
const NewDiscussionPage = page(
  () => import("../features/community/new-discussion-page.js"),
  "NewDiscussionPage",
);
const NewOrgPage = page(() => import("../features/orgs/new-org-page.js"), "NewOrgPage");
const OrgMembersPage = page(() => import("../features/orgs/members-page.js"), "OrgMembersPage");
const OwnerPage = page(() => import("../features/orgs/profile-page.js"), "OwnerPage");
const InferenceUsagePage = page(
  () => import("../features/inference-usage/usage-page.js"),
  "InferenceUsagePage",
);
const OrgInferenceUsagePage = page(
  () => import("../features/inference-usage/org-usage-page.js"),
  "OrgInferenceUsagePage",
);
const AdminMirrorPage = page(() => import("../features/mirror/admin-mirror-page.js"), "AdminMirrorPage");
const AdminScansPage = page(() => import("../features/scans/admin-scans-page.js"), "AdminScansPage");
const AdminInferencePage = page(
  () => import("../features/admin-inference/admin-inference-page.js"),
  "AdminInferencePage",
);
const OrgAuditLogPage = page(() => import("../features/audit-log/org-audit-page.js"), "OrgAuditLogPage");
const AdminAuditLogPage = page(
  () => import("../features/audit-log/admin-audit-page.js"),
  "AdminAuditLogPage",
);
const StoragePage = page(() => import("../features/storage/storage-page.js"), "StoragePage");
const OrgStoragePage = page(() => import("../features/storage/org-storage-page.js"), "OrgStoragePage");
const AdminQuotasPage = page(() => import("../features/storage/admin-quotas-page.js"), "AdminQuotasPage");
const WebhooksPage = page(() => import("../features/webhooks/webhooks-page.js"), "WebhooksPage");
const WebhookPage = page(() => import("../features/webhooks/webhook-page.js"), "WebhookPage");
const CollectionPage = page(() => import("../features/collections/collection-page.js"), "CollectionPage");
const NotFoundPage = page(() => import("./routes/not-found.js"), "NotFoundPage");

/** The file/history routes exist under each repo prefix, with `type` telling which. */
function repoRoutes(prefix: string, type: "model" | "dataset" | "space" | "kernel") {
  const base = `${prefix}/:owner/:name`;
  return [
    <Route key={`${type}-tree-root`} path={`${base}/tree/:rev`} element={<TreePage />} />,
    <Route key={`${type}-tree`} path={`${base}/tree/:rev/*`} element={<TreePage />} />,
    <Route key={`${type}-blob`} path={`${base}/blob/:rev/*`} element={<BlobPage />} />,
    <Route key={`${type}-commits`} path={`${base}/commits/:rev`} element={<CommitsPage />} />,
    // Commit URLs returned by the commit API: what the commit changed.
    <Route key={`${type}-commit`} path={`${base}/commit/:rev`} element={<CommitPage />} />,
    // The browser editor: a new file (optionally in a folder) and an existing text file.
    <Route key={`${type}-new-root`} path={`${base}/new/:rev`} element={<NewFilePage />} />,
    <Route key={`${type}-new`} path={`${base}/new/:rev/*`} element={<NewFilePage />} />,
    <Route key={`${type}-edit`} path={`${base}/edit/:rev/*`} element={<EditFilePage />} />,
    <Route key={`${type}-upload`} path={`${base}/upload`} element={<UploadPage />} />,
    <Route key={`${type}-settings`} path={`${base}/settings`} element={<RepoSettingsPage />} />,
    // The Community tab: discussions and pull requests (a PR's files under /files).
    <Route key={`${type}-discussions`} path={`${base}/discussions`} element={<DiscussionListPage />} />,
    <Route key={`${type}-discussion-new`} path={`${base}/discussions/new`} element={<NewDiscussionPage />} />,
    <Route key={`${type}-discussion`} path={`${base}/discussions/:num`} element={<DiscussionPage />} />,
    <Route key={`${type}-pr-files`} path={`${base}/discussions/:num/files`} element={<DiscussionPage />} />,
  ];
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Home />} />
        <Route path="models" element={<Listing />} />
        <Route path="datasets" element={<Listing />} />
        <Route path="spaces" element={<Listing />} />
        <Route path="kernels" element={<Listing />} />
        <Route path="tasks" element={<TasksPage />} />
        <Route path="tasks/:task" element={<TaskPage />} />
        <Route path="login" element={<SignInPage />} />
        <Route path="settings/tokens" element={<TokensPage />} />
        <Route path="settings/security" element={<SecurityPage />} />
        <Route path="settings/inference" element={<InferenceUsagePage />} />
        <Route path="settings/storage" element={<StoragePage />} />
        <Route path="settings/webhooks" element={<WebhooksPage />} />
        <Route path="settings/webhooks/:id" element={<WebhookPage />} />
        <Route path="admin/inference" element={<AdminInferencePage />} />
        <Route path="admin/mirror" element={<AdminMirrorPage />} />
        <Route path="admin/audit-log" element={<AdminAuditLogPage />} />
        <Route path="admin/scans" element={<AdminScansPage />} />
        <Route path="admin/quotas" element={<AdminQuotasPage />} />
        <Route path="new" element={<NewRepoPage />} />
        <Route path="organizations/new" element={<NewOrgPage />} />
        <Route path="organizations/:org/settings/members" element={<OrgMembersPage />} />
        <Route path="organizations/:org/settings/sso" element={<OrgSsoPage />} />
        <Route path="organizations/:org/settings/tokens" element={<OrgTokensPage />} />
        <Route path="organizations/:org/settings/inference" element={<OrgInferenceUsagePage />} />
        <Route path="organizations/:org/settings/storage" element={<OrgStoragePage />} />
        <Route path="organizations/:org/settings/audit-log" element={<OrgAuditLogPage />} />
        <Route path="collections/:owner/:slug" element={<CollectionPage />} />
        <Route path="datasets/:owner/:name" element={<DatasetPage />} />
        <Route path="spaces/:owner/:name" element={<SpacePage />} />
        <Route path="kernels/:owner/:name" element={<KernelPage />} />
        <Route path=":owner" element={<OwnerPage />} />
        <Route path=":owner/:name" element={<ModelPage />} />
        {repoRoutes("/datasets", "dataset")}
        {repoRoutes("/spaces", "space")}
        {repoRoutes("/kernels", "kernel")}
        {repoRoutes("", "model")}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
