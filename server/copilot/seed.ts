/**
 * Seed calls and the tasks extracted from them: four weeks of a construction organisation's calls
 * (concrete pours, inspections, deliveries, safety, cranes, schedule coordination), deterministic
 * from ctx.rng. Ids are random.
 */
import { randomBytes } from 'node:crypto';
import type { SeedContext, SeedMember } from '../core/module';
import type { Queryable as Db } from '../core/db';

const DAY_MS = 86_400_000;

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

const SEED_SITES = [
  'Harbor Point Tower',
  'Riverside Medical Center',
  'Oak Street Lofts',
  'Summit Logistics Hub',
  'Maple Grove Elementary',
  'Cedar Ridge Parking Structure',
] as const;

type Sentiment = 'positive' | 'neutral' | 'negative';
type Outcome = 'resolved' | 'follow_up' | 'escalated';

interface CallTemplate {
  summary: (site: string, detail: string) => string;
  details: readonly string[];
  tasks: readonly string[];
  sentiment: readonly Sentiment[];
  outcome: readonly Outcome[];
  minutes: readonly [number, number];
}

const TEMPLATES: readonly CallTemplate[] = [
  {
    summary: (site, d) =>
      `Concrete pour planning for ${d} at ${site}. Confirmed the ready-mix order, pump truck arrival and finishing crew; weather forecast checked for the pour window.`,
    details: ['the level 3 slab', 'the east footings', 'the elevator core walls', 'the loading dock slab', 'the ramp deck'],
    tasks: [
      'Confirm ready-mix delivery window with the supplier',
      'Book the concrete pump truck',
      'Order curing blankets for the pour',
      'Schedule cylinder testing with the lab',
    ],
    sentiment: ['positive', 'neutral', 'neutral'],
    outcome: ['resolved', 'follow_up'],
    minutes: [4, 18],
  },
  {
    summary: (site, d) =>
      `${d} inspection at ${site}. The inspector walked the area and listed corrections before sign-off; re-inspection to be requested once fixed.`,
    details: ['Rebar', 'Framing', 'Fire-stopping', 'Electrical rough-in', 'Plumbing rough-in'],
    tasks: [
      'Fix inspection corrections and photograph them',
      'Request re-inspection from the city',
      'Update the inspection log',
      'Send the inspection report to the owner',
    ],
    sentiment: ['neutral', 'negative', 'positive'],
    outcome: ['follow_up', 'resolved', 'escalated'],
    minutes: [6, 25],
  },
  {
    summary: (site, d) =>
      `Delivery of ${d} to ${site}. Coordinated the gate, the laydown area and the forklift; the driver reported a delay at the yard.`,
    details: ['structural steel', 'drywall', 'windows', 'rebar bundles', 'roofing membrane', 'HVAC units'],
    tasks: [
      'Reschedule the delivery with the supplier',
      'Clear the laydown area before the delivery',
      'Check the delivered quantities against the purchase order',
      'Arrange a forklift operator for the delivery',
    ],
    sentiment: ['neutral', 'negative', 'positive'],
    outcome: ['resolved', 'follow_up'],
    minutes: [2, 9],
  },
  {
    summary: (site, d) => `Safety call at ${site}: ${d}. The crew was stopped for a toolbox talk and the hazard was corrected on the spot.`,
    details: [
      'missing guardrail on the level 4 edge',
      'near miss with a reversing excavator',
      'unsecured ladder at the scaffold',
      'workers without hard hats near the crane zone',
      'trench without shoring',
    ],
    tasks: [
      'Hold a toolbox talk on fall protection',
      'File the near-miss safety report',
      'Inspect the scaffold tags',
      'Replace the damaged guardrail',
    ],
    sentiment: ['negative', 'neutral'],
    outcome: ['escalated', 'resolved', 'follow_up'],
    minutes: [3, 15],
  },
  {
    summary: (site, d) =>
      `Crane lift planning at ${site}: ${d}. Reviewed the lift plan, the rigging and the wind limits with the operator.`,
    details: ['rooftop HVAC lift', 'steel beam picks for level 5', 'precast panel installation', 'generator set placement'],
    tasks: ['Submit the critical lift plan for approval', 'Close the sidewalk for the crane lift', 'Confirm the rigging inspection'],
    sentiment: ['neutral', 'positive'],
    outcome: ['resolved', 'follow_up'],
    minutes: [5, 20],
  },
  {
    summary: (site, d) => `Schedule coordination for ${site} with ${d}. Agreed the sequence for next week and flagged a two-day slip risk.`,
    details: [
      'the electrical subcontractor',
      'the drywall crew',
      "the owner's representative",
      'the mechanical subcontractor',
      'the architect',
    ],
    tasks: [
      'Update the three-week lookahead schedule',
      'Send the revised sequence to the subcontractors',
      'Submit the RFI for the ceiling conflict',
      'Review the change order pricing',
    ],
    sentiment: ['neutral', 'positive', 'negative'],
    outcome: ['follow_up', 'resolved'],
    minutes: [8, 40],
  },
];

