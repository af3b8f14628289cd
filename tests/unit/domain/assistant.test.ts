// @vitest-environment node
/**
 * The Assistant's quick prompts (SPEC §2, src/domain/assistant.ts): five buttons, labelled as the
 * SPEC names them, each sending a question the reference API answers with the report its label
 * promises (server/copilot/understand reads the question; no database is involved).
 */
import { describe, expect, it } from 'vitest';
import { QUICK_PROMPTS } from '../../../src/domain/assistant';
import { parseQuestion, type OrgWords } from '../../../server/copilot/understand';

const org: OrgWords = {
  orgName: 'Summit Builders',
  sites: [],
  lookupPeople: () => Promise.resolve([]),
  recordWords: () => Promise.resolve([]),
};

describe('the quick prompts (SPEC §2)', () => {
  it('are the five the SPEC names, in its order', () => {
    expect(QUICK_PROMPTS.map((prompt) => prompt.label)).toEqual([
      'User Activity',
      'Call Analytics',
      'Task Overview',
      'Weekly Report',
      'Organization Insights',
    ]);
  });

  it.each(QUICK_PROMPTS.map((prompt) => [prompt.label, prompt.query]))(
    '%s asks a question the API answers with that report',
    async (label, query) => {
      const topic = label.toLowerCase().replace(' ', '_');
      await expect(parseQuestion(query, { clock: { now: new Date(2026, 4, 20, 15, 30), zone: 'UTC' }, org })).resolves.toEqual({
        kind: 'report',
        topic,
      });
    },
  );
});
