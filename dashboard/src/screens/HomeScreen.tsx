import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useActivityGroups, useClientSettings, useFields, useSession } from '../api.ts';
import { QueryError } from '../components/Alert.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { planName } from '../lib/plan.ts';

function Stat({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="stat card">
      <p className="stat-label">{label}</p>
      <p className="stat-value">{value ?? <span className="skeleton skeleton-text" />}</p>
      {note ? <p className="stat-note">{note}</p> : null}
    </div>
  );
}

function Shortcut({ to, title, children }: { to: string; title: string; children: ReactNode }) {
  return (
    <Link to={to} className="shortcut card">
      <span className="shortcut-title">{title}</span>
      <span className="shortcut-text">{children}</span>
      <span className="shortcut-arrow" aria-hidden="true">
        →
      </span>
    </Link>
  );
}

/** The landing screen: the organisation at a glance and the way to each screen. */
export function HomeScreen() {
  const session = useSession();
  const client = useClientSettings();
  const groups = useActivityGroups();
  const fields = useFields('attendee');
  const published = groups.data?.filter((group) => group.enabled).length;
  const firstName = session.data?.fullName.split(' ')[0];

  return (
    <>
      <PageHeader
        title={client.data?.name ?? 'Dashboard'}
        description={firstName ? `Welcome back, ${firstName}.` : undefined}
      />
      <QueryError error={client.error ?? groups.error ?? fields.error} />
      <div className="stat-grid">
        <Stat
          label="Activities"
          value={groups.data?.length}
          note={published === undefined ? null : `${published} published`}
        />
        <Stat
          label="Attendee fields"
          value={fields.data?.length}
          note={
            fields.data
              ? `${fields.data.filter((field) => field.adminOnly).length} admin only`
              : null
          }
        />
        <Stat
          label="Plan"
          value={client.data ? planName(client.data.planLevel) : undefined}
          note={client.data ? `${client.data.currency} · ${client.data.timeZone}` : null}
        />
      </div>
      <h2 className="section-title">Settings</h2>
      <div className="shortcut-grid">
        <Shortcut to="/settings" title="Organisation">
          Name, plan, country, currency, time zone and date format.
        </Shortcut>
        <Shortcut to="/settings/fields?usage=attendee" title="Attendee fields">
          The questions parents answer for each child.
        </Shortcut>
        <Shortcut to="/settings/embed-code" title="Embed code">
          Put the booking form on your own website.
        </Shortcut>
      </div>
    </>
  );
}
