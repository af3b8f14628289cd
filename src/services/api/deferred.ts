/**
 * The product API with its implementation fetched on first use: the one place the console imports
 * `./index` dynamically.
 *
 * `createApi` brings ky and every response schema (about 9 kB gzip). Sign In never calls the API, so
 * the composition root (src/main.tsx) gives the machines this stand-in instead. It is a plain object
 * of the same shape as `ProductApi`, built from API_FUNCTIONS below: each function waits for the
 * implementation and then makes the real call with the same arguments. `preload()` starts the fetch
 * ahead of need (a tab with a session, or a visitor who starts typing at /login). A failed fetch (a
 * dropped connection) rejects that call and is forgotten, so the next call tries again.
 */
import type { ApiClientOptions, ProductApi } from './index';

/** Marks a function in API_FUNCTIONS. */
const CALL = 'call';

/** ProductApi's shape: each function as CALL, each group of functions as an object of them. */
type ShapeOf<T> = { readonly [K in keyof T]: T[K] extends (...args: never[]) => unknown ? typeof CALL : ShapeOf<T[K]> };

/**
 * Every function of ProductApi, by group. The type checker holds it to `createApi`'s result: a
 * function added there and missing here, or a name here that is not there, fails the build.
 */
const API_FUNCTIONS = {
  completeSignup: CALL,
  activateUser: CALL,
  me: CALL,
  session: { signOut: CALL, signOutAllDevices: CALL },
  users: {
    list: CALL,
    stats: CALL,
    get: CALL,
    create: CALL,
    update: CALL,
    remove: CALL,
    resendInvitation: CALL,
    revokeInvitation: CALL,
    restore: CALL,
    setLicense: CALL,
    setStatus: CALL,
    bulkUpdate: CALL,
    export: CALL,
    invite: CALL,
  },
  imports: { preview: CALL, current: CALL, get: CALL, act: CALL, failedRows: CALL },
  billing: {
    overview: CALL,
    user: CALL,
    updatePaymentMethod: CALL,
    previewSubscription: CALL,
    updateSubscription: CALL,
    invoiceLink: CALL,
    completeSubscription: CALL,
    cancelSubscription: CALL,
  },
  copilot: { ask: CALL },
  audit: { list: CALL, export: CALL },
} as const satisfies ShapeOf<ProductApi>;

export interface DeferredApi {
  readonly api: ProductApi;
  /** Starts fetching the implementation; resolves once it is here (never rejects). */
  preload(): Promise<void>;
}

/** The implementation, fetched as a chunk of its own: the API client and the response schemas. */
export function loadProductApi(options: ApiClientOptions): Promise<ProductApi> {
  return import('./index').then(({ createApi }) => createApi(options));
}

type Group = { readonly [name: string]: typeof CALL | Group };
type AnyFunction = (...args: unknown[]) => unknown;

export function createDeferredApi(load: () => Promise<ProductApi>): DeferredApi {
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

  /** The group at `path` of the loaded API (`[]`: the API itself, `['users']`: its users calls). */
  const groupAt = (api: ProductApi, path: readonly string[]) =>
    path.reduce((group, name) => group[name] as Record<string, unknown>, api as unknown as Record<string, unknown>);

  /** The stand-in for a group: for each function, one that calls the loaded API's. */
  const standIn = (shape: Group, path: readonly string[]): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(shape).map(([name, member]) => [
        name,
        member === CALL
          ? async (...args: unknown[]) => {
              const group = groupAt(await loaded(), path);
              return (group[name] as AnyFunction).apply(group, args);
            }
          : standIn(member, [...path, name]),
      ]),
    );

  return {
    // The one cast: the stand-in is built from API_FUNCTIONS, which the type checker holds to ProductApi.
    api: standIn(API_FUNCTIONS, []) as unknown as ProductApi,
    preload: () =>
      loaded().then(
        () => undefined,
        () => undefined,
      ),
  };
}
