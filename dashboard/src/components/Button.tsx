import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'link';
export type ButtonSize = 'sm' | 'md';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretches the button to its container (mobile footers, login). */
  block?: boolean;
}

/** The class list of a button look, for the rare element that must look like a button. */
export function buttonClass({ variant = 'primary', size = 'md', block = false }: Look = {}) {
  return ['btn', `btn-${variant}`, size === 'sm' ? 'btn-sm' : '', block ? 'btn-block' : '']
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, Look {
  /** Shows a spinner and blocks clicks while an action runs. */
  loading?: boolean;
  icon?: ReactNode;
}

/**
 * A real <button>, `type="button"` unless told otherwise, so it never submits a form by accident.
 *
 * @example <Button variant="secondary" onClick={cancel}>Cancel</Button>
 */
export function Button({
  variant,
  size,
  block,
  loading = false,
  icon,
  type = 'button',
  className,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={[buttonClass({ variant, size, block }), className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <span className="spinner" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}

/**
 * A router link that looks like a button: navigation stays a link for screen readers and
 * middle-clicks.
 *
 * @example <ButtonLink to="/settings">Open settings</ButtonLink>
 */
export function ButtonLink({ variant, size, block, className, ...rest }: LinkProps & Look) {
  return (
    <Link
      className={[buttonClass({ variant, size, block }), className].filter(Boolean).join(' ')}
      {...rest}
    />
  );
}
