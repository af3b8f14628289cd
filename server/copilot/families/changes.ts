/**
 * Questions about changes: the activity trail (User Management's Activity section), where every
 * administrator's change to a member or their billing is recorded. Who changed what, to whom, when;
 * a change to one fact ("who changed Karen Scott's role").
 */
import type { CopilotIntent } from '../../../src/contract/api';
import { count as fmt, dateTime, toDate } from '../answer/format';
import { joinMarkdown, md, words, type Markdown } from '../answer/markdown';
import { dayOf, str, type Family } from './family';

/** The key a fact has in an entry's `before` / `after` (src/contract/audit.ts). */
const KEY: Record<NonNullable<CopilotIntent['filters']['changed']>, string> = {
  role: 'role',
  license: 'hasLicense',
  status: 'isActive',
  plan: 'planType',
  name: 'name',
  email: 'email',
  phone: 'phoneNumber',
};

const WHAT: Record<string, string> = {
  'member.created': 'added',
  'member.invited': 'invited',
  'member.edited': 'edited',
  'member.deleted': 'removed',
  'member.invitation_resent': 'resent the invitation of',
  'member.invitation_revoked': 'revoked the invitation of',
  'member.license': 'changed the licence of',
  'member.status': 'changed the status of',
  'members.bulk': 'changed, in a bulk update,',
  'subscription.plan_changed': 'changed the plan of',
  'subscription.canceled': 'cancelled the subscription of',
  'subscription.reactivated': 'reactivated the subscription of',
  'payment_method.page_opened': 'opened the card page of',
};

/** "role Field Worker → Supervisor": the fields of an entry that changed. */
function changesOf(before: unknown, after: unknown): Markdown | null {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const keys = Object.keys(a).filter((k) => k !== 'reason' && k !== 'expiresAt' && k in b && b[k] !== a[k]);
  if (keys.length === 0) return null;
  return joinMarkdown(
    keys.map((k) => md`${k} ${str(b[k])} → ${str(a[k])}`),
    md`, `,
  );
}

export const changes: Family = {
  subject: 'changes',
  applies: new Set(['person', 'window', 'changed']),
  groups: new Set(['person', 'day']),
  windowFields: new Set(['joined']),
  status: () => undefined,
  fill(signals, filters) {
    const changed = signals.changed;
    if (changed) filters.changed = changed;
  },
  windowField: () => undefined,
  windowColumn: () => ({ column: 'e.created_at' }),
  sql(intent, p, { clock }) {
    const f = intent.filters;
    const where = ['e.org_id = $1'];
    if (f.person) where.push(`e.member_id = ANY(${p.add(f.person.ids)}::text[])`);
    if (f.changed) {
      const key = p.add(KEY[f.changed]);
      where.push(`(jsonb_exists(COALESCE(e.after, '{}'::jsonb), ${key}) OR jsonb_exists(COALESCE(e.before, '{}'::jsonb), ${key}))`);
    }
    const day = dayOf('e.created_at', p, clock.zone);
    return {
      from: 'audit_entries e',
      where,
      amount: '0',
      order: intent.measure === 'earliest' ? 'e.created_at ASC, e.id ASC' : 'e.created_at DESC, e.id DESC',
      select: 'e.id, e.kind, e.actor_name, e.member_id, e.member_name, e.before, e.after, e.created_at',
      group: { person: { key: 'e.member_id', label: 'e.member_name' }, day: { key: day, label: day } },
    };
  },
  phrase(intent, range) {
    const f = intent.filters;
    return {
      pre: md``,
      noun: ['change', 'changes'],
      post: words([f.changed ? md`to the ${f.changed}` : null, f.person ? md`of ${f.person.name}` : null]),
      when: range ? md`${range.label}` : md``,
      base: ['change', 'change'],
    };
  },
  line(_intent, r, clock) {
    const changed = changesOf(r['before'], r['after']);
    return md`- ${dateTime(toDate(r['created_at']), clock.zone)} — ${str(r['actor_name'])} ${WHAT[str(r['kind'])] ?? str(r['kind'])} ${str(r['member_name'])}${changed ? md`: ${changed}` : md``}`;
  },
  // The Activity section lists a member's changes (or everyone's, for a removed member's).
  source: (r, clock) => ({
    id: r.id,
    type: 'change',
    title: `${str(r['actor_name'])} — ${str(r['member_name'])}, ${dateTime(toDate(r['created_at']), clock.zone)}`,
    link: { to: 'activity', member: str(r['member_id']) },
  }),
  first(_intent, r, phrase, clock) {
    const noun = words([md`change`, phrase.post]);
    const changed = changesOf(r['before'], r['after']);
    return md`The latest ${noun} was on ${dateTime(toDate(r['created_at']), clock.zone)}: ${str(r['actor_name'])} ${WHAT[str(r['kind'])] ?? str(r['kind'])} ${str(r['member_name'])}${changed ? md` (${changed})` : md``}.`;
  },
  listLink: (intent) => ({
    link: {
      to: 'activity',
      ...(intent.filters.person?.ids.length === 1 && intent.filters.person.ids[0] ? { member: intent.filters.person.ids[0] } : {}),
    },
    title: 'User Management — Activity',
  }),
  rest: (_intent, rest) => md`…and ${fmt(rest)} more. User Management's Activity section lists every change, newest first.`,
};
