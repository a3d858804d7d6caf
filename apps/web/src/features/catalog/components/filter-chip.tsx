import { useId, type ReactNode } from 'react';
import classes from './filter-chip.module.css';

/** A filter that toggles: a checkbox a keyboard and a screen reader know, drawn as a chip. */
export function FilterChip({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <span className={classes.chip}>
      <input id={id} type="checkbox" className={classes.input} checked={checked} onChange={onChange} />
      <label htmlFor={id} className={classes.label}>
        {checked && (
          <svg className={classes.check} viewBox="0 0 10 7" aria-hidden>
            <path d="M1 3.5 3.8 6 9 1" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        )}
        {children}
      </label>
    </span>
  );
}
