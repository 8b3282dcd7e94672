/**
 * A horizontal bar chart drawn as SVG (no library): a named image (its <title> and <desc>, read
 * through aria-labelledby), focusable, with the numbers in a real table under "Show the numbers".
 * Bars are forest green (#1F5132, 8.8:1 on the paper background, BRAND.md).
 */
import { useId, type ReactNode } from 'react';
import TableWrap from '../../components/TableWrap';

export interface Bar {
  label: string;
  value: number;
}

interface Props {
  title: string;
  /** What the chart shows, in words (its <desc>). */
  description: string;
  bars: readonly Bar[];
  /** The table of the numbers (header and rows). */
  head: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}

const WIDTH = 320;
const ROW = 30;
const LABEL = 12;

export default function BarChart({ title, description, bars, head, rows }: Props) {
  const id = useId();
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const height = Math.max(ROW, bars.length * ROW);
  return (
    <figure className="admin-chart">
      <svg
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
        tabIndex={0}
        viewBox={`0 0 ${WIDTH} ${height}`}
        className="admin-chart__svg"
      >
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{description}</desc>
        {bars.length === 0 && (
          <text x="0" y={LABEL + 4} className="admin-chart__label">
            Nothing in this period
          </text>
        )}
        {bars.map((bar, i) => {
          const y = i * ROW;
          const width = (bar.value / max) * (WIDTH - 60);
          return (
            <g key={`${bar.label}-${i}`}>
              <text x="0" y={y + LABEL} className="admin-chart__label">
                {bar.label}
              </text>
              <rect
                x="0"
                y={y + LABEL + 3}
                width={Math.max(width, 1)}
                height="10"
                className="admin-chart__bar"
              />
              <text x={Math.max(width, 1) + 4} y={y + LABEL + 12} className="admin-chart__label">
                {bar.value.toLocaleString('en')}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <details>
          <summary>Show the numbers</summary>
          <TableWrap label={title}>
            <table className="admin-chart__table">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  {head.map((name) => (
                    <th key={name} scope="col">
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, c) =>
                      c === 0 ? (
                        <th key={c} scope="row">
                          {cell}
                        </th>
                      ) : (
                        <td key={c}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        </details>
      </figcaption>
    </figure>
  );
}
