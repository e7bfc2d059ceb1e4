export interface SelectionBarProps {
  /** How many rows are selected, e.g. '3 cases selected'. */
  label: string;
  clearLabel: string;
  onClear(): void;
  /** What to do with the selection (`>` commands), when the person may change it. */
  hint?: string | null;
}

/** The bar above a list while rows are selected with x: how many, a way to clear them and a hint. */
export function SelectionBar({ label, clearLabel, onClear, hint }: SelectionBarProps) {
  return (
    <div className="selection-bar" role="status">
      <strong>{label}</strong>
      <button type="button" className="button button--small" onClick={onClear}>
        {clearLabel}
      </button>
      {hint && <span className="selection-bar__hint">{hint}</span>}
    </div>
  );
}
