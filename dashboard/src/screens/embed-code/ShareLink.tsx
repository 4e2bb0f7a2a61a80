import { useId } from 'react';
import type { EmbedOptions } from '../../../../embed-snippet/code.ts';
import { routePath, widgetHash } from '../../../../engine/deep-links.ts';
import { Card } from '../../components/Card.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';

/** Our hosted page for the chosen view (docs/rules/hosted-pages.md), for sharing without a site. */
export function hostedPageUrl(origin: string, clientId: string, view: EmbedOptions['view']) {
  const base = `${origin}/book/${encodeURIComponent(clientId)}`;
  if (!view || view.kind === 'listing') return base;
  if (view.kind === 'tab') return `${base}/listing/${encodeURIComponent(view.path)}`;
  const activity = `${base}/activity/${encodeURIComponent(view.id)}`;
  return view.kind === 'waitlist'
    ? `${activity}${widgetHash(routePath({ kind: 'waitlist', id: view.id }))}`
    : activity;
}

export function ShareLinkCard({ url }: { url: string }) {
  const id = useId();
  return (
    <Card
      title="No website? Share a link"
      description="This page on Classwise shows the same booking form under your name and logo. Put it in a newsletter, a message or a social post."
      actions={
        <CopyButton text={url} variant="secondary">
          Copy link
        </CopyButton>
      }
    >
      <label htmlFor={id} className="visually-hidden">
        Link to your booking page
      </label>
      <input
        id={id}
        className="input"
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
      />
      <p>
        <a href={url} target="_blank" rel="noopener">
          Open the page
        </a>
      </p>
    </Card>
  );
}
