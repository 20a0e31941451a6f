import type { ChangeEvent, ComponentProps, KeyboardEvent } from 'react';
import { useRef, useState } from 'react';
import { fieldControlClass } from '../field';
import { CloseIcon, SearchIcon } from '../icons';
import { cn } from '../utils/cn';
import styles from './search-input.module.css';

export interface SearchInputProps
  extends Omit<ComponentProps<'input'>, 'children' | 'type' | 'value' | 'defaultValue' | 'size'> {
  /** The input's accessible name (there is no visible label); also the default placeholder. */
  label?: string;
  /** The accessible name of the clear button. */
  clearLabel?: string;
  /** The query, for a controlled input. */
  value?: string;
  /** The first query, for an uncontrolled input. */
  defaultValue?: string;
  /** Called with the new query on every change, and with "" when cleared. */
  onValueChange?: (value: string) => void;
}

/**
 * A search box: a leading magnifier, the query, and a clear button once there is something to
 * clear. Escape clears too.
 */
export function SearchInput({
  label = 'Search',
  clearLabel = 'Clear search',
  placeholder,
  value,
  defaultValue,
  onValueChange,
  onChange,
  onKeyDown,
  className,
  style,
  disabled,
  ref,
  ...props
}: SearchInputProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? '');
  const current = value ?? uncontrolled;

  const setRefs = (node: HTMLInputElement | null) => {
    inputRef.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };

  const update = (next: string) => {
    if (value === undefined) setUncontrolled(next);
    onValueChange?.(next);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    update(event.target.value);
    onChange?.(event);
  };

  const clear = () => {
    update('');
    inputRef.current?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    // Escape empties the query; with nothing to clear it is left to close what is around it.
    if (event.key === 'Escape' && current !== '') {
      event.preventDefault();
      event.stopPropagation();
      update('');
    }
  };

  return (
    <div
      data-slot="search-input"
      data-state={current === '' ? 'empty' : 'filled'}
      className={cn(fieldControlClass, styles.root, className)}
      style={style}
    >
      <SearchIcon className={styles.icon} />
      <input
        ref={setRefs}
        data-slot="search-input-input"
        type="search"
        dir="auto"
        aria-label={label}
        placeholder={placeholder ?? label}
        autoComplete="off"
        enterKeyHint="search"
        disabled={disabled}
        className={styles.input}
        value={current}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        {...props}
      />
      {current !== '' && !disabled ? (
        <button
          type="button"
          data-slot="search-input-clear"
          aria-label={clearLabel}
          className={styles.clear}
          onClick={clear}
        >
          <CloseIcon size={16} />
        </button>
      ) : null}
    </div>
  );
}
