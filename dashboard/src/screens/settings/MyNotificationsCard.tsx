import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  ADMIN_NOTIFICATION_KEYS,
  type AdminNotificationChoices,
  adminNotificationLabels,
} from '../../../../engine/admin-notifications.ts';
import { api, queryClient } from '../../api.ts';
import { Alert, QueryError } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';

const KEY = ['messages', 'my-notifications'] as const;

/**
 * Settings › My notifications: the signed-in admin's own choice of e-mails about the
 * organisation (GET/PUT /api/messages/my-notifications), sent to their own address. Another
 * admin's choices are theirs to make.
 */
export function MyNotificationsCard() {
  const saved = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<AdminNotificationChoices>('/api/messages/my-notifications'),
  });
  const [choices, setChoices] = useState<AdminNotificationChoices | null>(null);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (saved.data && !choices) setChoices(saved.data);
  }, [saved.data, choices]);
  const save = useMutation({
    mutationFn: (next: AdminNotificationChoices) =>
      api.put<AdminNotificationChoices>('/api/messages/my-notifications', next),
    onSuccess: (data) => {
      queryClient.setQueryData(KEY, data);
      setChoices(data);
      setDone(true);
    },
  });
  const changed =
    choices && saved.data
      ? ADMIN_NOTIFICATION_KEYS.some((k) => choices[k] !== saved.data[k])
      : false;

  return (
    <Card
      title="My notifications"
      description="E-mails to you about your organisation. Each admin chooses their own."
    >
      <QueryError error={saved.error ?? save.error} />
      {!choices ? (
        <div className="skeleton-card" role="status">
          <span className="visually-hidden">Loading your notifications</span>
        </div>
      ) : (
        <form
          className="my-notifications"
          onSubmit={(event) => {
            event.preventDefault();
            setDone(false);
            save.mutate(choices);
          }}
        >
          <fieldset className="fieldset">
            <legend>Send me an e-mail for</legend>
            <div className="check-list">
              {ADMIN_NOTIFICATION_KEYS.map((key) => (
                <label key={key} className="check">
                  <input
                    type="checkbox"
                    name={key}
                    checked={choices[key]}
                    onChange={(event) => {
                      setDone(false);
                      setChoices({ ...choices, [key]: event.target.checked });
                    }}
                  />
                  <span className="check-text">
                    <span className="check-label">{adminNotificationLabels[key]}</span>
                    {key === 'dailyDigest' ? (
                      <span className="check-hint">
                        Sent each day at 5pm (your time zone) when there are sessions tomorrow.
                      </span>
                    ) : null}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="settings-form-actions">
            <Button type="submit" loading={save.isPending} disabled={!changed}>
              Save notifications
            </Button>
          </div>
          {done ? <Alert tone="success">Your notifications are saved.</Alert> : null}
        </form>
      )}
    </Card>
  );
}
