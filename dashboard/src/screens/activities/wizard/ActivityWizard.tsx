import { useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { ActivityGroup } from '../../../../../api-client/index.ts';
import {
  activityGroupFormValues,
  createActivityGroupSchema,
  type FieldDefinition,
  localeFor,
  type SavedActivityGroup,
} from '../../../../../engine/index.ts';
import { useClientSettings, useFields } from '../../../api.ts';
import { Alert, QueryError } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageSpinner } from '../../../components/Spinner.tsx';
import { useModal } from '../../../components/useModal.ts';
import { useLeaveGuard } from '../../../lib/leave-guard.ts';
import { type Errors, errorsOf, scrollToFirstError, serverErrorsOf } from '../form.tsx';
import type { GroupValues } from '../lib.ts';
import {
  useActivityGroup,
  useCancellationRules,
  useSales,
  useSaveActivityGroup,
  useSubscriptionPlans,
  useVenues,
} from '../queries.ts';
import '../activities.css';
import { DiscardChangesDialog } from './DiscardChangesDialog.tsx';
import { InformationStep } from './InformationStep.tsx';
import { SessionsStep, TicketsStep } from './ItemsSteps.tsx';
import { SettingsStep } from './SettingsStep.tsx';
import { stepOfPath } from './step.ts';

export const STEPS = ['Information', 'Sessions', 'Tickets', 'Settings'] as const;

const EMPTY: GroupValues = {
  name: '',
  description: '',
  venue: null,
  ageRange: { min: null, max: null },
  blockOutOfRange: false,
  waitlistType: null,
  enabled: true,
  cancellationRules: [],
  fieldData: {},
  activities: [],
  tickets: [],
  addOns: [],
};

/** The four-step wizard, for a new activity (/activities/new) or an existing one (/:id/edit). */
export function ActivityWizardScreen() {
  const { id } = useParams();
  const group = useActivityGroup(id);
  // The saved answers become form values with the fields' types (currency in major units).
  const fields = useFields('activity');
  if (id && (group.isPending || fields.isPending))
    return <PageSpinner label="Loading the activity" />;
  if (id && group.error) return <QueryError error={group.error} />;
  return <ActivityWizard key={id ?? 'new'} id={id} saved={group.data ?? null} />;
}

