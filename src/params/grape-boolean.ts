/**
 * Boolean parameters as Grape coerces them (dry-types `Params::Bool`): exactly these texts, in
 * query strings, form fields and JSON strings alike, besides JSON true/false (and 1/0, whose text
 * is in the lists). Anything else, `tRuE` or `maybe`, is a 400 "<name> is invalid".
 */
const TRUE_TEXTS: ReadonlySet<string> = new Set([
  '1',
  'on',
  'On',
  'ON',
  't',
  'T',
  'true',
  'True',
  'TRUE',
  'y',
  'Y',
  'yes',
  'Yes',
  'YES',
]);
const FALSE_TEXTS: ReadonlySet<string> = new Set([
  '0',
  'off',
  'Off',
  'OFF',
  'f',
  'F',
  'false',
  'False',
  'FALSE',
  'n',
  'N',
  'no',
  'No',
  'NO',
]);

/** A value as Grape reads a Boolean parameter: true, false, or undefined where it is neither (a 400). */
export function grapeBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value);
  if (TRUE_TEXTS.has(text)) return true;
  if (FALSE_TEXTS.has(text)) return false;
  return undefined;
}
