import { ButtonLink } from '../components/Button.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { PageHeader } from '../components/PageHeader.tsx';

/** Any /admin path without a screen (an old bookmark, a mistyped address). */
export function NotFoundScreen() {
  return (
    <>
      <PageHeader title="Page not found" />
      <div className="card">
        <EmptyState
          title="This page does not exist"
          description="The link may be out of date. Everything you can do is in the menu."
          action={<ButtonLink to="/">Go to the dashboard</ButtonLink>}
        />
      </div>
    </>
  );
}
