import { Link, useLocation } from "react-router";
import { paths } from "../../config/paths.js";
import type { RepoType } from "@modelhub/api-types";
import { formatCount } from "../../lib/format.js";
import { useAuth } from "../../lib/auth/auth-context.js";
import { useLike, useToggleLike } from "../../lib/repos/api/like.js";

export function LikeButton({ type, id, likes }: { type: RepoType; id: string; likes?: number }) {
  const { user } = useAuth();
  const location = useLocation();
  const state = useLike(type, id, Boolean(user));
  const toggle = useToggleLike(type, id);
  const count = toggle.data?.likes ?? state.data?.likes ?? likes;
  const liked = toggle.data?.liked ?? state.data?.liked ?? false;
  if (!user) {
    return (
      <Link className="tag" to={paths.signIn(location.pathname)} title="Sign in to like">
        ♡ {formatCount(count)}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={`tag like-button ${liked ? "liked" : ""}`}
      aria-pressed={liked}
      aria-label={liked ? "Unlike" : "Like"}
      disabled={toggle.isPending || state.isPending}
      onClick={() => toggle.mutate(!liked)}
    >
      {liked ? "♥" : "♡"} {formatCount(count)}
    </button>
  );
}
