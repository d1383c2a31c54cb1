import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/*
 * The memory of a listing's pages: a page is a view of its body's bytes, bodies are read into
 * buffers a pool hands out again once a page is released, and a collector frees the socket's dead
 * read buffers. The paginator (paginate.ts) decides which pages to fetch; this decides where they
 * live.
 */

/**
 * One page of a list: the response body's bytes and where each item lies in them. json and
 * ndjson output write those bytes through (`itemBytes`); the formats that need objects decode
 * and parse each item (`items`). No page-sized string is ever made.
 */
export class Page {
  /** Set by the paginator: the pool the body's buffer came from, for release(). */
  pool: BufferPool | undefined;
  /**
   * Set by the paginator where it knows no page follows (the limit reached, no next page): a
   * terminal table then keeps no spare width for later pages.
   */
  last = false;

  constructor(
    private readonly body: Buffer,
    /** Start and end offsets of each item in the body, in pairs (see splitJsonArrayBytes). */
    private readonly bounds: readonly number[],
    /** How many items of the body belong to this page (fewer than the body holds when --limit cuts it). */
    readonly count: number,
    /** 1-based page number for offset pagination; undefined for keyset pages. */
    readonly number: number | undefined,
    readonly total: number | undefined,
  ) {}

  /** Item i's JSON as bytes: a view into the body, not a copy. */
  itemBytes(index: number): Buffer {
    return this.body.subarray(this.bounds[2 * index], this.bounds[2 * index + 1]);
  }

  /**
   * The items as ndjson lines, in one view of the body: the byte between each item and the next
   * (the comma of compact JSON) is made a newline, in place, so that a page is one write instead
   * of two per item. Undefined when the items are not exactly one byte apart (the service put
   * spaces between them): the caller then writes them one by one. The items stay as they were.
   */
  linesInPlace(): Buffer | undefined {
    const { body, bounds } = this;
    const last = this.count - 1;
    if (last < 0) return undefined;
    for (let i = 0; i < last; i++)
      if ((bounds[2 * i + 2] as number) !== (bounds[2 * i + 1] as number) + 1) return undefined;
    for (let i = 0; i < last; i++) body[bounds[2 * i + 1] as number] = 0x0a;
    return body.subarray(bounds[0], bounds[2 * last + 1]);
  }

  /** Item i's JSON text. */
  item(index: number): string {
    return this.body.toString('utf8', this.bounds[2 * index], this.bounds[2 * index + 1]);
  }

  /** Every item's JSON text. */
  get items(): string[] {
    const items: string[] = [];
    for (let i = 0; i < this.count; i++) items.push(this.item(i));
    return items;
  }

  /** Every item parsed, then the page released: for readers that keep the items, not the page. */
  parsedAndReleased(): unknown[] {
    const items: unknown[] = [];
    for (let i = 0; i < this.count; i++) items.push(JSON.parse(this.item(i)));
    this.release();
    return items;
  }

  /**
   * Says that nothing refers to the body any more (no view of it is left, not even one queued in a
   * stream), so the paginator may read another page into its buffer. Optional: a page never
   * released is simply garbage. The page must not be read afterwards.
   */
  release(): void {
    this.pool?.give(this.body);
    this.pool = undefined;
  }
}

/**
 * Buffers for page bodies, used again once a page is released. A new buffer per page is external
 * memory that V8 frees only after its JS object dies; a body lives for a few young-generation
 * collections (fetched ahead, then written), so it is promoted and waits for a full collection,
 * which V8 starts only late (bench/README.md, "Page memory").
 */
export class BufferPool {
  private readonly free: ArrayBuffer[] = [];
  constructor(private readonly keep: number) {}

  /** A buffer of at least `length` bytes (all of it: the reader takes what it needs). */
  take(length: number): Buffer {
    const index = this.free.findIndex((buffer) => buffer.byteLength >= length);
    if (index !== -1) return Buffer.from(this.free.splice(index, 1)[0] as ArrayBuffer);
    // Room to spare, so that the next page, a few bytes longer, fits too.
    return Buffer.from(Buffer.allocUnsafeSlow(Math.ceil((length + 1) / 65_536) * 65_536).buffer);
  }