function pick<T>(rng: () => number, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

async function insertRows(db: Db, table: string, columns: readonly string[], rows: readonly unknown[][]): Promise<void> {
  for (let start = 0; start < rows.length; start += 400) {
    const chunk = rows.slice(start, start + 400);
    const params: unknown[] = [];
    const tuples = chunk.map(
      (row) =>
        `(${row
          .map((value) => {
            params.push(value);
            return `$${params.length}`;
          })
          .join(', ')})`,
    );
    await db.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, params);
  }
}

export async function seedCopilot(ctx: SeedContext): Promise<void> {
  const { rng, now, orgId } = ctx;
  // Callers: active field roles (at most 60, so large organisations keep a realistic call volume).
  const eligible: SeedMember[] = ctx.members.filter(
    (m) => m.isActive && m.role !== 'Admin' && m.createdAt.getTime() < now.getTime() - 2 * DAY_MS,
  );
  const callers = (eligible.length > 0 ? eligible : ctx.members.filter((m) => m.isActive)).slice(0, 60);
  if (callers.length === 0) return;

  const calls: unknown[][] = [];
  const tasks: unknown[][] = [];
  for (let daysAgo = 27; daysAgo >= 0; daysAgo -= 1) {
    const day = new Date(now.getTime() - daysAgo * DAY_MS);
    const weekday = day.getUTCDay() !== 0 && day.getUTCDay() !== 6;
    const count = weekday ? 5 + Math.floor(rng() * 9) : Math.floor(rng() * 3);
    for (let i = 0; i < count; i += 1) {
      const dayStart = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
      const startedAt = new Date(dayStart + (6 * 60 + Math.floor(rng() * 11 * 60)) * 60_000);
      if (startedAt.getTime() > now.getTime()) continue;
      const template = pick(rng, TEMPLATES);
      const caller = pick(rng, callers);
      const site = pick(rng, SEED_SITES);
      const [lo, hi] = template.minutes;
      const duration = Math.round((lo + rng() * (hi - lo)) * 60) + Math.floor(rng() * 60);
      const callId = newId('call');
      calls.push([
        callId,
        orgId,
        caller.id,
        startedAt,
        duration,
        site,
        template.summary(site, pick(rng, template.details)),
        pick(rng, template.sentiment),
        pick(rng, template.outcome),
      ]);

      const taskCount = rng() < 0.35 ? 0 : rng() < 0.7 ? 1 : 2;
      const titles = [...template.tasks];
      for (let k = 0; k < taskCount && titles.length > 0; k += 1) {
        const title = titles.splice(Math.floor(rng() * titles.length), 1)[0] ?? '';
        const createdAt = new Date(startedAt.getTime() + duration * 1000);
        const due = new Date(createdAt.getTime() + (1 + Math.floor(rng() * 7)) * DAY_MS);
        const assignee = rng() < 0.08 ? null : rng() < 0.5 ? caller.id : pick(rng, callers).id;
        // Older tasks are mostly done; some stay open past their due date (overdue).
        const doneChance = due.getTime() < now.getTime() ? 0.75 : 0.2;
        let completedAt: Date | null = null;
        if (rng() < doneChance) {
          const finish = createdAt.getTime() + rng() * (Math.min(now.getTime(), due.getTime() + 2 * DAY_MS) - createdAt.getTime());
          completedAt = new Date(Math.min(finish, now.getTime()));
        }
        tasks.push([
          newId('task'),
          orgId,
          callId,
          `${title} — ${site}`,
          completedAt ? 'done' : 'open',
          assignee,
          isoDay(due),
          createdAt,
          completedAt,
        ]);
      }
    }
  }
  await ctx.db.transaction(async (tx) => {
    await insertRows(
      tx,
      'calls',
      ['id', 'org_id', 'member_id', 'started_at', 'duration_seconds', 'site', 'summary', 'sentiment', 'outcome'],
      calls,
    );
    await insertRows(
      tx,
      'tasks',
      ['id', 'org_id', 'call_id', 'title', 'status', 'assignee_member_id', 'due_date', 'created_at', 'completed_at'],
      tasks,
    );
  });
}
