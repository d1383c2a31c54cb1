import { JSON_SCAN_WASM } from './json-scan-bytes.js';

/*
 * json-array.ts's element scan run by WebAssembly (json-scan.wat): a listing's pages are split in
 * a fifth of the time, and from the first page on, where the scan in JavaScript runs its first
 * pages in V8's slower tiers (100 pages of 490 KB: 23 to 30 ms against 80 to 110 ms, in a process
 * with the launcher's --liftoff-only). Its answers are the JavaScript scan's (a property test holds
 * them together); where it cannot answer, the caller runs that one.
 */

interface ScanExports {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  count: { value: number };
  split(n: number, from: number, out: number, limit: number): number;
}

/** The part of the WebAssembly API used here (@types/node declares its types, not the global). */
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}

/** Bodies larger than this are left to the JavaScript scan, so the module's memory stays small. */
const LARGEST_BODY = 8 * 1024 * 1024;
const PAGE = 65_536;

/**
 * The instance, once made; null where WebAssembly or its SIMD is not there (node --jitless). One a
 * process, like a compiled pattern: a scan runs to its end synchronously and leaves nothing in the
 * module's memory that the next scan reads, so runs in one process never see each other's bytes.
 */
let scanner: ScanExports | null | undefined;

function instance(): ScanExports | null {
  if (scanner === undefined) {
    try {
      const wasm = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;
      const module = new wasm.Module(Buffer.from(JSON_SCAN_WASM, 'base64'));
      scanner = new wasm.Instance(module, {}).exports as ScanExports;
    } catch {
      scanner = null;
    }
  }
  return scanner;
}

/**
 * What elementBounds(bytes, from, bounds) answers, or undefined when this scan cannot tell: no
 * WebAssembly, a body over 8 MB, a backslash outside a string (not JSON: the scans would part),
 * more items than the room left for their bounds. `bounds` is only added to when it answers.
 */
export function wasmElementBounds(bytes: Uint8Array, from: number, bounds: number[]): number | undefined {
  const length = bytes.length;
  if (length > LARGEST_BODY) return undefined;
  const scan = instance();
  if (scan === null) return undefined;
  // The body, then spaces up to 64 bytes past it (the last block's reads), then room for bounds.
  const out = Math.ceil(length / 64) * 64 + 64;
  const limit = out + Math.max(PAGE, length);
  const { memory } = scan;
  if (memory.buffer.byteLength < limit) memory.grow(Math.ceil((limit - memory.buffer.byteLength) / PAGE));
  const heap = new Uint8Array(memory.buffer);
  heap.set(bytes, 0);
  heap.fill(0x20, length, out);
  const close = scan.split(length, from, out, limit);
  if (close < -1) return undefined;
  const count = scan.count.value;
  const found = new Int32Array(memory.buffer, out, 2 * count);
  for (let i = 0; i < found.length; i++) bounds.push(found[i] as number);
  return close;
}
