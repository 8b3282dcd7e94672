/**
 * The Insights answer as CSV (`GET /api/insights.csv`): one section per table, each a title row,
 * a header row and its rows, with a blank line between sections. Cells go through csv.ts, so
 * a page path or campaign that looks like a formula is neutralised.
 */
import type { BreakdownRow, InsightsAnswer } from '../../../src/lib/insights.ts';
import { STATUSES } from '../../../src/lib/schemas/index.ts';
import { csvRow } from '../csv.ts';

const percent = (share: number | null) => (share === null ? '' : (share * 100).toFixed(1));
const minutes = (ms: number | null) => (ms === null ? '' : (ms / 60_000).toFixed(1));

function section(title: string, header: readonly string[], rows: readonly (readonly unknown[])[]) {
  return [csvRow([title]), csvRow(header), ...rows.map((row) => csvRow(row))].join('');
}

const breakdown = (title: string, rows: readonly BreakdownRow[]) =>
  section(
    title,
    ['Name', 'Visits', 'Leads', 'Conversion %'],
    rows.map((row) => [row.name, row.visits, row.leads ?? '', percent(row.conversion)]),
  );

export function insightsCsv(answer: InsightsAnswer): string {
  const unit = answer.unit === 'week' ? 'Week from' : 'Day';
  return [
    section(
      `Insights ${answer.from} to ${answer.to}`,
      [unit, 'Visits', 'Unique visitors (per day, summed)', 'Leads', 'Conversion %'],
      [...answer.series, { start: 'Total', ...answer.total }].map((p) => [
        p.start,
        p.visits,
        p.uniqueVisitorsSummedPerDay,
        p.leads,
        percent(p.conversion),
      ]),
    ),
    breakdown('Pages', answer.pages),
    breakdown('Referrers', answer.referrers),
    breakdown('Campaigns', answer.campaigns),
    breakdown('Languages', answer.languages),
    breakdown('Countries', answer.countries),
    breakdown('Devices', answer.devices),
    section(
      'Enquiry funnel',
      ['Step', 'Reached', 'Lost from the step before %'],
      answer.funnel.map((row) => [row.step, row.count, percent(row.lostShare)]),
    ),
    section(
      'Pipeline by source',
      ['Source', 'Leads', ...STATUSES],
      answer.pipeline.map((row) => [row.source, row.total, ...STATUSES.map((s) => row[s])]),
    ),
    section(
      'Speed to lead',
      ['Week from', 'Leads touched', 'Median minutes', '90th percentile minutes'],
      answer.speed.weeks.map((w) => [w.start, w.touched, minutes(w.medianMs), minutes(w.p90Ms)]),
    ),
    section(
      'Still New after a working day',
      ['Kind', 'Id', 'Name', 'Created'],
      answer.stillNew.map((lead) => [lead.kind, lead.id, lead.name, lead.createdAt]),
    ),
  ].join('\r\n');
}
