/**
 * Reading an answer's body for the client (./client.ts): parsed as JSON when the content type says
 * JSON, else read as text; and the `fetch` that reads it inside the call's timer. Apart from the
 * client because none of it depends on the call, the session or ky.
 */

interface Body {
  readonly data: unknown;
  /** The content type said JSON but the body did not parse. */
  readonly malformedJson: boolean;
}

function isJsonContentType(contentType: string | null): boolean {
  return contentType !== null && /^[^;]*[/+]json\s*(;|$)/i.test(contentType);
}

export async function readBody(response: Response): Promise<Body> {
  const text = await response.text();
  if (!isJsonContentType(response.headers.get('content-type'))) {
    return { data: text === '' ? undefined : text, malformedJson: false };
  }
  if (text.trim() === '') return { data: undefined, malformedJson: false };
  try {
    return { data: JSON.parse(text) as unknown, malformedJson: false };
  } catch {
    return { data: text, malformedJson: true };
  }
}

/**
 * `fetch`, resolving only once the whole body has arrived. ky's `timeout` covers its fetch call
 * and stops at the headers; reading the body inside it makes one timer cover headers and body,
 * and a stalled body is then aborted by ky like a stalled connection.
 */
export function wholeBodyFetch(base: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    const body = response.body && (await response.arrayBuffer());
    // A 204, 205 or 304 has no body, and the Response constructor throws when given one; Chromium
    // hands such a response a non-null (empty) body stream, so it is dropped here.
    const rebuilt = NULL_BODY_STATUSES.has(response.status) ? null : body;
    return new Response(rebuilt, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** The statuses whose response has no body (the Fetch standard's null body statuses, 101 and 103 aside: fetch never resolves with them). */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);
