export const OUTPUT_FORMATS = ['table', 'json', 'ndjson', 'csv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** A column of table and csv output: a header and where its value comes from. */
export interface Column {
  header: string;
  /** Dot path into the item; also the csv header and the --fields name. */
  path: string;
  /** Turns the value into cell text; the same text on a terminal and in a pipe. */
  format?: (value: unknown, item: unknown) => string;
  /** Colour on a terminal only (chalk is applied by the caller's function). */
  color?: (text: string, value: unknown) => string;
}

/** Plain text for a cell: the same on a terminal and in a pipe. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) return value.join(',');
  return JSON.stringify(value);
}
