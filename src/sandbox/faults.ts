import { seededRandom } from './random.js';

export interface FaultOptions {
  /** Share of requests that fail: 500/502/503 or a dropped connection. */
  failRate: number;
  /** Requests per period per token (or per address when anonymous); limit 0 is unlimited. */
  rateLimit: { limit: number; periodMs: number };
  faultSeed: number;
}

export type FaultDecision =
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
  private readonly windows = new Map<string, { start: number; count: number }>();

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
   * A fixed window per client (one minute on the service; shorter periods keep tests fast). Returns the RateLimit-* headers for the response and
   * whether the request is over the limit.
   */
  rateLimit(clientKey: string, now = Date.now()): { limited: boolean; headers: Record<string, string> } {
    const { limit, periodMs } = this.options.rateLimit;
    if (limit <= 0) return { limited: false, headers: {} };
    let window = this.windows.get(clientKey);
    if (!window || now - window.start >= periodMs) {
      window = { start: now, count: 0 };
      this.windows.set(clientKey, window);
    }
    window.count++;
    const resetMs = window.start + periodMs;
    const reset = Math.ceil(resetMs / 1000);
    const limited = window.count > limit;
    const headers: Record<string, string> = {
      'ratelimit-name': 'throttle_authenticated_api',
      'ratelimit-limit': String(limit),
      'ratelimit-observed': String(window.count),
      'ratelimit-remaining': String(Math.max(0, limit - window.count)),
      'ratelimit-reset': String(reset),
    };
    if (limited) {
      headers['retry-after'] = String(Math.max(1, Math.ceil((resetMs - now) / 1000)));
      headers['ratelimit-resettime'] = new Date(resetMs).toUTCString();
    }
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
  const unitMs = unit === 'ms' ? 1 : unit === 's' || unit === 'sec' ? 1000 : unit === 'h' || unit === 'hour' ? 3_600_000 : 60_000;
  if (count <= 0) return undefined;
  return { limit, periodMs: count * unitMs };
}
