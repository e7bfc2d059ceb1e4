import { useTranslation } from 'react-i18next';
import type { RowComponentProps } from 'react-window';
import { Timestamp } from '../../components/Timestamp.tsx';
import type { AuditEntry } from '../api.ts';

export interface AuditRowProps {
  entries: readonly AuditEntry[];
  openId: number | null;
  onOpen(entry: AuditEntry): void;
  onFocusRow(index: number): void;
}

/** Who acted: the administrator behind an impersonation, else the user. */
export const actingPerson = (e: AuditEntry) => e.impersonator ?? e.actor;

/** One entry of the audit log (a react-window row); its button opens before and after. */
export function AuditRow({
  index,
  style,
  entries,
  openId,
  onOpen,
  onFocusRow,
}: RowComponentProps<AuditRowProps>) {
  const { t } = useTranslation('admin');
  const entry = entries[index];
  if (!entry) return null;
  const who = actingPerson(entry);
  return (
    // biome-ignore lint/a11y/useSemanticElements: react-window positions each row itself; a <tr> cannot be placed so
    <div
      role="row"
      tabIndex={-1}
      aria-rowindex={index + 2}
      className="audit-row"
      style={style}
      data-row-index={index}
      onFocus={() => onFocusRow(index)}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1}>
        <button
          type="button"
          className="link-button"
          aria-expanded={openId === entry.id}
          onClick={() => onOpen(entry)}
        >
          <Timestamp iso={entry.at} />
        </button>
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1}>
        {who ? who.name : t('audit.system')}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1}>
        {entry.impersonator ? (entry.actor?.name ?? '') : ''}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1}>
        {entry.customer?.name ?? ''}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: cells of a virtualised div grid */}
      <span role="gridcell" tabIndex={-1}>
        {entry.action} · {entry.entity}
        {entry.entity_id ? ` ${entry.entity_id}` : ''}
      </span>
    </div>
  );
}
