import { arg, option } from '../flags.js';
import { nonEmpty } from '../../params/parsers.js';
import { LABEL_NAME, LABEL_PRIORITY } from '../../params/labels.js';
import { valueParser } from '../../params/derive.js';

/** What the declarations of the labels verbs share. */

export const NAME = arg({ name: 'name', description: 'the label’s name (or its ID)' }, nonEmpty);

/** A new label's name, held to the name's rule. */
export const nameParser = valueParser(LABEL_NAME) as (value: string, flag: string) => string;

/** A number, or `none` to remove it (the API's null). */
const priorityValue = (value: string, flag: string): number | null =>
  value === 'none' ? null : (valueParser(LABEL_PRIORITY) as (value: string, flag: string) => number)(value, flag);

export const PRIORITY_FLAG = option(
  '--priority <n|none>',
  `${LABEL_PRIORITY.description}; none removes it; project labels only`,
  priorityValue,
);
