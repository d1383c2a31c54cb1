/** bin/error-lines.cjs, for the TypeScript that takes its rule (src/output/text-width.ts). */
export function noteWords(line: string, room: number, width?: (text: string) => number): string[];
export function wordBreaks(word: string, encoded?: boolean): number[];
export function wordParts(word: string): string[];
export function writeErrorLines(lines: readonly string[]): void;
