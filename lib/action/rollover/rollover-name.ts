/**
 * The next index name of a rollover (ES 5.6 `TransportRolloverAction#generateRolloverIndexName`):
 * the trailing `-<number>` of the source's provided name is incremented and zero-padded to 6
 * digits; a date-math provided name (`<logs-{now/d}-1>`) keeps its expression and closing `>`.
 */
import { illegalArgument } from '../../errors/errors.js';
import { isDateMathName, resolveDateMathIndexName } from '../../datemath-index-name.js';

const INDEX_NAME_PATTERN = /^.*-\d+$/;

export function generateRolloverIndexName(sourceProvidedName: string, now: number = Date.now()): string {
  const resolved = resolveDateMathIndexName(sourceProvidedName, now);
  const isDateMath = isDateMathName(sourceProvidedName) && resolved !== sourceProvidedName;
  if (!INDEX_NAME_PATTERN.test(resolved)) {
    throw illegalArgument(`index name [${sourceProvidedName}] does not match pattern '^.*-\\d+$'`);
  }
  const numberIndex = sourceProvidedName.lastIndexOf('-');
  const digits = sourceProvidedName.slice(numberIndex + 1, isDateMath ? sourceProvidedName.length - 1 : sourceProvidedName.length);
  const counter = Number.parseInt(digits, 10) + 1;
  return `${sourceProvidedName.slice(0, numberIndex)}-${String(counter).padStart(6, '0')}${isDateMath ? '>' : ''}`;
}
