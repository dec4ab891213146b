/** "Sunday 30 November" in the page's language, with the year when it is not this one where the reader is; without
 * `now`, always (a page rendered on the server and in the browser, whose clocks and zones may differ at New Year). */
export function dayText(date: string, language: string, now?: number): string {
  const thisYear = now !== undefined && date.slice(0, 4) === String(new Date(now).getFullYear());
  const year = thisYear ? {} : { year: 'numeric' as const };
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...year,
    timeZone: 'UTC',
  }).format(Date.parse(`${date}T12:00:00Z`));
}
