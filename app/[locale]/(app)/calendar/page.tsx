import { CalendarDays, ChevronLeft, ChevronRight, FileBadge, FileSpreadsheet, Gauge, Receipt } from '@/lib/icons';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { getFormatter } from '@/i18n/format';
import { z } from 'zod';
import { getDb } from '@/db';
import { guardPage } from '@/app/[locale]/prelude';
import { metadataFor } from '@/components/shell/page-metadata';
import { PageHeader } from '@/components/shell/page-header';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Input, Label } from '@/components/ui/input';
import { EventForm, type EventInput } from '@/components/workspace/event-form';
import { Link } from '@/i18n/navigation';
import { hasScope } from '@/lib/auth/scopes';
import { CALENDARS } from '@/lib/domain/enums';
import { formatIsoDate, formatMoney, minorUnitDigits } from '@/lib/format';
import { parseLenient } from '@/lib/portfolio/cash-flow-table';
import type { EventDto } from '@/lib/validations/apps';
import { isoDateParam } from '@/lib/validations/common';
import { addDays } from '@/lib/finance/dates';
import { requestClock } from '@/lib/clock';
import { CALENDAR_VIEWS, daysOf, monthGrid, stepDate } from '@/lib/workspace/calendar';
import type { CertificateDate, InstalmentDue } from '@/db/queries/workspace/book-events';
import { getActiveFunder } from '@/services/portfolio/funder-context';
import { calendarScreen } from '@/services/workspace/calendar';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = metadataFor('calendar');

const calendarList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v]).filter((c): c is (typeof CALENDARS)[number] => (CALENDARS as readonly string[]).includes(c)),
  );
const pageQuery = z.object({
  view: z.enum(CALENDAR_VIEWS).default('month'),
  date: isoDateParam.optional(),
  cal: calendarList.optional(),
  /** Smallest instalment shown, in major units of the funder's base currency; 0 hides the book's instalments. */
  min: z.coerce.number().min(0).max(1e12).default(5000),
  /** Set by the filter form, so that unticking every calendar means "none" rather than "all". */
  filtered: z.literal('1').optional(),
});

const CAL_STYLE: Record<string, string> = {
  Personal: 'bg-danger-soft text-danger-text',
  Business: 'bg-primary-soft text-primary-strong',
  Family: 'bg-warning-soft text-warning-text',
  Holiday: 'bg-success-soft text-success-text',
  ETC: 'bg-info-soft text-info-text',
};
const PER_CELL = 3;

function toInput(e: EventDto): EventInput {
  return {
    id: e.id,
    title: e.title,
    start: e.start,
    end: e.end,
    allDay: e.allDay,
    calendar: e.extendedProps.calendar,
    location: e.extendedProps.location ?? '',
    desc: e.extendedProps.desc ?? '',
  };
}

