// jq-web (jq compiled to WebAssembly) ships no types. Its module is a promise of the engine.
declare module 'jq-web' {
  export interface JqWeb {
    /**
     * Runs jq's main on `input` (as `jq <flags> <filter> file`) and returns its standard output,
     * less one final newline, or undefined when it wrote nothing. A non-zero exit throws an Error
     * with `exitCode` and `stderr`; text jq writes to stderr on success goes to console.warn.
     */
    raw(input: string | Uint8Array, filter: string, flags?: string[]): string | undefined;
  }
  const engine: Promise<JqWeb>;
  export default engine;
}
