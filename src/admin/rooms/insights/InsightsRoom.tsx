/**
 * /admin/insights: where leads come from and what becomes of them, for the period chosen (one
 * request per change): visits and leads, the breakdowns, the enquiry's funnel, the pipeline by
 * source, the speed to lead and the leads still New after a working day, each chart with its
 * numbers; the whole as CSV.
 */
import { useEffect, useState } from 'react';
import { ApiError, API_MESSAGES } from '../../api/client';
import { downloadInsightsCsv, readInsights } from '../../api/insights';
import {
  INSIGHT_PERIODS,
  type BreakdownRow,
  type InsightDays,
  type InsightsAnswer,
} from '../../../lib/insights';
import { ENQUIRY, MESSAGE } from '../../../lib/leads';
import { STATUSES } from '../../../lib/schemas/follow-up';
import Alert from '../../components/Alert';
import Button from '../../components/Button';
import { saveFile } from '../../save-file';
import BarChart from './BarChart';

const percent = (share: number | null) => (share === null ? '–' : `${(share * 100).toFixed(1)}%`);
const duration = (ms: number | null) => {
  if (ms === null) return '–';
  const minutes = Math.round(ms / 60_000);
  return minutes < 120 ? `${minutes} min` : `${(minutes / 60).toFixed(1)} h`;
};
const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : API_MESSAGES.network;

/** The admin list that finds a lead: its kind's panel, searched for its name. */
function leadHref(kind: string, name: string): string {
  const lead = kind === MESSAGE.key ? MESSAGE : ENQUIRY;
  const path = lead === MESSAGE ? '/admin/messages' : '/admin';
  const query = new URLSearchParams({ [`${lead.list.urlPrefix}q`]: name });
  return `${path}?${query}#${lead.key}-heading`;
}

const BREAKDOWNS = [
  ['pages', 'Top pages'],
  ['referrers', 'Referrers'],
  ['campaigns', 'Campaigns'],
  ['languages', 'Languages'],
  ['countries', 'Countries'],
  ['devices', 'Devices'],
] as const;

function Breakdown({ title, rows }: { title: string; rows: readonly BreakdownRow[] }) {
  return (
    <BarChart
      title={`${title} by visits`}
      description={`${title}: visits of each, most visited first; the table adds leads and conversion.`}
      bars={rows.map((row) => ({ label: row.name, value: row.visits }))}
      head={[title, 'Visits', 'Leads', 'Conversion']}
      rows={rows.map((row) => [
        row.name,
        row.visits,
        row.leads ?? 'not recorded',
        percent(row.conversion),
      ])}
    />
  );
}

