import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import {
  type ClasswiseGlobal,
  createEvents,
  createRegistry,
  QUEUE_STUB,
  takeOver,
  type WidgetHandle,
} from './queue.ts';

/** A page's global object after the pasted stub ran, with the given calls queued. */
function pageWithStub(calls: (page: { Classwise: ClasswiseGlobal }) => void) {
  const page: { window?: unknown; Classwise?: ClasswiseGlobal } = {};
  page.window = page;
  runInNewContext(QUEUE_STUB, page);
  calls(page as { Classwise: ClasswiseGlobal });
  return page as { Classwise: ClasswiseGlobal };
}

const quietLogger = () => ({ error: vi.fn() });

describe('the pasted queue stub', () => {
  it('queues every call with its arguments, in order', () => {
    const page = pageWithStub((p) => {
      p.Classwise('open', { activityGroup: 'a' });
      p.Classwise('on', 'booked');
    });
    expect((page.Classwise.q as ArrayLike<unknown>[]).map((args) => Array.from(args))).toEqual([
      ['open', { activityGroup: 'a' }],
      ['on', 'booked'],
    ]);
  });

  it('keeps an existing Classwise (a second paste, or page code that ran first)', () => {
    const page = pageWithStub((p) => p.Classwise('open', {}));
    const first = page.Classwise;
    runInNewContext(QUEUE_STUB, page);
    expect(page.Classwise).toBe(first);
    expect(page.Classwise.q).toHaveLength(1);
  });
});

describe('takeOver', () => {
  it('replays the queue in order, empties it, then runs later calls at once', () => {
    const seen: unknown[][] = [];
    const page = pageWithStub((p) => {
      p.Classwise('open', 1);
      p.Classwise('open', 2);
    });
    const stubQueue = page.Classwise.q;
    takeOver(page, { open: (...args) => seen.push(args) }, quietLogger());
    expect(seen).toEqual([[1], [2]]);
    expect(stubQueue).toEqual([]);
    expect(Array.isArray(page.Classwise.q)).toBe(false);

    page.Classwise('open', 3);
    expect(seen).toEqual([[1], [2], [3]]);
  });

  it('logs and skips an unknown command or one that throws, and runs the calls after it', () => {
    const logger = quietLogger();
    const seen: unknown[] = [];
    const page = pageWithStub((p) => {
      p.Classwise('nope');
      p.Classwise('boom');
      p.Classwise('open', 'after');
    });
    takeOver(
      page,
      {
        open: (value) => seen.push(value),
        boom: () => {
          throw new TypeError('bad options');
        },
      },
      logger,
    );
    expect(seen).toEqual(['after']);
    expect(logger.error).toHaveBeenCalledTimes(2);
    expect(logger.error.mock.calls[0][0]).toContain('unknown command "nope"');
    expect(logger.error.mock.calls[1][0]).toContain("Classwise('boom', …) failed");
    // Later bad calls are skipped the same way, without throwing into the page's code.
    expect(() => page.Classwise(42)).not.toThrow();
    expect(() => page.Classwise('toString')).not.toThrow();
    expect(logger.error).toHaveBeenCalledTimes(4);
  });

  it('is live during the replay, so a queued call may call Classwise again', () => {
    const seen: string[] = [];
    const page = pageWithStub((p) => p.Classwise('first'));
    takeOver(
      page,
      {
        first: () => {
          seen.push('first');
          page.Classwise('second');
        },
        second: () => seen.push('second'),
      },
      quietLogger(),
    );
    expect(seen).toEqual(['first', 'second']);
  });

  it('runs calls made through a reference to the pasted stub saved before load', () => {
    const seen: unknown[] = [];
    const page = pageWithStub((p) => p.Classwise('open', 1));
    // Page code that kept the stub, e.g. `const cw = window.Classwise;` in its own module.
    const saved = page.Classwise;
    takeOver(page, { open: (value) => seen.push(value) }, quietLogger());
    expect(page.Classwise).not.toBe(saved);
    saved('open', 2);
    saved('open', 3);
    expect(seen).toEqual([1, 2, 3]);
  });

  it("runs calls made through /embed.js's own stub saved before load", () => {
    // loader.ts's stub, for pages that pasted only the script tag: it queues on its own `q`.
    const stub: ClasswiseGlobal = (...args: unknown[]) => {
      stub.q = stub.q || [];
      stub.q.push(args);
    };
    const page: { Classwise?: ClasswiseGlobal } = { Classwise: stub };
    stub('open', 'queued');
    const seen: unknown[] = [];
    takeOver(page, { open: (value) => seen.push(value) }, quietLogger());
    stub('open', 'after');
    expect(seen).toEqual(['queued', 'after']);
  });

  it('marks the live API as loaded, so a second /embed.js does not load the widget again', () => {
    const page = pageWithStub(() => {});
    takeOver(page, {}, quietLogger());
    expect(page.Classwise.loading).toBe(true);
  });

  it('works when the page never pasted a stub', () => {
    const page: { Classwise?: ClasswiseGlobal } = {};
    const open = vi.fn();
    takeOver(page, { open }, quietLogger());
    page.Classwise?.('open', { activityGroup: 'x' });
    expect(open).toHaveBeenCalledWith({ activityGroup: 'x' });
  });
});

