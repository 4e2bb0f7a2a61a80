import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useClientSettings, useLogout, useSession } from '../api.ts';
import { planName } from '../lib/plan.ts';
import { isCurrent, navigation } from '../navigation.tsx';
import { Alert } from './Alert.tsx';
import { Badge } from './Badge.tsx';
import { BrandMark } from './BrandMark.tsx';
import { Button } from './Button.tsx';

function Brand() {
  return (
    <Link to="/" className="brand">
      <BrandMark />
    </Link>
  );
}

/**
 * The signed-in frame: sidebar navigation (a drawer below 1024 px), a top bar with the
 * organisation and the admin, and the current screen in <main>.
 */
export function Layout() {
  const location = useLocation();
  const session = useSession();
  const client = useClientSettings();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);

  // A link chosen in the drawer should show its screen, not leave the drawer over it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  const user = session.data;
  return (
    <div className="shell" data-menu-open={menuOpen || undefined}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className="sidebar" id="sidebar">
        <Brand />
        <nav aria-label="Main" className="nav">
          {navigation.map((section) => (
            <div key={section.title ?? 'main'} className="nav-section">
              {section.title ? <p className="nav-heading">{section.title}</p> : null}
              <ul>
                {section.items.map((item) => {
                  const current = isCurrent(item.to, location);
                  return (
                    <li key={item.to}>
                      <Link
                        to={item.to}
                        className={current ? 'nav-link is-current' : 'nav-link'}
                        aria-current={current ? 'page' : undefined}
                      >
                        {item.icon}
                        {item.label}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </nav>
      </aside>
      <button
        type="button"
        className="sidebar-scrim"
        aria-label="Close menu"
        tabIndex={-1}
        onClick={() => setMenuOpen(false)}
      />
      <div className="main-column">
        <header className="topbar">
          <button
            type="button"
            className="menu-button"
            aria-controls="sidebar"
            aria-expanded={menuOpen}
            aria-label="Menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <div className="topbar-client">
            {client.data ? (
              <>
                <span className="topbar-client-name">{client.data.name}</span>
                <span className="hide-mobile">
                  <Badge tone="brand">{planName(client.data.planLevel)}</Badge>
                </span>
              </>
            ) : null}
          </div>
          <div className="topbar-user">
            {user ? (
              <span className="topbar-user-name" title={user.email}>
                <span className="avatar" aria-hidden="true">
                  {user.fullName.trim().charAt(0).toUpperCase()}
                </span>
                <span className="hide-mobile">{user.fullName}</span>
              </span>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              loading={logout.isPending}
              onClick={() => logout.mutate()}
            >
              Sign out
            </Button>
          </div>
        </header>
        <main id="main" className="content" tabIndex={-1}>
          {logout.error ? <Alert title="Sign-out failed">{logout.error.message}</Alert> : null}
          <Outlet />
        </main>
      </div>
    </div>
  );
}
