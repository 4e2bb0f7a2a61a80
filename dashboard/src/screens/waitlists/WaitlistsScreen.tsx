import { useState } from 'react';
import { useActivityGroups } from '../../api.ts';
import { Card } from '../../components/Card.tsx';
import { SelectField } from '../../components/FormField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { CsvExportButton } from '../customers/CsvExportButton.tsx';
import { WaitlistEntries } from './WaitlistEntries.tsx';
import '../activities/activities.css';

/** Every waitlist entry of the client, narrowed to one activity group when chosen. */
export function WaitlistsScreen() {
  const groups = useActivityGroups();
  const [group, setGroup] = useState('');
  return (
    <>
      <PageHeader
        title="Waitlists"
        description="Parents waiting for a place when sessions are full."
        actions={
          <CsvExportButton
            path={`/api/exports/waitlists.csv${group ? `?filters=${encodeURIComponent(JSON.stringify({ activityGroup: group }))}` : ''}`}
          />
        }
      />
      <Card flush>
        <WaitlistEntries
          activityGroupId={group || undefined}
          filters={
            <SelectField
              label="Activity"
              value={group}
              onChange={(e) => setGroup(e.target.value)}
              options={[
                { value: '', label: 'All activities' },
                ...(groups.data ?? []).map((g) => ({ value: g._id, label: g.name })),
              ]}
            />
          }
        />
      </Card>
    </>
  );
}
