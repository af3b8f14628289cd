import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { QUICK_PROMPTS } from '../../../src/domain/assistant';
import { chatMachine, type ChatReply } from '../../../src/machines/chat';
import { ApiRequestError } from '../../../src/services/api/errors';
import { createControllableActors, createControlledDelays } from '../../support/model';
import { renderAssistant } from './render-assistant';

// The ask actor is the boundary to the network: a deferred double the test resolves or rejects.
/** The message (an article named by its sender) that holds `element`. */
function messageOf(log: HTMLElement, element: HTMLElement): HTMLElement {
  const message = within(log)
    .getAllByRole('article')
    .find((article) => article.contains(element));
  if (!message) throw new Error('not inside a message');
  return message;
}

function setup() {
  const fakes = createControllableActors(chatMachine, ['ask']);
  const user = userEvent.setup();
  const view = renderAssistant({ actors: fakes.actors });
  const input = screen.getByRole('textbox', { name: 'Ask the assistant' });
  const log = screen.getByRole('log');
  return { fakes, user, view, input, log };
}

const reply = (text: string, extra: Partial<ChatReply> = {}): ChatReply => ({ text, sources: [], webSearchUsed: false, ...extra });
const TIME = /^\d{1,2}:\d{2} (AM|PM)$/;

afterEach(() => {
  document.body.innerHTML = '';
});

/**
 * The Assistant with its ask actor and its rate-limit wait under the test's control; `refuse()`
 * answers the question awaited with the API's 429 and Retry-After: 30 (the boundary: the ask
 * actor's double rejects as the client would).
 */
async function withRateLimitedChat(
  run: (chat: {
    fakes: ReturnType<typeof createControllableActors>;
    timers: ReturnType<typeof createControlledDelays>;
    user: ReturnType<typeof userEvent.setup>;
    input: HTMLElement;
    refuse: () => void;
  }) => Promise<void>,
): Promise<void> {
  const fakes = createControllableActors(chatMachine, ['ask']);
  const timers = createControlledDelays(['retryAfter']);
  timers.install();
  try {
    const user = userEvent.setup();
    renderAssistant({ actors: fakes.actors, delays: timers.delays });
    const input = screen.getByRole('textbox', { name: 'Ask the assistant' });
    const refuse = () => act(() => fakes.reject('ask', new ApiRequestError(429, 'Too Many Requests', { message: 'ignored' }, 30)));
    await run({ fakes, timers, user, input, refuse });
  } finally {
    timers.uninstall();
  }
}

