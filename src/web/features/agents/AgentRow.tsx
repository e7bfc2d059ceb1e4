import type { RowComponentProps } from 'react-window';
import { Link } from 'wouter';
import { statusClass } from '../../components/agent-status.ts';
import { TimeText } from '../../components/Timestamp.tsx';
import type { Agent } from './api.ts';

export interface AgentRowProps {
  rows: readonly Agent[];
  selected: ReadonlySet<string>;
  focusedIndex: number;
  customerName(id: string): string;
  formatTime(iso: string): string;
  statusLabel(agent: Agent): string;
  lateBy(seconds: number): string;
  selectLabel(agent: Agent): string;
  onToggle(index: number): void;
  onFocusRow(index: number): void;
}

/** One agent of the list (a react-window row): selection, host (a link to its page) and its vitals. */
export function AgentRow({
  index,
  style,
  rows,
  selected,
  focusedIndex,
  customerName,
  formatTime,
  statusLabel,
  lateBy,
  selectLabel,
  onToggle,
  onFocusRow,
}: RowComponentProps<AgentRowProps>) {
  const agent = rows[index];
  if (!agent) return null;
  const isSelected = selected.has(agent.agent_id);
  return (
    // biome-ignore lint/a11y/useSemanticElements: react-window positions each row itself
    <div
      role="row"
      style={style}
      aria-rowindex={index + 2}
      aria-selected={isSelected}
      data-row-index={index}
      className={`agent-row${index === focusedIndex ? ' agent-row--focused' : ''}${isSelected ? ' agent-row--selected' : ''}`}
      // Roving focus: the focused row, or the first until one is, is the list's one Tab stop.
      tabIndex={index === focusedIndex || (focusedIndex < 0 && index === 0) ? 0 : -1}
      onFocus={() => onFocusRow(index)}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1} className="agent-cell agent-cell--select">
        <input
          type="checkbox"
          tabIndex={-1}
          checked={isSelected}
          aria-label={selectLabel(agent)}
          onChange={() => onToggle(index)}
        />
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1} className="agent-cell agent-cell--host">
        <Link href={`/agents/${agent.agent_id}`} tabIndex={-1}>
          {agent.host_name}
        </Link>
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1} className="agent-cell">
        {customerName(agent.customer_id)}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1} className="agent-cell">
        <span className={`agent-status ${statusClass(agent.status_code)}`}>{statusLabel(agent)}</span>
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1} className="agent-cell">
        {agent.late_by_seconds > 0 ? lateBy(agent.late_by_seconds) : ''}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1} className="agent-cell">
        {agent.platform} · {agent.architecture}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1} className="agent-cell" title={agent.version}>
        {agent.short_novasoc_version}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1} className="agent-cell">
        {agent.ip ?? ''}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1} className="agent-cell">
        {agent.heartbeat_at ? <TimeText iso={agent.heartbeat_at} format={formatTime} /> : ''}
      </span>
    </div>
  );
}

export const AGENT_COLUMNS = [
  'select',
  'host_name',
  'customer',
  'status',
  'late_by',
  'platform',
  'version',
  'ip',
  'heartbeat_at',
] as const;
