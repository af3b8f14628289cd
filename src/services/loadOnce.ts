/**
 * `load` started on the first call and its promise shared by every call after it. A rejection (a
 * chunk or a script whose fetch failed on a dropped connection) is forgotten, so the next call starts
 * `load` again. For the code the console fetches on first use: the pool's SDK, the sign-up and
 * two-factor calls, Stripe.js.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    const attempt = (loading ??= load());
    attempt.catch(() => {
      if (loading === attempt) loading = null;
    });
    return attempt;
  };
}
