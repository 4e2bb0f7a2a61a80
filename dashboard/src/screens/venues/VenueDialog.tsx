import { useState } from 'react';
import { createVenueSchema, messages, statesFor } from '../../../../engine/index.ts';
import { Alert } from '../../components/Alert.tsx';
import { SelectField, TextField } from '../../components/FormField.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import type { ModalControls } from '../../components/useModal.ts';
import { type Errors, errorsOf, serverErrorsOf } from '../activities/form.tsx';
import { useSaveVenue, type Venue } from '../activities/queries.ts';

interface VenueValues {
  name: string;
  address: { address1: string; address2: string; city: string; state: string; postalCode: string };
}

const valuesOf = (venue: Venue | null): VenueValues => ({
  name: venue?.name ?? '',
  address: {
    address1: venue?.address.address1 ?? '',
    address2: venue?.address.address2 ?? '',
    city: venue?.address.city ?? '',
    state: venue?.address.state ?? '',
    postalCode: venue?.address.postalCode ?? '',
  },
});

/**
 * The 'Create venue' modal (and its edit twin on the venues screen). Mount it only while its
 * modal is open: unmounting after the close delay is what resets it. US and AU clients get the
 * state list and the ZIP / postcode rule of the engine's venue schema.
 *
 * @example {dialog.isOpen ? <VenueDialog dialog={dialog} country="GB" venue={null} onSaved={pick} /> : null}
 */
export function VenueDialog({
  dialog,
  venue,
  country,
  onSaved,
}: {
  dialog: ModalControls;
  venue: Venue | null;
  country: string;
  onSaved?: (venue: Venue) => void;
}) {
  const [values, setValues] = useState(() => valuesOf(venue));
  const [errors, setErrors] = useState<Errors>({});
  const [invalid, setInvalid] = useState(false);
  const save = useSaveVenue();
  const schema = createVenueSchema(country);
  const states = statesFor(country);
  const setAddress = (patch: Partial<VenueValues['address']>) =>
    setValues((current) => ({ ...current, address: { ...current.address, ...patch } }));

  const submit = () => {
    const found = errorsOf(schema, values);
    setErrors(found);
    setInvalid(Object.keys(found).length > 0);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: venue?._id, body: values },
      {
        onSuccess: (saved) => dialog.confirm(() => onSaved?.(saved)),
        onError: (error) => setErrors(serverErrorsOf(error)),
      },
    );
  };

  const postalLabel = country === 'US' ? 'ZIP code' : 'Postcode';
  return (
    <FormModal
      dialog={dialog}
      title={venue ? 'Edit venue' : 'Create venue'}
      onSubmit={submit}
      saving={save.isPending}
      saveLabel={venue ? 'Save' : 'Create venue'}
    >
      {invalid ? <Alert>{messages.invalidInput}</Alert> : null}
      {save.error ? <Alert>{save.error.message}</Alert> : null}
      <TextField
        label="Venue name"
        required
        value={values.name}
        error={errors.name}
        autoFocus
        onChange={(event) => setValues({ ...values, name: event.target.value })}
      />
      <TextField
        label="Address line 1"
        value={values.address.address1}
        error={errors['address.address1']}
        onChange={(event) => setAddress({ address1: event.target.value })}
      />
      <TextField
        label="Address line 2"
        value={values.address.address2}
        onChange={(event) => setAddress({ address2: event.target.value })}
      />
      <div className="form-row">
        <TextField
          label="Town or city"
          value={values.address.city}
          onChange={(event) => setAddress({ city: event.target.value })}
        />
        {states ? (
          <SelectField
            label="State"
            value={values.address.state}
            error={errors['address.state']}
            onChange={(event) => setAddress({ state: event.target.value })}
            options={[
              { value: '', label: 'Select a state' },
              ...states.map((s) => ({ value: s, label: s })),
            ]}
          />
        ) : (
          <TextField
            label="County or region"
            value={values.address.state}
            onChange={(event) => setAddress({ state: event.target.value })}
          />
        )}
        <TextField
          label={postalLabel}
          value={values.address.postalCode}
          error={errors['address.postalCode']}
          onChange={(event) => setAddress({ postalCode: event.target.value })}
        />
      </div>
      <button type="submit" hidden />
    </FormModal>
  );
}
