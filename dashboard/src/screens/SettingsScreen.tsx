import { useState } from 'react';
import { Link } from 'react-router';
import type { ClientSettings } from '../../../api-client/index.ts';
import { todayIn } from '../../../engine/index.ts';
import { useClientSettings } from '../api.ts';
import { Alert, QueryError } from '../components/Alert.tsx';
import { Badge } from '../components/Badge.tsx';
import { Button } from '../components/Button.tsx';
import { Card } from '../components/Card.tsx';
import { CopyButton } from '../components/CopyButton.tsx';
import { type Detail, DetailList } from '../components/DetailList.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { BUTTON_DISPLAYS, FORM_TEMPLATES, optionFor } from '../lib/display-options.ts';
import { countryName, currencyName, currencySymbol, formatCivilDate } from '../lib/format.ts';
import { planName } from '../lib/plan.ts';
import { LogoCard } from './settings/LogoCard.tsx';
import { MakeUpsCard } from './settings/MakeUpsCard.tsx';
import { MyNotificationsCard } from './settings/MyNotificationsCard.tsx';
import { OrganisationSettingsForm } from './settings/OrganisationSettingsForm.tsx';
import './settings/settings.css';

function organisation(client: ClientSettings): Detail[] {
  return [
    { label: 'Organisation name', value: client.name },
    {
      label: 'Plan',
      value: <Badge tone="brand">{planName(client.planLevel)}</Badge>,
      note: (
        <>
          Plan level {client.planLevel} · <Link to="/settings/subscription">Compare plans</Link>
        </>
      ),
    },
    {
      label: 'Client ID',
      value: (
        <span className="inline-copy">
          <code className="code-inline">{client._id}</code>
          <CopyButton text={client._id} size="sm" variant="ghost" aria-label="Copy client ID">
            Copy
          </CopyButton>
        </span>
      ),
      note: 'The id your embed code names; quote it when you contact support.',
    },
  ];
}

function regional(client: ClientSettings): Detail[] {
  const symbol = currencySymbol(client.currency);
  return [
    { label: 'Country', value: countryName(client.country), note: client.country },
    {
      label: 'Currency',
      value: client.currency,
      note: [currencyName(client.currency), symbol].filter(Boolean).join(' · '),
    },
    {
      label: 'Time zone',
      value: client.timeZone,
      note: 'Session dates and times are in this zone.',
    },
    {
      label: 'Date format',
      value: client.dateFormat,
      // The dashboard is an edge of the system, so it may read the clock (the engine never does).
      note: `Today: ${formatCivilDate(todayIn(Date.now(), client.timeZone), client.dateFormat)}`,
    },
  ];
}

function bookings(client: ClientSettings): Detail[] {
  return [
    {
      label: 'Place hold',
      value: `${client.holdMinutes} minutes`,
      note: 'How long a place stays reserved while a parent checks out.',
    },
    {
      label: 'Offline payment deadline',
      value: `${client.unpaidReleaseDays} ${client.unpaidReleaseDays === 1 ? 'day' : 'days'}`,
      note: 'Voucher, Tax-Free Childcare and pay-later bookings unpaid by then release their places.',
    },
    { label: 'Pay later', value: client.allowPayLater ? 'Allowed' : 'Not allowed' },
    {
      label: 'Form template',
      value: optionFor(FORM_TEMPLATES, client.formTemplate, 'Default').label,
    },
    {
      label: 'Button display',
      value: optionFor(BUTTON_DISPLAYS, client.buttonDisplay, 'align right').label,
    },
    {
      label: 'E-mail sender name',
      value: client.senderName ?? client.name,
      note: client.senderName ? undefined : 'Your organisation name.',
    },
    {
      label: 'E-mail reply-to',
      value: client.replyTo ?? 'Not set',
      note: client.replyTo ? undefined : "Parents' replies are not delivered to you.",
    },
    {
      label: 'Session reminders',
      value: client.sessionReminders
        ? `${client.sessionReminderHours} ${client.sessionReminderHours === 1 ? 'hour' : 'hours'} before`
        : 'Off',
    },
    // The registration agreements link to these (docs/rules/account.md).
    { label: 'Terms and conditions', value: client.termsUrl ?? 'Not set' },
    { label: 'Privacy policy', value: client.privacyUrl ?? 'Not set' },
  ];
}

/** The organiser's settings (GET /api/client), edited in place (PUT /api/client). */
export function SettingsScreen() {
  const client = useClientSettings();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <>
      <PageHeader
        title="Organisation settings"
        description="How your organisation appears to parents, and the regional settings used for prices, dates and times."
        actions={
          client.data && !editing ? (
            <Button
              variant="secondary"
              onClick={() => {
                setSaved(false);
                setEditing(true);
              }}
            >
              Edit settings
            </Button>
          ) : null
        }
      />
      {saved ? <Alert tone="success">Settings saved.</Alert> : null}
      <QueryError error={client.error} />
      {client.isPending ? (
        <div className="card-grid">
          <div className="card skeleton-card" role="status">
            <span className="visually-hidden">Loading settings</span>
          </div>
          <div className="card skeleton-card" aria-hidden="true" />
        </div>
      ) : null}
      {client.data && editing ? (
        <Card title="Edit settings">
          <OrganisationSettingsForm
            client={client.data}
            onDone={(didSave) => {
              setEditing(false);
              setSaved(didSave);
            }}
          />
        </Card>
      ) : null}
      {client.data && !editing ? (
        <div className="card-grid">
          <Card title="Organisation">
            <DetailList items={organisation(client.data)} />
          </Card>
          <Card title="Regional settings">
            <DetailList items={regional(client.data)} />
          </Card>
          <Card title="Bookings" description="Defaults for the booking widget on your website.">
            <DetailList items={bookings(client.data)} />
          </Card>
          <LogoCard client={client.data} />
          <MyNotificationsCard />
          <MakeUpsCard />
        </div>
      ) : null}
    </>
  );
}
