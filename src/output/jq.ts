import { createRequire } from 'node:module';
import { CollabError } from '../errors.js';
import type { Page } from '../http/paginate.js';
import { type IO, write } from '../io.js';
import { escapeControls } from './escape.js';
import { pickPaths } from './fields.js';
import type { OutputOptions } from './writer.js';

/**
 * `--jq <expression>`: jq (jq-web, jq compiled to WebAssembly) run over what -o json or -o ndjson
 * would print. Output as gh prints it: strings raw, other values as compact JSON, one a line
 * (`jq -r -c`).
 *
 * jq-web runs jq's main on every call (about 1 ms even on no input), so values go to it in
 * batches, as one multi-value input: a page of a list at a time with -o ndjson (each object is
 * still its own input, as `jq` reads ndjson), the whole list at once with -o json (slurped into
 * the one array -o json prints). This module is loaded only when --jq is given, and jq-web with
 * it: it compiles a 2.8 MB .wasm.
 */

/** jq-web's engine (the package ships no types). */
interface JqWeb {
  /**
   * Runs jq's main on `input` (as `jq <flags> <filter> file`) and returns its standard output,
   * less one final newline, or undefined when it wrote nothing. A non-zero exit throws an Error
   * with `exitCode` and `stderr`; what jq writes to stderr on success goes to console.warn.
   */
  raw(input: string | Uint8Array, filter: string, flags?: string[]): string | undefined;
}

const OUTPUT_FLAGS = ['-r', '-c'];
const NEWLINE = Buffer.from('\n');

let engine: Promise<JqWeb> | undefined;

/**
 * jq-web's module, whose exports are a promise of the engine: required, not imported (an import
 * would resolve to a namespace that forwards the promise's then(), which breaks). dist/back.cjs
 * (CommonJS: __filename is the bundle) finds it beside itself, where build.mjs copies jq.js and
 * jq.wasm (dist/jq-web/); from the sources (tests), it is the package.
 */
function requireJqWeb(): Promise<JqWeb> {
  const require = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
  try {
    return require('./jq-web/jq.cjs') as Promise<JqWeb>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    return require('jq-web') as Promise<JqWeb>;
  }
}

/** The engine, once its .wasm is compiled. */
function loadEngine(): Promise<JqWeb> {
  engine ??= Promise.resolve()
    .then(requireJqWeb)
    .catch((error: unknown) => {
      throw new CollabError(
        'internal',
        `cannot load the jq engine: ${error instanceof Error ? error.message : String(error)}`,
        { hint: 'reinstall collab (dist/jq-web/ is missing or damaged)' },
      );
    });
  return engine;
}

/** What one run of jq printed: its standard output and what it said on standard error. */
interface JqRun {
  stdout: string;
  stderr: string;
}

/** jq's exit status and message when it ends with one (compile error 3, runtime error 5, bad input 2, halt_error). */
interface JqFailure {
  exitCode: number;
  stderr: string;
}

function isJqFailure(error: unknown): error is JqFailure {
  return typeof error === 'object' && error !== null && typeof (error as JqFailure).exitCode === 'number';
}

/**
 * jq's lines on stderr as one message, without its `jq: error (at <file>:N):` prefixes: a line
 * ending in a colon runs on into the next (the program text a syntax error quotes).
 */
function jqMessage(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.replace(/^jq: error(?: \(at [^)]*\))?: /, '').trim())
    .filter((line) => line !== '' && !/^jq: \d+ compile errors?$/.test(line));
  return lines.reduce((text, line) => (text === '' ? line : `${text}${text.endsWith(':') ? ' ' : '; '}${line}`), '');
}

/** A runtime error of jq: found in the data, after requests were sent, so not a usage error. */
function runtimeError(stderr: string): CollabError {
  return new CollabError('filter', `--jq failed: ${jqMessage(stderr) || 'jq stopped'}`);
}

