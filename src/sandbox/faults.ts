import { seededRandom } from './random.js';

export interface FaultOptions {
  /** Share of requests that fail: 500/502/503 or a dropped connection. */
  failRate: number;
  /** Requests per period per token (or per address when anonymous); limit 0 is unlimited. */
  rateLimit: { limit: number; periodMs: number };
  faultSeed: number;
}

type FaultDecision =
  | { kind: 'none' }
  | { kind: 'status'; status: 500 | 502 | 503; when: 'before' | 'after' }
  | { kind: 'drop'; when: 'before' | 'after' };

/**
 * Reproducible faults: the same --fault-seed gives the same sequence of failures. A fault may
 * strike before the request is handled (nothing changed) or after (the change is made but the
 * answer is lost), as on a real network: a client cannot tell which, so it must not blindly
 * repeat what is not idempotent.
 */
export class Faults {
  private readonly random: () => number;
  private readonly windows = new Map<string, { end: number; count: number }>();

  constructor(readonly options: FaultOptions) {
    this.random = seededRandom(options.faultSeed);
  }

  decide(): FaultDecision {
    if (this.options.failRate <= 0 || this.random() >= this.options.failRate) return { kind: 'none' };
    const pick = this.random();
    const when = this.random() < 0.5 ? 'before' : 'after';
    if (pick < 0.25) return { kind: 'drop', when };
    return { kind: 'status', status: pick < 0.5 ? 500 : pick < 0.75 ? 502 : 503, when };
  }

  /**
   * A fixed window per client, as GitLab's throttles (Rack::Attack) count: `limit` requests,
   * then 429 until the window ends. A window starts with a client's first request and ends on
   * the first whole second at least a period later, so that RateLimit-Reset (a Unix time in
   * seconds) is exactly when requests are let through again. Returns GitLab's headers: every
   * answer carries RateLimit-*; a throttled one adds Retry-After (seconds to wait).
   */
  rateLimit(clientKey: string, now: number): { limited: boolean; headers: Record<string, string> } {
    const { limit, periodMs } = this.options.rateLimit;
    if (limit <= 0) return { limited: false, headers: {} };
    let window = this.windows.get(clientKey);
    if (!window || now >= window.end) {
      window = { end: Math.ceil((now + periodMs) / 1000) * 1000, count: 0 };
      this.windows.set(clientKey, window);
    }
    window.count++;
    const limited = window.count > limit;
    const headers: Record<string, string> = {
      'ratelimit-name': 'throttle_authenticated_api',
      // GitLab states the limit per minute, whatever the throttle's period.
      'ratelimit-limit': String(Math.ceil((limit * 60_000) / periodMs)),
      'ratelimit-observed': String(window.count),
      'ratelimit-remaining': String(Math.max(0, limit - window.count)),
      'ratelimit-reset': String(window.end / 1000),
      'ratelimit-resettime': new Date(window.end).toUTCString(),
    };
    if (limited) headers['retry-after'] = String(Math.max(1, Math.ceil((window.end - now) / 1000)));
    return { limited, headers };
  }
}

/** `600/min`, `10/s`, `100/10s`, `5000/h`, or a bare number per minute. */
export function parseRateLimit(text: string): { limit: number; periodMs: number } | undefined {
  const match = /^(\d+)(?:\/(\d*)\s*(ms|s|sec|m|min|h|hour)?)?$/.exec(text.trim());
  if (!match) return undefined;
  const limit = Number(match[1]);
  const count = match[2] ? Number(match[2]) : 1;
  const unit = match[3] ?? 'min';
  const unitMs =
    unit === 'ms' ? 1 : unit === 's' || unit === 'sec' ? 1000 : unit === 'h' || unit === 'hour' ? 3_600_000 : 60_000;
  if (count <= 0) return undefined;
  return { limit, periodMs: count * unitMs };
}
