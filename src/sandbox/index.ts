import { SANDBOX_DEFAULTS } from './defaults.js';
import { Router } from './http.js';
import { parseRateLimit } from './faults.js';
import { registerRoutes } from './routes/index.js';
import { createSeededStore, type SandboxRole, tokenFor, SANDBOX_USERS } from './seed.js';
import { type RequestRecord, SandboxServer, type SandboxStats } from './server.js';
import type { Store } from './store.js';

/** Each option left out takes its value from SANDBOX_DEFAULTS (sandbox/defaults.ts). */
export interface SandboxOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** How many projects to create (over a fixed tree of groups). */
  seed?: number;
  /** Seed of the data's randomness (visibility, stars, languages). */
  dataSeed?: number;
  latency?: number;
  /** 0..1: share of requests that fail with 500/502/503 or a dropped connection. */
  failRate?: number;
  /** `600/min`, `10/s`: requests per period per token. */
  rateLimit?: string;
  faultSeed?: number;
  /** How long a fork's import, or a pull mirror's update, takes, ms. */
  forkDuration?: number;
  /**
   * How long an immediate deletion (a personal project, a group removed with permanently_remove)
   * takes, ms: the project or group answers until then, then it is gone (404).
   */
  deleteDuration?: number;
  /**
   * The sandbox's clock (store.now: rate-limit windows, Retry-After, job durations, created_at);
   * the system's by default. A test gives the run's (test/helpers/clock.ts), so both agree.
   */
  now?: () => number;
  /**
   * How many records GET /projects serves by offset before it answers 405 (GitLab's default:
   * PROJECTS_OFFSET_LIMIT), so a
   * test reaches the end of the window without seeding 50,000 projects.
   */
  offsetWindow?: number;
  /**
   * Above how many records an offset list leaves out x-total, x-total-pages and rel="last"
   * (GitLab's 10,000, TOTAL_LIMIT), so a test reaches past it without seeding 10,000 projects.
   */
  totalsLimit?: number;
  /** premium: every route; free: the paid features' routes answer as GitLab Free's (src/params/tiers.ts). */
  tier?: 'premium' | 'free';
  /**
   * Whether POST /api/graphql is served (the default); false answers it 404, as an old or
   * restricted instance does, so clients fall back to REST.
   */
  graphql?: boolean;
  /**
   * Whether GET /projects/:id/mirror/pull is served (the default, GitLab 15.6 and later); false
   * answers it as an older GitLab does, which has only the POST there (405, as for any method a
   * path lacks), so clients fall back to what the project shows.
   */
  pullMirrorDetails?: boolean;
  log?: (line: string) => void;
}

export interface Sandbox {
  /** http://127.0.0.1:PORT (collab appends /api/v4). */
  url: string;
  port: number;
  tokens: Record<SandboxRole, string>;
  /** The current state (a new one after a reset() that found changes). */
  readonly store: Store;
  stats: SandboxStats;
  /** Every API request in arrival order: method, path, status, time, user (cleared by resetStats). */
  requestLog: readonly RequestRecord[];
  resetStats(): void;
  /** Resolves once no client is connected and no request in flight (SandboxServer.idle): what was sent has been counted. */
  idle(): Promise<void>;
  /**
   * Back to the state it started with: a newly seeded store if anything may have changed (any
   * request but a read, `store.changed`), the stats and request log cleared, the fault sequence
   * and rate-limit windows started again. Cheap when nothing changed; tests call it before each case.
   */
  reset(): void;
  close(): Promise<void>;
}

/** Starts an in-memory Collaboration Service on 127.0.0.1. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const seeded = (): Store => {
    const { store } = createSeededStore(
      options.seed ?? SANDBOX_DEFAULTS.seed,
      options.dataSeed ?? SANDBOX_DEFAULTS.dataSeed,
    );
    if (options.forkDuration !== undefined) store.forkDurationMs = options.forkDuration;
    if (options.deleteDuration !== undefined) store.deletions.durationMs = options.deleteDuration;
    if (options.now) store.now = options.now;
    if (options.tier) store.tier = options.tier;
    if (options.offsetWindow !== undefined) store.offsetWindow = options.offsetWindow;
    if (options.totalsLimit !== undefined) store.totalsLimit = options.totalsLimit;
    store.changed = false;
    return store;
  };
  let store = seeded();
  const router = new Router();
  registerRoutes(router, { pullMirrorDetails: options.pullMirrorDetails ?? true });
  const rateLimit = options.rateLimit ? parseRateLimit(options.rateLimit) : undefined;
  if (options.rateLimit && !rateLimit)
    throw new Error(`invalid rate limit "${options.rateLimit}": expected N/min, N/s or N/<n>s`);
  const server = new SandboxServer(store, router, {
    latencyMs: options.latency ?? SANDBOX_DEFAULTS.latencyMs,
    graphql: options.graphql ?? true,
    faults: {
      failRate: options.failRate ?? SANDBOX_DEFAULTS.failRate,
      rateLimit: rateLimit ?? { limit: 0, periodMs: 60_000 },
      faultSeed: options.faultSeed ?? SANDBOX_DEFAULTS.faultSeed,
    },
    log: options.log,
  });
  const host = options.host ?? '127.0.0.1';
  const address = await server.listen(options.port ?? SANDBOX_DEFAULTS.port, host);
  const url = `http://${host}:${address.port}`;
  store.origin = url;
  const tokens = Object.fromEntries(SANDBOX_USERS.map((u) => [u.key, tokenFor(u.key)])) as Record<SandboxRole, string>;
  return {
    url,
    port: address.port,
    tokens,
    get store() {
      return store;
    },
    stats: server.stats,
    requestLog: server.requestLog,
    resetStats: () => server.resetStats(),
    idle: () => server.idle(),
    reset: () => {
      if (store.changed) {
        store = seeded();
        store.origin = url;
        server.useStore(store);
      }
      server.resetStats();
      server.resetFaults();
    },
    close: () => server.close(),
  };
}

export { SANDBOX_USERS, tokenFor };
export type { RequestRecord, SandboxRole };
