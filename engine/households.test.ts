import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  acceptInviteSchema,
  householdMessages,
  inviteProblem,
  joinProblem,
  linkExpiry,
  linkUsable,
  MAX_GUARDIANS,
  removalProblem,
} from './households.ts';

const guardians = [{ email: 'pat@example.com' }, { email: 'sam@example.com' }];

describe('inviteProblem', () => {
  it('lets a guardian invite a new address', () => {
    expect(
      inviteProblem({
        inviterEmail: 'pat@example.com',
        inviteeEmail: 'gran@example.com',
        guardians,
        pendingEmails: [],
      }),
    ).toBeNull();
  });
  it('refuses the inviter, a guardian already in and an address already invited', () => {
    const base = {
      inviterEmail: 'pat@example.com',
      guardians,
      pendingEmails: ['gran@example.com'],
    };
    expect(inviteProblem({ ...base, inviteeEmail: ' PAT@example.com' })).toBe(
      householdMessages.inviteSelf,
    );
    expect(inviteProblem({ ...base, inviteeEmail: 'Sam@example.com' })).toBe(
      householdMessages.alreadyGuardian,
    );
    expect(inviteProblem({ ...base, inviteeEmail: 'gran@example.com' })).toBe(
      householdMessages.alreadyInvited,
    );
  });
  it('counts waiting invitations towards the household limit', () => {
    const full = Array.from({ length: MAX_GUARDIANS - 2 }, (_, i) => `p${i}@example.com`);
    expect(
      inviteProblem({
        inviterEmail: 'pat@example.com',
        inviteeEmail: 'new@example.com',
        guardians,
        pendingEmails: full,
      }),
    ).toBe(householdMessages.householdFull);
  });
});

describe('joinProblem', () => {
  const fresh = {
    ownChildren: 0,
    ownBookings: 0,
    ownGuardians: 0,
    householdId: null,
    joiningId: 'h1',
    guardiansNow: 1,
  };
  it('lets a new or empty account join', () => expect(joinProblem(fresh)).toBeNull());
  it('keeps an account with its own children or bookings its own household', () => {
    expect(joinProblem({ ...fresh, ownChildren: 1 })).toBe(householdMessages.hasOwnFamily);
    expect(joinProblem({ ...fresh, ownBookings: 2 })).toBe(householdMessages.hasOwnFamily);
    expect(joinProblem({ ...fresh, ownGuardians: 1 })).toBe(householdMessages.hasOwnFamily);
  });
  it('refuses a guardian of another household, but accepting twice is harmless', () => {
    expect(joinProblem({ ...fresh, householdId: 'h2' })).toBe(householdMessages.inOtherHousehold);
    expect(joinProblem({ ...fresh, householdId: 'h1' })).toBeNull();
  });
  it('refuses a full household', () => {
    expect(joinProblem({ ...fresh, guardiansNow: MAX_GUARDIANS })).toBe(
      householdMessages.householdFull,
    );
  });
});

describe('removalProblem', () => {
  it('the main account removes a guardian; a guardian leaves; nobody removes the main account', () => {
    expect(removalProblem({ callerId: 'h1', householdId: 'h1', targetId: 'g1' })).toBeNull();
    expect(removalProblem({ callerId: 'g1', householdId: 'h1', targetId: 'g1' })).toBeNull();
    expect(removalProblem({ callerId: 'g1', householdId: 'h1', targetId: 'g2' })).toBe(
      householdMessages.onlyMainAccountRemoves,
    );
    expect(removalProblem({ callerId: 'g1', householdId: 'h1', targetId: 'h1' })).toBe(
      householdMessages.holderCannotLeave,
    );
  });
});

describe('links', () => {
  it('a sign-in link works for 15 minutes and once', () => {
    const made = Date.parse('2026-11-28T10:00:00Z');
    const expiresAt = linkExpiry(made, 'signIn');
    expect(expiresAt).toBe('2026-11-28T10:15:00.000Z');
    expect(linkUsable({ expiresAt, usedAt: null }, '2026-11-28T10:14:59.000Z')).toBe(true);
    expect(linkUsable({ expiresAt, usedAt: null }, '2026-11-28T10:15:00.000Z')).toBe(false);
    expect(linkUsable({ expiresAt, usedAt: '2026-11-28T10:01:00Z' }, '2026-11-28T10:02:00Z')).toBe(
      false,
    );
  });
  it('an invitation works for 7 days', () => {
    expect(linkExpiry(Date.parse('2026-11-28T10:00:00Z'), 'invite')).toBe(
      '2026-12-05T10:00:00.000Z',
    );
  });
});

describe('acceptInviteSchema', () => {
  it('takes a token alone (an existing account) or a name and matching passwords', () => {
    expect(v.safeParse(acceptInviteSchema, { token: 'abc' }).success).toBe(true);
    expect(
      v.safeParse(acceptInviteSchema, {
        token: 'abc',
        fullName: 'Gran',
        password: 'secret123',
        confirmPassword: 'secret123',
      }).success,
    ).toBe(true);
    const mismatch = v.safeParse(acceptInviteSchema, {
      token: 'abc',
      fullName: 'Gran',
      password: 'secret123',
      confirmPassword: 'other1234',
    });
    expect(mismatch.success).toBe(false);
    expect(v.safeParse(acceptInviteSchema, { token: '' }).success).toBe(false);
  });
});
