import {
  type Basket,
  basketLines,
  bookingAgeProblem,
  capacityShortfalls,
  doubleBookings,
  fullSessionsMessage,
  localeFor,
  messages,
  type PlaceRequest,
  type PriceResult,
  placeRequests,
  priceBasket,
  supersededHolds,
  todayIn,
} from '../../../engine/index.ts';
import type { Db } from '../../db/connection.ts';
import { organiserWriteCount } from '../organiser-writes.ts';
import { trialBasketProblems } from '../trials.ts';
import {
  basketError,
  loadBasketGroups,
  loadCapacityRows,
  loadClient,
  loadConfirmedPlaces,
  loadPricingInput,
  loadUnplacedHolds,
} from './load.ts';
import { keepCatalogue, keptCatalogue } from './sold-out.ts';

export interface PricedBasket {
  client: Awaited<ReturnType<typeof loadPricingInput>>['client'];
  groups: Awaited<ReturnType<typeof loadPricingInput>>['groups'];
  rules: Awaited<ReturnType<typeof loadPricingInput>>['rules'];
  price: PriceResult;
  /** One per place the basket would take. */
  requests: PlaceRequest[];
  /** Sessions without enough places left. */
  fullSessions: string[];
  /**
   * The caller's own unplaced holds this basket replaces (engine `supersededHolds`), left out of
   * the checks above: booking or holding the basket releases them first.
   */
  supersededHolds: string[];
  /** Engine lines that would put an attendee into a session twice. */
  doubleBookedLines: number[];
  /**
   * Engine lines whose attendee is outside the age range of a group that blocks out-of-range
   * attendees: a problem for a customer, only a warning for an admin.
   */
  ageBlockedLines: number[];
}

/**
 * Prices a basket on the server with the engine, from the database's own rows (never the
 * browser's numbers), and checks the places it asks for are still there. Run it inside the
 * booking transaction and the answer holds until commit.
 *
 * @example const { price, fullSessions } = await priceBasketFor(db, clientId, userId, basket, Date.now());
 */
export async function priceBasketFor(
  db: Db,
  clientId: string,
  userId: string,
  basket: Basket,
  now: number,
  {
    ownHoldsGiveWay = false,
  }: {
    /**
     * The customer asks for themselves: their own unplaced holds on the basket's places do not
     * stand against it. An admin booking on their behalf still sees the customer's hold.
     */
    ownHoldsGiveWay?: boolean;
  } = {},
): Promise<PricedBasket> {
  const input = await loadPricingInput(db, clientId, userId, basket);
  const price = priceBasket({
    groups: input.groups,
    lines: basketLines(basket),
    rules: input.rules,
    code: basket.discountCode,
    history: input.history,
    accountCredit: input.accountCredit,
    useAccountCredit: basket.useAccountCredit,
    passCredits: input.passCredits,
    usePassCredits: basket.usePassCredits,
    payBySchedule: basket.payBySchedule,
    attendeeNames: input.attendeeNames,
    familyBookings: input.familyBookings,
    now,
    settings: {
      timeZone: input.client.time_zone,
      currency: input.client.currency,
      planLevel: input.client.plan_level,
      dateFormat: input.client.date_format,
      country: input.client.country,
    },
  });
  const requests = placeRequests(price.lines);
  const { places, superseded, fullSessions } = await countPlaces(
    db,
    { clientId, userId, groups: input.groups, requests },
    now,
    { ownHoldsGiveWay },
  );
  // A second trial of one activity for one child, in any checkout (docs/rules/trials.md): a
  // problem of its line, so the quote shows it before payment and booking refuses it (422).
  price.problems.push(
    ...(await trialBasketProblems(db, clientId, {
      groups: input.groups,
      lines: price.lines,
      attendeeNames: input.attendeeNames,
      ignoreBookings: superseded,
      now,
    })),
  );
  const doubled = doubleBookings(requests, places, now);
  const doubleBookedLines = price.lines
    .filter((line) =>
      doubled.some(
        (d) =>
          d.attendeeId === line.attendeeId &&
          d.ticketId === line.ticketId &&
          line.sessionIds.includes(d.sessionId),
      ),
    )
    .map((line) => line.key);
  const today = todayIn(now, input.client.time_zone);
  const groupById = new Map(input.groups.map((g) => [g._id, g]));
  const ageBlockedLines = price.lines
    .filter((line) => {
      const group = groupById.get(line.activityGroupId);
      return (
        group &&
        bookingAgeProblem({
          dateOfBirth: input.birthDates[line.attendeeId],
          sessions: group.sessions,
          today,
          ageRange: group.ageRange,
          schoolYears: group.schoolYears,
          blockOutOfRange: group.blockOutOfRange,
        })?.blocked
      );
    })
    .map((line) => line.key);
  return {
    doubleBookedLines,
    ageBlockedLines,
    client: input.client,
    groups: input.groups,
    rules: input.rules,
    price,
    requests,
    fullSessions,
    supersededHolds: superseded,
  };
}