describe('AssistantScreen', () => {
  it('shows a 600px panel with the greeting, the quick prompts and a polite log', () => {
    const { log } = setup();
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(within(log).getByText("Hello! I'm your Hardline assistant.")).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Conversation' });
    expect(getComputedStyle(panel).height).toBe('600px');
    expect(
      within(screen.getByRole('group', { name: 'Quick prompts' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['User Activity', 'Call Analytics', 'Task Overview', 'Weekly Report', 'Organization Insights']);
  });

  it('sends on Enter: the question bubble with its time, the typing indicator, then the reply with its sources', async () => {
    const { fakes, user, input, log } = setup();
    await user.type(input, '  How many calls today?  {Enter}');

    expect(fakes.inputs('ask')).toEqual([{ query: 'How many calls today?' }]);
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    const question = within(log).getByText('How many calls today?');
    expect(messageOf(log, question)).toHaveAccessibleName('You');
    expect(within(messageOf(log, question)).getByText(TIME)).toBeInTheDocument();
    expect(within(log).getByRole('status')).toHaveTextContent('Assistant is typing…');
    expect(within(log).queryByText("Hello! I'm your Hardline assistant.")).not.toBeInTheDocument();

    act(() =>
      fakes.resolve(
        'ask',
        reply('There were **3 calls** today.', {
          sources: [
            { id: 'c1', type: 'call', title: 'Call with Site A' },
            { id: 'c2', type: 'call', title: 'Call with Site B' },
          ],
        }),
      ),
    );
    await waitFor(() => expect(within(log).queryByRole('status')).not.toBeInTheDocument());
    const answer = within(log).getByText('3 calls');
    expect(answer.tagName).toBe('STRONG');
    const bubble = messageOf(log, answer);
    expect(bubble).toHaveAttribute('data-message-type', 'ai');
    expect(within(bubble).getByText('Sources from organization data')).toBeInTheDocument();
    expect(within(bubble).getByRole('list', { name: 'Sources' })).toHaveTextContent('Call with Site A (call)Call with Site B (call)');
    expect(within(bubble).getByText(TIME)).toBeInTheDocument();
  });

  it('notes web sources and links only https ones, in a new tab', async () => {
    const { fakes, user, input, log } = setup();
    await user.type(input, 'Industry news?{Enter}');
    act(() =>
      fakes.resolve(
        'ask',
        reply('Here is what I found.', {
          webSearchUsed: true,
          sources: [
            { id: 'w1', type: 'web', title: 'Safe page', url: 'https://example.com/news' },
            { id: 'w2', type: 'web', title: 'Script page', url: 'javascript:alert(1)' },
          ],
        }),
      ),
    );
    const note = await within(log).findByText('Sources from web search');
    const bubble = messageOf(log, note);
    const link = within(bubble).getByRole('link', { name: 'Safe page' });
    expect(link).toHaveAttribute('href', 'https://example.com/news');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(bubble).queryByRole('link', { name: 'Script page' })).not.toBeInTheDocument();
    expect(within(bubble).getByText('Script page')).toBeInTheDocument();
  });

  it('links each cited member to their billing page in the console, from the source ids, never from the text', async () => {
    const { fakes, user, input, log } = setup();
    await user.type(input, 'list pending supervisors{Enter}');
    act(() =>
      fakes.resolve(
        'ask',
        reply(
          '2 supervisors are pending activation (of 240 members).\n\n- Ana Ruiz — Supervisor\n- [Bo Lee](/billing/user/someone-else) — Supervisor',
          {
            sources: [
              { id: 'm-1', type: 'user', title: 'Ana Ruiz' },
              { id: 'a/b?c', type: 'user', title: 'Bo Lee' },
              { id: 'c-1', type: 'call', title: 'Harbor Point Tower — Ana Ruiz, Jun 3, 2025' },
            ],
          },
        ),
      ),
    );
    const sources = await within(log).findByRole('list', { name: 'Sources' });
    const links = within(sources).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Ana Ruiz', '/billing/user/m-1'],
      ['Bo Lee', '/billing/user/a%2Fb%3Fc'],
    ]);
    for (const link of links) expect(link).not.toHaveAttribute('target');
    // The answer's own text links nowhere: only the sources do.
    const bubble = messageOf(log, sources);
    expect(within(bubble).getAllByRole('link')).toHaveLength(2);
    expect(
      within(bubble)
        .queryAllByRole('link')
        .filter((a) => a.getAttribute('href')?.includes('someone-else')),
    ).toHaveLength(0);
    expect(bubble).toHaveTextContent('Bo Lee — Supervisor');
    // Inside the console: a client-side navigation, no page load.
    await user.click(links[0] as HTMLElement);
    expect(window.location.pathname).toBe('/billing/user/m-1');
    window.history.replaceState(null, '', '/');
  });

  it('links each source to the screen that shows the same rows: User Management with its filters, the overview, the dashboard, a billing page, the activity', async () => {
    const { fakes, user, input, log } = setup();
    await user.type(input, 'list pending supervisors{Enter}');
    act(() =>
      fakes.resolve(
        'ask',
        reply('2 supervisors are pending activation (of 240).', {
          sources: [
            {
              id: 'list:members',
              type: 'list',
              title: 'User Management — Pending, Supervisor',
              link: { to: 'users', status: 'pending', role: 'Supervisor' },
            },
            { id: 'figure:pro', type: 'figure', title: 'Billing Overview — Pro Users', link: { to: 'billing' } },
            { id: 'figure:unpaid', type: 'figure', title: 'Dashboard — unpaid invoices', link: { to: 'dashboard' } },
            { id: 'in_1', type: 'invoice', title: 'Invoice 0042 — Ana Ruiz', link: { to: 'member', id: 'm-1' } },
            { id: 'e1', type: 'change', title: 'Dana — Ana Ruiz', link: { to: 'activity', member: 'm 1' } },
            { id: 't1', type: 'task', title: 'Pour the slab' },
          ],
        }),
      ),
    );
    const sources = await within(log).findByRole('list', { name: 'Sources' });
    expect(
      within(sources)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['User Management — Pending, Supervisor', '/users?status=pending&role=Supervisor'],
      ['Billing Overview — Pro Users', '/billing'],
      ['Dashboard — unpaid invoices', '/'],
      ['Invoice 0042 — Ana Ruiz', '/billing/user/m-1'],
      ['Dana — Ana Ruiz', '/users/activity?member=m+1'],
    ]);
    // A task has no screen of its own: its title, no link.
    expect(within(sources).getByText('Pour the slab')).toBeInTheDocument();
    await user.click(within(sources).getByRole('link', { name: 'User Management — Pending, Supervisor' }));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/users?status=pending&role=Supervisor');
    window.history.replaceState(null, '', '/');
  });

  it('shows the source note only with sources: a refusal cites none and has none', async () => {
    const { fakes, user, input, log } = setup();
    await user.type(input, 'write me a poem{Enter}');
    act(() => fakes.resolve('ask', reply("I can't write poems, stories or jokes.")));
    const refusal = await within(log).findByText("I can't write poems, stories or jokes.");
    const bubble = messageOf(log, refusal);
    expect(within(bubble).queryByText(/Sources from/)).not.toBeInTheDocument();
    expect(within(bubble).queryByRole('list', { name: 'Sources' })).not.toBeInTheDocument();
  });

  it('breaks the line on Shift+Enter without sending', async () => {
    const { fakes, user, input } = setup();
    await user.type(input, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(input).toHaveValue('first line\nsecond line');
    expect(fakes.calls('ask')).toHaveLength(0);
    await user.keyboard('{Enter}');
    expect(fakes.inputs('ask')).toEqual([{ query: 'first line\nsecond line' }]);
  });

  it('ignores a blank question and keeps what was typed', async () => {
    const { fakes, user, input, log } = setup();
    await user.type(input, '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(fakes.calls('ask')).toHaveLength(0);
    expect(input).toHaveValue('   ');
    expect(input).toHaveFocus();
    expect(within(log).queryByRole('status')).not.toBeInTheDocument();
    expect(within(log).queryAllByRole('article')).toHaveLength(0);
  });

  it('blocks sending while a reply is pending, keeping the next question in the input', async () => {
    const { fakes, user, input, log } = setup();
    await user.type(input, 'First?{Enter}');
    await user.type(input, 'Second?{Enter}');
    expect(fakes.calls('ask')).toHaveLength(1);
    expect(input).toHaveValue('Second?');
    expect(input).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    for (const prompt of QUICK_PROMPTS) expect(screen.getByRole('button', { name: prompt.label })).toBeDisabled();
    expect(within(log).queryAllByRole('article', { name: 'You' })).toHaveLength(1);

    act(() => fakes.resolve('ask', reply('First answer')));
    await within(log).findByText('First answer');
    await user.keyboard('{Enter}');
    expect(fakes.inputs('ask')).toEqual([{ query: 'First?' }, { query: 'Second?' }]);
    expect(input).toHaveValue('');
  });

  it('sends each quick prompt at once and keeps the focus in the input', async () => {
    const { fakes, user, input, log } = setup();
    for (const [i, prompt] of QUICK_PROMPTS.entries()) {
      await user.click(screen.getByRole('button', { name: prompt.label }));
      expect(fakes.inputs('ask')[i]).toEqual({ query: prompt.query });
      expect(input).toHaveFocus();
      expect(within(log).getByText(prompt.query)).toBeInTheDocument();
      act(() => fakes.resolve('ask', reply(`Answer ${i}`)));
      await within(log).findByText(`Answer ${i}`);
    }
    expect(fakes.calls('ask')).toHaveLength(5);
  });

  it('appends the failure bubble and offers the failed question back with Retry', async () => {
    const { fakes, user, input, log } = setup();
    await user.type(input, 'Who is active?{Enter}');
    act(() => fakes.reject('ask', new Error('HTTP 500: Internal Server Error')));
    const failure = await within(log).findByText('Sorry, I encountered an error. Please try again.');
    const bubble = messageOf(log, failure);
    expect(bubble).toHaveAttribute('data-failed', 'true');
    expect(within(bubble).queryByText(/Sources from/)).not.toBeInTheDocument();
    expect(within(log).getByText('Who is active?')).toBeInTheDocument();

    await user.click(within(bubble).getByRole('button', { name: 'Retry' }));
    expect(fakes.inputs('ask')).toEqual([{ query: 'Who is active?' }, { query: 'Who is active?' }]);
    expect(input).toHaveFocus();
    expect(within(log).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    act(() => fakes.resolve('ask', reply('Ann and Bo are active.')));
    await within(log).findByText('Ann and Bo are active.');
    expect(within(log).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('renders hostile replies as inert text', async () => {
    const { fakes, user, input, log } = setup();
    await user.type(input, '<img src=x onerror=alert(1)>{Enter}');
    const payload = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[x](javascript:alert(1))',
      '![pic](https://example.com/p.png)',
      '[plain](http://example.com)',
    ].join('\n\n');
    act(() =>
      fakes.resolve('ask', reply(payload, { sources: [{ id: 's', type: 'web', title: '<b>bold</b>', url: 'javascript:alert(2)' }] })),
    );
    await within(log).findByText('<script>alert(1)</script>');
    expect(within(log).getAllByText('<img src=x onerror=alert(1)>')).toHaveLength(2);
    expect(within(log).getByText('<b>bold</b>')).toBeInTheDocument();
    // The markup itself is the subject (nothing hostile became an element): read the DOM.
    // eslint-disable-next-line testing-library/no-node-access
    expect(log.querySelector('script, img, iframe, b, a')).toBeNull();
    expect(within(log).getByText('x')).toBeInTheDocument();
    expect(within(log).getByText('pic')).toBeInTheDocument();
    expect(within(log).getByText('plain')).toBeInTheDocument();
  });

  it('renders the light markdown of replies', async () => {
    const { fakes, user, input, log } = setup();
    await user.type(input, 'Weekly report{Enter}');
    const text = [
      '# Weekly report',
      'Calls were **up** and `12` tasks are open.',
      '',
      '- Ann: 4 calls',
      '- Bo: 2 calls',
      '',
      '1. Review tasks',
      '2. See [the guide](https://example.com/guide)',
    ].join('\n');
    act(() => fakes.resolve('ask', reply(text)));
    expect(await within(log).findByRole('heading', { level: 3, name: 'Weekly report' })).toBeInTheDocument();
    expect(within(log).getByText('up').tagName).toBe('STRONG');
    expect(within(log).getByText('12').tagName).toBe('CODE');
    const lists = within(log)
      .getAllByRole('list')
      .filter((l) => l.getAttribute('aria-label') !== 'Sources');
    expect(lists.map((l) => l.tagName)).toEqual(['UL', 'OL']);
    expect(
      within(lists[0] as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ann: 4 calls', 'Bo: 2 calls']);
    expect(within(log).getByRole('link', { name: 'the guide' })).toHaveAttribute('href', 'https://example.com/guide');
  });

  it('keeps the conversation while navigating away and back, and forgets it after sign-out', async () => {
    const { fakes, user, input, view } = setup();
    await user.type(input, 'Remember me{Enter}');
    act(() => fakes.resolve('ask', reply('I will.')));
    await screen.findByText('I will.');

    act(() => view.controls.showScreen(false));
    expect(screen.getByText('Another screen')).toBeInTheDocument();
    act(() => view.controls.showScreen(true));
    expect(screen.getByText('Remember me')).toBeInTheDocument();
    expect(screen.getByText('I will.')).toBeInTheDocument();

    act(() => view.controls.signOut(true));
    act(() => view.controls.signOut(false));
    expect(screen.queryByText('Remember me')).not.toBeInTheDocument();
    expect(screen.getByText("Hello! I'm your Hardline assistant.")).toBeInTheDocument();
  });

  it('aborts the pending question at sign-out', async () => {
    const { fakes, user, input, view } = setup();
    await user.type(input, 'Slow question{Enter}');
    const [call] = fakes.calls('ask');
    expect(call?.signal.aborted).toBe(false);
    act(() => view.controls.signOut(true));
    expect(call?.signal.aborted).toBe(true);
  });

  it('clears the conversation', async () => {
    const { fakes, user, input, log } = setup();
    expect(screen.queryByRole('button', { name: 'Clear conversation' })).not.toBeInTheDocument();
    await user.type(input, 'Hi{Enter}');
    expect(screen.getByRole('button', { name: 'Clear conversation' })).toBeDisabled();
    act(() => fakes.resolve('ask', reply('Hello')));
    await within(log).findByText('Hello');
    await user.click(screen.getByRole('button', { name: 'Clear conversation' }));
    expect(within(log).queryAllByRole('article')).toHaveLength(0);
    expect(within(log).getByText("Hello! I'm your Hardline assistant.")).toBeInTheDocument();
  });

  it('over the rate limit: says how long to wait, keeps the question in the composer and blocks sending until the wait is over', () =>
    withRateLimitedChat(async ({ fakes, timers, user, input, refuse }) => {
      const log = screen.getByRole('log');
      await user.type(input, 'Which crews are on site today?{Enter}');
      expect(input).toHaveValue('');
      refuse();

      expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in 30 seconds.');
      expect(input).toHaveValue('Which crews are on site today?');
      expect(within(log).queryByText('Which crews are on site today?')).not.toBeInTheDocument();
      expect(within(log).queryByText('Sorry, I encountered an error. Please try again.')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
      for (const prompt of QUICK_PROMPTS) expect(screen.getByRole('button', { name: prompt.label })).toBeDisabled();
      await user.type(input, '{Enter}');
      expect(fakes.inputs('ask')).toHaveLength(1);

      act(() => timers.fire('retryAfter'));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await user.type(input, '{Enter}');
      expect(fakes.inputs('ask').at(-1)).toEqual({ query: 'Which crews are on site today?' });
      expect(input).toHaveValue('');
    }));

  it('over the rate limit with the next question typed meanwhile: both are in the composer, the refused one first', () =>
    withRateLimitedChat(async ({ user, input, refuse }) => {
      await user.type(input, 'Which crews are on site today?{Enter}');
      // While the answer is awaited, the next question is typed.
      await user.type(input, 'And who is off sick?');
      refuse();

      expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in 30 seconds.');
      // Nothing typed is lost: the refused question comes back before the draft.
      expect(input).toHaveValue('Which crews are on site today?\n\nAnd who is off sick?');
    }));
});
