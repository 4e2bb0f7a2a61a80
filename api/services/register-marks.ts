import {
  type MarkInput,
  type MarkState,
  markProblem,
  markState,
  markTimeProblem,
  registerMessages,
  sameMark,
  stateBefore,
} from '../../engine/index.ts';
import type { Caller } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';
import { listAttendees } from './attendees.ts';
import {
  findRegisterSession,
  type MarkDto,
  markDto,
  registerMarks,
  registerPlaces,
} from './registers.ts';

/*
 * Writing a mark (docs/rules/registers.md). A mark is a new row of the audit trail, never an
 * update. Its id comes from the device, so the register's offline queue can send a mark again
 * after a dropped connection: the same id with the same mark answers with the row already
 * recorded (created: false), and nothing is written twice.
 */

export interface RecordedMark {
  mark: MarkDto;
  /** The child's state after every mark recorded so far. */
  state: MarkState;
  created: boolean;
}

/**
 * Records one mark by an admin on a session of their client.
 *
 * @example const { created } = await recordMark(db, admin, sessionId, input, Date.now());
 */
export async function recordMark(
  db: Db,
  caller: Caller,
  sessionId: string,
  input: MarkInput,
  now: number,
): Promise<RecordedMark> {
  const { clientId } = caller;
  const at = new Date(Date.parse(input.at)).toISOString();
  const collectedBy = input.kind === 'checkedOut' ? (input.collectedBy?.trim() ?? null) : null;
  const wanted = { attendee: input.attendee, kind: input.kind, at, collectedBy };
  return db.transaction().execute(async (trx) => {
    await findRegisterSession(
      trx,
      clientId,
      sessionId,
      caller.role === 'coach' ? caller.userId : null,
    );
    const replay = await findReplay(trx, clientId, sessionId, input._id, wanted);
    if (replay) return replay;
    const timeProblem = markTimeProblem(at, now);
    if (timeProblem) throw new HttpError(422, timeProblem, { at: timeProblem });
    const places = await registerPlaces(trx, clientId, [sessionId]);
    if (!places.some((p) => p.attendee_id === input.attendee))
      throw new HttpError(422, registerMessages.notBooked, {
        attendee: registerMessages.notBooked,
      });
    const recordedAt = new Date(now).toISOString();
    const seat = (await registerMarks(trx, clientId, [sessionId])).filter(
      (m) => m.attendee_id === input.attendee,
    );
    const problem = markProblem(
      stateBefore(
        seat.map((m) => m.rule),
        at,
        recordedAt,
      ),
      { kind: input.kind, collectedBy },
    );
    if (problem) {
      const field = problem === registerMessages.collectedByRequired ? 'collectedBy' : 'kind';
      throw new HttpError(422, problem, { [field]: problem });
    }
    const inserted = await trx
      .insertInto('register_marks')
      .values({
        id: input._id,
        client_id: clientId,
        activity_id: sessionId,
        attendee_id: input.attendee,
        kind: input.kind,
        marked_at: at,
        collected_by: collectedBy,
        marked_by_user_id: caller.userId,
        created_at: recordedAt,
        updated_at: recordedAt,
      })
      // Two sends of one queued mark racing each other: the second finds the first's row.
      .onConflict((oc) => oc.columns(['client_id', 'id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      const raced = await findReplay(trx, clientId, sessionId, input._id, wanted);
      if (raced) return raced;
    }
    return { ...(await markAndState(trx, clientId, sessionId, input._id))!, created: true };
  });
}

/** The recorded mark with this id, when the device sends it again; 409 when the id was reused. */
async function findReplay(
  db: Db,
  clientId: string,
  sessionId: string,
  markId: string,
  wanted: Parameters<typeof sameMark>[0],
): Promise<RecordedMark | null> {
  const existing = await db
    .selectFrom('register_marks')
    .select(['activity_id', 'attendee_id', 'kind', 'marked_at', 'collected_by'])
    .where('client_id', '=', clientId)
    .where('id', '=', markId)
    .executeTakeFirst();
  if (!existing) return null;
  const same =
    existing.activity_id === sessionId &&
    sameMark(
      {
        attendee: existing.attendee_id,
        kind: existing.kind,
        at: existing.marked_at,
        collectedBy: existing.collected_by,
      },
      wanted,
    );
  if (!same)
    throw new HttpError(409, registerMessages.markIdReused, { _id: registerMessages.markIdReused });
  return { ...(await markAndState(db, clientId, sessionId, markId))!, created: false };
}

async function markAndState(db: Db, clientId: string, sessionId: string, markId: string) {
  const marks = await registerMarks(db, clientId, [sessionId]);
  const mark = marks.find((m) => m.id === markId);
  if (!mark) return null;
  const [attendee] = await listAttendees(db, clientId, { ids: [mark.attendee_id], admin: false });
  const names = new Map(attendee ? [[attendee._id, attendee.name]] : []);
  const state = markState(
    marks.filter((m) => m.attendee_id === mark.attendee_id).map((m) => m.rule),
  );
  return { mark: markDto(names)(mark), state };
}
