import type { RowComponentProps } from 'react-window';
import type { AgentInventoryEntry } from './api.ts';

export interface InventoryRowProps {
  entries: readonly AgentInventoryEntry[];
  formatDate(entry: AgentInventoryEntry): string;
}

/** One installed application in the virtual inventory list. */
export function InventoryRow({
  index,
  style,
  ariaAttributes,
  entries,
  formatDate,
}: RowComponentProps<InventoryRowProps>) {
  const entry = entries[index]!;
  return (
    <div {...ariaAttributes} style={style} className="inventory-row">
      <span>{entry.name}</span>
      <span>{entry.version ?? ''}</span>
      <span>{entry.publisher ?? ''}</span>
      <span>{formatDate(entry)}</span>
    </div>
  );
}
