/**
 * Organisation data in the Assistant's answers is inert text (issue 11, item 10), end to end: the
 * reference API answers questions about an organisation whose names, sites, summaries and task
 * titles look like markup (tests/server/hostile-org.ts), and the Assistant screen shows each answer
 * with no link, image or formatting made from that data, the values readable as written.
 */
import { Blob as NodeBlob } from 'node:buffer';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { QUICK_PROMPTS } from '../../../src/domain/assistant';
import type { AskInput, ChatReply } from '../../../src/machines/chat';
import { CopilotAskResponseSchema } from '../../../src/contract/api';
import { HOSTILE, insertHostileOrg, shownAs } from '../../server/hostile-org';
import { NOW, createHarness, type Harness } from '../../server/support-billing/harness';
import { renderAssistant } from './render-assistant';

let h: Harness;

beforeAll(async () => {
  // jsdom's Blob has no arrayBuffer(), which PGlite needs to load its extensions; Node's has.
  const jsdomBlob = globalThis.Blob;
  globalThis.Blob = NodeBlob as unknown as typeof Blob;
  try {
    h = await createHarness({ seed: false });
  } finally {
    globalThis.Blob = jsdomBlob;
  }
  await insertHostileOrg(h.db, NOW);
  h.actAs({ orgId: HOSTILE.orgId, memberId: HOSTILE.adminId, isAdmin: true });
}, 120_000);

afterEach(() => {
  document.body.innerHTML = '';
});

/** The screen with the chat machine's `ask` answered by the reference API. */
function setup() {
  const ask = fromPromise<ChatReply, AskInput>(async ({ input }) => {
    const res = await h.json('POST', '/api/copilot/ask', { query: input.query, isAdmin: true });
    const body = v.parse(CopilotAskResponseSchema, res.body);
    return {
      text: typeof body.result === 'string' ? body.result : body.result.result,
      sources: body.sources,
      webSearchUsed: body.webSearchUsed,
    };
  });
  renderAssistant({ actors: { ask } });
  return { user: userEvent.setup(), log: screen.getByRole('log') };
}

async function answerBubble(log: HTMLElement): Promise<HTMLElement> {
  const bubble = await within(log).findByRole('article', { name: 'Assistant' }, { timeout: 15_000 });
  expect(bubble).not.toHaveAttribute('data-failed');
  return bubble;
}

/**
 * No element made from the data: only the answer's own bold headings, lists and paragraphs. The one
 * kind of link is the console's own: a cited member's billing page in the Sources list, built from
 * the member's id, its text the member's name as written.
 */
/* eslint-disable testing-library/no-node-access -- the markup itself is the subject here: which elements the data became */
function expectInert(bubble: HTMLElement, headings: readonly string[]) {
  const sources = within(bubble).queryByRole('list', { name: 'Sources' });
  for (const link of within(bubble).queryAllByRole('link')) {
    expect(sources?.contains(link), `a link outside the sources: ${link.outerHTML}`).toBe(true);
    expect(link.getAttribute('href')).toMatch(/^\/billing\/user\/org-hostile-m\d$/);
    expect(HOSTILE.members.map(shownAs)).toContain(shownAs(link.textContent ?? ''));
    expect(link.children).toHaveLength(0);
  }
  const answer = bubble.cloneNode(true) as HTMLElement;
  answer.querySelector('[aria-label="Sources"]')?.remove();
  expect(answer.querySelector('a, img, script, b, em, code, pre, h1, h2, h3, h4, h5, h6')).toBeNull();
  const strong = [...bubble.querySelectorAll('strong')];
  expect(strong.map((s) => s.textContent)).toEqual(headings);
  for (const s of strong) expect(s.children).toHaveLength(0);
}
/* eslint-enable testing-library/no-node-access */

const [member0, member1, member2] = HOSTILE.members;

const QUICK: ReadonlyArray<{ label: string; headings: string[]; shows: readonly string[] }> = [
  { label: 'User Activity', headings: ['User activity — last 7 days'], shows: HOSTILE.members },
  {
    label: 'Call Analytics',
    headings: ['Call analytics — last 30 days'],
    shows: [member0, member1, member2, HOSTILE.site, HOSTILE.summary],
  },
  { label: 'Task Overview', headings: ['Task overview — tasks extracted from calls'], shows: [...HOSTILE.members, HOSTILE.taskTitle] },
  { label: 'Weekly Report', headings: ['Weekly report — Jun 4 to Jun 11'], shows: [...HOSTILE.members, HOSTILE.site, HOSTILE.summary] },
  { label: 'Organization Insights', headings: [`Organisation insights — ${HOSTILE.orgName}`], shows: [HOSTILE.orgName, HOSTILE.site] },
];

describe('Organisation data in Assistant answers', () => {
  it('has the quick prompts this test clicks', () => {
    expect(QUICK.map((q) => q.label)).toEqual(QUICK_PROMPTS.map((p) => p.label));
  });

  for (const { label, headings, shows } of QUICK) {
    it(`${label}: names, sites, summaries and titles are shown as written, never as markup`, async () => {
      const { user, log } = setup();
      await user.click(screen.getByRole('button', { name: label }));
      const bubble = await answerBubble(log);
      expectInert(bubble, headings);
      for (const value of shows) expect(bubble).toHaveTextContent(shownAs(value));
    });
  }

  it('a typed question and the records it finds are text too', async () => {
    const { user, log } = setup();
    // "Sign in": the members who have used the app, every hostile name among them.
    await user.click(screen.getByRole('textbox', { name: 'Ask the assistant' }));
    await user.paste('[Sign in again](https://evil.example)');
    await user.keyboard('{Enter}');
    const bubble = await answerBubble(log);
    expectInert(bubble, []);
    for (const value of HOSTILE.members) expect(bubble).toHaveTextContent(shownAs(value));
  });

  it('a question echoed back is text', async () => {
    const { user, log } = setup();
    const question = 'zzqq <b>zzqq</b> _qqzz_ ~~zq~~ [x](y)';
    await user.click(screen.getByRole('textbox', { name: 'Ask the assistant' }));
    await user.paste(question);
    await user.keyboard('{Enter}');
    const bubble = await answerBubble(log);
    // Nothing in the calls or tasks: the members whose name or e-mail has one of its words ("x").
    expectInert(bubble, ['Members']);
    expect(bubble).toHaveTextContent(`Here is what I found in your organisation's records for "${question}":`);
    expect(bubble).toHaveTextContent(shownAs(HOSTILE.members[2]));
  });
});
