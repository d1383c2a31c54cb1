import type { Dispatcher, FormData } from 'undici';
import dispatcherConnect from 'undici/lib/api/api-connect.js';
import dispatcherRequest from 'undici/lib/api/api-request.js';
import Agent from 'undici/lib/dispatcher/agent.js';
import DispatcherBase from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';

/**
 * The parts of undici the HTTP client uses, imported module by module. undici's index loads all of
 * it (fetch, WebSocket, EventSource, cache stores, mock agents...) and the Node built-ins those
 * need: on this machine about 100 ms at the start of every command that sends a request, for
 * nothing collab sends.
 */
export { Agent, EnvHttpProxyAgent };

// A proxy agent opens its tunnel with `connect`, a method undici's index gives every dispatcher
// (index.js: Object.assign(Dispatcher.prototype, api)); without it, every request through
// HTTP(S)_PROXY would fail: "this[kClient].connect is not a function".
DispatcherBase.prototype.connect ??= dispatcherConnect;

/** undici's `request(url, options)`, on the given dispatcher, as undici's index builds it. */
export function request(
  url: string,
  options: Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher: Dispatcher },
): Promise<Dispatcher.ResponseData> {
  const { dispatcher, ...rest } = options;
  const parsed = new URL(url);
  return dispatcherRequest.call(dispatcher, {
    ...rest,
    origin: parsed.origin,
    path: `${parsed.pathname}${parsed.search}`,
  });
}

/**
 * A FormData for uploads, imported when a file is sent, never at load. It comes from undici's own
 * module: undici sends only its own class as multipart (lib/web/fetch/body.js, webidl.is.FormData),
 * not Node's global one, and undici's index, the other way to it, holds the rest of undici (fetch,
 * WebSocket, cache stores, mock agents): 0.2 MB of the back bundle that every command reads.
 */
export async function newFormData(): Promise<FormData> {
  // A CommonJS module imported dynamically from the bundle is its default export only.
  const { default: formData } = await import('undici/lib/web/fetch/formdata.js');
  return new formData.FormData();
}
