import { z } from 'zod';

/**
 * A UUID route, query or body identifier (Rally ids are UUIDv7; DESIGN.md §1),
 * normalised to lower case: RFC 9562 §4 reads UUIDs case-insensitively, and
 * every id the server stores or compares is the lower-case form PostgreSQL
 * prints, so `0190F3C2-…` and `0190f3c2-…` name the same row.
 */
export const idSchema = z.uuid({ message: 'Must be a valid id' }).toLowerCase();

const LONE_SURROGATE = /\p{Surrogate}/u;
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;

/**
 * Whether `value` is ill-formed UTF-16: it holds a surrogate code unit that
 * is not half of a pair (what ES2024 `String.prototype.isWellFormed` tests).
 * Such text has no UTF-8 form (RFC 3629 §3), so it cannot be stored as it was sent.
 */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/**
 * Whether `value` holds a control character (Unicode category Cc: C0
 * U+0000–U+001F with NUL, DEL, C1 U+0080–U+009F). With `allowLineBreaks`,
 * tab, line feed and carriage return are allowed (multi-line text).
 * PostgreSQL refuses NUL in `text`; the others only ever come from a broken
 * or hostile client.
 */
export function hasControlCharacter(value: string, allowLineBreaks = false): boolean {
  return (allowLineBreaks ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value);
}

/**
 * The one schema of client-supplied text (every free-text field and query
 * string of the API; docs/api.md): a string without lone surrogates
 * ({@link hasLoneSurrogate}) or control characters
 * ({@link hasControlCharacter}; `multiline` allows tab and line breaks).
 * Messages name the field by `label`; a missing value is "`label` is
 * required", another type "`label` must be text". It returns a plain zod
 * string, so callers chain `.trim()`, `.min()`, `.max()` as usual (the checks
 * here run first, on the text as sent).
 */
export function textSchema(label: string, options: { multiline?: boolean } = {}) {
  const multiline = options.multiline ?? false;
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} must be text`,
    })
    .refine((value) => !hasLoneSurrogate(value), {
      message: `${label} holds a broken character (a lone UTF-16 surrogate)`,
      abort: true,
    })
    .refine((value) => !hasControlCharacter(value, multiline), {
      message: multiline
        ? `${label} must not contain control characters other than tabs and line breaks`
        : `${label} must not contain control characters such as NUL, tabs or line breaks`,
      abort: true,
    });
}

/** An IANA time zone name that this runtime knows, e.g. `Asia/Kolkata`. */
export const timeZoneSchema = z.string().refine(
  (value) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return value.includes('/') || value === 'UTC';
    } catch {
      return false;
    }
  },
  { message: 'Must be an IANA time zone such as Asia/Kolkata' },
);

/** A trimmed, non-empty, single-line display name of at most `max` characters ({@link textSchema}). */
export function nameSchema(label: string, max = 100) {
  return textSchema(label)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** The most characters a typed phone number may have (before parsing to E.164; the longest E.164 number is 16). */
export const PHONE_INPUT_MAX_LENGTH = 32;

/**
 * A phone number as a person types it: trimmed, non-empty, at most
 * {@link PHONE_INPUT_MAX_LENGTH} characters ({@link textSchema}). The server
 * parses it to E.164 (default country IN, DESIGN.md §3) and answers
 * `invalid_phone` when it is not a number.
 */
export function phoneInputSchema(label = 'Phone number') {
  return textSchema(label)
    .trim()
    .min(1, `${label} is required`)
    .max(PHONE_INPUT_MAX_LENGTH, 'Phone number is too long');
}

/** An instant as an ISO 8601 string with offset, normalised to UTC on output. */
export const instantSchema = z.iso.datetime({
  offset: true,
  message: 'Must be an ISO 8601 date-time',
});

/** A local date `YYYY-MM-DD` (no time zone). */
export const localDateSchema = z.iso.date({ message: 'Must be a date YYYY-MM-DD' });

const LOCAL_DATE_TIME_MESSAGE = 'Must be a local date-time YYYY-MM-DDTHH:mm';

/**
 * A local wall-clock time `YYYY-MM-DDTHH:mm` (no offset), read in a given
 * time zone: a real calendar date (`2025-02-30` is refused, as
 * {@link localDateSchema} refuses it) and a time 00:00–23:59.
 */
export const localDateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, {
    message: LOCAL_DATE_TIME_MESSAGE,
    abort: true,
  })
  .refine(
    (value) => localDateSchema.safeParse(value.slice(0, 10)).success,
    LOCAL_DATE_TIME_MESSAGE,
  );

/** Params of routes under `/api/orgs/:orgId`. */
export const orgParamsSchema = z.object({ orgId: idSchema });
/** Params of routes under `/api/programs/:programId`. */
export const programParamsSchema = z.object({ programId: idSchema });
/** Params of routes under `/api/profiles/:profileId`. */
export const profileParamsSchema = z.object({ profileId: idSchema });
/** Params of routes under `/api/programs/:programId/events/:eventId`. */
export const programEventParamsSchema = z.object({ programId: idSchema, eventId: idSchema });
/** Params of routes under `/api/profiles/:profileId/events/:eventId`. */
export const profileEventParamsSchema = z.object({ profileId: idSchema, eventId: idSchema });

/** A `[from, to)` window of instants; at most 400 days wide (a year view plus margins). */
export const rangeQuerySchema = z
  .object({ from: instantSchema, to: instantSchema })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), {
    message: '`to` must be after `from`',
    path: ['to'],
  })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 400 * 86_400_000, {
    message: 'The range may span at most 400 days',
    path: ['to'],
  });
/** See {@link rangeQuerySchema}. */
export type RangeQuery = z.infer<typeof rangeQuerySchema>;

/**
 * Where an invitation stands for its inviters: `pending` until the invitee
 * accepts (then a membership or a manager, and off the list) or declines
 * (`declined`, listed until an inviter removes it). docs/decisions/009.
 */
export const inviteStatusSchema = z.enum(['pending', 'declined']);
/** See {@link inviteStatusSchema}. */
export type InviteStatus = z.infer<typeof inviteStatusSchema>;