function ActivityWizard({ id, saved }: { id?: string; saved: ActivityGroup | null }) {
  const navigate = useNavigate();
  const client = useClientSettings();
  const fields = useFields('activity');
  const venues = useVenues();
  const plans = useSubscriptionPlans();
  const rules = useCancellationRules();
  const sales = useSales(id);
  // The delete guards count cancelled bookings too: the server keeps their rows (and refuses).
  const booked = useSales(id, 'cancelled');
  const save = useSaveActivityGroup(id);
  const [values, setValues] = useState<GroupValues>(() =>
    saved
      ? activityGroupFormValues(
          saved as unknown as SavedActivityGroup,
          (fields.data ?? []) as FieldDefinition[],
        )
      : EMPTY,
  );
  // What the form started from: leaving asks first only when the values differ from it.
  const [initial] = useState(values);
  const dirty = useMemo(
    () => JSON.stringify(values) !== JSON.stringify(initial),
    [values, initial],
  );
  const discard = useModal();
  const leaveTo = useRef<() => void>(() => {});
  const askToLeave = (leave: () => void) => {
    leaveTo.current = leave;
    discard.open();
  };
  useLeaveGuard(dirty && !save.isSuccess, askToLeave);
  const [step, setStep] = useState(0);
  const [revealed, setRevealed] = useState<Set<number>>(new Set());
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Errors>({});

  const planLevel = client.data?.planLevel ?? 0;
  const savedTickets = useMemo(
    () =>
      (saved?.tickets ?? []).map((t) => ({
        _id: t._id,
        type: t.type,
        subscriptionPlan: t.subscriptionPlan,
      })),
    [saved],
  );
  // Plans taken by tickets of the client's other groups: this group may not reuse them.
  const otherGroupsPlans = useMemo(
    () =>
      (plans.data ?? [])
        .filter((p) => p.usedByTicket && p.usedByTicket.activityGroup._id !== id)
        .map((p) => p._id),
    [plans.data, id],
  );
  // The same context the server builds (groupSchemaFor): gates refuse only new or changed values.
  const schema = useMemo(
    () =>
      createActivityGroupSchema({
        planLevel,
        fields: (fields.data ?? []).filter((f) => f.enabled) as FieldDefinition[],
        savedTickets,
        savedWaitlistType: saved?.waitlistType ?? null,
        savedAddOnIds: (saved?.addOns ?? []).map((a) => a._id),
        usedSubscriptionPlanIds: otherGroupsPlans,
        // A saved session's limit may not go below its places sold (the server checks again).
        savedSessions: (saved?.activities ?? []).map((s) => ({
          _id: s._id,
          placeLimit: s.placeLimit ?? null,
          sold: sales.data?.activitySales[s._id] ?? 0,
        })),
      }),
    [planLevel, fields.data, savedTickets, saved, otherGroupsPlans, sales.data],
  );
  const errors = useMemo(() => errorsOf(schema, values), [schema, values]);
  const stepHasErrors = (index: number) => Object.keys(errors).some((k) => stepOfPath(k) === index);
  const firstInvalidStep = STEPS.findIndex((_, index) => stepHasErrors(index));

  const set = (patch: Partial<GroupValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    // A field the organiser changes no longer carries the server's complaint about it.
    setServerErrors((current) => {
      const keys = Object.keys(patch);
      return Object.fromEntries(
        Object.entries(current).filter(([k]) => !keys.includes(k.split('.')[0]!)),
      );
    });
  };
  const error = (path: string) =>
    serverErrors[path] ??
    (revealed.has(stepOfPath(path)) || touched.has(path) ? errors[path] : undefined);
  const touch = (path: string) => setTouched((current) => new Set(current).add(path));
  const reveal = (index: number) => setRevealed((current) => new Set(current).add(index));

  const goTo = (index: number) => {
    setStep(index);
    window.scrollTo({ top: 0 });
  };
  const next = () => {
    if (stepHasErrors(step)) {
      reveal(step);
      scrollToFirstError();
      return;
    }
    goTo(step + 1);
  };
  const back = () => {
    if (step > 0) return goTo(step - 1);
    const leave = () => navigate(id ? `/activities/${id}` : '/activities');
    if (dirty) askToLeave(leave);
    else leave();
  };
  const jump = (index: number) => {
    if (index <= step) return goTo(index);
    if (firstInvalidStep !== -1 && firstInvalidStep < index) {
      goTo(firstInvalidStep);
      reveal(firstInvalidStep);
      scrollToFirstError();
      return;
    }
    goTo(index);
  };
  const submit = () => {
    if (firstInvalidStep !== -1) {
      setRevealed(new Set(STEPS.map((_, i) => i)));
      goTo(firstInvalidStep);
      scrollToFirstError();
      return;
    }
    save.mutate(values, {
      onSuccess: (group) => navigate(`/activities/${group._id}`),
      onError: (failure) => {
        const found = serverErrorsOf(failure);
        setServerErrors(found);
        const first = Object.keys(found)[0];
        if (first !== undefined) {
          goTo(stepOfPath(first));
          scrollToFirstError();
        }
      },
    });
  };

  if (client.isPending) return <PageSpinner label="Loading" />;
  const env = {
    isExisting: !!id,
    sales: sales.data,
    booked: booked.data,
    currency: client.data?.currency ?? 'GBP',
    locale: localeFor(client.data?.country),
    dateFormat: client.data?.dateFormat ?? 'dd/MM/yyyy',
    timeZone: client.data?.timeZone ?? 'Europe/London',
  };
  const props = { values, set, error, touch };
  const last = step === STEPS.length - 1;

  return (
    <div className="wizard">
      <PageHeader
        title={id ? `Edit ${saved?.name ?? 'activity'}` : 'New activity'}
        description={
          id
            ? 'Change the details, sessions and tickets of this activity. Nothing is saved until you press Save.'
            : 'Set up an activity in four steps. Nothing is saved until you press Submit.'
        }
      />
      <nav aria-label="Wizard steps">
        <ol className="steps">
          {STEPS.map((label, index) => {
            const state = index === step ? 'current' : index < step ? 'done' : 'todo';
            return (
              <li key={label} className={`step step-${state}`}>
                <button
                  type="button"
                  className="step-button"
                  aria-current={index === step ? 'step' : undefined}
                  onClick={() => jump(index)}
                >
                  <span className="step-number">{String(index + 1).padStart(2, '0')}</span>
                  <span className="step-label">{label}</span>
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      <QueryError error={fields.error ?? venues.error ?? sales.error} />
      {save.error && Object.keys(serverErrors).length === 0 ? (
        <Alert>{save.error.message}</Alert>
      ) : null}
      {save.error && Object.keys(serverErrors).length > 0 ? (
        <Alert title="The activity could not be saved">{save.error.message}</Alert>
      ) : null}
      <div className="wizard-body">
        {step === 0 ? (
          <InformationStep
            {...props}
            venues={venues.data ?? []}
            fields={fields.data ?? []}
            country={client.data?.country ?? 'GB'}
          />
        ) : null}
        {step === 1 ? <SessionsStep {...props} env={env} /> : null}
        {step === 2 ? (
          <TicketsStep
            {...props}
            env={env}
            plans={plans.data ?? []}
            planLevel={planLevel}
            savedTickets={savedTickets}
            groupId={id}
          />
        ) : null}
        {step === 3 ? (
          <SettingsStep
            {...props}
            planLevel={planLevel}
            savedWaitlistType={saved?.waitlistType ?? null}
            rules={rules.data ?? []}
          />
        ) : null}
      </div>
      <footer className="wizard-footer">
        <Button variant="secondary" onClick={back}>
          {step === 0 ? 'Cancel' : 'Back'}
        </Button>
        <span className="wizard-progress">
          Step {step + 1} of {STEPS.length}
        </span>
        {last ? (
          <Button onClick={submit} loading={save.isPending}>
            {id ? 'Save' : 'Submit'}
          </Button>
        ) : (
          <Button onClick={next}>Next</Button>
        )}
      </footer>
      {discard.isOpen ? (
        <DiscardChangesDialog dialog={discard} onDiscard={() => leaveTo.current()} />
      ) : null}
    </div>
  );
}
