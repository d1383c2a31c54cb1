import { describe, expect, it } from 'vitest';
import { thousands } from '../../src/util/thousands.js';

describe('thousands', () => {
  it("groups a whole number's digits as toLocaleString('en-US') does", () => {
    const numbers = [0, 7, 99, 999, 1000, 9999, 12_345, 50_000, 100_000, 1_234_567, 2 ** 31, Number.MAX_SAFE_INTEGER];
    expect(numbers.map(thousands)).toEqual(numbers.map((n) => n.toLocaleString('en-US')));
  });
});