/** The sessions' and tickets' place limits, as the engine's capacity check takes them. */
const limitsOf = (groups: PricedBasket['groups']) => ({
  sessions: groups.flatMap((g) =>
    g.sessions.map((s) => ({ _id: s._id, placeLimit: s.placeLimit ?? null })),
  ),
  tickets: groups.flatMap((g) => g.tickets),
});

/**
 * Counts the places a basket's requests would take against what is left (engine
 * `capacityShortfalls`): the sessions short of places, and the places the check saw. Run it again
 * once the sessions are locked (`countPlacesAgain`) for a count no other booking can change.
 */
async function countPlaces(
  db: Db,
  basket: {
    clientId: string;
    userId: string;
    groups: PricedBasket['groups'];
    requests: PlaceRequest[];
  },
  now: number,
  { ownHoldsGiveWay }: { ownHoldsGiveWay: boolean },
) {
  const { clientId, userId, groups, requests } = basket;
  const asked = new Set(requests.map((r) => r.sessionId));
  const loaded = await loadCapacityRows(
    db,
    clientId,
    [...asked],
    groups.map((g) => g._id),
    {
      // One row per place only for the basket's attendees: their own places and holds matter.
      attendeeIds: [...new Set(requests.map((r) => r.attendeeId))],
      sessionGroups: groups.flatMap((g) =>
        g.sessions
          .filter((s) => asked.has(s._id))
          .map((s) => ({ id: s._id, activity_group_id: g._id })),
      ),
    },
  );
  const superseded = ownHoldsGiveWay
    ? supersededHolds(requests, loaded.places, await loadUnplacedHolds(db, clientId, userId), now)
    : [];
  const places = loaded.places.filter((p) => !superseded.includes(p.bookingId ?? ''));
  const fullSessions = capacityShortfalls({
    requests,
    ...limitsOf(groups),
    places,
    waitlist: loaded.waitlist,
    now,
  });
  return { places, superseded, fullSessions };
}

/**
 * The sessions of a priced basket short of places now: the same count as `priceBasketFor`'s,
 * taken again after PostgreSQL's session locks (api/services/bookings/locks.ts), when no other
 * booking can take a place before this one commits.
 */
export async function countPlacesAgain(
  db: Db,
  priced: Pick<PricedBasket, 'groups' | 'requests'>,
  caller: { clientId: string; userId: string },
  now: number,
  options: { ownHoldsGiveWay: boolean },
): Promise<string[]> {
  const { fullSessions } = await countPlaces(
    db,
    { ...caller, groups: priced.groups, requests: priced.requests },
    now,
    options,
  );
  return fullSessions;
}

/**
 * The sessions a customer's basket is short of places for, counted outside any transaction and
 * before the basket is priced: the lines' sessions from the engine (without discounts, credit or
 * history, which do not change which sessions a line books), then the same count as
 * `priceBasketFor`'s. Null when the basket fits, or when a line has a problem of its own (the
 * booking then reports that problem, as it always has). Used while a group is sold out
 * (sold-out.ts); the booking's own count under its lock still decides everything else.
 */
