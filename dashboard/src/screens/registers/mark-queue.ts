import type { RecordedMark } from '../../../../api/services/register-marks.ts';
import { ApiError } from '../../../../api-client/index.ts';
import type { MarkInput } from '../../../../engine/index.ts';
import { api, queryClient } from '../../api.ts';
import { type RegisterDto, registerKeys } from './queries.ts';

/*
 * The register's outbox on the device. A school hall's Wi-Fi drops: every tap is written to
 * localStorage first and sent from there, oldest first, so a mark survives a lost connection and
 * a reload. Each mark carries an id made here, so sending it again after a timeout (when the
 * server may have recorded it) records nothing twice: the server answers with the row it has.
 */

export interface QueuedMark {
  sessionId: string;
  mark: MarkInput;
}

/** A mark the server refused (e.g. a check-out of a child marked absent elsewhere). */
export interface RefusedMark extends QueuedMark {
  message: string;
}

const KEY = 'classwise.registerQueue.v1';
const RETRY_MS = 5000;

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: { queue: QueuedMark[]; refused: RefusedMark[]; sending: boolean } = {
  queue: read(),
  refused: [],
  sending: false,
};
let timer: ReturnType<typeof setTimeout> | undefined;
/** Called after marks reach the server, so the screen reads the register again. */
let onSent: (() => void) | null = null;

function read(): QueuedMark[] {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list) ? (list as QueuedMark[]) : [];
  } catch {
    return [];
  }
}

function update(next: Partial<typeof snapshot>) {
  snapshot = { ...snapshot, ...next };
  if (next.queue) globalThis.localStorage?.setItem(KEY, JSON.stringify(next.queue));
  for (const listener of listeners) listener();
}

/**
 * A mark id nobody else will make: 128 random bits. getRandomValues, unlike randomUUID, also works
 * when the dashboard is opened over plain http on the hall's network.
 */
export function newMarkId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Keeps a mark on the device and starts sending. */
export function enqueueMark(sessionId: string, mark: MarkInput) {
  update({ queue: [...read(), { sessionId, mark }] });
  void flush();
}

/** Sends queued marks oldest first; stops at the first network failure and tries again later. */
export async function flush(): Promise<void> {
  if (snapshot.sending) return;
  clearTimeout(timer);
  update({ sending: true });
  let sent = 0;
  try {
    for (;;) {
      const [next] = read();
      if (!next) break;
      try {
        const recorded = await api.post<RecordedMark>(
          `/api/registers/${encodeURIComponent(next.sessionId)}/marks`,
          next.mark,
        );
        showRecorded(next.sessionId, recorded);
        sent += 1;
      } catch (error) {
        const status = error instanceof ApiError ? error.status : 0;
        // No answer, or the server failing: keep the mark and try again.
        if (status === 0 || status >= 500 || status === 429) {
          timer = setTimeout(() => void flush(), RETRY_MS);
          break;
        }
        // Refused for good (4xx): dropped from the queue, kept on screen so nobody thinks it saved.
        update({
          refused: [...snapshot.refused, { ...next, message: (error as Error).message }],
        });
      }
      update({ queue: read().filter((q) => q.mark._id !== next.mark._id) });
    }
  } finally {
    update({ sending: false });
    if (sent > 0) onSent?.();
  }
}

/**
 * The child's state as the server now has it, written into the cached register before the mark
 * leaves the queue, so the card never flickers back while the register is read again.
 */
function showRecorded(sessionId: string, recorded: RecordedMark) {
  queryClient.setQueryData<RegisterDto>(registerKeys.one(sessionId), (register) =>
    register
      ? {
          ...register,
          rows: register.rows.map((row) =>
            row.attendee._id === recorded.mark.attendee._id
              ? {
                  ...row,
                  mark: {
                    ...recorded.state,
                    markedBy: recorded.mark.markedBy.fullName,
                    markedAt: recorded.mark.recordedAt,
                  },
                }
              : row,
          ),
        }
      : register,
  );
}

export function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getSnapshot = () => snapshot;

export function dismissRefused() {
  update({ refused: [] });
}

/** Registers the screen's refresh; sending starts again whenever the browser is back online. */
export function startQueue(refresh: () => void) {
  onSent = refresh;
  const online = () => void flush();
  globalThis.addEventListener?.('online', online);
  void flush();
  return () => {
    onSent = null;
    globalThis.removeEventListener?.('online', online);
  };
}
