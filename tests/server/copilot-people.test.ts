// @vitest-environment node
/**
 * Any field of any member, asked by name the ways people ask (issue 40, item 3): phone, e-mail,
 * role, status, licence, plan, trial end, joined, last active, calls, tasks and the card on file;
 * two members with the same name are both shown and the answer asks which one; a name nobody has
 * says so and suggests the closest names. The members are this file's own, with names no seed has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPhone } from '../../src/domain/phone';
import { inlineText, parseBlocks, parseInline } from '../../src/domain/markdown';
import { createCopilotHarness, NOW, type CopilotHarness } from './copilot-harness';

let h: CopilotHarness;
const DAY = 86_400_000;

const ORLA = { id: 'people-orla', name: 'Orla Fennimore', phone: '+13125550142', email: 'orla.fennimore@people.test' };
const BRAM = { id: 'people-bram', name: 'Bram Kettleworth', phone: '+13125550143', email: 'bram.k@people.test' };
const INES = [
  { id: 'people-ines-1', name: 'Ines Vantongeren', phone: '+13125550144', email: 'ines.v@people.test', role: 'Supervisor' },
  { id: 'people-ines-2', name: 'Ines Vantongeren', phone: '+13125550145', email: 'ines.v2@people.test', role: 'Field Worker' },
];

beforeAll(async () => {
  h = await createCopilotHarness({ users: 60 });
  const add = (
    m: { id: string; name: string; phone: string; email: string },
    extra: { role: string; licensed: boolean; joined: Date; seen: Date | null },
  ) =>
    h.db.query(
      `INSERT INTO members (id, org_id, name, email, phone_number, role, has_license, is_active, created_at, last_active_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, true, $8, $9)`,
      [m.id, h.orgId, m.name, m.email, m.phone, extra.role, extra.licensed, extra.joined, extra.seen],
    );
  await add(ORLA, {
    role: 'Project Manager',
    licensed: true,
    joined: new Date('2025-02-03T16:00:00Z'),
    seen: new Date('2025-06-10T21:15:00Z'),
  });
  await add(BRAM, { role: 'Field Worker', licensed: false, joined: new Date('2025-05-20T16:00:00Z'), seen: null });
  for (const ines of INES) await add(ines, { role: ines.role, licensed: true, joined: new Date('2025-01-10T16:00:00Z'), seen: null });
  // Orla is trying Pro until Jun 20, has a card on file, two calls this month and an open task.
  await h.db.query(
    `INSERT INTO subscriptions (id, org_id, member_id, plan_type, status, current_period_start, current_period_end, created_at)
     VALUES ('people-sub', $1, $2, 'pro', 'trialing', $3, $4, $3)`,
    [h.orgId, ORLA.id, new Date('2025-06-06T16:00:00Z'), new Date('2025-06-20T16:00:00Z')],
  );
  await h.db.query(
    `INSERT INTO payment_methods (id, org_id, member_id, brand, last4, exp_month, exp_year, is_default) VALUES ('people-pm', $1, $2, 'visa', '4242', 8, 2028, true)`,
    [h.orgId, ORLA.id],
  );
  for (const i of [1, 2])
    await h.db.query(
      `INSERT INTO calls (id, org_id, member_id, started_at, duration_seconds, site, summary, sentiment, outcome)
       VALUES ($1, $2, $3, $4, 240, 'Harbor Point Tower', 'Checked the formwork', 'neutral', 'resolved')`,
      [`people-call-${i}`, h.orgId, ORLA.id, new Date(NOW.getTime() - i * DAY)],
    );
  await h.db.query(
    `INSERT INTO tasks (id, org_id, title, status, assignee_member_id, due_date) VALUES ('people-task', $1, 'Order the rebar chairs', 'open', $2, '2025-06-20')`,
    [h.orgId, ORLA.id],
  );
}, 180_000);

afterAll(() => h?.close());

/** The answer as the console shows it, one line per paragraph line or list item. */
async function ask(question: string, zone?: string) {
  const answer = await h.ask(question, undefined, zone);
  const text = parseBlocks(answer.text)
    .flatMap((b) => (b.kind === 'paragraph' ? b.lines : b.kind === 'list' ? b.items : b.kind === 'heading' ? [b.text] : []))
    .map((line) => inlineText(parseInline(line)))
    .join('\n');
  return { text, sources: answer.sources, intent: answer.intent };
}

