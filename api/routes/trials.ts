import { Hono } from 'hono';
import * as v from 'valibot';
import { trialMessages } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { requireAdmin, requireCustomer } from '../middleware/auth.ts';
import { loadTrialOffer, trialStats } from '../services/trials.ts';

/** Ids are our own 24 hex characters; anything else names no offer (and never reaches SQL). */
const isId = (id: string) => /^[0-9a-f]{24}$/.test(id);

/** Trials (docs/rules/trials.md): the organiser's conversion figures and a parent's offer. */
export const trials = new Hono<AppEnv>()
  // Trials taken, converted and the rate, for one activity or all of them.
  .get('/conversion', async (c) => {
    const caller = requireAdmin(c);
    const query = parse(
      v.object({ activityGroup: v.optional(v.pipe(v.string(), v.maxLength(64))) }),
      c.req.query(),
    );
    const data = await trialStats(c.get('db'), caller.clientId, {
      activityGroupId: query.activityGroup,
    });
    return c.json({ data });
  })
  // The offer behind a follow-up e-mail's link, for the parent it was sent to only.
  .get('/:id', async (c) => {
    const caller = requireCustomer(c);
    const id = c.req.param('id');
    if (!isId(id)) throw new HttpError(404, trialMessages.offerGone);
    const data = await loadTrialOffer(c.get('db'), caller.clientId, caller.userId, id, Date.now());
    return c.json({ data });
  });
