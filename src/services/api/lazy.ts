/**
 * The product API with its implementation fetched on first use.
 *
 * `createApi` brings ky and every response schema (about 9 kB gzip). Sign In never calls the API, so
 * the composition root gives the machines this facade instead: it has the shape of `ProductApi`
 * (`api.users.list(...)`, `api.me()`), and each call waits for `load()` and then makes the real call.
 * `preload()` starts the fetch ahead of need (a tab with a session, or a visitor who starts typing at
 * /login). A failed fetch (a dropped connection) rejects that call and is forgotten, so the next call
 * tries again.
 */
import type { ProductApi } from './index';

export interface LazyApi {
  readonly api: ProductApi;
  /** Starts fetching the implementation; resolves once it is here (never rejects). */
  preload(): Promise<void>;
}

export function createLazyApi(load: () => Promise<ProductApi>): LazyApi {
  let pending: Promise<ProductApi> | null = null;
  const loaded = (): Promise<ProductApi> => {
    if (pending) return pending;
    const attempt = load();
    pending = attempt;
    attempt.catch(() => {
      if (pending === attempt) pending = null;
    });
    return attempt;
  };

  /** The member at `path` of the loaded API: a function, or a group of functions (`users`, `billing`). */
  const memberAt = (api: ProductApi, path: readonly string[]): unknown =>
    path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], api);

  const facade = (path: readonly string[]): unknown =>
    new Proxy(
      // A function target, so that the proxy can be called (`api.me()`) as well as read (`api.users`).
      function lazyMember() {},
      {
        // Not thenable: `await api` or `await api.users` must not be taken for a pending call.
        get: (_target, key) => (typeof key === 'string' && key !== 'then' ? facade([...path, key]) : undefined),
        apply: async (_target, _this, args: unknown[]) => {
          const api = await loaded();
          const fn = memberAt(api, path);
          if (typeof fn !== 'function') throw new TypeError(`api.${path.join('.')} is not a function`);
          const owner = memberAt(api, path.slice(0, -1));
          return (fn as (...a: unknown[]) => unknown).apply(owner, args);
        },
      },
    );

  return {
    // The one cast: a proxy stands in for the typed object whose functions it forwards to.
    api: facade([]) as ProductApi,
    preload: () =>
      loaded().then(
        () => undefined,
        () => undefined,
      ),
  };
}
