/**
 * A screen's view in the address bar, declared once per screen (users list, activity): which query
 * parameter holds which part of the view, how its text is read, and the default. Pure.
 *
 * - Defaults are left out of the URL (`/users` is the default view), so every view has one spelling.
 * - A value that makes no sense (an unknown status, page 0, a search longer than the box allows)
 *   falls back to its default quietly; the machine then writes the view back in its one spelling.
 * - Parameters are written in the order the fields are declared.
 */

/** One part of a view: its query parameter, and its value read from the parameter's text (undefined: nonsense). */
export interface UrlField<T> {
  key: string;
  parse(text: string): T | undefined;
  /** The value as text (default `String(value)`). */
  format?(value: T): string;
}

export type UrlFields<V> = { [K in keyof V]: UrlField<V[K]> };

export interface UrlViewCodec<V> {
  defaults: V;
  /** The view a query string ('?…', or '') names; anything it does not name, or names wrongly, is the default. */
  parse(query: string): V;
  /** The view's one spelling as a query string: '' for the default view, otherwise '?…' without its defaults. */
  toQuery(view: V): string;
}

export function defineUrlView<V extends object>(defaults: V, fields: UrlFields<V>): UrlViewCodec<V> {
  const keys = Object.keys(fields) as Array<keyof V>;
  return {
    defaults,
    parse(query) {
      const params = new URLSearchParams(query);
      const view = { ...defaults };
      for (const name of keys) {
        const field = fields[name];
        const text = params.get(field.key);
        const value = text === null ? undefined : field.parse(text);
        if (value !== undefined) view[name] = value;
      }
      return view;
    },
    toQuery(view) {
      const params = new URLSearchParams();
      for (const name of keys) {
        const field = fields[name];
        const value = view[name];
        if (value !== defaults[name]) params.set(field.key, field.format ? field.format(value) : String(value));
      }
      const query = params.toString();
      return query === '' ? '' : `?${query}`;
    },
  };
}

/** A value from a fixed list (a status, a role, a sort). */
export function oneOf<T extends string>(key: string, list: readonly T[]): UrlField<T> {
  return { key, parse: (text) => ((list as readonly string[]).includes(text) ? (text as T) : undefined) };
}

/** A page number from 1 to `max`, in plain digits ('1.5', '2e3', '-1' and '0' are nonsense). */
export function pageNumber(key: string, max: number): UrlField<number> {
  const digits = new RegExp(`^\\d{1,${String(max).length}}$`);
  return {
    key,
    parse(text) {
      if (!digits.test(text)) return undefined;
      const page = Number(text);
      return page >= 1 && page <= max ? page : undefined;
    },
  };
}

/** Text accepted by `accepts` (a length limit, the contract's own check). */
export function text(key: string, accepts: (text: string) => boolean): UrlField<string> {
  return { key, parse: (value) => (accepts(value) ? value : undefined) };
}