describe("a member's facts, by name", () => {
  it('answers phone, e-mail, role, status, licence and plan the ways people ask', async () => {
    expect((await ask("what's Orla's number")).text).toBe(`Orla Fennimore's phone number is ${formatPhone(ORLA.phone)}.`);
    expect((await ask('orla fennimore email?')).text).toBe(`Orla Fennimore's e-mail is ${ORLA.email}.`);
    expect((await ask('whats Bram Kettleworths role')).text).toBe('Bram Kettleworth is a Field Worker.');
    expect((await ask('is Bram Kettleworth active')).text).toBe('Yes. Bram Kettleworth is active.');
    expect((await ask('is Bram Kettleworth licensed?')).text).toBe('No. Bram Kettleworth has no licence.');
    expect((await ask('is orla a supervisor')).text).toBe('No. Orla Fennimore is a Project Manager.');
    expect((await ask('what plan is Orla Fennimore on')).text).toBe('Orla Fennimore is on a trial.');
  });

  it("answers when: trial end, joined and last active, in the administrator's zone", async () => {
    expect((await ask("when does Orla's trial end", 'America/Los_Angeles')).text).toBe(
      "Orla Fennimore's trial ends Jun 20, 2025, 9:00 AM PDT.",
    );
    expect((await ask('when did Bram join')).text).toBe('Bram Kettleworth joined May 20, 2025.');
    expect((await ask('when did Orla last log in', 'America/Los_Angeles')).text).toBe(
      'Orla Fennimore was last active Jun 10, 2025, 2:15 PM PDT.',
    );
    expect((await ask('when did Bram Kettleworth last log in')).text).toBe('Bram Kettleworth has never been active in the app.');
  });

  it("answers a member's calls, tasks and card, and the name alone with every fact", async () => {
    expect((await ask('how many calls did Orla Fennimore make this month')).text).toMatch(
      /^There were 2 calls by Orla Fennimore this month/,
    );
    expect((await ask('open tasks assigned to orla fennimore')).text).toContain('Order the rebar chairs');
    expect((await ask('what card does Orla have on file')).text).toBe("Orla Fennimore's card on file: VISA ending 4242, expires 8/2028.");
    const profile = await ask('Orla Fennimore');
    expect(profile.text.split('\n')[0]).toBe('Orla Fennimore — Project Manager, active, licensed.');
    for (const fact of [
      'is on a trial',
      formatPhone(ORLA.phone),
      ORLA.email,
      'joined Feb 3, 2025',
      'made 2 calls in the last 30 days',
      'has 1 open task',
    ])
      expect(profile.text).toContain(fact);
    expect(profile.sources).toEqual([{ id: ORLA.id, type: 'user', title: ORLA.name, link: { to: 'member', id: ORLA.id } }]);
  });

  it('shows both members of a shared name, asks which one, and a follow-up picks one', async () => {
    const both = await ask("what's Ines Vantongeren's phone");
    expect(both.text).toContain('2 members are called Ines Vantongeren:');
    for (const ines of INES)
      expect(both.text).toContain(`${ines.role}, ${ines.email}: Ines Vantongeren's phone number is ${formatPhone(ines.phone)}.`);
    expect(both.text).toContain('Which one do you mean?');
    expect(both.sources.map((s) => s.id).sort()).toEqual(INES.map((i) => i.id).sort());
    const answer = await h.ask('the supervisor', both.intent);
    expect(answer.text).toBe(`Ines Vantongeren's phone number is ${formatPhone('+13125550144').replace(/[()]/g, (c) => `\\${c}`)}.`);
  });

  it('says when nobody has the name, and suggests the closest names', async () => {
    const typo = await ask("what's Orla Fenimore's phone");
    expect(typo.text).toBe("I couldn't find a member called “Orla Fenimore” in your organisation. The closest name is Orla Fennimore.");
    expect(typo.sources).toEqual([]);
    const nobody = await ask('is Zebedee Quarrington licensed?');
    expect(nobody.text).toMatch(/^I couldn't find a member called “Zebedee Quarrington” in your organisation\./);
    expect(nobody.text).not.toMatch(/\d/);
  });
});
