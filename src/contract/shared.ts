/**
 * The values every area of the API contract shares (SPEC §3 and §7): roles, plans, ids, dates,
 * request text rules and the error body. The areas are in ./account, ./users, ./billing,
 * ./assistant, ./audit and ./imports; ./api gathers the first four for the code that reads them.
 */
import * as v from 'valibot';
import {
  LIMITS,
  hasControlCharacters,
  hasInvisibleFormatting,
  hasLoneSurrogate,
  invisibleFormattingMessage,
  tooLongMessage,
} from '../domain/limits';

export const ROLES = ['Field Worker', 'Supervisor', 'Project Manager', 'Admin'] as const;
export const RoleSchema = v.picklist(ROLES);
export type Role = v.InferOutput<typeof RoleSchema>;

/** The plan ids (SPEC §3 Plan types); each plan's name, price and features are in src/domain/plans.ts. */
export const PLAN_TYPES = ['lite', 'pro'] as const;
export const PlanTypeSchema = v.picklist(PLAN_TYPES);
export type PlanType = v.InferOutput<typeof PlanTypeSchema>;

/** Access levels of a member (SPEC §3, §6: pro, lite, trial, free). */
const ACCESS_LEVELS = ['pro', 'lite', 'trial', 'free'] as const;
export const AccessLevelSchema = v.picklist(ACCESS_LEVELS);
export type AccessLevel = v.InferOutput<typeof AccessLevelSchema>;

export const IsoDate = v.pipe(v.string(), v.isoTimestamp('must be an ISO timestamp'));
export const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
export const Cents = v.pipe(v.number(), v.integer());

// Request text: every string a request carries is bounded (LIMITS), free of control characters
// (PostgreSQL cannot store NUL; none belongs in a name, an id or a search) and well-formed Unicode.
// Messages start with the field's name, so the API's 400 names the field.

/** No control characters (tab and line breaks allowed in `multiline` text), no lone surrogates. */
export function cleanText(field: string, { multiline = false }: { multiline?: boolean } = {}) {
  return v.rawCheck<string>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    if (hasControlCharacters(dataset.value, { allowLineBreaks: multiline }))
      addIssue({ message: `${field} must not contain control characters` });
    else if (hasLoneSurrogate(dataset.value)) addIssue({ message: `${field} must be valid Unicode text` });
  });
}

/** A person's or an organisation's name: nothing invisible that changes how it reads (src/domain/limits.ts). */
export function visibleName(field: string) {
  return v.check<string, string>((text) => !hasInvisibleFormatting(text), invisibleFormattingMessage(field));
}

export function atMost(field: string, max: number) {
  return v.maxLength<string, number, string>(max, tooLongMessage(field, max));
}

/** A required id (a member id, the user pool's sub, a provider-style id). */
export function Id(field: string) {
  return v.pipe(v.string(`${field} must be text`), v.minLength(1, `${field} is required`), atMost(field, LIMITS.id), cleanText(field));
}

/** A path id (`/api/users/{id}`), validated like a body field. */
export const IdParamSchema = v.object({ id: Id('id') });

/** A positive whole number from a query string ('1'..'max'); '1e300', '2.5' or '0x10' are refused. */
export function QueryInteger(field: string, max: number) {
  const message = `${field} must be a whole number from 1 to ${max}`;
  return v.pipe(v.string(message), v.regex(/^\d{1,9}$/, message), v.transform(Number), v.minValue(1, message), v.maxValue(max, message));
}

/** The body of every error answer of the API. */
export const ApiErrorBodySchema = v.object({
  message: v.string(),
  field: v.optional(v.string()),
});

export const MessageResponseSchema = v.object({ message: v.string() });
