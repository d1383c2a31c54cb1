// Assembles src/http/json-scan.wat into src/http/json-scan-bytes.ts (the module's bytes, in base64),
// which the back imports; `npm run wasm` after changing the .wat (a test fails while they differ).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { wasmModuleText } from './wasm-text.mjs';

const source = fileURLToPath(new URL('../src/http/json-scan.wat', import.meta.url));
const target = fileURLToPath(new URL('../src/http/json-scan-bytes.ts', import.meta.url));
writeFileSync(target, await wasmModuleText(readFileSync(source, 'utf8')));
console.error('src/http/json-scan-bytes.ts');
