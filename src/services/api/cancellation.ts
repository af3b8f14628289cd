/**
 * How a caller's signal cancels a call (./client.ts): the AbortError a cancelled call rejects with,
 * and waits the signal cuts short without cancelling what they wait for (the access token, a
 * refresh shared with other calls, a read made ahead of need for another call: ./aheadReads.ts).
 */

export function abortError(): DOMException {
  return new DOMException('The request was cancelled.', 'AbortError');
}

/** Rejects with an AbortError as soon as `signal` aborts, without cancelling `promise` itself. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
