/**
 * ES 5.6's rendering of the parsed DSL (`toXContent`): pure, knows nothing of HTTP, LevelDB or
 * the engine. See docs/architecture.md "Rendering parsed DSL" for what is and is not rendered.
 */
export { renderQuery, queryToString, queryToCompactString } from './query.js';
export { renderSearchSource, renderSearchSourceTree } from './search-source.js';
export { toCompact, toPretty, toPlain, type XNode, type XObject } from './xcontent.js';
