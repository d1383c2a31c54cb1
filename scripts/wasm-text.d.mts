/** The TypeScript module holding the bytes of the WebAssembly text `wat`, as scripts/wasm.mjs writes it. */
export function wasmModuleText(wat: string): Promise<string>;
