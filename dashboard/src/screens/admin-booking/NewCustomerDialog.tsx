import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, describeFailure, type Field, type User } from '../../../../api-client/index.ts';
import { type FieldDefinition, visibleAttendeeFields } from '../../../../engine/index.ts';
import { newCustomerMessages, newCustomerSchema } from '../../../../engine/schemas/new-customer.ts';
import { api, queryClient } from '../../api.ts';
import { Alert, QueryError } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { FormField } from '../../components/FormField.tsx';
import { Modal } from '../../components/Modal.tsx';
import type { ModalControls } from '../../components/useModal.ts';
import { errorsOf } from '../activities/form.tsx';
import {
  AttendeeFieldInput,
  type AttendeeValues,
  attendeeFieldData,
} from '../customers/AttendeeFields.tsx';
import { useCustomers } from '../customers/queries.ts';

/** GET /api/fields?usage=user: what the organiser asks parents (a phone number, often). */
function useUserFields() {
  return useQuery({
    queryKey: ['fields', 'user', 'dialog'],
    queryFn: () =>
      describeFailure(api.get<Field[]>('/api/fields?usage=user&includeAdminOnly=true'), {
        prefix: 'Failed to get fields',
        bare: 'Failed to get fields',
      }),
  });
}

/** POST /api/bookings/admin/customers (201): the new parent; the customer lists read again. */
function useCreateCustomer() {
  return useMutation({
    mutationFn: (body: {
      fullName: string;
      email: string;
      fieldData: { field: string; value: unknown }[];
    }) =>
      describeFailure(api.post<User>('/api/bookings/admin/customers', body), {
        prefix: 'Failed to add the customer',
        bare: 'Failed to add the customer.',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

/**
 * 'New customer' in the admin booking flow (docs/rules/phone-bookings.md): a new family's parent
 * with their name, e-mail and the organiser's user fields, checked by the engine's schema before
 * it is sent. No password: the parent sets one with 'Forgot password'. An e-mail the organiser
 * already has is refused, and that customer is offered instead. Mount it only while open.
 */
export function NewCustomerDialog({
  dialog,
  onChosen,
}: {
  dialog: ModalControls;
  /** The customer to book for: the one just added, or the existing one with that e-mail. */
  onChosen: (user: User, created: boolean) => void;
}) {
  const fields = useUserFields();
  const create = useCreateCustomer();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [values, setValues] = useState<AttendeeValues>({});
  const [tried, setTried] = useState(false);
  const [taken, setTaken] = useState<string | null>(null);
  const shown = visibleAttendeeFields((fields.data ?? []) as (Field & FieldDefinition)[], {
    admin: true,
  });
  const existing = useCustomers(taken ?? '', 1, 5);
  const match = taken ? existing.data?.data.find((u) => u.email === taken) : undefined;

  const fieldData = attendeeFieldData(values);
  const check = () =>
    errorsOf(newCustomerSchema(shown), {
      fullName,
      email,
      fieldData: Object.fromEntries(fieldData.map((d) => [d.field, d.value])),
    });
  const server = create.error instanceof ApiError ? create.error.errors : {};
  const errors = tried ? { ...check(), ...server } : {};

  const submit = () => {
    setTried(true);
    create.reset();
    setTaken(null);
    if (Object.keys(check()).length) return;
    create.mutate(
      { fullName, email, fieldData },
      {
        onSuccess: (user) => dialog.confirm(() => onChosen(user, true)),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409)
            setTaken(email.trim().toLowerCase());
        },
      },
    );
  };

  const formError =
    create.error && !(create.error instanceof ApiError && Object.keys(server).length)
      ? create.error.message
      : null;
  return (
    <Modal
      {...dialog.modalProps}
      size="lg"
      title="New customer"
      footer={
        <>
          <Button variant="secondary" onClick={dialog.cancel}>
            Cancel
          </Button>
          <Button onClick={submit} loading={create.isPending} disabled={fields.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p className="muted">
          For a family booking by phone. They get no password: they can set one with 'Forgot
          password' to see their bookings.
        </p>
        {formError ? <Alert>{formError}</Alert> : null}
        {taken ? (
          <Alert tone="warning">
            <span>{newCustomerMessages.emailExists}</span>{' '}
            {match ? (
              <Button
                variant="secondary"
                onClick={() => dialog.confirm(() => onChosen(match, false))}
              >
                Choose {match.fullName}
              </Button>
            ) : null}
          </Alert>
        ) : null}
        <FormField label="Full name" required error={errors.fullName}>
          {(control) => (
            <input
              {...control}
              className="input"
              autoComplete="off"
              value={fullName}
              onChange={(e) => setFullName(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Email" required error={taken ? undefined : errors.email}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setTaken(null);
              }}
            />
          )}
        </FormField>
        <QueryError error={fields.error} />
        {fields.isPending ? (
          <div role="status" aria-busy="true" aria-label="Loading the customer's fields">
            <span className="skeleton skeleton-text" />
            <span className="skeleton skeleton-text" />
          </div>
        ) : null}
        {shown.map((field) => (
          <AttendeeFieldInput
            key={field._id}
            field={field}
            value={values[field._id]}
            error={errors[`fieldData.${field._id}`]}
            onChange={(value) => setValues((current) => ({ ...current, [field._id]: value }))}
          />
        ))}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