export async function placesGoneBeforeBooking(
  db: Db,
  caller: { clientId: string; userId: string },
  basket: Basket,
  now: number,
): Promise<{ fullSessions: string[]; priced: Pick<PricedBasket, 'groups' | 'client'> } | null> {
  const { client, groups } =
    keptCatalogue(caller.clientId, basket) ?? (await readCatalogue(db, caller.clientId, basket));
  const price = priceBasket({
    groups,
    lines: basketLines(basket),
    now,
    settings: {
      timeZone: client.time_zone,
      currency: client.currency,
      planLevel: client.plan_level,
      dateFormat: client.date_format,
      country: client.country,
    },
  });
  if (price.problems.length > 0) return null;
  const requests = placeRequests(price.lines);
  // The confirmed places first, one statement: when they alone leave every session of the
  // basket short, the whole count (holds, offers, own places: six statements more) could only
  // find the same sessions full, so most of a sold-out burst is answered here.
  const asked = new Set(requests.map((r) => r.sessionId));
  const confirmed = await loadConfirmedPlaces(db, caller.clientId, [...asked]);
  const shortOnConfirmed = capacityShortfalls({
    requests,
    ...limitsOf(groups),
    places: confirmed,
    waitlist: [],
    now,
  });
  if (asked.size > 0 && shortOnConfirmed.length === asked.size)
    return { fullSessions: shortOnConfirmed, priced: { groups, client } };
  const { fullSessions } = await countPlaces(db, { ...caller, groups, requests }, now, {
    ownHoldsGiveWay: true,
  });
  return fullSessions.length > 0 ? { fullSessions, priced: { groups, client } } : null;
}

/** What a sold-out group's basket is checked against, read and kept for the next basket. */
async function readCatalogue(db: Db, clientId: string, basket: Basket) {
  // Taken before the reads: a write answered meanwhile keeps this copy from being kept.
  const writes = organiserWriteCount(clientId);
  const catalogue = {
    client: await loadClient(db, clientId),
    groups: await loadBasketGroups(db, clientId, basket),
  };
  keepCatalogue(clientId, basket, { ...catalogue, writes });
  return catalogue;
}

/**
 * The quote a parent sees: the engine's price plus every problem, including sessions that
 * have filled up since the page loaded.
 */
export async function quoteBasket(
  db: Db,
  clientId: string,
  userId: string,
  basket: Basket,
  now: number,
  /**
   * For an admin, full sessions and the age block are warnings (adminBookingWarnings), not
   * problems.
   */
  {
    limitsAreWarnings = false,
    refuseInvalidCode = false,
    ownHoldsGiveWay = false,
  }: {
    limitsAreWarnings?: boolean;
    /** See `priceBasketFor`: the customer's own quote, right after Back from the payment step. */
    ownHoldsGiveWay?: boolean;
    /**
     * A code the basket cannot use is a 422 on `discountCode` (the parent's basket: the code is
     * refused where it was typed, not one step later when booking).
     */
    refuseInvalidCode?: boolean;
  } = {},
): Promise<PriceResult> {
  const { price, fullSessions, doubleBookedLines, ageBlockedLines, groups, client } =
    await priceBasketFor(db, clientId, userId, basket, now, { ownHoldsGiveWay });
  if (refuseInvalidCode && basket.discountCode && !price.code?.applied)
    throw basketError('discountCode', price.code?.message ?? messages.codeInvalid);
  const full = new Set(limitsAreWarnings ? [] : fullSessions);
  const problems = [...price.problems];
  for (const lineKey of doubleBookedLines)
    problems.push({ lineKey, message: messages.alreadyBookedOnSession });
  if (!limitsAreWarnings)
    for (const lineKey of ageBlockedLines)
      problems.push({ lineKey, message: messages.ageRangeBlockedBooking });
  const sessions = groups.flatMap((g) => g.sessions);
  for (const line of price.lines) {
    const gone = sessions.filter((s) => full.has(s._id) && line.sessionIds.includes(s._id));
    if (gone.length > 0)
      problems.push({
        lineKey: line.key,
        message: fullSessionsMessage(gone, client.date_format, localeFor(client.country)),
      });
  }
  return { ...price, problems: problems.sort((a, b) => a.lineKey - b.lineKey) };
}
