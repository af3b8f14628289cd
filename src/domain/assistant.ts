/**
 * The Assistant's five quick prompts (SPEC §2). The label is what the button shows; the query is
 * what is sent, at once, when it is clicked. The reference API recognises these topics.
 */
export const QUICK_PROMPTS = [
  { label: 'User Activity', query: 'Show me user activity across my organization this week.' },
  { label: 'Call Analytics', query: 'Give me call analytics: call volume, durations and trends.' },
  { label: 'Task Overview', query: 'Give me an overview of open and completed tasks from calls.' },
  { label: 'Weekly Report', query: 'Write a weekly report of calls, tasks and team activity.' },
  { label: 'Organization Insights', query: 'What insights do you have about my organization?' },
] as const;
