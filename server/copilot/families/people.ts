/**
 * A named member's facts, asked the ways people ask: "what's Sofia's number", "is Mark Sullivan
 * licensed?", "when did Jacob last log in", or the name alone (all of them). Phone, e-mail, role,
 * status, licence, plan, trial end, joined, last active, calls and tasks, as the screens show them
 * (the phone as the users table formats it, the plan as the billing page's access level).
 *
 * Two members with the same name are both shown, and the answer asks which one. A yes-or-no
 * question ("is Mark a supervisor?") is answered yes or no, then with the fact.
 */
import type { CopilotIntent, MemberField, Source } from '../../../src/contract/api';
import { formatPhone } from '../../../src/domain/phone';
import { accessLevelSql } from '../../billing/access';
import type { Queryable } from '../../core/db';
import { count as fmt, dateTime, plural, shortDate, toDate } from '../answer/format';
import { joinMarkdown, markdownLines, md, words, type Markdown } from '../answer/markdown';
import type { Clock } from '../time/windows';
import { dayIn } from '../time/zone';
import { editDistance } from '../understand/normalise';
import { PLAN_NAME } from './family';

interface MemberFacts {
  id: string;
  name: string;
  email: string;
  phone_number: string;
  role: string;
  is_active: boolean;
  has_license: boolean;
  created_at: Date;
  last_active_at: Date | null;
  access: string;
  trial_ends_at: Date | null;
  calls30: number;
  last_call: Date | null;
  open_tasks: number;
  overdue_tasks: number;
  /** Payment methods on file, the default first. */
  cards: Array<{ brand: string; last4: string; exp_month: number; exp_year: number; is_default: boolean }> | null;
}

/** Every fact, for a question that names a member and nothing else. */
const PROFILE: readonly MemberField[] = ['role', 'status', 'license', 'plan', 'phone', 'email', 'joined', 'lastActive', 'calls', 'tasks'];

async function factsOf(db: Queryable, orgId: string, ids: readonly string[], clock: Clock): Promise<MemberFacts[]> {
  const { rows } = await db.query<MemberFacts>(
    `SELECT m.id, m.name, m.email, m.phone_number, m.role, m.is_active, m.has_license, m.created_at, m.last_active_at,
            ${accessLevelSql('$3')} AS access,
            COALESCE(CASE WHEN t.converted_at IS NULL THEN t.ends_at END, CASE WHEN s.status = 'trialing' THEN s.current_period_end END) AS trial_ends_at,
            (SELECT count(*) FROM calls c WHERE c.org_id = m.org_id AND c.member_id = m.id AND c.started_at >= $4)::int AS calls30,
            (SELECT max(c.started_at) FROM calls c WHERE c.org_id = m.org_id AND c.member_id = m.id) AS last_call,
            (SELECT count(*) FROM tasks k WHERE k.org_id = m.org_id AND k.assignee_member_id = m.id AND k.status = 'open')::int AS open_tasks,
            (SELECT count(*) FROM tasks k WHERE k.org_id = m.org_id AND k.assignee_member_id = m.id AND k.status = 'open' AND k.due_date < $5::date)::int AS overdue_tasks,
            (SELECT json_agg(json_build_object('brand', pm.brand, 'last4', pm.last4, 'exp_month', pm.exp_month, 'exp_year', pm.exp_year, 'is_default', pm.is_default)
                             ORDER BY pm.is_default DESC, pm.created_at DESC)
               FROM payment_methods pm WHERE pm.org_id = m.org_id AND pm.member_id = m.id) AS cards
       FROM members m
       LEFT JOIN subscriptions s ON s.member_id = m.id AND s.org_id = m.org_id
       LEFT JOIN trials t ON t.member_id = m.id AND t.org_id = m.org_id
      WHERE m.org_id = $1 AND m.id = ANY($2::text[])
      ORDER BY m.name, m.id`,
    [orgId, [...ids], clock.now, new Date(clock.now.getTime() - 30 * 86_400_000), dayIn(clock.now, clock.zone)],
  );
  return rows;
}

function levelOf(m: MemberFacts): string {
  if (m.access === 'trial') return 'on a trial';
  if (m.access === 'free') return 'on the free plan';
  return `on ${PLAN_NAME[m.access] ?? m.access}`;
}

/** One fact, as a sentence about the member. */
function sentence(m: MemberFacts, field: MemberField, clock: Clock): Markdown {
  const name = md`${m.name}`;
  switch (field) {
    case 'phone':
      return md`${name}'s phone number is ${formatPhone(m.phone_number)}.`;
    case 'email':
      return md`${name}'s e-mail is ${m.email}.`;
    case 'role':
      return md`${name} is ${/^[AEIOU]/.test(m.role) ? 'an' : 'a'} ${m.role}.`;
    case 'status':
      return md`${name} is ${m.is_active ? 'active' : 'pending activation'}.`;
    case 'license':
      return md`${name} ${m.has_license ? 'has a licence' : 'has no licence'}.`;
    case 'plan':
      return md`${name} is ${levelOf(m)}.`;
    case 'trialEnd':
      return m.access === 'trial' && m.trial_ends_at
        ? md`${name}'s trial ends ${dateTime(toDate(m.trial_ends_at), clock.zone)}.`
        : md`${name} is not on a trial (${levelOf(m).replace(/^on /, '')}).`;
    case 'joined':
      return md`${name} joined ${shortDate(toDate(m.created_at), clock.zone)}.`;
    case 'lastActive':
      return m.last_active_at
        ? md`${name} was last active ${dateTime(toDate(m.last_active_at), clock.zone)}.`
        : md`${name} has never been active in the app.`;
    case 'calls': {
      const last = m.last_call ? md` (latest ${shortDate(toDate(m.last_call), clock.zone)})` : md``;
      return md`${name} made ${fmt(m.calls30)} ${plural(m.calls30, 'call', 'calls')} in the last 30 days${last}.`;
    }
    case 'tasks':
      return md`${name} has ${fmt(m.open_tasks)} open ${plural(m.open_tasks, 'task', 'tasks')} (${fmt(m.overdue_tasks)} overdue).`;
    case 'card': {
      // As the member's billing page shows a card: the brand upper-cased, the last four digits, the expiry.
      const cards = (m.cards ?? []).map(
        (c) =>
          md`${c.brand.toUpperCase()} ending ${c.last4}, expires ${c.exp_month}/${c.exp_year}${c.is_default && (m.cards ?? []).length > 1 ? ' (default)' : ''}`,
      );
      if (cards.length === 0) return md`${name} has no card on file.`;
      return cards.length === 1
        ? md`${name}'s card on file: ${cards[0] ?? md``}.`
        : md`${name} has ${cards.length} cards on file: ${joinMarkdown(cards, md`; `)}.`;
    }
  }
}

