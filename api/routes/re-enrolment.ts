import { Hono } from 'hono';
import * as v from 'valibot';
import {
  acceptReEnrolmentSchema,
  openReEnrolmentBatchSchema,
  openReEnrolmentRequestSchema,
} from '../../engine/re-enrolment.ts';
import type { AppEnv } from '../context.ts';
import { parse, readBody } from '../http/validate.ts';
import { requireAdmin, requireCustomer } from '../middleware/auth.ts';
import { requestClientId } from '../middleware/client-scope.ts';
import {
  acceptOfferByToken,
  declineOfferByToken,
  loadReEnrolment,
  openReEnrolment,
  openReEnrolmentBatch,
  viewOfferByToken,
} from '../services/re-enrolment.ts';
import { keptForParent } from '../services/re-enrolment-places.ts';

const id = v.pipe(
  v.string('Choose an activity.'),
  v.minLength(1, 'Choose an activity.'),
  v.maxLength(100),
);

const groupQuery = v.strictObject({ activityGroup: id });
/** A link's token as the e-mail carries it (base64url). */
const tokenSchema = v.pipe(v.string(), v.regex(/^[\w-]{10,200}$/, 'This link is not complete.'));

/*
 * Re-enrolment (docs/rules/re-enrolment.md): the organiser opens it
 * from an activity and watches the funnel; the parent answers from the e-mailed link, which is
 * the key to that one offer (no sign-in, like a password-reset link).
 */
export const reEnrolmentRoutes = new Hono<AppEnv>()
  .post('/', async (c) => {
    const admin = requireAdmin(c);
    const { activityGroup, ...input } = await readBody(c, openReEnrolmentRequestSchema);
    const data = await openReEnrolment(
      c.get('db'),
      admin.clientId,
      activityGroup,
      input,
      new Date(),
    );
    return c.json({ data }, 201);
  })
  // Several activities at once (the Activities list): each all or nothing, each with its outcome.
  .post('/batch', async (c) => {
    const admin = requireAdmin(c);
    const input = await readBody(c, openReEnrolmentBatchSchema);
    const data = await openReEnrolmentBatch(c.get('db'), admin.clientId, input, new Date());
    return c.json({ data });
  })
  .get('/', async (c) => {
    const admin = requireAdmin(c);
    const { activityGroup } = parse(groupQuery, { activityGroup: c.req.query('activityGroup') });
    const data = await loadReEnrolment(
      c.get('db'),
      admin.clientId,
      { groupId: activityGroup },
      new Date(),
    );
    return c.json({ data });
  })
  // The signed-in parent's kept places on one activity, for the booking journey.
  .get('/mine', async (c) => {
    const caller = requireCustomer(c);
    const { activityGroup } = parse(groupQuery, { activityGroup: c.req.query('activityGroup') });
    const data = await keptForParent(
      c.get('db'),
      caller.clientId,
      caller.userId,
      activityGroup,
      Date.now(),
    );
    return c.json({ data });
  })
  .get('/offers/:token', async (c) => {
    const clientId = await requestClientId(c);
    const token = parse(tokenSchema, c.req.param('token'));
    const data = await viewOfferByToken(
      c.get('db'),
      clientId,
      token,
      new Date(),
      Boolean(c.get('config').stripe),
    );
    return c.json({ data });
  })
  .post('/offers/:token/accept', async (c) => {
    const clientId = await requestClientId(c);
    const token = parse(tokenSchema, c.req.param('token'));
    const { paymentMethod } = await readBody(c, acceptReEnrolmentSchema);
    const data = await acceptOfferByToken(
      {
        db: c.get('db'),
        dialect: c.get('dialect'),
        stripeConfigured: Boolean(c.get('config').stripe),
      },
      clientId,
      token,
      paymentMethod,
      new Date(),
    );
    return c.json({ data });
  })
  .post('/offers/:token/decline', async (c) => {
    const clientId = await requestClientId(c);
    const token = parse(tokenSchema, c.req.param('token'));
    await declineOfferByToken(c.get('db'), clientId, token, new Date());
    return c.json({ data: { status: 'declined' } });
  });
