import { sourceRows } from '../display';
import type { LeadSource } from '../../lib/leads';

/**
 * A lead's "Source" group: its landing page, referrer, campaign and the page it was sent from,
 * those that are known; nothing for a lead without a source.
 */
export default function SourceDetails({ source }: { source?: LeadSource | undefined }) {
  const rows = sourceRows({ source });
  if (rows.length === 0) return null;
  return (
    <section className="admin-details-group" data-group="source">
      <h3>Source</h3>
      <dl className="admin-details">
        {rows.map((row) => (
          <div key={row.key} data-field={`source-${row.key}`}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
