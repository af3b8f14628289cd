/**
 * Questions about members (the console's users): how many, which, by role, status, licence, access
 * level, when they joined or were last active. A named person's facts are families/people.ts.
 */
import type { CopilotIntent } from '../../../src/contract/api';
import { accessLevelSql } from '../../billing/access';
import { count as fmt, dateTime, plural, shortDate, toDate } from '../answer/format';
import { joinMarkdown, md, words, type Markdown } from '../answer/markdown';
import { dayOf, PLAN_NAME, roleOf, STATUS_LABEL, str, type Family, type Filters } from './family';

/** The subscription and trial of each member, for their access level. */
const WITH_ACCESS =
  'members m LEFT JOIN subscriptions s ON s.member_id = m.id AND s.org_id = m.org_id LEFT JOIN trials t ON t.member_id = m.id AND t.org_id = m.org_id';

/** A trial's end: the trial row's, or a trialing subscription's period end (as the member's billing page counts its days). */
const TRIAL_END_SQL =
  "COALESCE(CASE WHEN t.converted_at IS NULL THEN t.ends_at END, CASE WHEN s.status = 'trialing' THEN s.current_period_end END)";

function accessPhrase(filters: Filters): Markdown | null {
  if (filters.access === 'trial' && filters.plan) return md`on a trial of ${PLAN_NAME[filters.plan] ?? filters.plan}`;
  if (filters.access === 'trial') return md`on a trial`;
  if (filters.access === 'free') return md`on the free plan`;
  return filters.access ? md`on the ${PLAN_NAME[filters.access] ?? filters.access} plan` : null;
}

