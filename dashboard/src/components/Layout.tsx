import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useClientSettings, useLogout, useSession } from '../api.ts';
import { planName } from '../lib/plan.ts';
import { isCurrent, navigationFor } from '../navigation.tsx';
import { Alert } from './Alert.tsx';
import { Badge } from './Badge.tsx';
import { BrandMark } from './BrandMark.tsx';
import { Button } from './Button.tsx';
import { trapTab } from './focusTrap.ts';
import { ScreenSkeleton } from './ScreenSkeleton.tsx';

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
  const menuButton = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLElement>(null);
  const main = useRef<HTMLElement>(null);
  const openRef = useRef(menuOpen);
  openRef.current = menuOpen;
  // Where the focus goes once the drawer has closed: the screen behind it is inert until then.
  const focusAfterClose = useRef<HTMLElement | null>(null);
  const closeMenu = useCallback((focus: HTMLElement | null) => {
    focusAfterClose.current = focus;
    setMenuOpen(false);
  }, []);

  // A link chosen in the drawer should show its screen, not leave the drawer over it; the focus
  // goes to that screen, as the link it was on is hidden with the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    if (openRef.current) closeMenu(main.current);
  }, [location.pathname, location.search]);

  // The open drawer is modal, like a dialog: the screen behind is inert, the focus starts on its
  // first link and Tab wraps round its links, and Escape closes it back to the Menu button. Widening the window past the
  // drawer's breakpoint closes it too, so the screen is never left inert beside a fixed sidebar.
  useEffect(() => {
    if (!menuOpen) {
      focusAfterClose.current?.focus();
      focusAfterClose.current = null;
      return;
    }
    sidebar.current?.querySelector<HTMLElement>('a[href]')?.focus();
    const wide = window.matchMedia('(min-width: 1024px)');
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu(menuButton.current);
    };
    const onWide = () => {
      if (wide.matches) closeMenu(null);
    };
    document.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
    };
  }, [menuOpen, closeMenu]);

  const user = session.data;
  return (
    <div className="shell" data-menu-open={menuOpen || undefined}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside
        className="sidebar"
        id="sidebar"
        ref={sidebar}
        onKeyDown={menuOpen ? trapTab : undefined}
      >
        <Brand />
        <nav aria-label="Main" className="nav">
          {navigationFor(user?.role).map((section) => (
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
        onClick={() => closeMenu(menuButton.current)}
      />
      <div className="main-column" inert={menuOpen}>
        <header className="topbar">
          <button
            ref={menuButton}
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
        <main id="main" className="content" tabIndex={-1} ref={main}>
          {logout.error ? <Alert title="Sign-out failed">{logout.error.message}</Alert> : null}
          <Suspense fallback={<ScreenSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
