/**
 * An organisation whose data looks like markup: member, organisation and site names, a call
 * summary, task titles and emails written as links, bold, HTML, code, images and line breaks. Every
 * Assistant answer about it must show these values as the text they are (issue 11, item 10).
 */

/** The only part of the database the fixture needs (PGlite or PostgreSQL). */
interface Sql {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

export const HOSTILE = {
  orgId: 'org-hostile',
  adminId: 'org-hostile-admin',
  orgName: '**Evil** & <b>Co</b> [Sign in again](https://evil.example)',
  /** The five members, most recently active first; all joined this week. */
  members: [
    '[Sign in again](https://evil.example)',
    '**bold**',
    '<img src=x onerror=alert(1)>',
    'Bob `rm -rf /` Jones',
    'Eve _under_ \\*not\\* ![pic](https://evil.example/p.png)\n# Heading\n- item',
  ],
  site: 'Dock [7](https://evil.example)',
  summary: 'Call about **urgent** <script>alert(1)</script> `code` and [a link](https://evil.example).',
  taskTitle: '[Reset your password](https://evil.example) **now**',
} as const;

const DAY_MS = 86_400_000;

/** What a person reads where the value is shown (line breaks become spaces). */
export function shownAs(value: string): string {
  return value.replace(/\s+/g, ' ');
}

export async function insertHostileOrg(db: Sql, now: Date): Promise<void> {
  const at = (ms: number) => new Date(now.getTime() - ms);
  await db.query('INSERT INTO organizations (id, name, created_at) VALUES ($1, $2, $3)', [
    HOSTILE.orgId,
    HOSTILE.orgName,
    at(400 * DAY_MS),
  ]);
  await db.query(
    `INSERT INTO members (id, org_id, name, email, phone_number, role, has_license, is_active, is_admin, created_at, last_active_at)
     VALUES ($1, $2, 'Plain Admin', 'admin@hostile.example', '+15550000000', 'Admin', true, true, true, $3, $4)`,
    [HOSTILE.adminId, HOSTILE.orgId, at(300 * DAY_MS), at(20 * DAY_MS)],
  );
  for (const [i, name] of HOSTILE.members.entries()) {
    const id = `${HOSTILE.orgId}-m${i}`;
    await db.query(
      `INSERT INTO members (id, org_id, name, email, phone_number, role, has_license, is_active, is_admin, created_at, last_active_at)
       VALUES ($1, $2, $3, $4, '+15550000001', 'Field Worker', true, true, false, $5, $6)`,
      [id, HOSTILE.orgId, name, `_m${i}_@hostile.example`, at((i + 1) * DAY_MS), at((i + 1) * 60_000)],
    );
    // A long, negative call this week at the hostile site, and an overdue task from it.
    await db.query(
      `INSERT INTO calls (id, org_id, member_id, started_at, duration_seconds, site, summary, sentiment, outcome)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'negative', 'escalated')`,
      [`${id}-call`, HOSTILE.orgId, id, at((i + 1) * 3600_000), 3000 - i * 60, HOSTILE.site, HOSTILE.summary],
    );
    await db.query(
      `INSERT INTO tasks (id, org_id, call_id, title, status, assignee_member_id, due_date, created_at)
       VALUES ($1, $2, $3, $4, 'open', $5, $6, $7)`,
      [
        `${id}-task`,
        HOSTILE.orgId,
        `${id}-call`,
        HOSTILE.taskTitle,
        id,
        at(3 * DAY_MS + i * DAY_MS)
          .toISOString()
          .slice(0, 10),
        at(3600_000),
      ],
    );
  }
}
