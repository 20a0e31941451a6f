import { cva, type VariantProps } from 'class-variance-authority';
import { type ComponentProps, type Ref, useCallback, useLayoutEffect, useRef } from 'react';
import { Spinner } from '../spinner';
import { cn } from '../utils/cn';
import styles from './button.module.css';

export const buttonVariants = cva(styles.button, {
  variants: {
    variant: {
      primary: styles.primary,
      secondary: styles.secondary,
      ghost: styles.ghost,
      destructive: styles.destructive,
      link: styles.link,
    },
    size: { sm: styles.sm, md: styles.md, lg: styles.lg },
    fullWidth: { true: styles.fullWidth, false: null },
  },
  defaultVariants: { variant: 'primary', size: 'md', fullWidth: false },
});

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /**
   * A call is running: the button shows a spinner, is announced busy and cannot be pressed
   * again until the call ends, so a mutation is never sent twice. The focus stays with it: a
   * keyboard user who pressed it is where they were when the call ends.
   */
  loading?: boolean;
}

/**
 * Gives a button that was pressed and then loading its focus back when the call ends. A disabled
 * button loses the focus (the browser moves it to the page when it next draws), so after every
 * save a keyboard user started again from the top; and a dialog opened on the call's failure,
 * finding the focus on the page, gave it back there when closed, or to the button when the
 * answer came before the browser had drawn: the same failure ended in two places.
 */
function useFocusKeptWhileLoading(loading: boolean, forwarded: Ref<HTMLButtonElement> | undefined) {
  const own = useRef<HTMLButtonElement | null>(null);
  const focusedWhenLoading = useRef(false);
  useLayoutEffect(() => {
    const button = own.current;
    if (!button) return;
    // Right after the render that disabled it: the browser has not moved the focus yet.
    if (loading) focusedWhenLoading.current = document.activeElement === button;
    else if (focusedWhenLoading.current) {
      focusedWhenLoading.current = false;
      // Only a focus the page lost: one the person moved elsewhere meanwhile stays there.
      if (!document.activeElement || document.activeElement === document.body) button.focus();
    }
  }, [loading]);
  return useCallback(
    (node: HTMLButtonElement | null) => {
      own.current = node;
      if (typeof forwarded === 'function') forwarded(node);
      else if (forwarded) forwarded.current = node;
    },
    [forwarded],
  );
}

type ButtonLookOptions = VariantProps<typeof buttonVariants> & { className?: string };

/**
 * The button's look for another element: a link (`<a>`, a router link) that leads where a
 * button would act spreads these onto itself. A helper rather than an `asChild` prop, so the
 * button that every first screen draws carries no slot machinery.
 */
export function buttonLook({ variant, size, fullWidth, className }: ButtonLookOptions = {}) {
  return {
    className: cn(buttonVariants({ variant, size, fullWidth }), className),
    'data-slot': 'button',
    'data-variant': variant ?? 'primary',
    'data-size': size ?? 'md',
  };
}

/** The action button: filled, tinted, ghost, destructive or link-styled. */
export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  disabled,
  type = 'button',
  className,
  children,
  ref,
  ...props
}: ButtonProps) {
  const setRef = useFocusKeptWhileLoading(loading, ref);
  return (
    <button
      ref={setRef}
      type={type}
      {...buttonLook({ variant, size, fullWidth, className })}
      data-state={loading ? 'loading' : 'idle'}
      aria-busy={loading || undefined}
      disabled={disabled || loading}
      {...props}
    >
      {/* The label keeps its place while loading, so the button does not change size. */}
      <span className={styles.label}>{children}</span>
      {loading ? (
        <span className={styles.spinner}>
          {/* A button's children are presentational, so the busy state is told by aria-busy
              and the name stays the label. */}
          <Spinner size="sm" aria-hidden="true" />
        </span>
      ) : null}
    </button>
  );
}
