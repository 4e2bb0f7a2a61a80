import {
  type AcceptInviteInput,
  type HouseholdGuardian,
  householdMessages,
  inviteProblem,
  joinProblem,
  linkExpiry,
  linkUsable,
  messages,
  removalProblem,
} from '../../engine/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import { hashToken } from '../auth/tokens.ts';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { findUserByEmail, findUserById } from '../db/repositories/users.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { enqueueMessage } from '../mail/outbox.ts';
import { issueToken } from './sessions.ts';
import { loadUser, type UserDto } from './users.ts';

/*
 * Households (docs/rules/households.md). A household is named by its main account; every other
 * guardian has one row in `household_guardians`. The auth middleware maps a guardian's session to
 * the main account (api/db/repositories/auth-tokens.ts), so children, bookings, waitlists and
 * credit are the household's wherever they are read; what is the person's own (their details,
 * password, 'booked by') uses `personOf`.
 */

/** The person signed in: a guardian's own account, else the caller's. */
export const personOf = (caller: { userId: string; guardianId?: string }): string =>
  caller.guardianId ?? caller.userId;

export interface HouseholdDto {
  /** The main account's id: the parent whose children and bookings the household shares. */
  mainAccount: string;
  /** Whether the person asking is the main account (they remove guardians; others leave). */
  youAreMain: boolean;
  guardians: HouseholdGuardian[];
  /** Invitations not yet accepted, still working. */
  invites: { _id: string; email: string; expiresAt: string }[];
}

/**
 * The person signed in as `/api/users/me` answers: their own name and address, and the
 * household's children (a guardian's are the main account's).
 *
 * @example const me = await loadPerson(db, clientId, personId);
 */
export async function loadPerson(db: Db, clientId: string, personId: string): Promise<UserDto> {
  const me = await loadUser(db, clientId, personId);
  const membership = await db
    .selectFrom('household_guardians')
    .select('household_id')
    .where('client_id', '=', clientId)
    .where('user_id', '=', personId)
    .executeTakeFirst();
  if (!membership || me.role !== 'customer') return me;
  const household = await loadUser(db, clientId, membership.household_id);
  return { ...me, attendees: household.attendees };
}

/** The guardians of a household, main account first. */
export async function listGuardians(
  db: Db,
  clientId: string,
  householdId: string,
): Promise<HouseholdGuardian[]> {
  const [main, others] = await Promise.all([
    findUserById(db, clientId, householdId),
    db
      .selectFrom('household_guardians as hg')
      .innerJoin('users as u', (j) =>
        j.onRef('u.id', '=', 'hg.user_id').on('u.client_id', '=', clientId),
      )
      .select(['u.id', 'u.full_name', 'u.email'])
      .where('hg.client_id', '=', clientId)
      .where('hg.household_id', '=', householdId)
      .orderBy('hg.created_at')
      .orderBy('u.id')
      .execute(),
  ]);
  if (!main) return [];
  return [
    { userId: main.id, fullName: main.full_name, email: main.email, main: true },
    ...others.map((u) => ({ userId: u.id, fullName: u.full_name, email: u.email, main: false })),
  ];
}

const pendingInvites = (db: Db, clientId: string, householdId: string, now: string) =>
  db
    .selectFrom('household_invites')
    .select(['id', 'email', 'expires_at'])
    .where('client_id', '=', clientId)
    .where('household_id', '=', householdId)
    .where('accepted_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/**
 * The caller's household as the account area shows it.
 *
 * @example const { guardians } = await loadHousehold(db, caller, new Date());
 */
export async function loadHousehold(
  db: Db,
  caller: { clientId: string; userId: string; guardianId?: string },
  now: Date,
): Promise<HouseholdDto> {
  const [guardians, invites] = await Promise.all([
    listGuardians(db, caller.clientId, caller.userId),
    pendingInvites(db, caller.clientId, caller.userId, now.toISOString()),
  ]);
  return {
    mainAccount: caller.userId,
    youAreMain: personOf(caller) === caller.userId,
    guardians,
    invites: invites.map((i) => ({ _id: i.id, email: i.email, expiresAt: i.expires_at })),
  };
}

/**
 * Invites a guardian by e-mail: the invitation and its e-mail are written in one transaction.
 * The e-mail's token is made when it is sent (api/mail/compose/household-mail.tsx).
 */
export async function inviteGuardian(
  db: Db,
  caller: { clientId: string; userId: string; guardianId?: string },
  email: string,
  now: Date,
): Promise<HouseholdDto> {
  const inviter = await findUserById(db, caller.clientId, personOf(caller));
  if (!inviter) throw notFound();
  const nowIso = now.toISOString();
  const [guardians, invites] = await Promise.all([
    listGuardians(db, caller.clientId, caller.userId),
    pendingInvites(db, caller.clientId, caller.userId, nowIso),
  ]);
  const problem = inviteProblem({
    inviterEmail: inviter.email,
    inviteeEmail: email,
    guardians,
    pendingEmails: invites.map((i) => i.email),
  });
  if (problem) throw new HttpError(422, problem, { email: problem });
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('household_invites')
      .values({
        id,
        client_id: caller.clientId,
        household_id: caller.userId,
        email: email.trim().toLowerCase(),
        invited_by: inviter.id,
        token_hash: null,
        expires_at: linkExpiry(now.getTime(), 'invite'),
        accepted_at: null,
        cancelled_at: null,
        created_at: nowIso,
      })
      .execute();
    await enqueueMessage(trx, {
      clientId: caller.clientId,
      kind: 'household-invite',
      eventKey: `household-invite:${id}`,
      to: { email, name: email.trim().toLowerCase(), userId: null },
      payload: { inviteId: id, inviterName: inviter.full_name },
      now,
    });
  });
  return loadHousehold(db, caller, now);
}