  give(view: Buffer): void {
    if (this.free.length < this.keep && view.byteOffset === 0) this.free.push(view.buffer as ArrayBuffer);
  }
}

/**
 * Starts a full garbage collection when dead ArrayBuffers pile up. Each socket read makes a new
 * ArrayBuffer (up to 64 KB, about 7 a page of 100 projects). With 3 or more pages in flight the
 * client, not the service, sets the pace, and those buffers, though the paginator copies them out
 * within microseconds of their arrival, end up promoted to the old generation. Only a full
 * collection frees them, and V8 starts its first one only when the old generation reaches its
 * initial limit, which raises the peak RSS of a long listing (bench/README.md, "Page memory").
 * After that first full collection V8 sets limits that keep them down by itself, so this fires a
 * few times per process, a few ms each. The heap's own growth counts too: where items are parsed
 * (csv, the piped table) the pages wait for the writer, and what each page leaves in the heap
 * (its request, headers, bounds) lives long enough to be promoted; watched alone, the buffers let
 * that grow to a peak RSS of 100 to 130 MB at 100,000 projects in csv, against 96 MB with both
 * (bench/README.md, "Listing and csv memory").
 */
export class DeadBufferCollector {
  private limit: number;
  /** `slack`: how far above the last measure (live buffers, the pool's included) before collecting. */
  constructor(private readonly slack: number) {
    this.limit = heldMemory() + slack;
  }

  /** Called once a page. */
  check(): void {
    if (heldMemory() < this.limit) return;
    // The launcher sets --expose-gc with the other V8 flags (src/launcher.cjs): set after the
    // process's context exists, it gives gc() to new contexts only. Run another way (tests in
    // process), there is none, and V8 collects when it will.
    const collect = launcherGc();
    if (collect === null) return;
    collect();
    this.limit = heldMemory() + this.slack;
  }
}

let exposedGc: (() => void) | null | undefined;

/** gc() from a new context where the launcher exposed it (see DeadBufferCollector.check), else null; looked up once. */
function launcherGc(): (() => void) | null {
  if (exposedGc === undefined)
    exposedGc = runInNewContext('typeof gc === "function" ? gc : null') as (() => void) | null;
  return exposedGc;
}

let optimizingOff = false;

/**
 * Turns V8's optimizing compiler (TurboFan) off for the rest of the process, for a listing written
 * page by page: json and ndjson as they came and `api --paginate` pass the bytes through, csv and
 * the piped table make a line of each item. TurboFan's compiles of undici's and our functions, on
 * V8's worker threads, cost more than they save there, and leave memory that stays (run with
 * --no-concurrent-recompilation, which V8 takes only at start, or MALLOC_ARENA_MAX=1, the peak was
 * 4 to 6 MB lower too). 10,000 projects at 20 ms, ndjson: 0.40 s of CPU to 0.30, 0.535 s of wall
 * to 0.48; 100,000 without latency, peak RSS: ndjson 84 MB to 73.5, the piped table 83 to 74.5 for
 * the same CPU, csv 88 to 81 for 5 to 15% more CPU (bench/README.md, "TurboFan and a listing
 * written through"). The terminal table, which holds its pages to size its columns, and --jq keep
 * it. Only in the launcher's process (gc exposed): set in a test's process, it would slow every
 * test that runs after. V8 reads the flag when it decides to optimize a function, so it holds from
 * now.
 */
export function stopOptimizingForListing(): void {
  if (optimizingOff) return;
  optimizingOff = true;
  if (launcherGc() !== null) setFlagsFromString('--no-turbofan');
}

/**
 * Memory outside V8's heap, ArrayBuffers included, and the heap's used bytes: the heap statistics'
 * figures, which cost a tenth of process.memoryUsage() (that one also reads the RSS from the system).
 */
function heldMemory(): number {
  const heap = getHeapStatistics();
  return heap.external_memory + heap.used_heap_size;
}
