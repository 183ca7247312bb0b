/**
 * ES 5.6 `DistanceUnit`: names, meters per unit, and `Distance.parseDistance` (`10km`, `3mi`,
 * `12` = meters). Suffixes are matched in ES's enum order so `mm` wins over `m`.
 */
import { illegalArgument } from '../errors/errors.js';
import { javaParseDouble } from './java-parse.js';

export interface DistanceUnit {
  /** Canonical name, e.g. `km`. */
  readonly name: string;
  readonly names: readonly string[];
  readonly meters: number;
}

/** Units in ES's declaration order (the parse order). */
export const DISTANCE_UNITS: readonly DistanceUnit[] = [
  { name: 'in', names: ['in', 'inch'], meters: 0.0254 },
  { name: 'yd', names: ['yd', 'yards'], meters: 0.9144 },
  { name: 'ft', names: ['ft', 'feet'], meters: 0.3048 },
  { name: 'km', names: ['km', 'kilometers'], meters: 1000.0 },
  { name: 'NM', names: ['NM', 'nmi', 'nauticalmiles'], meters: 1852.0 },
  { name: 'mm', names: ['mm', 'millimeters'], meters: 0.001 },
  { name: 'cm', names: ['cm', 'centimeters'], meters: 0.01 },
  { name: 'mi', names: ['mi', 'miles'], meters: 1609.344 },
  { name: 'm', names: ['m', 'meters'], meters: 1 },
];

export const METERS: DistanceUnit = DISTANCE_UNITS[8] as DistanceUnit;

/** `DistanceUnit.fromString`: exact name lookup; unknown → `No distance unit match [x]`. */
export function distanceUnitFromString(unit: string): DistanceUnit {
  for (const u of DISTANCE_UNITS) if (u.names.includes(unit)) return u;
  throw illegalArgument(`No distance unit match [${unit}]`);
}

/** A parsed distance. */
export interface Distance {
  value: number;
  unit: DistanceUnit;
}

/** `Distance.parseDistance`: a number with an optional unit suffix (default meters). */
export function parseDistance(text: string, defaultUnit: DistanceUnit = METERS): Distance {
  for (const unit of DISTANCE_UNITS) {
    for (const name of unit.names) {
      if (text.endsWith(name)) return { value: javaParseDouble(text.substring(0, text.length - name.length)), unit };
    }
  }
  return { value: javaParseDouble(text), unit: defaultUnit };
}

/** A distance expression in meters (`DistanceUnit.parse(text, defaultUnit, METERS)`). */
export function parseDistanceMeters(text: string, defaultUnit: DistanceUnit = METERS): number {
  const d = parseDistance(text, defaultUnit);
  return d.value * d.unit.meters;
}
