import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ActivityGroup } from '../../../../api-client/index.ts';
import { messages, todayIn } from '../../../../engine/index.ts';
import { useClientSettings, useFields } from '../../api.ts';
import { QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { SelectField } from '../../components/FormField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Pagination, pageOf } from '../../components/Pagination.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { useModal } from '../../components/useModal.ts';
import { formatSessionDate, sortByStart } from './lib.ts';
import { type GroupFilters, useFilteredActivityGroups, useVenues } from './queries.ts';
import { RollOverMany, useRollOverMany } from './RollOverMany.tsx';
import './activities.css';

const PAGE_SIZE = 10;

interface PanelValues {
  venue: string;
  status: '' | 'published' | 'draft' | 'archived';
  /** Activity field id → option or venue id. */
  fields: Record<string, string>;
}
const NO_FILTERS: PanelValues = { venue: '', status: '', fields: {} };

/** Field types whose answers are options (or venues) an organiser can filter by. */
const FILTERABLE = ['selectList', 'checkboxMultiple', 'venue'];

/** Activities list: search, the filter panel (Apply filters, Reset), pages of groups. */
export function ActivitiesScreen() {
  const navigate = useNavigate();
  const client = useClientSettings();
  const venues = useVenues();
  const activityFields = useFields('activity');
  const filterFields = (activityFields.data ?? []).filter(
    (f) => f.enabled && f.useForAdminFiltering && FILTERABLE.includes(f.type),
  );
  const [search, setSearch] = useState('');
  const [panelOpen, setPanelOpen] = useState(false);
  const [panel, setPanel] = useState<PanelValues>(NO_FILTERS);
  const [applied, setApplied] = useState<PanelValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  // Activities ticked for "Roll over to next term", kept across pages and searches.
  const [selected, setSelected] = useState<Record<string, ActivityGroup>>({});
  const rollover = useRollOverMany();
  const rolloverDialog = useModal();
  const filters: GroupFilters = {
    search: search.trim() || undefined,
    venue: applied.venue || undefined,
    enabled: applied.status === 'published' ? true : applied.status === 'draft' ? false : undefined,
    // Archived groups are left out of the list unless this status is chosen.
    archived: applied.status === 'archived' ? true : undefined,
    fields: Object.values(applied.fields).some(Boolean)
      ? Object.fromEntries(Object.entries(applied.fields).filter(([, id]) => id))
      : undefined,
  };
  const groups = useFilteredActivityGroups(filters);
  const all = groups.data ?? [];
  const dateFormat = client.data?.dateFormat ?? 'dd/MM/yyyy';
  const today = client.data ? todayIn(Date.now(), client.data.timeZone) : '';
  const activeCount =
    (applied.venue ? 1 : 0) +
    (applied.status ? 1 : 0) +
    Object.values(applied.fields).filter(Boolean).length;

  const shown = pageOf(all, page, PAGE_SIZE);
  const selectedCount = Object.keys(selected).length;
  const allShownSelected = shown.length > 0 && shown.every((g) => selected[g._id]);
  const toggle = (g: ActivityGroup, on: boolean) =>
    setSelected(({ [g._id]: _was, ...rest }) => (on ? { ...rest, [g._id]: g } : rest));

  const columns: Column<ActivityGroup>[] = [
    {
      key: 'select',
      width: '2.5rem',
      header: (
        <label className="check">
          <input
            type="checkbox"
            aria-label="Select every activity on this page"
            checked={allShownSelected}
            onChange={() => {
              for (const g of shown) toggle(g, !allShownSelected);
            }}
          />
        </label>
      ),
      render: (g) => (
        <label className="check">
          <input
            type="checkbox"
            aria-label={`Select ${g.name}`}
            checked={Boolean(selected[g._id])}
            onChange={(e) => toggle(g, e.target.checked)}
          />
        </label>
      ),
    },
    {
      key: 'name',
      header: 'Activity',
      render: (g) => (
        <Link to={`/activities/${g._id}`} className="row-link" onClick={(e) => e.stopPropagation()}>
          {g.name}
        </Link>
      ),
    },
    {
      key: 'venue',
      header: 'Venue',
      hideOnMobile: true,
      render: (g) => g.venue?.name ?? <span className="muted">No venue</span>,
    },
    {
      key: 'next',
      header: 'Next session',
      hideOnMobile: true,
      render: (g) => {
        const upcoming = sortByStart(g.activities.filter((s) => s.enabled && s.date >= today));
        return upcoming[0] ? (
          <>
            {formatSessionDate(upcoming[0].date, dateFormat)}
            <span className="muted"> · {upcoming.length} upcoming</span>
          </>
        ) : (
          <span className="muted">None upcoming</span>
        );
      },
    },
    {
      key: 'tickets',
      header: 'Tickets',
      align: 'right',
      hideOnMobile: true,
      render: (g) => g.tickets.length,
    },
    {
      key: 'status',
      header: 'Status',
      width: '8rem',
      render: (g) => (g.enabled ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>),
    },
  ];

  return (
    <>
      <PageHeader
        title="Activities"
        description="Your classes, clubs and camps, with their sessions and tickets."
        actions={<ButtonLink to="/activities/new">New activity</ButtonLink>}
      />
      <QueryError error={groups.error} />
      <Card flush>
        <div className="toolbar">
          <div className="search">
            <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4" />
            </svg>
            <input
              type="search"
              className="input"
              placeholder="Search activities"
              aria-label="Search activities"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
            />
          </div>
          <Button
            variant="secondary"
            aria-expanded={panelOpen}
            aria-controls="activity-filters"
            onClick={() => setPanelOpen(!panelOpen)}
          >
            Filters{activeCount ? ` (${activeCount})` : ''}
          </Button>
        </div>
        {selectedCount ? (
          <section className="selection-bar" aria-label="Selected activities">
            <span className="selection-count">
              {selectedCount} {selectedCount === 1 ? 'activity' : 'activities'} selected
            </span>
            <Button
              onClick={() => {
                rollover.start(Object.values(selected));
                rolloverDialog.open();
              }}
            >
              Roll over to next term
            </Button>
            <Button variant="ghost" onClick={() => setSelected({})}>
              Clear selection
            </Button>
          </section>
        ) : null}
        {panelOpen ? (
          <form
            id="activity-filters"
            className="filter-panel"
            aria-label="Filters"
            onSubmit={(e) => {
              e.preventDefault();
              setApplied(panel);
              setPage(1);
            }}
          >
            <SelectField
              label="Venue"
              value={panel.venue}
              onChange={(e) => setPanel({ ...panel, venue: e.target.value })}
              options={[
                { value: '', label: 'All venues' },
                ...(venues.data ?? []).map((v) => ({ value: v._id, label: v.name })),
              ]}
            />
            <SelectField
              label="Status"
              value={panel.status}
              onChange={(e) =>
                setPanel({ ...panel, status: e.target.value as PanelValues['status'] })
              }
              options={[
                { value: '', label: 'Published and drafts' },
                { value: 'published', label: 'Published' },
                { value: 'draft', label: 'Drafts' },
                { value: 'archived', label: 'Archived' },
              ]}
            />
            {filterFields.map((field) => (
              <SelectField
                key={field._id}
                label={field.title}
                value={panel.fields[field._id] ?? ''}
                onChange={(e) =>
                  setPanel({ ...panel, fields: { ...panel.fields, [field._id]: e.target.value } })
                }
                options={[
                  { value: '', label: 'Any' },
                  ...(field.type === 'venue'
                    ? (venues.data ?? []).map((v) => ({ value: v._id, label: v.name }))
                    : field.fieldOptions
                        .filter((o) => o.enabled)
                        .map((o) => ({ value: o._id, label: o.name }))),
                ]}
              />
            ))}
            <div className="filter-actions">
              <Button
                variant="ghost"
                onClick={() => {
                  setPanel(NO_FILTERS);
                  setApplied(NO_FILTERS);
                  setPage(1);
                }}
              >
                Reset
              </Button>
              <Button type="submit">Apply filters</Button>
            </div>
          </form>
        ) : null}
        {/* A click anywhere on a row opens the group; its name stays the real link for keyboards. */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the row's link is the keyboard path */}
        <div
          className="clickable-rows"
          onClick={(event) => {
            const row = (event.target as HTMLElement).closest('tr');
            const link = row?.querySelector<HTMLAnchorElement>('a.row-link');
            if (link && !(event.target as HTMLElement).closest('a, button, label, input')) {
              navigate(new URL(link.href).pathname.replace(/^\/admin/, ''));
            }
          }}
        >
          <Table
            caption="Activities"
            columns={columns}
            rows={shown}
            rowKey={(g) => g._id}
            loading={groups.isPending}
            emptyText={messages.noActivities}
            isRowDimmed={(g) => !g.enabled}
          />
        </div>
        {groups.data ? (
          <Pagination page={page} pageSize={PAGE_SIZE} total={all.length} onPageChange={setPage} />
        ) : null}
      </Card>
      <RollOverMany
        dialog={rolloverDialog}
        rows={rollover.rows}
        setRows={rollover.setRows}
        onFinished={() => setSelected({})}
      />
    </>
  );
}
