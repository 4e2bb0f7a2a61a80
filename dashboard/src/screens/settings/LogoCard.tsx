import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ClientSettings } from '../../../../api-client/index.ts';
import { api, queryClient, queryKeys } from '../../api.ts';
import { Alert, QueryError } from '../../components/Alert.tsx';
import { Button, buttonClass } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';

/**
 * Settings › Logo: the organiser's logo, shown at the top of every e-mail and on the hosted
 * booking pages. Uploaded as an image (POST /api/file-uploads/file-upload-image), then chosen
 * (PUT /api/client/logo), which refuses anything but a JPEG, PNG or GIF of 1 MB or less.
 */
export function LogoCard({ client }: { client: ClientSettings }) {
  const [notice, setNotice] = useState<string | null>(null);
  const choose = useMutation({
    mutationFn: async (file: File | null) => {
      let fileId: string | null = null;
      if (file) {
        const form = new FormData();
        form.append('file', file);
        fileId = (await api.upload<{ _id: string }>('/api/file-uploads/file-upload-image', form))
          ._id;
      }
      return api.put<ClientSettings>('/api/client/logo', { fileId });
    },
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.client, data);
      setNotice(data.logoUrl ? 'Your logo is saved.' : 'Your logo is removed.');
    },
  });
  return (
    <Card
      title="Logo"
      description="Shown at the top of every e-mail to parents and on your hosted booking pages."
    >
      <QueryError error={choose.error} />
      <div className="logo-card">
        {client.logoUrl ? (
          <img className="logo-preview" src={client.logoUrl} alt={`${client.name} logo`} />
        ) : (
          <p className="detail-note">No logo yet: messages show your organisation’s name.</p>
        )}
        <label className={`${buttonClass({ variant: 'secondary', size: 'sm' })} logo-pick`}>
          {client.logoUrl ? 'Change logo' : 'Upload logo'}
          <input
            type="file"
            accept="image/png,image/jpeg,image/gif"
            className="visually-hidden"
            aria-describedby="logo-hint"
            disabled={choose.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              setNotice(null);
              if (file) choose.mutate(file);
            }}
          />
        </label>
        {client.logoUrl ? (
          <Button
            size="sm"
            variant="ghost"
            loading={choose.isPending}
            onClick={() => {
              setNotice(null);
              choose.mutate(null);
            }}
          >
            Remove logo
          </Button>
        ) : null}
      </div>
      <p id="logo-hint" className="detail-note">
        JPEG, PNG or GIF, 1 MB at most.
      </p>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
    </Card>
  );
}
