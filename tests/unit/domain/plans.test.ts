// @vitest-environment node
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PLAN_TYPES, UserBillingSchema } from '../../../src/contract/api';
import { formatCents } from '../../../src/domain/money';
import { DEFAULT_PLAN_TYPE, PLANS, PLAN_LIST, isPlanType } from '../../../src/domain/plans';
import { TRIAL_USER } from '../../views/billing/fixtures';

describe('the plan catalogue (SPEC §1, §2, §9)', () => {
  it('has one entry per plan type of the contract, under its own id, lite first', () => {
    expect(PLAN_LIST.map((plan) => plan.id)).toEqual(['lite', 'pro']);
    expect(PLAN_LIST.map((plan) => plan.id)).toEqual(PLAN_TYPES);
    for (const id of PLAN_TYPES) expect(PLANS[id].id).toBe(id);
    expect(DEFAULT_PLAN_TYPE).toBe('lite');
  });

  it('names and prices the plans as the console shows them', () => {
    expect(PLAN_LIST.map((plan) => `${plan.name} ${formatCents(plan.priceCents)}/mo`)).toEqual([
      'Hardline Lite $49.99/mo',
      'Hardline Pro $129.99/mo',
    ]);
  });

  it('says what each plan includes: Pro adds Site Mode and an AI Assistant to Lite', () => {
    expect(PLANS.lite.includes).toEqual(['voice calls', 'call summaries', 'task extraction']);
    expect(PLANS.pro.includes).toEqual([...PLANS.lite.includes, 'Site Mode', 'AI Assistant']);
  });

  it('knows a plan id when it sees one', () => {
    expect(PLAN_TYPES.filter(isPlanType)).toEqual(PLAN_TYPES);
    expect([null, undefined, 'Pro', 'trial', 1].some(isPlanType)).toBe(false);
  });
});

describe('the access level the console gets (SPEC §3: pro, lite, trial; anything else means free)', () => {
  const parse = (accessLevel: unknown) => v.safeParse(UserBillingSchema, { ...TRIAL_USER, accessLevel });

  it('keeps the levels it knows', () => {
    for (const level of ['pro', 'lite', 'trial', 'free']) expect(parse(level).output).toMatchObject({ accessLevel: level });
  });

  it('reads a level it does not know as free', () => {
    for (const level of ['none', 'enterprise', '', 'PRO'])
      expect(parse(level)).toMatchObject({ success: true, output: { accessLevel: 'free' } });
  });

  it('still refuses a level that is not text', () => {
    expect(parse(3).success).toBe(false);
    expect(parse(undefined).success).toBe(false);
  });
});
