/** ES `Regex.simpleMatch` (its home is lib/units, a pure piece). */
export { simpleMatch } from '../units/simple-match.js';
