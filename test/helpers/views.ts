import { expect } from 'vitest';
import { displayWidth } from '../../src/output/text-width.js';

/**
 * A view's value on a terminal as its lines: the text beside `label`, then each continuation
 * line (indented, under the first) without its indentation; empty when the label is not there.
 */
export function viewValueLines(stdout: string, label: string): string[] {
  const lines = stdout.split('\n');
  const first = lines.findIndex((line) => line.startsWith(`${label} `));
  if (first < 0) return [];
  const column = /^.*? {2,}(?=\S)/.exec(lines[first] as string)?.[0].length ?? label.length + 2;
  const value = [(lines[first] as string).slice(column)];
  for (const line of lines.slice(first + 1)) {
    if (!line.startsWith(' '.repeat(column))) break;
    value.push(line.slice(column));
  }
  return value;
}

/** Each line of `stdout` fits `columns` display cells. */
export function expectFits(stdout: string, columns: number): void {
  for (const line of stdout.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(columns);
}

/**
 * Where `pieces` joined back make `text`, no piece ends inside one of its escape sequences
 * (`\x1b`, `\u202e`, as escape.ts writes them): each break falls between two.
 */
export function expectEscapesWhole(pieces: readonly string[], text: string): void {
  expect(pieces.join('')).toBe(text);
  const inside = new Set<number>();
  for (const match of text.matchAll(/\\x[0-9a-f]{2}|\\u[0-9a-f]{4}/g))
    for (let i = match.index + 1; i < match.index + match[0].length; i++) inside.add(i);
  let at = 0;
  for (const piece of pieces.slice(0, -1)) {
    at += piece.length;
    expect(inside.has(at), `a line ends inside an escape: ${JSON.stringify(piece.slice(-6))}`).toBe(false);
  }
}
