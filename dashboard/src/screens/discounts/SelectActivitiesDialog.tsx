import { useState } from 'react';
import { messages } from '../../../../engine/index.ts';
import { QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { SelectField } from '../../components/FormField.tsx';
import { Modal } from '../../components/Modal.tsx';
import { PageSpinner } from '../../components/Spinner.tsx';
import type { ModalControls } from '../../components/useModal.ts';
import { useFilteredActivityGroups, useVenues } from '../activities/queries.ts';

/**
 * The 'select activities' dialog (docs/rules/screens.md): filters (search, venue, published or
 * draft), Select all / Unselect all over what the filters show, and Add / Added on each activity.
 * Activities another rule of the same kind already covers say 'Another rule already applied' and
 * cannot be added. Works on a copy: Cancel keeps the rule's list as it was. Mount it only while
 * open.
 *
 * @example {dialog.isOpen ? <SelectActivitiesDialog dialog={dialog} selected={ids} taken={new Set()} onSave={setIds} /> : null}
 */
export function SelectActivitiesDialog({
  dialog,
  selected,
  taken,
  onSave,
}: {
  dialog: ModalControls;
  selected: string[];
  taken: Set<string>;
  onSave: (ids: string[]) => void;
}) {
  const [chosen, setChosen] = useState<string[]>(selected);
  const [search, setSearch] = useState('');
  const [venue, setVenue] = useState('');
  const [status, setStatus] = useState('');
  const venues = useVenues();
  const groups = useFilteredActivityGroups({
    search: search.trim() || undefined,
    venue: venue || undefined,
    enabled: status === '' ? undefined : status === 'published',
  });
  const listed = groups.data ?? [];
  const selectable = listed.filter((g) => !taken.has(g._id) || chosen.includes(g._id));
  const allChosen = selectable.length > 0 && selectable.every((g) => chosen.includes(g._id));
  const toggle = (id: string) =>
    setChosen(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]);
  const listedIds = new Set(selectable.map((g) => g._id));

  return (
    <Modal
      {...dialog.modalProps}
      size="lg"
      title="Select activities"
      footer={
        <>
          <span className="muted picker-count">{chosen.length} selected</span>
          <Button variant="secondary" onClick={dialog.cancel}>
            Cancel
          </Button>
          <Button onClick={() => dialog.confirm(() => onSave(chosen))}>Done</Button>
        </>
      }
    >
      <div className="picker-filters">
        <input
          type="search"
          className="input"
          placeholder="Search activities"
          aria-label="Search activities"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <SelectField
          label="Venue"
          value={venue}
          onChange={(e) => setVenue(e.target.value)}
          options={[
            { value: '', label: 'All venues' },
            ...(venues.data ?? []).map((v) => ({ value: v._id, label: v.name })),
          ]}
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          options={[
            { value: '', label: 'Published and drafts' },
            { value: 'published', label: 'Published' },
            { value: 'draft', label: 'Drafts' },
          ]}
        />
      </div>
      <QueryError error={groups.error} />
      <div className="picker-bar">
        <Button
          variant="link"
          size="sm"
          disabled={selectable.length === 0}
          onClick={() =>
            setChosen(
              allChosen
                ? chosen.filter((id) => !listedIds.has(id))
                : [...new Set([...chosen, ...listedIds])],
            )
          }
        >
          {allChosen ? 'Unselect all' : 'Select all'}
        </Button>
      </div>
      {groups.isPending ? (
        <PageSpinner label="Loading activities" />
      ) : listed.length === 0 ? (
        <EmptyState title={messages.noActivities} />
      ) : (
        <ul className="picker-list" aria-label="Activities">
          {listed.map((g) => {
            const added = chosen.includes(g._id);
            const blocked = taken.has(g._id) && !added;
            return (
              <li key={g._id} className={g.enabled ? undefined : 'is-dimmed'}>
                <span className="picker-name">
                  <span className="cell-strong">{g.name}</span>
                  <span className="muted">{g.venue?.name ?? 'No venue'}</span>
                </span>
                {blocked ? (
                  <Badge tone="warning">{messages.anotherRuleApplied}</Badge>
                ) : (
                  <Button
                    size="sm"
                    variant={added ? 'primary' : 'secondary'}
                    aria-pressed={added}
                    aria-label={`${added ? 'Added' : 'Add'} ${g.name}`}
                    onClick={() => toggle(g._id)}
                  >
                    {added ? 'Added' : 'Add'}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
