import { Writable } from 'node:stream';

/**
 * A stream that keeps what is written to it, in order, synchronously: what one target of a run
 * over many prints (src/bulk/target-context.ts), and a test run's stdout and stderr (so help and
 * errors interleave as on a pipe).
 */
export class TextSink extends Writable {
  /** It copies what it is given before calling back: a writer may reuse the buffer then (IO.stdoutTakesBytes). */
  readonly copiesWrites = true;
  private readonly chunks: Buffer[] = [];

  override _write(chunk: Buffer | string, encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk));
    done();
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}
