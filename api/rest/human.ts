/**
 * ES `XContentBuilder` human-readable helpers for handlers (`req.paramAsBool('human', false)`);
 * their one home is lib/units/human-fields.ts, shared with the coordinator actions.
 */
export { byteSizeField, dateField, humanBytes, humanMillis, humanNanos, percentageField, timeValueField } from '../../lib/units/human-fields.js';
