import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ClientSettings, Overview } from '../../../api-client/index.ts';
import { formatMoney, localeFor, messages } from '../../../engine/index.ts';
import { useClientSettings, useSession } from '../api.ts';
import { QueryError } from '../components/Alert.tsx';
import { Badge } from '../components/Badge.tsx';
import { ButtonLink } from '../components/Button.tsx';
import { Card } from '../components/Card.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { planName } from '../lib/plan.ts';
import { NewestBookings } from './overview/NewestBookings.tsx';
import { OverviewTile } from './overview/OverviewTile.tsx';
import { useOverview } from './overview/queries.ts';
import { TakingsChart } from './overview/TakingsChart.tsx';
import { WeekSessions } from './overview/WeekSessions.tsx';
import './overview/overview.css';

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

/** The shape of the overview while it loads, so nothing jumps when the figures arrive. */
function OverviewSkeleton() {
  return (
    <div className="overview" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading the overview…
      </span>
      <div className="overview-tiles" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="overview-tile card">
            <span className="skeleton" />
            <span className="stat-value">
              <span className="skeleton skeleton-text" />
            </span>
          </div>
        ))}
      </div>
      <div className="overview-grid" aria-hidden="true">
        <div className="card skeleton-card overview-wide" />
        <div className="card skeleton-card" />
        <div className="card skeleton-card" />
      </div>
    </div>
  );
}

/** A new organiser has nothing to count yet: one clear first step instead of zeros. */
function FirstStep() {
  return (
    <Card>
      <EmptyState
        title="No activities yet"
        description="Set up an activity with its sessions and tickets; its bookings, takings and the week ahead will show here."
        action={<ButtonLink to="/activities/new">Create your first activity</ButtonLink>}
      />
    </Card>
  );
}

function OverviewBody({ overview, client }: { overview: Overview; client: ClientSettings }) {
  const locale = localeFor(client.country);
  const money = (minor: number) => formatMoney(minor, client.currency, locale);
  const { awaitingPayment, takings } = overview;
  return (
    <div className="overview">
      <div className="overview-tiles">
        <OverviewTile
          label="Awaiting payment"
          value={awaitingPayment.count}
          note={
            awaitingPayment.count ? `${money(awaitingPayment.total)} to chase` : 'Nothing to chase'
          }
          to="/bookings?status=awaiting_payment"
        />
        <OverviewTile
          label="Takings, last 30 days"
          value={money(takings.paid - takings.refunded)}
          note={
            takings.refunded
              ? `${money(takings.paid)} taken, ${money(takings.refunded)} refunded`
              : 'Payments received'
          }
        />
        {overview.activeWaitlist === null ? (
          <OverviewTile
            label="Waitlists"
            value="Premium"
            note={`${messages.upgradeToPremium}: parents join a waitlist when a session is full`}
            to="/settings/subscription"
          />
        ) : (
          <OverviewTile
            label="On waitlists"
            value={overview.activeWaitlist}
            note="Active entries: waiting, pending or ready"
            to="/waitlists"
          />
        )}
      </div>
      <div className="overview-grid">
        <div className="overview-wide">
          <Card
            title="Next 7 days"
            description="Sessions and how full they are"
            actions={
              <ButtonLink to="/activities" variant="secondary" size="sm">
                All activities
              </ButtonLink>
            }
            flush
          >
            <WeekSessions
              sessions={overview.sessions}
              today={overview.today}
              dateFormat={client.dateFormat}
              country={client.country}
            />
          </Card>
        </div>
        <Card title="Takings" description="Payments received per day, last 30 days">
          <TakingsChart takings={takings} dateFormat={client.dateFormat} country={client.country} />
        </Card>
        <Card
          title="Newest bookings"
          actions={
            <ButtonLink to="/bookings" variant="secondary" size="sm">
              All bookings
            </ButtonLink>
          }
          flush
        >
          <NewestBookings bookings={overview.newestBookings} country={client.country} />
        </Card>
      </div>
    </div>
  );
}

/**
 * The organiser's Monday-morning view: the week's sessions and how full they are, money still
 * owed, what came in, the newest bookings; then the way to each setting.
 */
export function HomeScreen() {
  const session = useSession();
  const client = useClientSettings();
  const overview = useOverview();
  const firstName = session.data?.fullName.split(' ')[0];

  return (
    <>
      <PageHeader
        title={client.data?.name ?? 'Dashboard'}
        description={firstName ? `Welcome back, ${firstName}.` : undefined}
        actions={
          client.data ? (
            <Link to="/settings/subscription" className="overview-plan">
              <Badge tone="brand">{`${planName(client.data.planLevel)} plan`}</Badge>
            </Link>
          ) : null
        }
      />
      <QueryError error={client.error ?? overview.error} />
      {overview.data && client.data ? (
        overview.data.hasActivities ? (
          <OverviewBody overview={overview.data} client={client.data} />
        ) : (
          <FirstStep />
        )
      ) : overview.error || client.error ? null : (
        <OverviewSkeleton />
      )}
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
