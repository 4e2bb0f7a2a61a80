import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from './Button.tsx';

/** How long the button says 'Copied' before it offers to copy again. */
const CONFIRM_MS = 2000;

/**
 * The Clipboard API exists only in secure contexts (https, localhost); a dashboard opened over
 * plain http on a LAN address falls back to the older selection copy.
 */
async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused: try the selection copy below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * Copies `text` and says so ('Copied', announced to screen readers), or says it could not.
 *
 * @example <CopyButton text={code}>Copy</CopyButton>
 */
export function CopyButton({
  text,
  children = 'Copy',
  ...button
}: Omit<ButtonProps, 'onClick'> & { text: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    const ok = await writeClipboard(text);
    setState(ok ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), CONFIRM_MS);
  };

  return (
    <>
      <Button
        variant="secondary"
        {...button}
        onClick={copy}
        icon={
          <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
            {state === 'copied' ? (
              <path d="M5 13l4 4L19 7" />
            ) : (
              <path d="M9 9h10v10H9zM5 15V5h10" />
            )}
          </svg>
        }
      >
        {state === 'copied' ? 'Copied' : children}
      </Button>
      <span className="visually-hidden" aria-live="polite">
        {state === 'copied' ? 'Copied to the clipboard' : ''}
        {state === 'failed' ? 'Could not copy: select the text and copy it yourself' : ''}
      </span>
    </>
  );
}
