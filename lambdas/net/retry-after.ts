/**
 * Seconds to wait from a `Retry-After` header (RFC 9110 section 10.2.3): delta-seconds or an
 * HTTP-date. A date in the past means 0; a missing or unreadable value means undefined, so the
 * caller falls back to its own back-off.
 */
export function retryAfterSeconds(headers: Readonly<Record<string, string | undefined>>, now: Date = new Date()): number | undefined {
  const value = headers['retry-after']?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = parseHttpDate(value);
  if (at === undefined) return undefined;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const TIME = '(?<hh>\\d{2}):(?<mm>\\d{2}):(?<ss>\\d{2})';
// The three forms RFC 9110 section 5.6.7 requires a recipient to accept, all in GMT.
const HTTP_DATE_FORMS = [
  new RegExp(`^[a-z]{3}, (?<day>\\d{2}) (?<month>[a-z]{3}) (?<year>\\d{4}) ${TIME} GMT$`, 'i'),
  new RegExp(`^[a-z]{6,9}, (?<day>\\d{2})-(?<month>[a-z]{3})-(?<year>\\d{2}) ${TIME} GMT$`, 'i'),
  new RegExp(`^[a-z]{3} (?<month>[a-z]{3}) (?<day>[ \\d]\\d) ${TIME} (?<year>\\d{4})$`, 'i'),
];

/**
 * Milliseconds since the epoch, or undefined. Written out because Date.parse guesses at anything
 * (`"garbage 12"` is a date to V8) and reads the asctime form in the local time zone.
 */
function parseHttpDate(value: string): number | undefined {
  const fields = HTTP_DATE_FORMS.map((form) => form.exec(value)?.groups).find((groups) => groups !== undefined);
  if (!fields) return undefined;
  const month = MONTHS.indexOf((fields.month ?? '').toLowerCase());
  if (month < 0) return undefined;
  let year = Number(fields.year);
  // RFC 850 two-digit years: RFC 9110 reads them as the most recent matching past year.
  if (fields.year?.length === 2) year += year < 70 ? 2000 : 1900;
  return Date.UTC(year, month, Number(fields.day), Number(fields.hh), Number(fields.mm), Number(fields.ss));
}
