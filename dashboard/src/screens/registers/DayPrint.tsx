import { useQueries } from '@tanstack/react-query';
import { clientDate, formatTimeRange, localeFor } from '../../../../engine/index.ts';
import { api } from '../../api.ts';
import { money } from './lib.ts';
import { PrintRegister } from './PrintRegister.tsx';
import { type DaySessionDto, type RegisterDto, registerKeys } from './queries.ts';

/**
 * Every register of a day, for paper only: one page per session (registers.css), so the
 * organiser prints the day's registers in one go from the Today view.
 */
export function DayPrint({
  sessions,
  settings,
}: {
  sessions: DaySessionDto[];
  settings: { timeZone: string; dateFormat: string; country: string };
}) {
  const registers = useQueries({
    queries: sessions.map((s) => ({
      queryKey: registerKeys.one(s._id),
      queryFn: () => api.get<RegisterDto>(`/api/registers/${encodeURIComponent(s._id)}`),
    })),
  });
  const locale = localeFor(settings.country);
  return (
    <>
      {registers.map((query, i) => {
        const data = query.data;
        if (!data) return null;
        const when = `${clientDate(data.session.date, settings.dateFormat, locale)} · ${formatTimeRange(
          data.session.startTime,
          data.session.endTime,
        )}${data.session.venue ? ` · ${data.session.venue}` : ''}`;
        return (
          <PrintRegister
            key={sessions[i]!._id}
            title={data.session.activityGroup.name}
            when={when}
            shown={data.rows.map((row) => ({ row, state: row.mark, waiting: 0 }))}
            timeZone={settings.timeZone}
            money={(minor) => money(minor, data.currency, settings.country)}
          />
        );
      })}
    </>
  );
}
