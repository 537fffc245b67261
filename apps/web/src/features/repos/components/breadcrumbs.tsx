import { Link } from "react-router";
import { paths } from "../../../config/paths.js";
import type { RepoType } from "@modelhub/api-types";

export function Breadcrumbs({
  type,
  id,
  revision,
  path,
}: {
  type: RepoType;
  id: string;
  revision: string;
  path: string;
}) {
  const parts = path ? path.split("/") : [];
  return (
    <nav className="breadcrumbs" aria-label="Path">
      <Link to={paths.tree(type, id, revision)}>{id.split("/")[1]}</Link>
      {parts.map((part, i) => {
        const sub = parts.slice(0, i + 1).join("/");
        return (
          <span key={sub}>
            <span className="faint"> / </span>
            {i === parts.length - 1 ? (
              <span>{part}</span>
            ) : (
              <Link to={paths.tree(type, id, revision, sub)}>{part}</Link>
            )}
          </span>
        );
      })}
    </nav>
  );
}