/** Withdraws an invitation of the caller's household; its link stops working. */
export async function cancelInvite(
  db: Db,
  caller: { clientId: string; userId: string; guardianId?: string },
  inviteId: string,
  now: Date,
): Promise<HouseholdDto> {
  const result = await db
    .updateTable('household_invites')
    .set({ cancelled_at: now.toISOString() })
    .where('client_id', '=', caller.clientId)
    .where('household_id', '=', caller.userId)
    .where('id', '=', inviteId)
    .where('accepted_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw notFound();
  return loadHousehold(db, caller, now);
}

/**
 * The main account removes a guardian, or a guardian leaves. From the next request on, the
 * removed guardian's sessions show only their own (empty) account.
 */
export async function removeGuardian(
  db: Db,
  caller: { clientId: string; userId: string; guardianId?: string },
  targetId: string,
  now: Date,
): Promise<HouseholdDto> {
  const problem = removalProblem({
    callerId: personOf(caller),
    householdId: caller.userId,
    targetId,
  });
  if (problem) throw new HttpError(422, problem);
  const result = await db
    .deleteFrom('household_guardians')
    .where('client_id', '=', caller.clientId)
    .where('household_id', '=', caller.userId)
    .where('user_id', '=', targetId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw notFound();
  const left = targetId === personOf(caller);
  return loadHousehold(db, left ? { clientId: caller.clientId, userId: targetId } : caller, now);
}

type InviteRow = {
  id: string;
  client_id: string;
  household_id: string;
  email: string;
  invited_by: string;
  expires_at: string;
  accepted_at: string | null;
  cancelled_at: string | null;
};

const inviteInvalid = () =>
  new HttpError(400, householdMessages.inviteInvalid, { token: householdMessages.inviteInvalid });

async function usableInvite(db: Db, clientId: string, token: string, now: string) {
  const row = (await db
    .selectFrom('household_invites')
    .select([
      'id',
      'client_id',
      'household_id',
      'email',
      'invited_by',
      'expires_at',
      'accepted_at',
      'cancelled_at',
    ])
    .where('token_hash', '=', hashToken(token))
    .where('client_id', '=', clientId)
    .executeTakeFirst()) as InviteRow | undefined;
  if (
    !row ||
    row.cancelled_at ||
    !linkUsable({ expiresAt: row.expires_at, usedAt: row.accepted_at }, now)
  )
    throw inviteInvalid();
  return row;
}

/** What the invitation page shows before the invitee accepts. */
export async function previewInvite(db: Db, clientId: string, token: string, now: Date) {
  const invite = await usableInvite(db, clientId, token, now.toISOString());
  const [inviter, account] = await Promise.all([
    findUserById(db, clientId, invite.invited_by),
    findUserByEmail(db, clientId, invite.email),
  ]);
  return {
    email: invite.email,
    inviterName: inviter?.full_name ?? '',
    hasAccount: Boolean(account),
  };
}

async function countOwn(db: Db, clientId: string, userId: string) {
  const [children, bookings, guardians] = await Promise.all([
    db
      .selectFrom('attendees')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', clientId)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', clientId)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('household_guardians')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', clientId)
      .where('household_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ownChildren: Number(children.n),
    ownBookings: Number(bookings.n),
    ownGuardians: Number(guardians.n),
  };
}

/**
 * Accepts an invitation and signs the invitee in. An address without an account gets one (name
 * and password from the form); an existing account joins as it is, the e-mailed link proving the
 * address is theirs. The link works once.
 */
export async function acceptInvite(
  db: Db,
  clientId: string,
  input: AcceptInviteInput,
  now: Date,
): Promise<{ token: string; user: UserDto }> {
  const nowIso = now.toISOString();
  const invite = await usableInvite(db, clientId, input.token, nowIso);
  const existing = await findUserByEmail(db, clientId, invite.email);
  if (existing && existing.role !== 'customer') throw inviteInvalid();
  if (!existing && (!input.fullName || !input.password)) {
    const errors: Record<string, string> = {};
    if (!input.fullName) errors.fullName = messages.required;
    if (!input.password) errors.password = messages.required;
    throw new HttpError(400, messages.required, errors);
  }
  const hash = existing ? null : await hashPassword(input.password ?? '');
  const userId = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('household_invites')
      .set({ accepted_at: nowIso })
      .where('id', '=', invite.id)
      .where('client_id', '=', clientId)
      .where('accepted_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    // Two tabs racing with one link: only one of them joins.
    if (Number(claimed.numUpdatedRows) !== 1) throw inviteInvalid();
    let id = existing?.id;
    if (!id) {
      id = newId();
      await trx
        .insertInto('users')
        .values({
          id,
          client_id: clientId,
          role: 'customer',
          email: invite.email,
          full_name: (input.fullName ?? '').trim(),
          password_hash: hash ?? '',
          created_at: nowIso,
          updated_at: nowIso,
        })
        .execute();
    }
    const membership = await trx
      .selectFrom('household_guardians')
      .select('household_id')
      .where('client_id', '=', clientId)
      .where('user_id', '=', id)
      .executeTakeFirst();
    const guardiansNow = (await listGuardians(trx, clientId, invite.household_id)).length;
    const problem = joinProblem({
      ...(existing
        ? await countOwn(trx, clientId, id)
        : { ownChildren: 0, ownBookings: 0, ownGuardians: 0 }),
      householdId: membership?.household_id ?? null,
      joiningId: invite.household_id,
      guardiansNow,
    });
    if (problem) throw new HttpError(422, problem);
    if (!membership)
      await trx
        .insertInto('household_guardians')
        .values({
          user_id: id,
          client_id: clientId,
          household_id: invite.household_id,
          invited_by: invite.invited_by,
          created_at: nowIso,
        })
        .execute();
    return id;
  });
  const token = await issueToken(db, { clientId, userId });
  return { token, user: await loadPerson(db, clientId, userId) };
}

/**
 * 'E-mail me a sign-in link': queues the link to the parent's account with this organiser. An
 * address with no account queues nothing, and the caller answers the same either way.
 */
export async function requestSignInLink(
  db: Db,
  clientId: string,
  email: string,
  now: Date,
): Promise<void> {
  const user = await findUserByEmail(db, clientId, email.trim());
  if (user?.role !== 'customer' || user.erased_at) return;
  await db.transaction().execute((trx) =>
    enqueueMessage(trx, {
      clientId,
      kind: 'sign-in-link',
      // Each request is its own event: asking twice sends two links, each working once.
      eventKey: `sign-in-link:${user.id}:${newId()}`,
      to: { email: user.email, name: user.full_name, userId: user.id },
      now,
    }),
  );
}

const signInLinkInvalid = () =>
  new HttpError(400, householdMessages.signInLinkInvalid, {
    token: householdMessages.signInLinkInvalid,
  });

/** Signs in with an e-mailed link: once, within its 15 minutes, for its own organiser only. */
export async function redeemSignInLink(
  db: Db,
  clientId: string,
  token: string,
  now: Date,
): Promise<{ token: string; user: UserDto }> {
  const nowIso = now.toISOString();
  const tokenHash = hashToken(token);
  const claimed = await db
    .updateTable('login_links')
    .set({ used_at: nowIso })
    .where('token_hash', '=', tokenHash)
    .where('client_id', '=', clientId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw signInLinkInvalid();
  const link = await db
    .selectFrom('login_links')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirstOrThrow();
  const session = await issueToken(db, { clientId, userId: link.user_id });
  return { token: session, user: await loadPerson(db, clientId, link.user_id) };
}
