import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { CollabError } from '../errors.js';

/**
 * The journal of an apply: a JSON line per group of changes started, then one when it is done,
 * written before and after its requests. After Ctrl-C, a crash or a lost connection, `collab apply
 * --resume` reads it: what is done is not sent again, and what was started but not done asks its
 * request's `recover` (was it made?) before sending. Removed when every change is done.
 */

interface Entry {
  event: 'begin' | 'started' | 'done';
  at: string;
  changes?: string[];
  host?: string;
  digest?: string;
}

export class Journal {
  private readonly done = new Set<string>();
  /** Changes started by an earlier run, and when. */
  private readonly started = new Map<string, number>();

  private begin: Entry | undefined;

  private constructor(readonly path: string) {}

  /** A new journal, or with `resume` the one an earlier apply left; refuses to start over one left behind without --resume. */
  static open(path: string, options: { resume: boolean; host: string; digest: string; source: string }): Journal {
    const journal = new Journal(path);
    const exists = existsSync(path);
    if (exists && !options.resume) {
      throw new CollabError('usage', `an unfinished apply left its journal at ${path}`, {
        hint: `finish it with \`collab apply -f ${options.source} --resume\`, or delete ${path} to start over`,
      });
    }
    if (!exists && options.resume)
      throw new CollabError('usage', `nothing to resume: no journal at ${path}`, {
        hint: 'run `collab apply` without --resume (or give --journal <file>)',
      });
    if (exists) journal.read(options.host);
    // Written with the first change started: an apply refused before (a confirmation declined) leaves no journal.
    else journal.begin = { event: 'begin', at: new Date().toISOString(), host: options.host, digest: options.digest };
    return journal;
  }

  private read(host: string): void {
    for (const text of readFileSync(this.path, 'utf8').split('\n')) {
      if (text.trim() === '') continue;
      let entry: Entry;
      try {
        entry = JSON.parse(text) as Entry;
      } catch {
        continue; // A line cut short by a crash: its change counts as not done.
      }
      if (entry.event === 'begin' && entry.host !== undefined && entry.host !== host) {
        throw new CollabError('usage', `the journal ${this.path} is of an apply to ${entry.host}, not ${host}`, {
          hint: 'resume against the same --host, or delete the journal',
        });
      }
      for (const id of entry.changes ?? []) {
        if (entry.event === 'done') this.done.add(id);
        else if (entry.event === 'started' && !this.started.has(id)) this.started.set(id, Date.parse(entry.at));
      }
    }
  }

  isDone(id: string): boolean {
    return this.done.has(id);
  }

  /** Started by an earlier run and not known to be done: its effect must be looked for before sending again. */
  inDoubt(id: string): boolean {
    return this.started.has(id) && !this.done.has(id);
  }

  /** When an earlier run started the change (ms), for its recovery's "made since". */
  startedAt(id: string): number | undefined {
    return this.started.get(id);
  }

  start(ids: string[]): void {
    this.append({ event: 'started', at: new Date().toISOString(), changes: ids });
  }

  finished(ids: string[]): void {
    for (const id of ids) this.done.add(id);
    this.append({ event: 'done', at: new Date().toISOString(), changes: ids });
  }

  remove(): void {
    rmSync(this.path, { force: true });
  }

  private append(entry: Entry): void {
    if (this.begin) {
      const begin = this.begin;
      this.begin = undefined;
      this.append(begin);
    }
    // Synchronous: the line is in the file before the request goes out, whatever happens next.
    appendFileSync(this.path, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
  }
}
