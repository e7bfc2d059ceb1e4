import { type KeyboardEvent, useId } from 'react';
import { Icon } from '../../../components/Icon.tsx';
import { usePopover } from '../../../components/use-popover.ts';

export interface CheckListProps {
  /** The trigger's text, e.g. 'Status: 2'. */
  label: string;
  /** Accessible name of the trigger and its panel. */
  name: string;
  options: readonly { value: string; label: string }[];
  checked: readonly string[];
  onToggle(value: string): void;
  className?: string;
}

/** A button that opens a list of checkboxes (multi-select filters, the column chooser). */
export function CheckList({ label, name, options, checked, onToggle, className }: CheckListProps) {
  const { open, setOpen, close, triggerRef, panelRef, onPanelBlur } = usePopover<HTMLFieldSetElement>();
  const id = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };
  return (
    <div className={`alerts-checklist ${className ?? ''}`}>
      <button
        ref={triggerRef}
        type="button"
        className="button button--ghost"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={`${name}: ${label}`}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {label}
        <Icon name="chevron-down" size={12} />
      </button>
      {open && (
        <fieldset
          ref={panelRef}
          id={id}
          className="popover alerts-checklist__panel"
          onKeyDown={onKeyDown}
          onBlur={onPanelBlur}
        >
          <legend className="sr-only">{name}</legend>
          {options.map((option, index) => (
            <label key={option.value} className="alerts-checklist__option">
              <input
                type="checkbox"
                autoFocus={index === 0}
                checked={checked.includes(option.value)}
                onChange={() => onToggle(option.value)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