/** Workspace → Calendar: month, week and list views of the user's five calendars, plus read-only dates from the book. */
export default async function CalendarPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'calendar');
  if (!access.ok) return access.forbidden;

  const t = await getTranslations('workspace.calendar');
  const format = await getFormatter();
  const { value: q } = parseLenient(pageQuery, await searchParams);
  const today = requestClock().today;
  const date = q.date ?? today;
  const db = getDb();
  const canReadBook = hasScope(access.principal.scopes, 'read:funders');
  const funder = canReadBook ? await getActiveFunder(db) : null;
  const calendars = q.filtered ? (q.cal ?? []) : q.cal;
  const minGross = funder && q.min > 0 ? Math.round(q.min * 10 ** minorUnitDigits(funder.baseCurrency)) : null;
  const screen = await calendarScreen(db, access.principal.user.id, { view: q.view, date, calendars, minGross }, funder?.id ?? null);
  const selected = new Set(calendars ?? CALENDARS);

  const keep = {
    ...(q.filtered ? { filtered: '1', cal: [...selected] } : {}),
    ...(q.min !== 5000 ? { min: String(q.min) } : {}),
  };
  const href = (view: string, d: string) => ({ pathname: '/calendar', query: { ...keep, view, date: d } });

  // Everything of one day, own events first.
  type CovenantTest = (typeof screen.covenantTests)[number];
  const byDay = new Map<
    string,
    { own: EventDto[]; due: InstalmentDue[]; monthEnd: boolean; certificates: CertificateDate[]; covenants: CovenantTest[] }
  >();
  const slot = (d: string) => {
    let s = byDay.get(d);
    if (!s) byDay.set(d, (s = { own: [], due: [], monthEnd: false, certificates: [], covenants: [] }));
    return s;
  };
  for (const e of screen.events) for (const d of daysOf(e.start, e.end, screen.range.from, screen.range.to)) slot(d).own.push(e);
  for (const i of screen.instalments) slot(i.dueDate).due.push(i);
  for (const m of screen.monthEnds) slot(m).monthEnd = true;
  for (const c of screen.certificates) slot(c.asOf).certificates.push(c);
  for (const c of screen.covenantTests) slot(c.date).covenants.push(c);
  const bookItem =
    'flex items-center gap-1 rounded-sm bg-surface-muted px-1 py-0.5 text-[12px] text-heading hover:underline focus-visible:outline-2 focus-visible:outline-primary';

  const title =
    q.view === 'month'
      ? format.dateTime(new Date(`${date}T00:00:00Z`), { month: 'long', year: 'numeric', timeZone: 'UTC' })
      : `${formatIsoDate(format, screen.range.from)} – ${formatIsoDate(format, screen.range.to)}`;
  const weekdays = monthGrid(date)[0]!.map((d) => format.dateTime(new Date(`${d}T00:00:00Z`), { weekday: 'short', timeZone: 'UTC' }));

  const dayItems = (d: string, limit: number | null) => {
    const s = byDay.get(d);
    if (!s) return null;
    const book = [
      ...(s.monthEnd
        ? [
            <li key="me">
              <Link
                href={{ pathname: '/servicing/reports/collections', query: { month: d.slice(0, 7) } }}
                className="flex items-center gap-1 rounded-sm bg-surface-muted px-1 py-0.5 text-[12px] text-heading hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                data-testid="calendar-month-end"
              >
                <FileSpreadsheet className="size-3.5 shrink-0" aria-hidden="true" />
                <Cut text={t('monthEnd')} />
              </Link>
            </li>,
          ]
        : []),
      ...s.certificates.map((c) => (
        <li key={`cert-${c.certificateId}`}>
          <Link href={`/portfolio/facilities/${c.facilityId}`} className={bookItem} data-testid="calendar-certificate">
            <FileBadge className="size-3.5 shrink-0" aria-hidden="true" />
            <Cut text={t(c.status === 'approved' ? 'certificateIssued' : 'certificatePending', { facility: c.facilityName })} />
          </Link>
        </li>
      )),
      ...s.covenants.map((c) => (
        <li key={`cov-${c.facilityId}`}>
          <Link href={`/portfolio/facilities/${c.facilityId}`} className={bookItem} data-testid="calendar-covenant-test">
            <Gauge className="size-3.5 shrink-0" aria-hidden="true" />
            <Cut text={t('covenantTest', { facility: c.facilityName })} />
          </Link>
        </li>
      )),
      ...s.due.map((i) => (
        <li key={`due-${i.leaseId}-${i.dueDate}`}>
          <Link
            href={`/master-file/${i.leaseId}`}
            className="flex items-center gap-1 rounded-sm border border-border px-1 py-0.5 text-[12px] text-heading hover:underline focus-visible:outline-2 focus-visible:outline-primary"
            data-testid="calendar-instalment"
          >
            <Receipt className="size-3.5 shrink-0" aria-hidden="true" />
            <Cut text={t('instalment', { contract: i.contractNumber, amount: formatMoney(format, i.gross, i.currency) })} />
          </Link>
        </li>
      )),
    ];
    const own = s.own.map((e) => (
      <li key={`own-${e.id}`} className={cn('rounded-sm', CAL_STYLE[e.extendedProps.calendar])} data-testid="calendar-event">
        <EventForm initial={toInput(e)} triggerLabel={e.title} triggerVariant="ghost" />
      </li>
    ));
    const all = [...own, ...book];
    const shown = limit === null ? all : all.slice(0, limit);
    return (
      <ul className="flex flex-col gap-0.5">
        {shown}
        {limit !== null && all.length > limit ? (
          <li>
            <Link
              href={href('list', d)}
              className="px-1 text-[12px] text-primary-strong hover:underline focus-visible:outline-2 focus-visible:outline-primary"
            >
              {t('more', { count: all.length - limit })}
            </Link>
          </li>
        ) : null}
      </ul>
    );
  };

  const days: string[] = [];
  for (let d = screen.range.from; d <= screen.range.to; d = addDays(d, 1)) days.push(d);

  return (
    <ClientMessages namespaces={['workspace.calendar']}>
      <>
        <PageHeader
          page="calendar"
          description={t('subtitle')}
          actions={
            <EventForm
              initial={{ title: '', start: date, end: date, allDay: true, calendar: 'Business', location: '', desc: '' }}
              triggerLabel={t('add')}
              testId="event-add"
            />
          }
        />
        <div className="grid items-start gap-6 xl:grid-cols-[14rem_minmax(0,1fr)]">
          <Card className="p-4">
            <form action="" method="get" className="flex flex-col gap-3" aria-label={t('filters')}>
              <input type="hidden" name="view" value={q.view} />
              <input type="hidden" name="date" value={date} />
              <input type="hidden" name="filtered" value="1" />
              <fieldset>
                <legend className="mb-1 text-[13px] font-medium text-heading">{t('calendars')}</legend>
                {CALENDARS.map((c) => (
                  <label key={c} className="flex h-7 items-center gap-2 text-sm">
                    <input type="checkbox" name="cal" value={c} defaultChecked={selected.has(c)} className="size-4 accent-primary" />
                    <span className={cn('size-2.5 rounded-full', CAL_STYLE[c])} aria-hidden="true" />
                    {t(`calendarNames.${c}`)}
                  </label>
                ))}
              </fieldset>
              {funder ? (
                <div>
                  <Label htmlFor="cal-min">{t('minInstalment', { currency: funder.baseCurrency })}</Label>
                  <Input id="cal-min" name="min" type="number" min={0} step="any" defaultValue={q.min} />
                  <p className="mt-1 text-[12px]">{t('minHint')}</p>
                </div>
              ) : null}
              <button type="submit" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                {t('apply')}
              </button>
            </form>
          </Card>
          <Card className="min-w-0">
            <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border px-4 py-3">
              <div className="flex items-center gap-2">
                <Link
                  href={href(q.view, stepDate(q.view, date, -1))}
                  className={buttonClasses({ variant: 'outline', size: 'icon' })}
                  aria-label={t('previous')}
                >
                  <ChevronLeft aria-hidden="true" />
                </Link>
                <Link
                  href={href(q.view, stepDate(q.view, date, 1))}
                  className={buttonClasses({ variant: 'outline', size: 'icon' })}
                  aria-label={t('next')}
                >
                  <ChevronRight aria-hidden="true" />
                </Link>
                <Link href={href(q.view, today)} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                  {t('today')}
                </Link>
                <h2 className="ml-2 text-lg font-medium text-heading" data-testid="calendar-title">
                  {title}
                </h2>
              </div>
              <nav aria-label={t('views')} className="flex gap-1">
                {CALENDAR_VIEWS.map((v) => (
                  <Link
                    key={v}
                    href={href(v, date)}
                    aria-current={q.view === v ? 'page' : undefined}
                    className={buttonClasses({ variant: q.view === v ? 'secondary' : 'ghost', size: 'sm' })}
                  >
                    {t(`viewNames.${v}`)}
                  </Link>
                ))}
              </nav>
            </div>
            {q.view === 'list' ? (
              <ol className="divide-y divide-border" data-testid="calendar-list">
                {days.filter((d) => byDay.has(d)).length === 0 ? (
                  <li className="flex items-center gap-2 px-4 py-6 text-sm">
                    <CalendarDays className="size-4" aria-hidden="true" />
                    {t('empty')}
                  </li>
                ) : (
                  days
                    .filter((d) => byDay.has(d))
                    .map((d) => (
                      <li key={d} className="grid gap-2 px-4 py-2 sm:grid-cols-[10rem_minmax(0,1fr)]">
                        <h3 className={cn('text-sm font-medium text-heading', d === today && 'text-primary-strong')}>
                          <time dateTime={d}>{formatIsoDate(format, d, 'full')}</time>
                        </h3>
                        {dayItems(d, null)}
                      </li>
                    ))
                )}
              </ol>
            ) : (
              <table className="w-full table-fixed border-collapse text-sm" data-testid={`calendar-${q.view}`}>
                <thead>
                  <tr>
                    {weekdays.map((w) => (
                      <th key={w} scope="col" className="border-b border-border px-1 py-1.5 text-center text-[13px] font-medium">
                        {w}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {(q.view === 'week' ? [days] : monthGrid(date)).map((week) => (
                    <tr key={week[0]}>
                      {week.map((d) => (
                        <td
                          key={d}
                          className={cn(
                            'overflow-hidden border border-border p-1 align-top',
                            q.view === 'week' ? 'h-64' : 'h-24',
                            q.view === 'month' && d.slice(0, 7) !== date.slice(0, 7) && 'bg-surface-muted/60',
                          )}
                          data-date={d}
                        >
                          <div
                            className={cn('mb-0.5 text-right text-[12px] tabular-nums', d === today && 'font-semibold text-primary-strong')}
                          >
                            <time dateTime={d}>{format.dateTime(new Date(`${d}T00:00:00Z`), { day: 'numeric', timeZone: 'UTC' })}</time>
                          </div>
                          {dayItems(d, q.view === 'week' ? 12 : PER_CELL)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Card>
        </div>
      </>
    </ClientMessages>
  );
}

/** A calendar cell's entry, cut with an ellipsis where the day is narrow: the whole text is its tooltip. */
function Cut({ text }: { text: string }) {
  return (
    <span className="min-w-0 truncate" title={text}>
      {text}
    </span>
  );
}
