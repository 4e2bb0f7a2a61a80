import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../api.ts';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';
import { PageSpinner } from './Spinner.tsx';

/** Where the login screen sends the admin back to after signing in. */
export interface LoginState {
  from?: { pathname: string; search: string };
}

/**
 * Renders its children for a signed-in admin; otherwise sends the browser to /login, remembering
 * the screen asked for. Also catches a session that ends mid-use (api.ts forgets the user on 401).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageSpinner label="Checking your session" />;
  if (session.isError) {
    return (
      <div className="centered-page">
        <Alert title="Could not check your session">{session.error.message}</Alert>
        <Button onClick={() => session.refetch()}>Try again</Button>
      </div>
    );
  }
  if (!session.data) {
    const state: LoginState = { from: { pathname: location.pathname, search: location.search } };
    return <Navigate to="/login" replace state={state} />;
  }
  return children;
}
