/**
 * The browser side of every export: the link is opened by the browser itself (no bearer token: the
 * link is one-time), and its download manager writes the file as it streams. The answer is an
 * attachment, so the console stays loaded. Each screen brings its own `prepareExport`.
 */
export const openDownload = (_: unknown, params: { url: string }) => {
  window.location.assign(params.url);
};

/** The browser's local date, YYYY-MM-DD: the day the administrator sees, for an export's file name. */
export function localDate(now: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}
