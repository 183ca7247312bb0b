/**
 * Index templates that apply to a new index name, lowest `order` first (so later ones win).
 */
import type { ClusterState, IndexTemplate } from '../../cluster/state.js';
import { simpleMatch } from '../../units/simple-match.js';

export function matchingTemplates(state: ClusterState, index: string): IndexTemplate[] {
  return Object.values(state.templates)
    .filter((t) => simpleMatch(t.template, index))
    .sort((a, b) => a.order - b.order);
}
