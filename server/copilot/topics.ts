/**
 * Which canned report a question asks for. The five quick prompts of src/domain/assistant.ts map to
 * the five topics; typed variants are recognised by keywords. Checked in this order, because the
 * weekly report prompt also mentions calls, tasks and team activity.
 */
export type Topic = 'weekly_report' | 'organization_insights' | 'call_analytics' | 'task_overview' | 'user_activity';

const RULES: ReadonlyArray<[Topic, RegExp]> = [
  ['weekly_report', /\bweekly\b|\b(report|summary|recap)\b.*\b(this|last|past) (week|7 days)\b|\bweek(ly)? in review\b/i],
  ['organization_insights', /\binsights?\b|\borgani[sz]ation (overview|health|summary|breakdown)\b|\blicen[cs]e (utili[sz]ation|usage)\b|\brole (mix|breakdown)\b|\bbusiest sites?\b/i],
  ['call_analytics', /\bcall (analytics|volume|durations?|stats|statistics|trends|metrics)\b|\b(analytics|statistics|stats|metrics)\b.*\bcalls?\b|\bhow many calls\b|\blongest calls?\b/i],
  ['task_overview', /\b(open|completed|overdue|outstanding|pending|done) tasks\b|\btasks?\b.*\b(overview|status|summary|overdue|outstanding|assigned|open|completed)\b|\b(overview|status|summary) of (the )?tasks\b/i],
  ['user_activity', /\b(user|member|team|crew) activity\b|\bactive (users|members|people)\b|\bwho (is|was|has been|'s) active\b|\bpending (users|members)\b|\bactivity of (my )?(users|members|team)\b/i],
];

export function detectTopic(query: string): Topic | null {
  for (const [topic, pattern] of RULES) if (pattern.test(query)) return topic;
  return null;
}
