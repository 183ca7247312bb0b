/** Lucene join `ScoreMode` as nested/has_child parse it (`NestedQueryBuilder.parseScoreMode`). */
import { EsError } from '../../errors/errors.js';

/** How child/nested scores combine into the parent score. */
export type JoinScoreMode = 'none' | 'avg' | 'max' | 'min' | 'sum';

/** `none`, `avg`, `max`, `min`, `sum` (and the legacy `total` = sum). */
export function parseJoinScoreMode(text: string): JoinScoreMode {
  switch (text) {
    case 'none':
    case 'avg':
    case 'max':
    case 'min':
    case 'sum':
      return text;
    case 'total':
      return 'sum';
    default:
      throw new EsError('illegal_argument_exception', 400, `No score mode for child query [${text}] found`);
  }
}