describe('events', () => {
  it("calls every 'booked' handler; one that throws is logged and does not stop the rest", () => {
    const logger = quietLogger();
    const events = createEvents(logger);
    const calls: unknown[] = [];
    events.on('booked', () => {
      throw new Error('analytics down');
    });
    events.on('booked', (detail: unknown) => calls.push(detail));
    events.emit('booked', { bookingId: 'b1' });
    expect(calls).toEqual([{ bookingId: 'b1' }]);
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('removes a handler with off', () => {
    const events = createEvents(quietLogger());
    const handler = vi.fn();
    events.on('booked', handler);
    events.off('booked', handler);
    events.emit('booked', {});
    expect(handler).not.toHaveBeenCalled();
  });

  it('rejects an unknown event name or a handler that is not a function', () => {
    const events = createEvents(quietLogger());
    expect(() => events.on('boked', () => {})).toThrow(/unknown event "boked"/);
    expect(() => events.on('booked', 'not a function')).toThrow(/function/);
  });
});

describe('routing open calls to widgets', () => {
  const widget = (name: string): WidgetHandle & { opened: unknown[] } => {
    const opened: unknown[] = [];
    return { name, opened, open: (request) => opened.push(request) };
  };

  it('sends a call without a widget name to the first widget', () => {
    const registry = createRegistry();
    const [a, b] = [widget(''), widget('camps')];
    registry.register(a);
    registry.register(b);
    registry.open({ activityGroup: 'g1' });
    expect(a.opened).toEqual([{ activityGroup: 'g1' }]);
    expect(b.opened).toEqual([]);
  });

  it('sends a named call to that widget only', () => {
    const registry = createRegistry();
    const [a, b] = [widget('clubs'), widget('camps')];
    registry.register(a);
    registry.register(b);
    registry.open({ activityGroup: 'g2', widget: 'camps' });
    expect(a.opened).toEqual([]);
    expect(b.opened).toEqual([{ activityGroup: 'g2' }]);
  });

  it('keeps a call for a widget that has not appeared yet and delivers it when it does', () => {
    const registry = createRegistry();
    registry.open({ activityGroup: 'g3', widget: 'camps' });
    registry.open({});
    const clubs = widget('clubs');
    registry.register(clubs);
    // The unnamed call goes to whichever widget comes first.
    expect(clubs.opened).toEqual([{}]);
    const camps = widget('camps');
    registry.register(camps);
    expect(camps.opened).toEqual([{ activityGroup: 'g3' }]);
  });

  it('forgets a widget that left the page', () => {
    const registry = createRegistry();
    const a = widget('a');
    registry.register(a);
    registry.unregister(a);
    registry.open({ activityGroup: 'g4', widget: 'a' });
    expect(a.opened).toEqual([]);
  });

  it('rejects malformed options with a message the organiser can act on', () => {
    const registry = createRegistry();
    expect(() => registry.open('g5')).toThrow(/takes an object/);
    expect(() => registry.open({ activityGroup: 5 })).toThrow(/activityGroup/);
    expect(() => registry.open({ widget: ['x'] })).toThrow(/widget/);
  });
});
