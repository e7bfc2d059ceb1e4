import { Link } from 'wouter';
import { TRUNCATE, truncate } from '../../../common/format.ts';
import { Badge } from '../../components/Badge.tsx';
import { Timestamp } from '../../components/Timestamp.tsx';
import type { CaseSummary } from './case-api.ts';
import { RiskScore } from './RiskScore.tsx';
import { StatusBadge } from './StatusBadge.tsx';

export interface CaseRowProps {
  item: CaseSummary;
  index: number;
  current: boolean;
  customerName: string;
  displayUser(email: string): string;
  onFocusRow(index: number): void;
}

/** One case of the list; its title is the link that opens it. */
export function CaseRow({ item, index, current, customerName, displayUser, onFocusRow }: CaseRowProps) {
  return (
    <tr
      className={`case-row${current ? ' is-current' : ''}`}
      data-row-index={index}
      aria-current={current || undefined}
    >
      <td className="case-row__title">
        <Link href={`/cases/${item.id}`} onFocus={() => onFocusRow(index)} title={item.title}>
          <span className="case-id">#{item.id}</span> {truncate(item.title, TRUNCATE.default)}
        </Link>
      </td>
      <td>{truncate(customerName, TRUNCATE.customerName)}</td>
      <td>
        <StatusBadge status={item.status} />
      </td>
      <td>
        <RiskScore score={item.risk_score} />
      </td>
      <td className="case-row__tags">
        {item.tags.map((tag) => (
          <Badge key={tag} tone="accent">
            {tag}
          </Badge>
        ))}
      </td>
      <td className="case-row__assignees">{item.assigned_users.map(displayUser).join(', ')}</td>
      <td className="case-row__count">{item.alert_count}</td>
      <td className="case-row__updated">
        <Timestamp iso={item.updated_at} />
      </td>
    </tr>
  );
}
