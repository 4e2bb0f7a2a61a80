import { useId } from 'react';
import type { Overview } from '../../../../api-client/index.ts';
import { formatCivilDate, formatMoney, localeFor } from '../../../../engine/index.ts';

const WIDTH = 600;
const HEIGHT = 140;
/** Room under the bars for the first and last dates. */
const AXIS = 18;
const GAP = 2;

/**
 * Takings per day as bars: money in above the line, money refunded below it in red. The chart is
 * one image to screen readers (its title says the totals) and a hidden table gives each day.
 *
 * @example <TakingsChart takings={overview.takings} dateFormat="dd/MM/yyyy" country="GB" />
 */
export function TakingsChart({
  takings,
  dateFormat,
  country,
}: {
  takings: Overview['takings'];
  dateFormat: string;
  country: string;
}) {
  const titleId = useId();
  const locale = localeFor(country);
  const money = (minor: number) => formatMoney(minor, takings.currency, locale);
  const { days } = takings;
  const most = Math.max(...days.map((d) => d.paid), 0);
  const mostRefunded = Math.max(...days.map((d) => d.refunded), 0);
  const scale = Math.max(most + mostRefunded, 1);
  const plot = HEIGHT - AXIS;
  // The line sits as far down as the largest refund needs, so both sides share one scale.
  const baseline = plot * (most / scale) || (mostRefunded ? 0 : plot);
  const step = WIDTH / days.length;
  const first = days[0]?.date ?? '';
  const last = days.at(-1)?.date ?? '';
  const title =
    `Takings from ${formatCivilDate(first, dateFormat)} to ${formatCivilDate(last, dateFormat)}: ` +
    `${money(takings.paid)} taken` +
    (takings.refunded ? `, ${money(takings.refunded)} refunded` : '');
  const withMoney = days.filter((d) => d.paid || d.refunded);

  return (
    <figure className="overview-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        preserveAspectRatio="none"
        className="overview-chart-svg"
      >
        <title id={titleId}>{title}</title>
        {days.map((day, i) => {
          const x = i * step + GAP / 2;
          const up = (day.paid / scale) * plot;
          const down = (day.refunded / scale) * plot;
          return (
            <g key={day.date}>
              <title>
                {`${formatCivilDate(day.date, dateFormat)}: ${money(day.paid)}` +
                  (day.refunded ? `, ${money(day.refunded)} refunded` : '')}
              </title>
              {/* A hit area the height of the plot, so empty days still show their tooltip. */}
              <rect x={x} y={0} width={step - GAP} height={plot} className="overview-chart-hit" />
              {up > 0 ? (
                <rect
                  x={x}
                  y={baseline - up}
                  width={step - GAP}
                  height={up}
                  rx={2}
                  className="overview-chart-paid"
                />
              ) : null}
              {down > 0 ? (
                <rect
                  x={x}
                  y={baseline}
                  width={step - GAP}
                  height={down}
                  rx={2}
                  className="overview-chart-refunded"
                />
              ) : null}
            </g>
          );
        })}
        <line x1={0} x2={WIDTH} y1={baseline} y2={baseline} className="overview-chart-axis" />
        {most > 0 ? (
          <line
            x1={0}
            x2={WIDTH}
            y1={baseline - (most / scale) * plot}
            y2={baseline - (most / scale) * plot}
            className="overview-chart-grid"
          />
        ) : null}
      </svg>
      {most > 0 ? (
        <span className="overview-chart-max" aria-hidden="true">
          {money(most)}
        </span>
      ) : null}
      <figcaption className="overview-chart-dates" aria-hidden="true">
        <span>{formatCivilDate(first, dateFormat)}</span>
        <span>{formatCivilDate(last, dateFormat)}</span>
      </figcaption>
      <table className="visually-hidden">
        <caption>Takings by day</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Taken</th>
            <th scope="col">Refunded</th>
          </tr>
        </thead>
        <tbody>
          {withMoney.length === 0 ? (
            <tr>
              <td colSpan={3}>No takings in these 30 days.</td>
            </tr>
          ) : (
            withMoney.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatCivilDate(day.date, dateFormat)}</th>
                <td>{money(day.paid)}</td>
                <td>{money(day.refunded)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </figure>
  );
}
