/**
 * Measures the users search of the reference API on a large organisation (default 100,000 members):
 *   npx tsx scripts/stack/search-bench.ts [--users 100000]
 * Prints seeding time, each query's median latency through the HTTP app and its query plan
 * (the trigram indexes must appear), and writes reports/users-search-bench.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createApp } from '../../server/core/app';
import { openDatabase } from '../../server/core/db';
import { migrate } from '../../server/core/migrate';
import type { ServerModule, UserPoolAdmin } from '../../server/core/module';
import { seedDatabase } from '../../server/seed';
import { signupModule } from '../../server/signup';
import { usersModule } from '../../server/users';
import { whereOf } from '../../server/users/search';

const usersArg = process.argv.indexOf('--users');
const users = usersArg > 0 ? Number(process.argv[usersArg + 1]) : 100_000;
const modules: ServerModule[] = [signupModule, usersModule];
const config = { apiOrigin: 'http://127.0.0.1:8787', webOrigin: 'http://127.0.0.1:5173' };
const adminSub = 'bench-admin';

const db = await openDatabase();
await migrate(db);
let t = performance.now();
const { orgId, members } = await seedDatabase(db, { modules, config, adminSub, users });
const seedMs = performance.now() - t;
console.log(`Seeded ${members} members in ${(seedMs / 1000).toFixed(1)} s`);

const notUsed = () => Promise.reject(new Error('The search bench never calls the user pool'));
const userPool: UserPoolAdmin = {
  temporaryPasswordValidityDays: 7,
  createUserWithTemporaryPassword: notUsed,
  resendInvitation: notUsed,
  disableUser: notUsed,
  enableUser: notUsed,
  deleteUser: notUsed,
  signOutEverywhere: notUsed,
};
const app = createApp({ db, config, userPool }, modules, {
  verify: () => Promise.resolve({ sub: adminSub, username: adminSub, session: { sessionHash: 'search-bench', issuedAt: 0, expiresAt: 0 } }),
});

const cases: Array<[string, Record<string, string>]> = [
  ['first page, no filter', {}],
  ['name fragment "garc"', { search: 'garc' }],
  ['full name "maria garcia"', { search: 'maria garcia' }],
  ['email fragment "okafor@"', { search: 'okafor@' }],
  ['phone fragment "555 01"', { search: '555 01' }],
  ['phone fragment "(415) 6"', { search: '(415) 6' }],
  ['rare name + role + status', { search: 'kowalski', role: 'Supervisor', status: 'pending' }],
  ['page 40, role filter', { role: 'Field Worker', page: '40' }],
  ['no match "zzzq"', { search: 'zzzq' }],
];

const results: Array<{ case: string; medianMs: number; total: number; plan: string[] }> = [];
for (const [label, query] of cases) {
  const path = `/api/users?${new URLSearchParams({ limit: '25', ...query })}`;
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 7; i++) {
    t = performance.now();
    const response = await app.request(path, { headers: { Authorization: 'Bearer bench' } });
    const body = (await response.json()) as { total: number };
    times.push(performance.now() - t);
    total = body.total;
  }
  times.sort((a, b) => a - b);
  const where = whereOf({
    orgId,
    search: query['search'],
    role: query['role'],
    status: query['status'] as 'active' | 'pending' | undefined,
  });
  const plan = await db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN SELECT id FROM members WHERE ${where.sql} ORDER BY created_at DESC, id LIMIT 25`,
    where.params,
  );
  const planLines = plan.rows.map((r) => r['QUERY PLAN']);
  const median = times[3] ?? 0;
  results.push({ case: label, medianMs: Number(median.toFixed(1)), total, plan: planLines });
  const indexes = [...new Set(planLines.join('\n').match(/members_\w+/g) ?? [])].join(', ') || 'seq scan';
  console.log(`${label.padEnd(30)} ${median.toFixed(1).padStart(7)} ms  total ${String(total).padStart(6)}  via ${indexes}`);
}

await mkdir('reports', { recursive: true });
await writeFile(
  'reports/users-search-bench.json',
  `${JSON.stringify({ users: members, seedSeconds: Number((seedMs / 1000).toFixed(1)), results }, null, 2)}\n`,
);
await db.close();