/** Whether the member is what the question asks about (null: the question asks nothing of that kind). */
function matches(m: MemberFacts, filters: CopilotIntent['filters']): boolean | null {
  const checks: boolean[] = [];
  if (filters.licensed !== undefined) checks.push(m.has_license === filters.licensed);
  if (filters.status === 'active' || filters.status === 'pending') checks.push(m.is_active === (filters.status === 'active'));
  if (filters.role) checks.push(m.role === filters.role);
  if (filters.access) checks.push(m.access === filters.access);
  return checks.length === 0 ? null : checks.every(Boolean);
}

const YES_NO = /^\s*(is|are|was|were|does|do|did|has|have|can)\b/i;

/** The facts of one member: a sentence each for a few facts, the profile as a list. */
function oneMember(m: MemberFacts, fields: readonly MemberField[], clock: Clock, check: boolean | null): Markdown[] {
  const lead = check === null ? md`` : check ? md`Yes. ` : md`No. `;
  if (fields.length <= 3) return [md`${lead}${words(fields.map((f) => sentence(m, f, clock)))}`];
  const rest = fields.filter((f) => f !== 'role' && f !== 'status' && f !== 'license');
  return [
    md`${lead}**${m.name}** — ${m.role}, ${m.is_active ? 'active' : 'pending activation'}, ${m.has_license ? 'licensed' : 'no licence'}.`,
    md``,
    ...rest.map((f) => md`- ${sentence(m, f, clock)}`),
  ];
}

export interface PeopleAnswer {
  result: Markdown;
  sources: Source[];
}

/** The facts of the members an intent names, or a question back when it names several. */
export async function peopleAnswer(
  db: Queryable,
  orgId: string,
  intent: CopilotIntent,
  question: string,
  clock: Clock,
): Promise<PeopleAnswer | null> {
  const person = intent.filters.person;
  if (!person || intent.subject !== 'members' || intent.groupBy || intent.filters.window || intent.filters.site) return null;
  const fields = intent.fields ?? PROFILE;
  const asksYesNo = YES_NO.test(question);
  const all = await factsOf(db, orgId, person.ids, clock);
  // "the supervisor one": what is not a yes-or-no question narrows the members of that name.
  const members = asksYesNo ? all : all.filter((m) => matches(m, intent.filters) !== false);
  const sources: Source[] = members.map((m) => ({ id: m.id, type: 'user', title: m.name, link: { to: 'member', id: m.id } }));
  if (members.length === 0) return null;
  if (members.length === 1 && members[0]) {
    const m = members[0];
    return { result: markdownLines(oneMember(m, fields, clock, asksYesNo ? matches(m, intent.filters) : null)), sources };
  }
  const lines = [md`${fmt(members.length)} members are called ${person.name}:`, md``];
  for (const m of members) {
    const shown = fields.filter((f) => f !== 'role' && f !== 'email').slice(0, 3);
    lines.push(md`- ${m.role}, ${m.email}: ${words(shown.map((f) => sentence(m, f, clock)))}`);
  }
  lines.push(
    md``,
    md`Which one do you mean? Ask again with their e-mail, or with what tells them apart (for example “the ${members[1]?.role.toLowerCase() ?? 'supervisor'}”).`,
  );
  return { result: markdownLines(lines), sources };
}

/** The members' names nearest to one nobody has (at most 3): by trigram similarity, else by the same first letters and few edits. */
export async function closestNames(db: Queryable, orgId: string, name: string): Promise<string[]> {
  const typed = name.toLowerCase().replace(/\s+/g, ' ').trim();
  const { rows } = await db.query<{ name: string }>(
    `SELECT name FROM members WHERE org_id = $1 AND lower(name) % $2 GROUP BY name ORDER BY max(similarity(lower(name), $2)) DESC, name LIMIT 3`,
    [orgId, typed],
  );
  if (rows.length > 0) return rows.map((r) => r.name);
  const start = typed.slice(0, 2).replace(/[\\%_]/g, (c) => `\\${c}`);
  const { rows: near } = await db.query<{ name: string }>(
    `SELECT DISTINCT name FROM members WHERE org_id = $1 AND (lower(name) LIKE $2 OR lower(name) LIKE $3) ORDER BY name LIMIT 300`,
    [orgId, `${start}%`, `% ${start}%`],
  );
  const distance = (candidate: string) =>
    Math.min(
      ...candidate
        .toLowerCase()
        .split(' ')
        .map((word) => Math.min(...typed.split(' ').map((w) => editDistance(w, word, 3)))),
    );
  return near
    .map((r) => ({ name: r.name, d: distance(r.name) }))
    .filter((r) => r.d <= 2)
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, 3)
    .map((r) => r.name);
}
