/** ES unit parsing and formatting: durations, byte sizes, counts, booleans, distances, Java number text. */
export * from './time-value.js';
export * from './byte-size-value.js';
export * from './booleans.js';
export * from './distance-unit.js';
export * from './java-number.js';
export * from './java-parse.js';
export * from './geo-distance.js';
