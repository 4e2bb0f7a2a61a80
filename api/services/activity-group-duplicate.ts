import {
  activityGroupFormValues,
  copyActivityGroup,
  createActivityGroupSchema,
  type FieldDefinition,
} from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { findClientById } from '../db/repositories/clients.ts';
import { notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { saveActivityGroup } from './activity-group-write.ts';
import { loadActivityGroup, subscriptionPlanUses } from './activity-groups.ts';
import { listFields } from './fields.ts';

/**
 * The wizard's schema for a new group of this client (plan gates, subscription plans in use),
 * as POST /api/activity-groups checks it.
 */
async function newGroupSchema(db: Db, clientId: string) {
  const client = await findClientById(db, clientId);
  if (!client) throw notFound();
  const fields = await listFields(db, clientId, {
    usage: 'activity',
    includeDisabled: false,
    includeAdminOnly: true,
  });
  const planUses = await subscriptionPlanUses(db, clientId);
  return createActivityGroupSchema({
    planLevel: client.plan_level,
    fields: fields as FieldDefinition[],
    savedTickets: [],
    savedWaitlistType: null,
    savedAddOnIds: [],
    usedSubscriptionPlanIds: planUses.map((u) => u.planId),
  });
}

/**
 * Next term's copy of a group (the Duplicate dialog's work, engine `copyActivityGroup`): the
 * saved group's form values with sessions moved to `startDate`, through the wizard's own schema
 * and write service, so a copy passes every rule a new group must. Returns the copy's id; the
 * copy is unpublished and has no bookings.
 *
 * @example const id = await duplicateActivityGroup(db, clientId, groupId, { startDate: '2027-01-09', name: 'Football spring' });
 */
export async function duplicateActivityGroup(
  db: Db,
  clientId: string,
  groupId: string,
  choice: { startDate: string; name: string },
): Promise<string> {
  const saved = await loadActivityGroup(db, clientId, groupId, { publicView: false });
  const fields = await listFields(db, clientId, {
    usage: 'activity',
    includeDisabled: false,
    includeAdminOnly: true,
  });
  const form = copyActivityGroup(
    activityGroupFormValues(saved, fields as FieldDefinition[]),
    choice,
  );
  const data = parse(await newGroupSchema(db, clientId), form);
  return saveActivityGroup(db, clientId, null, data);
}
