import { describe, expect, it } from 'vitest';
import {
  parsePath,
  parseWidgetHash,
  routePath,
  type WidgetRoute,
  widgetHash,
} from './deep-links.ts';

describe('widgetHash / parseWidgetHash', () => {
  it('puts the path into an empty hash and reads it back', () => {
    expect(widgetHash('activity/g1')).toBe('#classwise=activity/g1');
    expect(parseWidgetHash('#classwise=activity/g1')).toBe('activity/g1');
    expect(parseWidgetHash('classwise=mine')).toBe('mine');
  });

  it("keeps the host page's own hash pieces where they were", () => {
    expect(widgetHash('mine', '#top')).toBe('#top&classwise=mine');
    expect(widgetHash('offer/w1', '#top&classwise=mine&tab=2')).toBe(
      '#top&classwise=offer/w1&tab=2',
    );
    expect(parseWidgetHash('#top&classwise=offer/w1&tab=2')).toBe('offer/w1');
  });

  it('takes only its own piece out for the listing', () => {
    expect(widgetHash('', '#top&classwise=mine')).toBe('#top');
    expect(widgetHash('', '#classwise=mine')).toBe('');
    expect(widgetHash('', '')).toBe('');
  });

  it('finds no path in a hash without one', () => {
    expect(parseWidgetHash('')).toBeNull();
    expect(parseWidgetHash('#top')).toBeNull();
    expect(parseWidgetHash('#notclasswise=x')).toBeNull();
    expect(parseWidgetHash('#classwise=')).toBe('');
  });
});

describe('routePath / parsePath', () => {
  const routes: [WidgetRoute, string][] = [
    [{ kind: 'listing' }, ''],
    [{ kind: 'activity', id: 'g1' }, 'activity/g1'],
    [{ kind: 'book', id: 'g1', step: 'attendees' }, 'activity/g1/attendees'],
    [{ kind: 'book', id: 'g1', step: 'payment' }, 'activity/g1/payment'],
    [{ kind: 'waitlist', id: 'g1' }, 'activity/g1/waitlist'],
    [{ kind: 'offer', id: 'w 1/2' }, 'offer/w%201%2F2'],
    [{ kind: 'trial', id: '6740a1c2f3b9d84e1a2c3b4d' }, 'trial/6740a1c2f3b9d84e1a2c3b4d'],
    [{ kind: 'reenrol', id: 'Zk3-_q9' }, 'reenrol/Zk3-_q9'],
    [{ kind: 'mine' }, 'mine'],
    [{ kind: 'account', section: 'attendees' }, 'account/attendees'],
  ];

  it.each(routes)('%o is %s and back', (route, path) => {
    expect(routePath(route)).toBe(path);
    expect(parsePath(path)).toEqual(route);
  });

  it('reads activity/<id>/book as the first booking step', () => {
    expect(parsePath('activity/g1/book')).toEqual({ kind: 'book', id: 'g1', step: 'attendees' });
  });

  it.each([
    'nonsense',
    'activity',
    'activity/g1/refund',
    'activity/g1/tickets/extra',
    'offer',
    'offer/w1/x',
    'trial',
    'trial/t1/x',
    'reenrol',
    'reenrol/t1/x',
    'mine/x',
    'account',
    'activity/%E0%A4%A',
  ])('refuses the unknown path %s', (path) => {
    expect(parsePath(path)).toBeNull();
  });
});
