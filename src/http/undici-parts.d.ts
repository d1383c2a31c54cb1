// Types for the undici modules src/http/undici.ts imports one by one (undici types only its index).
declare module 'undici/lib/dispatcher/agent.js' {
  import type { Agent } from 'undici';
  const AgentClass: typeof Agent;
  export default AgentClass;
}

declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  import type { EnvHttpProxyAgent } from 'undici';
  const EnvHttpProxyAgentClass: typeof EnvHttpProxyAgent;
  export default EnvHttpProxyAgentClass;
}

declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  /** Dispatcher#request, which undici's index mixes into every dispatcher. */
  const request: (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
  export default request;
}

declare module 'undici/lib/api/api-connect.js' {
  import type { Dispatcher } from 'undici';
  /** Dispatcher#connect, which undici's index mixes into every dispatcher. */
  const connect: Dispatcher['connect'];
  export default connect;
}

declare module 'undici/lib/dispatcher/dispatcher.js' {
  import type { Dispatcher } from 'undici';
  const DispatcherClass: typeof Dispatcher;
  export default DispatcherClass;
}

declare module 'undici/lib/web/fetch/formdata.js' {
  import type { FormData } from 'undici';
  const formData: { FormData: typeof FormData };
  export default formData;
}
