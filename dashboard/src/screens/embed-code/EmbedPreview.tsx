import { createElement, useEffect, useState } from 'react';
import { type EmbedOptions, widgetAttributes } from '../../../../embed-snippet/code.ts';
import { Card } from '../../components/Card.tsx';

/*
 * The live preview on the Embed code screen: the real widget (the same /widget.js organisers'
 * pages load, with the attributes embedCode() writes) rendered beside the code, so what the
 * organiser sees is what parents will see. It lives in its own shadow root, so the dashboard's
 * styles cannot leak into it, and our CSP allows it (a script from our own origin).
 */

let widgetScript: Promise<void> | null = null;

function loadWidget(): Promise<void> {
  if (customElements.get('classwise-widget')) return Promise.resolve();
  widgetScript ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = '/widget.js';
    script.onload = () => resolve();
    script.onerror = () => {
      widgetScript = null;
      reject(new Error('The booking form could not be loaded.'));
    };
    document.head.append(script);
  });
  return widgetScript;
}

export function EmbedPreview({ options }: { options: EmbedOptions }) {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    loadWidget().then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  const attributes = widgetAttributes(options);
  // A new element per option set: the widget then starts at the chosen view, as a fresh page would.
  const key = JSON.stringify(attributes);
  return (
    <Card
      title="Preview"
      description="Your booking form as parents will see it with these options. Your own site's fonts and colours apply on your page."
    >
      {state === 'failed' ? (
        <p role="alert">The preview could not be loaded. Your embed code above still works.</p>
      ) : (
        <div className="embed-preview" aria-busy={state === 'loading'}>
          {createElement('classwise-widget', { key, ...attributes })}
        </div>
      )}
    </Card>
  );
}
