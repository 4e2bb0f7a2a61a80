import { useState } from 'react';
import type { ActivityGroup } from '../../../../api-client/index.ts';
import { formatCivilDate } from '../../../../engine/index.ts';
import { useActivityGroups } from '../../api.ts';
import { QueryError } from '../../components/Alert.tsx';
import { FieldError } from '../../components/FormField.tsx';
import { type Column, Table } from '../../components/Table.tsx';

/** 'Select activity': the client's activity groups, searched by name, one chosen. */
export function ActivityStep({
  activityGroupId,
  today,
  dateFormat,
  onChoose,
  error,
}: {
  activityGroupId: string;
  today: string;
  dateFormat: string;
  onChoose: (group: ActivityGroup) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const groups = useActivityGroups();
  const term = search.trim().toLowerCase();
  // Only published activities can be booked (the server refuses the others).
  const rows = groups.data?.filter(
    (g) => g.enabled && (!term || g.name.toLowerCase().includes(term)),
  );
  const upcoming = (g: ActivityGroup) =>
    g.activities
      .filter((s) => s.enabled && s.date >= today)
      .sort((a, b) => (a.date < b.date ? -1 : 1));
  const columns: Column<ActivityGroup>[] = [
    {
      key: 'choose',
      header: <span className="visually-hidden">Choose</span>,
      width: '3rem',
      render: (g) => (
        <input
          type="radio"
          name="admin-booking-activity"
          aria-label={`Select ${g.name}`}
          checked={g._id === activityGroupId}
          onChange={() => onChoose(g)}
        />
      ),
    },
    { key: 'name', header: 'Activity', render: (g) => g.name },
    {
      key: 'next',
      header: 'Next session',
      hideOnMobile: true,
      render: (g) => {
        const next = upcoming(g)[0];
        return next ? formatCivilDate(next.date, dateFormat) : <span className="muted">None</span>;
      },
    },
    {
      key: 'sessions',
      header: 'Upcoming sessions',
      align: 'right',
      render: (g) => upcoming(g).length,
    },
  ];
  return (
    <div className="admin-booking-step">
      <input
        type="search"
        className="input"
        placeholder="Search activities"
        aria-label="Search activities"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <FieldError message={error} />
      <QueryError error={groups.error} />
      <Table
        caption="Activities"
        columns={columns}
        rows={rows}
        rowKey={(g) => g._id}
        loading={groups.isPending}
      />
    </div>
  );
}