export const members: Family = {
  subject: 'members',
  applies: new Set(['status', 'role', 'licensed', 'access', 'plan', 'site', 'person', 'window', 'name', 'loggedIn', 'hasCard']),
  groups: new Set(['role', 'status', 'plan', 'day']),
  windowFields: new Set(['joined', 'active', 'trialEnd']),
  status: (s) => (s === 'active' || s === 'pending' ? s : undefined),
  fill(signals, filters) {
    const access = signals.access ?? signals.plan;
    if (access) filters.access = access;
    // "pro trials", "trialing lite": members on a trial, of that plan.
    if (access === 'trial' && signals.plan) filters.plan = signals.plan;
    if (signals.login !== undefined) filters.loggedIn = signals.login;
    if (signals.card !== undefined && !signals.person) filters.hasCard = signals.card;
    if (signals.name) filters.name = signals.name;
  },
  windowField(signals, filters) {
    if (signals.whens.includes('trialEnd')) return 'trialEnd';
    const activity =
      signals.whens.includes('active') ||
      signals.login !== undefined ||
      (filters.status === 'active' && !signals.whens.includes('joined') && !signals.isNew);
    // "active this week" is who was seen this week, whatever their status; "active users who have not logged in" keeps both.
    if (activity && filters.status === 'active' && signals.login === undefined) delete filters.status;
    return activity ? 'active' : 'joined';
  },
  windowColumn(intent) {
    const field = intent.filters.window?.field;
    // Not seen in the window: members.sql filters it (last seen before it, or never).
    if (field === 'active' && intent.filters.loggedIn === false) return null;
    return { column: field === 'active' ? 'm.last_active_at' : field === 'trialEnd' ? TRIAL_END_SQL : 'm.created_at' };
  },
  sql(intent, p, { clock, range }) {
    const f = intent.filters;
    const needsAccess = f.access !== undefined || f.plan !== undefined || intent.groupBy === 'plan' || f.window?.field === 'trialEnd';
    const access = needsAccess ? `(${accessLevelSql(p.lazy(clock.now))})` : "'free'";
    const where = ['m.org_id = $1'];
    if (f.status === 'active') where.push('m.is_active');
    if (f.status === 'pending') where.push('NOT m.is_active');
    if (f.role) where.push(`m.role = ${p.add(f.role)}`);
    if (f.licensed !== undefined) where.push(`m.has_license = ${p.add(f.licensed)}`);
    if (f.access) where.push(`${access} = ${p.add(f.access)}`);
    if (f.person) where.push(`m.id = ANY(${p.add(f.person.ids)}::text[])`);
    if (f.site) where.push(`EXISTS (SELECT 1 FROM calls c WHERE c.org_id = m.org_id AND c.member_id = m.id AND c.site = ${p.add(f.site)})`);
    if (f.plan) where.push(`s.plan_type = ${p.add(f.plan)}`);
    if (f.name)
      where.push(
        `(lower(m.name) LIKE ${p.add(`${escapeLike(f.name.toLowerCase())} %`)} OR lower(m.name) LIKE ${p.add(`% ${escapeLike(f.name.toLowerCase())}`)})`,
      );
    if (f.hasCard !== undefined)
      where.push(`${f.hasCard ? '' : 'NOT '}EXISTS (SELECT 1 FROM payment_methods pm WHERE pm.org_id = m.org_id AND pm.member_id = m.id)`);
    if (f.loggedIn === true && !f.window) where.push('m.last_active_at IS NOT NULL');
    if (f.loggedIn === false)
      where.push(
        range && f.window?.field === 'active'
          ? `(m.last_active_at IS NULL OR m.last_active_at < ${p.add(range.from)})`
          : 'm.last_active_at IS NULL',
      );
    const active = f.window?.field === 'active' || f.loggedIn === true;
    const day = dayOf(active ? 'm.last_active_at' : 'm.created_at', p, clock.zone);
    const status = "CASE WHEN m.is_active THEN 'active' ELSE 'pending' END";
    return {
      from: needsAccess ? WITH_ACCESS : 'members m',
      where,
      amount: '0',
      order:
        intent.measure === 'latest' && active
          ? 'm.last_active_at DESC NULLS LAST, m.id'
          : intent.measure === 'earliest'
            ? 'm.created_at ASC, m.id'
            : 'm.created_at DESC, m.id',
      select: `m.id, m.name, m.email, m.phone_number, m.role, m.is_active, m.has_license, m.created_at, m.last_active_at, ${access} AS access`,
      group: {
        role: { key: 'm.role', label: 'm.role' },
        status: { key: status, label: status },
        plan: { key: access, label: access },
        day: { key: day, label: day },
      },
    };
  },
  tally(intent, f) {
    const keys = Object.keys(f).filter((k) => (f as Record<string, unknown>)[k] !== undefined);
    const g = intent.groupBy;
    if (keys.some((k) => !['status', 'role', 'licensed'].includes(k)) || (g && g !== 'role' && g !== 'status')) return null;
    return {
      predicate: (r) =>
        (f.status === undefined || r.b === String(f.status === 'active')) &&
        (f.role === undefined || r.a === f.role) &&
        (f.licensed === undefined || r.c === String(f.licensed)),
      ...(g ? { group: (r) => (g === 'role' ? (r.a ?? '') : r.b === 'true' ? 'active' : 'pending') } : {}),
    };
  },
  phrase(intent, range) {
    const f = intent.filters;
    const label = range?.label ?? '';
    return {
      pre: words([f.licensed === true ? md`licensed` : f.licensed === false ? md`unlicensed` : null]),
      noun: roleOf(intent) ?? ['member', 'members'],
      post: words([
        accessPhrase(f),
        f.person ? md`named ${f.person.name}` : f.name ? md`named ${f.name}` : null,
        f.hasCard === true ? md`with a card on file` : f.hasCard === false ? md`without a card on file` : null,
        f.loggedIn === false && !label ? md`who have never used the app` : f.loggedIn === true && !label ? md`who have used the app` : null,
        f.site ? md`who made calls at ${f.site}` : null,
      ]),
      when: !label
        ? md``
        : f.window?.field === 'active'
          ? f.loggedIn === false
            ? md`not active ${label}`
            : md`active ${label}`
          : f.window?.field === 'trialEnd'
            ? md`whose trial ends ${label}`
            : md`joined ${label}`,
      base: ['member', 'members'],
    };
  },
  line(intent, r, clock) {
    const active =
      intent.filters.window?.field === 'active' && r['last_active_at']
        ? md`, last active ${dateTime(toDate(r['last_active_at']), clock.zone)}`
        : md``;
    const access = intent.filters.access ? md`, ${PLAN_NAME[str(r['access'])] ?? str(r['access'])}` : md``;
    return md`- ${str(r['name'])} — ${str(r['role'])}, ${r['is_active'] ? 'active' : 'pending'}, ${r['has_license'] ? 'licensed' : 'no licence'}${access}, joined ${shortDate(toDate(r['created_at']), clock.zone)}${active}`;
  },
  source: (r) => ({ id: r.id, type: 'user', title: str(r['name']), link: { to: 'member', id: r.id } }),
  first(intent, r, phrase, clock) {
    const noun = words([phrase.pre, md`${phrase.noun[0]}`, phrase.post]);
    if (intent.measure === 'earliest')
      return md`The longest-serving ${noun} is ${str(r['name'])} (${str(r['role'])}), who joined ${shortDate(toDate(r['created_at']), clock.zone)}.`;
    return intent.filters.window?.field === 'active' || intent.filters.loggedIn === true
      ? md`The most recently active ${noun} is ${str(r['name'])} (${str(r['role'])}), last active ${r['last_active_at'] ? dateTime(toDate(r['last_active_at']), clock.zone) : 'never'}.`
      : md`The newest ${noun} is ${str(r['name'])} (${str(r['role'])}), who joined ${shortDate(toDate(r['created_at']), clock.zone)}.`;
  },
  listLink(intent) {
    // User Management filters by search, status and role: the same rows only when nothing else narrows them.
    const f = intent.filters;
    const others = Object.entries(f).filter(([k, v]) => v !== undefined && k !== 'status' && k !== 'role');
    if (others.length > 0 || intent.groupBy) return null;
    const status = f.status === 'active' || f.status === 'pending' ? f.status : undefined;
    const named = [status ? STATUS_LABEL[status] : null, f.role ?? null].filter(Boolean).join(', ');
    return {
      link: { to: 'users', ...(status ? { status } : {}), ...(f.role ? { role: f.role } : {}) },
      title: named ? `User Management — ${named}` : 'User Management',
    };
  },
  rest(intent, rest) {
    const f = intent.filters;
    const filters: Markdown[] = [];
    if (f.status) filters.push(md`Status: ${STATUS_LABEL[f.status] ?? f.status}`);
    if (f.role) filters.push(md`Role: ${f.role}`);
    const how = filters.length > 0 ? md` and filter by ${joinMarkdown(filters, md` and `)}` : md``;
    return md`…and ${fmt(rest)} more. To see them all, open User Management${how}.`;
  },
};

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** "50 members are pending activation (of 240)." */
export function memberCountSentence(intent: CopilotIntent, n: number, subject: Markdown, scope: Markdown, label: string | null): Markdown {
  const f = intent.filters;
  const predicates: Markdown[] = [];
  if (f.status === 'pending') predicates.push(md`${plural(n, 'is', 'are')} pending activation`);
  if (f.status === 'active') predicates.push(md`${plural(n, 'is', 'are')} active`);
  if (label && f.window?.field === 'active')
    predicates.push(
      f.loggedIn === false ? md`${plural(n, 'was', 'were')} not active ${label}` : md`${plural(n, 'was', 'were')} active ${label}`,
    );
  else if (label && f.window?.field === 'trialEnd')
    predicates.push(md`${plural(n, 'has a trial that ends', 'have a trial that ends')} ${label}`);
  else if (label) predicates.push(md`joined ${label}`);
  if (predicates.length > 0) return md`${fmt(n)} ${subject} ${joinMarkdown(predicates, md` and `)}${scope}.`;
  return md`Your organisation has ${fmt(n)} ${subject}${scope}.`;
}