/** Runtime errors jq reported while still ending well (an input that failed before others that did not). */
const RUNTIME_ERROR_LINE = /^jq: error \(at /;

export class JqFilter {
  private constructor(
    private readonly jq: JqWeb,
    readonly expression: string,
  ) {}

  /**
   * Loads the engine and checks the expression, before any request: jq compiles the program and,
   * given no input, runs none of it. A compile error is a usage error with jq's own message.
   */
  static async compile(expression: string): Promise<JqFilter> {
    const filter = new JqFilter(await loadEngine(), expression);
    try {
      filter.call('', []);
    } catch (error) {
      if (!isJqFailure(error)) throw error;
      throw new CollabError('usage', `invalid --jq expression: ${jqMessage(error.stderr ?? '')}`, {
        hint: "see the jq manual (https://jqlang.org/manual/); quote the expression for the shell: --jq '.[] | .path'",
      });
    }
    return filter;
  }

  /**
   * One run of jq's main. Besides failing with an exit status, jq writes to stderr when it ends
   * well: `debug` and `stderr` output, and errors on inputs followed by inputs that went well.
   * jq-web hands that text to console.warn, which is taken back here for the caller.
   */
  private call(input: string | Uint8Array, extraFlags: readonly string[]): JqRun {
    let stderr = '';
    const warn = console.warn;
    // jq-web leaves jq's exit status in process.exitCode when there was none before.
    const exitCode = process.exitCode;
    console.warn = (...args: unknown[]) => {
      stderr += `${String(args[args.length - 1])}\n`;
    };
    try {
      const stdout = this.jq.raw(input, this.expression, [...OUTPUT_FLAGS, ...extraFlags]);
      return { stdout: stdout === undefined ? '' : `${stdout}\n`, stderr };
    } finally {
      console.warn = warn;
      process.exitCode = exitCode;
    }
  }

  /** One run, printing nothing: what jq printed, and the runtime error it met, if any. */
  private attempt(input: string | Uint8Array, slurp: boolean): JqRun & { error?: CollabError } {
    let result: JqRun;
    try {
      result = this.call(input, slurp ? ['-s'] : []);
    } catch (error) {
      // jq-web keeps no output of a run that failed.
      if (isJqFailure(error)) return { stdout: '', stderr: '', error: runtimeError(error.stderr ?? '') };
      throw error;
    }
    const errors = result.stderr.split('\n').filter((line) => RUNTIME_ERROR_LINE.test(line));
    return errors.length > 0 ? { ...result, error: runtimeError(errors.join('\n')) } : result;
  }

  /**
   * Runs the filter over one input text (holding one or more JSON values) and writes what it
   * printed; jq's other stderr lines (debug, stderr) go to stderr. A runtime error is thrown after
   * what was printed.
   */
  async run(io: IO, input: string | Uint8Array, slurp = false): Promise<void> {
    await this.print(io, this.attempt(input, slurp));
  }

  /**
   * jq prints strings raw (-r), as gh does: on a terminal a name from the service could then
   * carry an escape sequence, so there it is shown as every text is (escape.ts); a pipe gets
   * jq's bytes as they are.
   */
  private async print(io: IO, result: JqRun & { error?: CollabError }): Promise<void> {
    if (result.stdout) await write(io.stdout, io.stdoutIsTTY ? escapeControls(result.stdout) : result.stdout);
    if (result.error) throw result.error;
    if (result.stderr) await write(io.stderr, io.stderrIsTTY ? escapeControls(result.stderr) : result.stderr);
  }

  /**
   * Runs the filter over values given one by one, each its own input, in one batch. When the batch
   * fails they are run again one at a time: what the values before the failing one print is
   * printed, and the error stops the command there (as gh's --jq does).
   */
  async runEach(io: IO, values: readonly Uint8Array[]): Promise<void> {
    if (values.length === 0) return;
    const batch = this.attempt(joinLines(values), false);
    if (!batch.error || values.length === 1) {
      await this.print(io, batch);
      return;
    }
    for (const value of values) await this.run(io, value);
  }

  /** A writer of lists and resources for Context, in place of ListWriter. */
  writer(io: IO, options: OutputOptions): JqWriter {
    return new JqWriter(io, this, options);
  }
}

function joinLines(values: readonly Uint8Array[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const value of values) parts.push(value, NEWLINE);
  return Buffer.concat(parts);
}

/**
 * What --jq sees: with -o ndjson each object, a page at a time, so that memory stays flat
 * however long the list; with -o json the whole list as one array, held until the end (as -o json
 * would print it); one resource as itself. --fields applies first.
 */
export class JqWriter {
  private count = 0;
  /** -o json: every item so far, one value a line, for one slurping run at the end. */
  private readonly held: Uint8Array[] = [];

  constructor(
    private readonly io: IO,
    private readonly filter: JqFilter,
    private readonly options: OutputOptions,
  ) {}

  /** Items the filter has run over and printed for: with -o json, none until the end. */
  get written(): number {
    return this.count;
  }

  private get streams(): boolean {
    return this.options.format === 'ndjson';
  }

  /** An item as JSON bytes, trimmed to --fields when given (an array's items each; null stays null). */
  private encode(item: unknown): Uint8Array {
    const { fields } = this.options;
    const pick = (value: unknown) =>
      fields && typeof value === 'object' && value !== null ? pickPaths(value, fields) : value;
    return Buffer.from(JSON.stringify(Array.isArray(item) ? item.map(pick) : pick(item)));
  }

  async writePage(page: Page): Promise<void> {
    const values: Uint8Array[] = [];
    for (let i = 0; i < page.count; i++) {
      // Without --fields the item's bytes go to jq as the service sent them, copied out of a body
      // the paginator reuses once the page is released.
      values.push(this.options.fields ? this.encode(JSON.parse(page.item(i))) : Buffer.from(page.itemBytes(i)));
    }
    page.release();
    await this.add(values);
  }

  async write(items: readonly unknown[]): Promise<void> {
    await this.add(items.map((item) => this.encode(item)));
  }

  /** Items as JSON texts (the api command's pages). */
  async writeRaw(items: readonly string[]): Promise<void> {
    await this.add(items.map((item) => (this.options.fields ? this.encode(JSON.parse(item)) : Buffer.from(item))));
  }

  private async add(values: Uint8Array[]): Promise<void> {
    if (!this.streams) {
      this.held.push(...values);
      return;
    }
    await this.filter.runEach(this.io, values);
    this.count += values.length;
  }

  async end(): Promise<void> {
    if (this.streams) return;
    await this.filter.run(this.io, joinLines(this.held), true);
    this.count += this.held.length;
    this.held.length = 0;
  }

  /** One resource (or a response that is not a list): the filter sees it as it is. */
  async writeValue(item: unknown): Promise<void> {
    this.count += 1;
    await this.filter.run(this.io, this.encode(item));
  }

  /** A response body as the service sent it, when it is not to be trimmed. */
  async writeText(text: string): Promise<void> {
    if (this.options.fields) {
      await this.writeValue(JSON.parse(text));
      return;
    }
    this.count += 1;
    await this.filter.run(this.io, text);
  }
}
