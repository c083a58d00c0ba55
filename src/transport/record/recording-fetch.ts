// A fetch that records each REST exchange on channel "rest": the request (method, URL, headers with
// X-API-* stripped, body) and the response (status, URL, body). Give it to RestClient({ fetch }).
// The response body is read from a clone, so the caller still gets an unread response.

import type { FrameRecorder } from './frame-recorder.js';
import type { RestRequestRecord, RestResponseRecord } from './format.js';

function headerRecord(init: ConstructorParameters<typeof Headers>[0]): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init).forEach((v, k) => {
    out[k] = v;
  });
  return out;
}

function bodyValue(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function urlOf(input: string | URL | Request): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

export function recordingFetch(recorder: FrameRecorder, inner: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    const url = urlOf(input);
    const request: RestRequestRecord = {
      method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
      url,
      headers: headerRecord(init?.headers),
    };
    if (typeof init?.body === 'string') request.body = bodyValue(init.body);
    // The recorder strips X-API-* headers and secret strings before writing.
    recorder.value('rest', 'out', request);
    const res = await inner(input, init);
    try {
      const text = await res.clone().text();
      const response: RestResponseRecord = { status: res.status, url, body: bodyValue(text) };
      recorder.value('rest', 'in', response);
    } catch {
      // An unreadable body is the caller's error to report; the recording just lacks this line.
    }
    return res;
  };
}
