import { Suspense } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { PageErrorBoundary } from "./error-boundary.js";
import { Spinner } from "../../components/ui/status.js";
import { HeaderSearch } from "./header-search.js";
import { ThemeToggle } from "./theme-toggle.js";
import { UserMenu } from "./user-menu.js";
import { useAuth } from "../../lib/auth/auth-context.js";

/** Orgs that require 2FA hide their private content from this session: say why and what to do. */
function SecondFactorBanner() {
  const { blockedOrgs } = useAuth();
  if (blockedOrgs.length === 0) return null;
  return (
    <div className="notice second-factor-banner" role="status">
      <div className="container">
        {blockedOrgs.join(", ")} {blockedOrgs.length === 1 ? "requires" : "require"} two-factor authentication
        or company sign-in: their private repos stay hidden in this browser until you{" "}
        <Link to="/settings/security">set up two-factor authentication</Link>.
      </div>
    </div>
  );
}

const NAV = [
  { to: "/models", label: "Models" },
  { to: "/datasets", label: "Datasets" },
  { to: "/spaces", label: "Spaces" },
  { to: "/tasks", label: "Tasks" },
];

export function Layout() {
  const { pathname } = useLocation();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="container header-inner">
          <Link to="/" className="brand" aria-label="ModelHub home">
            <span className="brand-mark" aria-hidden="true">
              M
            </span>
            <span className="brand-name">ModelHub</span>
          </Link>
          <HeaderSearch />
          <nav className="main-nav" aria-label="Main">
            {NAV.map((item) => (
              <NavLink key={item.to} to={item.to} className="nav-link">
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="header-actions">
            <ThemeToggle />
            <UserMenu />
          </div>
        </div>
      </header>
      <SecondFactorBanner />
      <main id="main" className="site-main" tabIndex={-1}>
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <footer className="site-footer">
        <div className="container footer-inner">
          <span>ModelHub — a self-hosted, Hugging Face-compatible hub.</span>
          <nav aria-label="Footer">
            <Link to="/tasks">Tasks</Link>
            <Link to="/settings/tokens">Tokens</Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
