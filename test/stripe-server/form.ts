/**
 * Parses the bodies the `stripe` SDK sends: `application/x-www-form-urlencoded` with Stripe's
 * bracket notation (`metadata[clientId]=c1`, `items[0][price]=p`, `expand[]=x`) into plain
 * nested objects. Every leaf stays a string, as on the wire; callers convert.
 *
 * @example parseStripeForm('a[b]=1&c[0][d]=2') // { a: { b: '1' }, c: [{ d: '2' }] }
 */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  if (!body) return root;
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const head = rawKey.match(/^[^[]+/)?.[0] ?? rawKey;
    const rest = [...rawKey.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!);
    const keys = [head, ...rest];
    let node: any = root;
    keys.forEach((key, index) => {
      const last = index === keys.length - 1;
      const nextKey = keys[index + 1];
      const isArray = Array.isArray(node);
      const slot = isArray && key === '' ? node.length : key;
      if (last) {
        node[slot] = value;
        return;
      }
      if (node[slot] === undefined) node[slot] = nextKey === '' || /^\d+$/.test(nextKey!) ? [] : {};
      node = node[slot];
    });
  }
  return root;
}

/** A form value as an integer, or undefined. */
export const int = (value: unknown): number | undefined =>
  value === undefined || value === '' ? undefined : Number.parseInt(String(value), 10);

/** A form value as a boolean ('true' / 'false'). */
export const bool = (value: unknown): boolean | undefined =>
  value === undefined ? undefined : value === true || value === 'true';