function Answer({ answer }: { answer: InsightsAnswer }) {
  const per = answer.unit === 'week' ? 'week' : 'day';
  const { total, speed } = answer;
  return (
    <>
      <p className="admin-insights__total">
        {total.visits} visits, {total.uniqueVisitorsSummedPerDay} unique visitors (per day, summed),{' '}
        {total.leads} leads: conversion {percent(total.conversion)}.
        {answer.leadsRead.capped &&
          ` Only the newest ${answer.leadsRead.cap} leads of the period were counted.`}
      </p>
      <section aria-labelledby="insights-series">
        <h2 id="insights-series">Visits and leads per {per}</h2>
        <BarChart
          title={`Visits per ${per}`}
          description={`Visits per ${per} from ${answer.from} to ${answer.to}; the table adds unique visitors, leads and conversion.`}
          bars={answer.series.map((p) => ({ label: p.start, value: p.visits }))}
          head={[
            answer.unit === 'week' ? 'Week from' : 'Day',
            'Visits',
            'Unique visitors (per day, summed)',
            'Leads',
            'Conversion',
          ]}
          rows={answer.series.map((p) => [
            p.start,
            p.visits,
            p.uniqueVisitorsSummedPerDay,
            p.leads,
            percent(p.conversion),
          ])}
        />
      </section>
      <section aria-labelledby="insights-sources">
        <h2 id="insights-sources">Where visits and leads come from</h2>
        <div className="admin-insights__grid">
          {BREAKDOWNS.map(([key, title]) => (
            <Breakdown key={key} title={title} rows={answer[key]} />
          ))}
        </div>
      </section>
      <section aria-labelledby="insights-funnel">
        <h2 id="insights-funnel">The enquiry funnel</h2>
        <BarChart
          title="Enquiry steps reached"
          description="How many reached each step of the enquiry, then sent it; the table adds the share lost since the step before."
          bars={answer.funnel.map((row) => ({
            label: row.step === 'sent' ? 'Sent' : `Step ${row.step}`,
            value: row.count,
          }))}
          head={['Step', 'Reached', 'Lost since the step before']}
          rows={answer.funnel.map((row) => [
            row.step === 'sent' ? 'Sent' : `Step ${row.step}`,
            row.count,
            percent(row.lostShare),
          ])}
        />
      </section>
      <section aria-labelledby="insights-pipeline">
        <h2 id="insights-pipeline">Pipeline by source</h2>
        <BarChart
          title="Leads by source"
          description="Leads of each source; the table shows how many are New, Contacted, Qualified, Won and Lost."
          bars={answer.pipeline.map((row) => ({ label: row.source, value: row.total }))}
          head={['Source', 'Leads', ...STATUSES]}
          rows={answer.pipeline.map((row) => [
            row.source,
            row.total,
            ...STATUSES.map((s) => row[s]),
          ])}
        />
      </section>
      <section aria-labelledby="insights-speed">
        <h2 id="insights-speed">Speed to lead</h2>
        <p>
          From a lead to its first status change or note: median {duration(speed.medianMs)}, 90th
          percentile {duration(speed.p90Ms)}.
        </p>
        <BarChart
          title="Median minutes to the first answer, per week"
          description="The median time from a lead to its first status change or note, for the leads of each week; the table adds the 90th percentile."
          bars={speed.weeks.map((w) => ({
            label: w.start,
            value: Math.round((w.medianMs ?? 0) / 60_000),
          }))}
          head={['Week from', 'Leads answered', 'Median', '90th percentile']}
          rows={speed.weeks.map((w) => [
            w.start,
            w.touched,
            duration(w.medianMs),
            duration(w.p90Ms),
          ])}
        />
        <h3>Still New after a working day</h3>
        {answer.stillNew.length === 0 ? (
          <p>No lead of the period is still New after a working day.</p>
        ) : (
          <>
            <p>
              {answer.stillNewCount === answer.stillNew.length
                ? `${answer.stillNewCount} ${answer.stillNewCount === 1 ? 'lead' : 'leads'}, newest first.`
                : `The newest ${answer.stillNew.length} of ${answer.stillNewCount}; the Enquiries and Messages rooms list them all (status New).`}
            </p>
            <ul className="admin-insights__waiting">
              {answer.stillNew.map((lead) => (
                <li key={lead.id}>
                  <a href={leadHref(lead.kind, lead.name)}>{lead.name || lead.id}</a> (
                  {lead.kind === MESSAGE.key ? 'message' : 'enquiry'}, came in{' '}
                  <time dateTime={lead.createdAt}>
                    {lead.createdAt.slice(0, 16).replace('T', ' ')} UTC
                  </time>
                  )
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </>
  );
}

export default function InsightsRoom() {
  const [days, setDays] = useState<InsightDays>(30);
  const [answer, setAnswer] = useState<InsightsAnswer | null>(null);
  const [error, setError] = useState('');
  const [csvError, setCsvError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    setAnswer(null);
    setError('');
    readInsights(days).then(
      (read) => current && setAnswer(read),
      (failure: unknown) => current && setError(messageOf(failure)),
    );
    return () => {
      current = false;
    };
  }, [days]);

  async function download() {
    setBusy(true);
    setCsvError('');
    try {
      const { blob, filename } = await downloadInsightsCsv(days);
      saveFile(blob, filename);
    } catch (failure) {
      setCsvError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-insights">
      <div className="admin-insights__controls">
        <fieldset className="admin-insights__period">
          <legend>Period</legend>
          {INSIGHT_PERIODS.map((period) => (
            <label key={period.days}>
              <input
                type="radio"
                name="insights-period"
                value={period.days}
                checked={days === period.days}
                onChange={() => setDays(period.days)}
              />{' '}
              {period.label}
            </label>
          ))}
        </fieldset>
        <div className="admin-csv">
          <Button variant="secondary" onClick={() => void download()} disabled={busy}>
            Download CSV<span className="visually-hidden"> of the insights</span>
          </Button>
          <Alert message={csvError} />
        </div>
      </div>
      <Alert message={error} />
      {answer === null ? (
        error === '' && <p role="status">Loading the insights...</p>
      ) : (
        <Answer answer={answer} />
      )}
    </div>
  );
}
