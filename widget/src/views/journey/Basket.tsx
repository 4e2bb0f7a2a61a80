/*
 * Step 3 of booking: the basket, priced at once on screen by the engine (the same priceBasket
 * the server runs), then re-priced by the server, which also knows the discount rules, the
 * code's redemptions and the parent's credit. When the two differ the server's figures are
 * shown: it is the one that charges. A code the basket cannot use is refused here, under the
 * field (the server's 422), and stops the basket until it is fixed or removed. 'Continue to
 * payment' holds the basket's places (POST /api/bookings/holds) for every payment method; a
 * place that went meanwhile is a 409 naming the session, handed to the journey to untick.
 */
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import {
  type ActivityGroup,
  ApiError,
  type Attendee,
  type Booking,
  type ClientSettings,
  type PaymentOptions,
  type Quote,
} from '../../../../api-client/index.ts';
import { priceBasket } from '../../../../engine/pricing/basket.ts';
import { localeFor, money } from '../../format.ts';
import { useStore } from '../common.tsx';
import { text } from '../text.ts';
import { Alert, failureText, randomKey, StepHeading } from '../ui.tsx';
import { basketBody, basketLines, type Choice, goneSessions, groupRow } from './basket.ts';
import { passCreditsFor } from './pass-credits.ts';

export interface Extras {
  discountCode: string;
  useAccountCredit: boolean;
  usePassCredits: boolean;
}

type ServerQuote =
  | { status: 'loading' }
  | { status: 'ready'; data: Quote }
  | { status: 'error'; message: string; codeError?: string };

