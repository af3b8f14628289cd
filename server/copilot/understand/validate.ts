/**
 * Step 6 of reading a question: validate the intent. Each subject keeps the filters, groupings and
 * dates it knows (a follow-up from calls to members drops the calls' sentiment), applies its
 * defaults, turns a measure it has no figure for into one it has (the average number of members is
 * a count), and the result must pass the contract's schema, as an intent sent back by the console
 * or written by a model must.
 */
import * as v from 'valibot';
import { CopilotIntentSchema, type CopilotIntent } from '../../../src/contract/api';
import { FAMILIES } from '../families';
import type { Filters } from '../families/family';
import { towardsScreens } from '../families/figures';

/** The intent as its subject can answer it, or null when it is not a valid intent. */
export function validate(raw: CopilotIntent): CopilotIntent | null {
  const intent = towardsScreens(raw);
  const family = FAMILIES[intent.subject];
  const filters: Filters = {};
  for (const [key, value] of Object.entries(intent.filters) as Array<[keyof Filters, unknown]>)
    if (value !== undefined && family.applies.has(key)) (filters as Record<string, unknown>)[key] = value;
  if (filters.status && family.status(filters.status) !== filters.status) delete filters.status;
  if (filters.window?.field && !family.windowFields.has(filters.window.field)) {
    const { field: _drop, ...rest } = filters.window;
    filters.window = rest;
  }
  const fitted: CopilotIntent = { subject: intent.subject, measure: intent.measure, filters };
  if (intent.groupBy && family.groups.has(intent.groupBy)) {
    fitted.groupBy = intent.groupBy;
    if (intent.rank) fitted.rank = intent.rank;
  }
  if (intent.limit !== undefined) fitted.limit = intent.limit;
  if (intent.fields && intent.subject === 'members') fitted.fields = intent.fields;
  family.settle?.(fitted);
  const countOnly = fitted.subject === 'members' || fitted.subject === 'tasks';
  if (fitted.measure === 'average' && (countOnly || fitted.subject === 'subscriptions')) fitted.measure = 'count';
  if (fitted.measure === 'total' && countOnly) fitted.measure = 'count';
  // The longest-serving member is the one who joined first; a task or a subscription has no length.
  if (fitted.measure === 'longest')
    fitted.measure = fitted.subject === 'members' ? 'earliest' : countOnly || fitted.subject === 'subscriptions' ? 'list' : 'longest';
  const checked = v.safeParse(CopilotIntentSchema, fitted);
  return checked.success ? checked.output : null;
}
