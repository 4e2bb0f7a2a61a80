import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { embedCode, RESERVED_HEIGHT_PX, widgetAttributes } from './code.ts';
import { QUEUE_STUB } from './queue.ts';

const origin = 'https://app.classwise.example';
const clientId = '6740a1b2c3d4e5f6a7b8c9d0';

describe('embedCode', () => {
  it('is the reserved space, the element, the queue stub and the async loader, in that order', () => {
    expect(embedCode({ origin, clientId }).split('\n')).toEqual([
      `<style>classwise-widget:not(:defined){display:block;min-height:${RESERVED_HEIGHT_PX}px}</style>`,
      `<classwise-widget client="${clientId}"></classwise-widget>`,
      `<script>${QUEUE_STUB}</script>`,
      `<script async src="${origin}/embed.js"></script>`,
    ]);
  });

  it('drops trailing slashes from the origin', () => {
    expect(embedCode({ origin: `${origin}//`, clientId })).toContain(
      `<script async src="${origin}/embed.js">`,
    );
  });

  it('writes every option it is given, and only those', () => {
    const code = embedCode({
      origin,
      clientId,
      template: 'Seamless',
      buttonDisplay: 'full width',
      view: { kind: 'activityGroup', id: 'g1' },
      name: 'camps',
    });
    expect(code).toContain(
      `<classwise-widget client="${clientId}" template="Seamless" button-display="full width" activity-group="g1" name="camps"></classwise-widget>`,
    );
  });

  it('writes an explicit Default, so it wins over a saved Seamless setting', () => {
    expect(widgetAttributes({ origin, clientId, template: 'Default' })).toEqual({
      client: clientId,
      template: 'Default',
    });
    expect(widgetAttributes({ origin, clientId })).toEqual({ client: clientId });
  });

  it('names each starting view with its own attribute', () => {
    const starting = (view: Parameters<typeof widgetAttributes>[0]['view']) =>
      widgetAttributes({ origin, clientId, view });
    expect(starting({ kind: 'listing' })).toEqual({ client: clientId });
    expect(starting({ kind: 'tab', path: 'football' })).toMatchObject({ tab: 'football' });
    expect(starting({ kind: 'waitlist', id: 'g2' })).toMatchObject({ waitlist: 'g2' });
  });

  it('escapes attribute values, so a stray quote cannot break out of the element', () => {
    const code = embedCode({ origin, clientId: 'a"><script>alert(1)</script>', name: 'x&y' });
    expect(code).toContain('client="a&quot;>&lt;script>alert(1)&lt;/script>"');
    expect(code).toContain('name="x&amp;y"');
    expect(code.match(/<script/g)).toHaveLength(2);
  });

  it('pastes a stub that is valid JavaScript and queues calls', () => {
    const page: Record<string, any> = {};
    page.window = page;
    const [, script] = /<script>(.*)<\/script>/.exec(embedCode({ origin, clientId }))!;
    runInNewContext(`${script}; Classwise('open', { activityGroup: 'g' });`, page);
    expect(Array.from(page.Classwise.q[0])).toEqual(['open', { activityGroup: 'g' }]);
  });
});