export function BasketStep({
  group,
  settings,
  attendees,
  attendeeIds,
  choices,
  extras,
  options,
  onExtras,
  onBack,
  onNext,
  onPlaceGone,
}: {
  group: ActivityGroup;
  settings: ClientSettings;
  attendees: Attendee[];
  attendeeIds: string[];
  choices: Record<string, Choice>;
  extras: Extras;
  options: PaymentOptions | null;
  onExtras: (extras: Extras) => void;
  onBack: () => void;
  /** The server's quote and the hold on the basket's places, taken on the way to payment. */
  onNext: (quote: Quote, hold: Booking) => void;
  /** A place went before it could be held: the 409's message and the sessions it names. */
  onPlaceGone: (message: string, sessionIds: string[]) => void;
}) {
  const { api } = useStore();
  const locale = localeFor(settings.country);
  const show = (minor: number) => money(minor, settings.currency, locale);
  const [code, setCode] = useState(extras.discountCode);
  const [server, setServer] = useState<ServerQuote>({ status: 'loading' });
  const [holding, setHolding] = useState(false);
  const [holdError, setHoldError] = useState<string | null>(null);

  const body = useMemo(
    () => basketBody(group, attendeeIds, choices, extras),
    [group, attendeeIds, choices, extras],
  );
  const local = useMemo(
    () =>
      priceBasket({
        groups: [groupRow(group)],
        lines: basketLines(group, attendeeIds, choices),
        code: extras.discountCode || null,
        accountCredit: options ? [{ amount: options.accountCredit, expiresAt: null }] : [],
        useAccountCredit: extras.useAccountCredit,
        attendeeNames: Object.fromEntries(attendees.map((a) => [a._id, a.name])),
        now: Date.now(),
        settings: {
          timeZone: settings.timeZone,
          currency: settings.currency,
          planLevel: settings.planLevel,
          dateFormat: settings.dateFormat,
        },
      }),
    [group, attendeeIds, choices, extras, options, attendees, settings],
  );

  const bodyKey = JSON.stringify(body);
  // biome-ignore lint/correctness/useExhaustiveDependencies: bodyKey stands for body.
  useEffect(() => {
    let live = true;
    setServer({ status: 'loading' });
    api.post<Quote>('/api/bookings/quote', body).then(
      (data) => live && setServer({ status: 'ready', data }),
      (error) =>
        live &&
        setServer({
          status: 'error',
          message: failureText(error),
          codeError: error instanceof ApiError ? error.errors.discountCode : undefined,
        }),
    );
    return () => {
      live = false;
    };
  }, [api, bodyKey]);

  const quote = server.status === 'ready' ? server.data : local;
  const codeError = server.status === 'error' ? server.codeError : undefined;
  const toPayment = async () => {
    if (server.status !== 'ready') return;
    setHolding(true);
    setHoldError(null);
    try {
      // A fresh key per press: after Back the previous hold is released, and a new one is wanted.
      const hold = await api.post<Booking>('/api/bookings/holds', body, {
        headers: { 'Idempotency-Key': randomKey() },
      });
      onNext(server.data, hold);
    } catch (e) {
      setHolding(false);
      if (e instanceof ApiError && e.status === 409) onPlaceGone(e.message, goneSessions(e.errors));
      else setHoldError(failureText(e));
    }
  };
  const applyCode = (event: FormEvent) => {
    event.preventDefault();
    onExtras({ ...extras, discountCode: code.trim() });
  };
  const hasSingle = attendeeIds.some(
    (id) => group.tickets.find((t) => t._id === choices[id]?.ticketId)?.type === 'single',
  );
  const passes = passCreditsFor(options?.passCredits ?? [], group._id, settings);

  return (
    <div className="cw-step">
      <StepHeading>{text.stepBasket}</StepHeading>
      <ul className="cw-lines">
        {quote.lines.map((line) => (
          <li key={line.key}>
            <p className="cw-spread">
              <strong>{line.label}</strong>
              <span className="cw-price">{show(line.gross)}</span>
            </p>
            <ul className="cw-sub">
              {line.items.map((item) => (
                <li key={`${item.kind}:${item.label}`} className="cw-spread">
                  <span>{item.label}</span>
                  <span>{show(item.amount)}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {quote.problems.map((p) => (
        <Alert key={`${p.lineKey}:${p.message}`}>{p.message}</Alert>
      ))}

      <form className="cw-row cw-row-start" onSubmit={applyCode}>
        <div className="cw-field">
          <label htmlFor="cw-code">{text.discountCode}</label>
          <input
            id="cw-code"
            value={code}
            autoComplete="off"
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? 'cw-code-error' : undefined}
            onInput={(e) => setCode(e.currentTarget.value)}
          />
          {codeError && (
            <p id="cw-code-error" className="cw-field-error" role="alert">
              {codeError}
            </p>
          )}
        </div>
        <button type="submit" className="cw-btn cw-btn-quiet">
          {text.apply}
        </button>
        {extras.discountCode && (
          <button
            type="button"
            className="cw-ghost"
            onClick={() => {
              setCode('');
              onExtras({ ...extras, discountCode: '' });
            }}
          >
            {text.remove}
          </button>
        )}
      </form>
      {quote.code && !codeError && (
        <p className={quote.code.applied ? 'cw-ok' : 'cw-field-error'} role="status">
          {quote.code.applied ? text.codeApplied(quote.code.code) : quote.code.message}
        </p>
      )}
      {options && options.accountCredit > 0 && (
        <label className="cw-check">
          <input
            type="checkbox"
            checked={extras.useAccountCredit}
            onChange={(e) => onExtras({ ...extras, useAccountCredit: e.currentTarget.checked })}
          />
          <span>{text.creditOption(show(options.accountCredit))}</span>
        </label>
      )}
      {hasSingle && passes.total > 0 && (
        <label className="cw-check">
          <input
            type="checkbox"
            checked={extras.usePassCredits}
            onChange={(e) => onExtras({ ...extras, usePassCredits: e.currentTarget.checked })}
          />
          <span>
            {text.usePassCredits} {text.passCreditsLeft(passes.total)}
            <small> {passes.lines.join(' · ')}</small>
          </span>
        </label>
      )}

      <dl className="cw-totals">
        <div>
          <dt>{text.subtotal}</dt>
          <dd>{show(quote.subtotal)}</dd>
        </div>
        {quote.discounts.map((d) => (
          <div key={`${d.ruleId}:${d.reason}`}>
            <dt>
              {d.ruleName}
              <small>{d.reason}</small>
            </dt>
            <dd>−{show(d.amount)}</dd>
          </div>
        ))}
        {quote.creditApplied > 0 && (
          <div>
            <dt>{text.credit}</dt>
            <dd>−{show(quote.creditApplied)}</dd>
          </div>
        )}
        <div className="cw-total">
          <dt>{text.total}</dt>
          <dd>{show(quote.total)}</dd>
        </div>
        {quote.amountDueNow !== quote.total && (
          <div>
            <dt>{text.dueNow}</dt>
            <dd>{show(quote.amountDueNow)}</dd>
          </div>
        )}
      </dl>
      {quote.recurring.map((r) => (
        <p key={r.lineKey} className="cw-count">
          {text.monthly(show(r.amount))}
          {r.discount && ` ${text.monthlyDiscount(r.discount.ruleName, show(r.discount.amount))}`}
        </p>
      ))}
      {/* The engine's own schedule texts ('First payment on …', 'Continues until cancelled'). */}
      {[...new Set(quote.scheduleTexts)].map((t) => (
        <p key={t} className="cw-count">
          {t}
        </p>
      ))}
      <p className="cw-sr" role="status" aria-live="polite">
        {server.status === 'loading'
          ? text.checkingPrices
          : server.status === 'ready'
            ? text.pricesUpdated
            : ''}
      </p>
      {server.status === 'error' && !codeError && <p className="cw-note">{server.message}</p>}
      <Alert>{holdError}</Alert>

      <div className="cw-row">
        <button type="button" className="cw-ghost" onClick={onBack}>
          {text.back}
        </button>
        <button
          type="button"
          className="cw-btn"
          disabled={
            holding ||
            server.status !== 'ready' ||
            quote.problems.length > 0 ||
            quote.lines.length === 0
          }
          onClick={toPayment}
        >
          {holding ? text.holdingPlaces : text.toPayment}
        </button>
      </div>
    </div>
  );
}
