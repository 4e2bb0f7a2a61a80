import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { describeFailure } from '../../../../api-client/index.ts';
import { api, queryClient } from '../../api.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Modal } from '../../components/Modal.tsx';
import { useModal } from '../../components/useModal.ts';
import { AuditEntries } from '../audit-log/AuditEntries.tsx';
import { auditKeys } from '../audit-log/queries.ts';
import { downloadFile } from './download.ts';
import './data-rights.css';

/** POST /api/customers/{id}/erase (docs/rules/data-rights.md). */
function useEraseCustomer(id: string) {
  return useMutation({
    mutationFn: () =>
      describeFailure(api.post(`/api/customers/${id}/erase`, { confirm: true }), {
        prefix: 'Could not erase the customer',
        bare: 'Could not erase the customer.',
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['attendees'] }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  });
}

/**
 * The customer page's data rights: download everything held about them (JSON with their files,
 * or CSV), erase them after a dialog that says what goes and what stays, and the audit entries
 * about them.
 */
export function CustomerDataRights({
  id,
  name,
  erased,
}: {
  id: string;
  name: string;
  erased: boolean;
}) {
  const erase = useEraseCustomer(id);
  const dialog = useModal({ onCancel: () => erase.reset() });
  const [exporting, setExporting] = useState<'json' | 'csv' | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [page, setPage] = useState(1);

  const download = async (format: 'json' | 'csv') => {
    setExporting(format);
    setExportError(null);
    try {
      await downloadFile(`/api/customers/${id}/export.${format}`);
      await queryClient.invalidateQueries({ queryKey: auditKeys.all });
    } catch (error) {
      setExportError((error as Error).message);
    } finally {
      setExporting(null);
    }
  };

  return (
    <>
      <Card
        title="Data and privacy"
        description="Everything you hold about this customer, and their right to be forgotten."
      >
        {done || erased ? (
          <Alert tone="success">
            This customer’s personal data has been erased. Their bookings and payments are kept
            under “Erased customer”.
          </Alert>
        ) : null}
        {exportError ? <Alert>{exportError}</Alert> : null}
        <div className="data-rights-actions">
          <Button
            variant="secondary"
            loading={exporting === 'json'}
            disabled={exporting !== null}
            onClick={() => download('json')}
          >
            Export data (JSON)
          </Button>
          <Button
            variant="secondary"
            loading={exporting === 'csv'}
            disabled={exporting !== null}
            onClick={() => download('csv')}
          >
            Export data (CSV)
          </Button>
          {erased || done ? null : (
            <Button variant="danger" onClick={dialog.open}>
              Erase customer…
            </Button>
          )}
        </div>
      </Card>
      <Card title="Audit log" flush>
        <AuditEntries
          filters={{ customerId: id }}
          page={page}
          pageSize={10}
          onPageChange={setPage}
        />
      </Card>
      <Modal
        {...dialog.modalProps}
        size="md"
        title={`Erase ${name}?`}
        footer={
          <>
            <Button variant="secondary" onClick={dialog.cancel}>
              {erase.error ? 'Close' : 'Cancel'}
            </Button>
            {erase.error ? null : (
              <Button
                variant="danger"
                loading={erase.isPending}
                onClick={() =>
                  erase.mutate(undefined, {
                    onSuccess: () => dialog.confirm(() => setDone(true)),
                  })
                }
              >
                Erase customer
              </Button>
            )}
          </>
        }
      >
        {erase.error ? (
          <Alert>{erase.error.message}</Alert>
        ) : (
          <div className="data-rights-dialog">
            <p>This cannot be undone. Export their data first if they asked for a copy.</p>
            <h3>Removed</h3>
            <ul>
              <li>Their name, e-mail address, phone, address and every other answer about them</li>
              <li>Their children’s names, dates of birth, medical notes and other answers</li>
              <li>Files they uploaded</li>
              <li>The text of the e-mails sent to them; unsent e-mails are not sent</li>
              <li>Their sign-in: they are signed out and can no longer sign in</li>
              <li>Their places on waiting lists</li>
            </ul>
            <h3>Kept, as the law requires for your accounts</h3>
            <ul>
              <li>
                Bookings, payments, refunds and account credit, with amounts, dates and booking
                numbers, under “Erased customer”
              </li>
              <li>The audit log of what was done</li>
            </ul>
          </div>
        )}
      </Modal>
    </>
  );
}
